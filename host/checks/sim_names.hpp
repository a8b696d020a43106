// The names of the simulators' options as batch files, the command line and records
// spell them (the kernels/sim enums), in one place: one table per enum, its first name for
// a value the one records use, later ones aliases.  parse_sim_name<E> accepts a name or an
// alias and raises std::invalid_argument naming the known values; sim_name gives the name
// records use.
#pragma once
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::host {

/// The names of one enum's values, and the noun its errors use ("unknown NOUN 'x'").
template <class E>
struct names_of {
  const char* noun;
  std::vector<std::pair<const char*, E>> names;  // first name of a value: the record's
};

/// Every option enum's names.  The prefix options' errors say "unknown value", as they
/// always have.
inline const auto& sim_name_tables() {
  static const auto tables = std::make_tuple(
      names_of<sim::routing_algorithm>{"routing algorithm",
                                       {{"pn_adaptive", sim::routing_algorithm::pn_adaptive},
                                        {"pn_nonminimal", sim::routing_algorithm::pn_nonminimal},
                                        {"efc_unicast", sim::routing_algorithm::efc_unicast},
                                        {"ecube", sim::routing_algorithm::ecube}}},
      names_of<sim::choice_rule>{"choice rule",
                                 {{"random", sim::choice_rule::random},
                                  {"lowest", sim::choice_rule::lowest},
                                  {"highest", sim::choice_rule::highest}}},
      names_of<sim::broadcast_scheme>{
          "broadcast scheme",
          {{"flooding", sim::broadcast_scheme::flooding},
           {"binomial_tree", sim::broadcast_scheme::binomial_tree},
           {"binomial", sim::broadcast_scheme::binomial_tree},
           {"postal_tree", sim::broadcast_scheme::postal_tree},
           {"postal", sim::broadcast_scheme::postal_tree},
           {"eft", sim::broadcast_scheme::eft},
           {"debruijn_rule1", sim::broadcast_scheme::debruijn_rule1},
           {"rule1", sim::broadcast_scheme::debruijn_rule1},
           {"debruijn_all_to_all", sim::broadcast_scheme::debruijn_all_to_all},
           {"all_to_all", sim::broadcast_scheme::debruijn_all_to_all}}},
      names_of<sim::tree_mode>{"tree mode",
                               {{"auto", sim::tree_mode::automatic},
                                {"automatic", sim::tree_mode::automatic},
                                {"up_down", sim::tree_mode::up_down},
                                {"via_root", sim::tree_mode::via_root},
                                {"translated", sim::tree_mode::translated}}},
      names_of<sim::tree_kind>{"tree",
                               {{"binomial", sim::tree_kind::binomial},
                                {"postal", sim::tree_kind::postal},
                                {"eft", sim::tree_kind::eft},
                                {"bfs", sim::tree_kind::bfs}}},
      names_of<sim::multicast_scheme>{"multicast scheme",
                                      {{"eft_tree", sim::multicast_scheme::eft_tree},
                                       {"tree", sim::multicast_scheme::eft_tree},
                                       {"hamiltonian", sim::multicast_scheme::hamiltonian},
                                       {"hamiltonian_cycle", sim::multicast_scheme::hamiltonian}}},
      names_of<sim::prefix_algorithm>{"value",
                                      {{"hypercube", sim::prefix_algorithm::hypercube},
                                       {"metacube", sim::prefix_algorithm::metacube}}},
      names_of<sim::prefix_operator>{"value",
                                     {{"add", sim::prefix_operator::add},
                                      {"max", sim::prefix_operator::max},
                                      {"xor", sim::prefix_operator::bxor},
                                      {"affine", sim::prefix_operator::affine}}},
      names_of<sim::operand_order>{
          "value",
          {{"printed", sim::operand_order::printed}, {"address", sim::operand_order::address}}},
      names_of<sim::partner_reading>{
          "value",
          {{"owner", sim::partner_reading::owner}, {"stale", sim::partner_reading::stale}}},
      names_of<sim::prefix_input>{
          "value", {{"index", sim::prefix_input::index}, {"random", sim::prefix_input::random}}});
  return tables;
}

/// @brief The value of E named `s` (a name or an alias); else std::invalid_argument
/// "unknown NOUN 's' (known: ...)" listing each value's first name.
template <class E>
E parse_sim_name(const std::string& s) {
  const names_of<E>& table = std::get<names_of<E>>(sim_name_tables());
  for (const auto& [name, value] : table.names)
    if (s == name) return value;
  std::string known;  // each value's first name, for the message
  for (size_t i = 0; i < table.names.size(); ++i) {
    bool first = true;
    for (size_t j = 0; j < i; ++j) first = first && table.names[j].second != table.names[i].second;
    if (first) known += (known.empty() ? "" : ", ") + std::string(table.names[i].first);
  }
  throw std::invalid_argument("unknown " + std::string(table.noun) + " '" + s + "' (known: " + known +
                              ")");
}

/// @brief The name records use for v.
template <class E>
const char* sim_name(E v) {
  for (const auto& [name, value] : std::get<names_of<E>>(sim_name_tables()).names)
    if (value == v) return name;
  return "?";
}

}  // namespace tv::host
