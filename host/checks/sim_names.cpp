// The simulators' option names (sim_names.hpp): one table per enum, its first name for a
// value the one records use, later ones aliases.
#include "host/checks/sim_names.hpp"

#include <stdexcept>

namespace tv::host {

namespace {

template <class E>
struct named {
  const char* name;
  E value;
};

/// The value named `s`; else std::invalid_argument "unknown NOUN 's' (known: ...)" listing
/// each value's first name.
template <class E, size_t N>
E parse_named(const char* noun, const named<E> (&table)[N], const std::string& s) {
  std::string known;
  for (size_t i = 0; i < N; ++i) {
    if (s == table[i].name) return table[i].value;
    bool first = true;
    for (size_t j = 0; j < i; ++j) first = first && table[j].value != table[i].value;
    if (first) known += (known.empty() ? "" : ", ") + std::string(table[i].name);
  }
  throw std::invalid_argument("unknown " + std::string(noun) + " '" + s + "' (known: " + known +
                              ")");
}

template <class E, size_t N>
const char* name_in(const named<E> (&table)[N], E v) {
  for (const auto& [name, value] : table)
    if (value == v) return name;
  return "?";
}

using namespace sim;

const named<routing_algorithm> routing_algorithms[] = {
    {"pn_adaptive", routing_algorithm::pn_adaptive},
    {"pn_nonminimal", routing_algorithm::pn_nonminimal},
    {"efc_unicast", routing_algorithm::efc_unicast},
    {"ecube", routing_algorithm::ecube}};
const named<choice_rule> choice_rules[] = {
    {"random", choice_rule::random}, {"lowest", choice_rule::lowest}, {"highest", choice_rule::highest}};
const named<broadcast_scheme> broadcast_schemes[] = {
    {"flooding", broadcast_scheme::flooding},
    {"binomial_tree", broadcast_scheme::binomial_tree},
    {"binomial", broadcast_scheme::binomial_tree},
    {"postal_tree", broadcast_scheme::postal_tree},
    {"postal", broadcast_scheme::postal_tree},
    {"eft", broadcast_scheme::eft},
    {"debruijn_rule1", broadcast_scheme::debruijn_rule1},
    {"rule1", broadcast_scheme::debruijn_rule1},
    {"debruijn_all_to_all", broadcast_scheme::debruijn_all_to_all},
    {"all_to_all", broadcast_scheme::debruijn_all_to_all}};
const named<tree_mode> tree_modes[] = {{"auto", tree_mode::automatic},
                                       {"automatic", tree_mode::automatic},
                                       {"up_down", tree_mode::up_down},
                                       {"via_root", tree_mode::via_root},
                                       {"translated", tree_mode::translated}};
const named<tree_kind> tree_kinds[] = {{"binomial", tree_kind::binomial},
                                       {"postal", tree_kind::postal},
                                       {"eft", tree_kind::eft},
                                       {"bfs", tree_kind::bfs}};
const named<multicast_scheme> multicast_schemes[] = {
    {"eft_tree", multicast_scheme::eft_tree},
    {"tree", multicast_scheme::eft_tree},
    {"hamiltonian", multicast_scheme::hamiltonian},
    {"hamiltonian_cycle", multicast_scheme::hamiltonian}};
const named<prefix_algorithm> prefix_algorithms[] = {{"hypercube", prefix_algorithm::hypercube},
                                                     {"metacube", prefix_algorithm::metacube}};
const named<prefix_operator> prefix_operators[] = {{"add", prefix_operator::add},
                                                   {"max", prefix_operator::max},
                                                   {"xor", prefix_operator::bxor},
                                                   {"affine", prefix_operator::affine}};
const named<operand_order> operand_orders[] = {{"printed", operand_order::printed},
                                               {"address", operand_order::address}};
const named<partner_reading> partner_readings[] = {{"owner", partner_reading::owner},
                                                   {"stale", partner_reading::stale}};
const named<prefix_input> prefix_inputs[] = {{"index", prefix_input::index},
                                             {"random", prefix_input::random}};

}  // namespace

routing_algorithm parse_routing_algorithm(const std::string& s) {
  return parse_named("routing algorithm", routing_algorithms, s);
}
const char* routing_algorithm_name(routing_algorithm a) { return name_in(routing_algorithms, a); }
choice_rule parse_choice_rule(const std::string& s) {
  return parse_named("choice rule", choice_rules, s);
}
const char* choice_rule_name(choice_rule c) { return name_in(choice_rules, c); }

broadcast_scheme parse_broadcast_scheme(const std::string& s) {
  return parse_named("broadcast scheme", broadcast_schemes, s);
}
const char* broadcast_scheme_name(broadcast_scheme s) { return name_in(broadcast_schemes, s); }
tree_mode parse_tree_mode(const std::string& s) { return parse_named("tree mode", tree_modes, s); }
const char* tree_mode_name(tree_mode m) { return name_in(tree_modes, m); }
tree_kind parse_tree_kind(const std::string& s) { return parse_named("tree", tree_kinds, s); }
const char* tree_kind_name(tree_kind t) { return name_in(tree_kinds, t); }

multicast_scheme parse_multicast_scheme(const std::string& s) {
  return parse_named("multicast scheme", multicast_schemes, s);
}
const char* multicast_scheme_name(multicast_scheme s) { return name_in(multicast_schemes, s); }

// The prefix options' errors say "unknown value", as they always have.
prefix_algorithm parse_prefix_algorithm(const std::string& s) {
  return parse_named("value", prefix_algorithms, s);
}
const char* prefix_algorithm_name(prefix_algorithm a) { return name_in(prefix_algorithms, a); }
prefix_operator parse_prefix_operator(const std::string& s) {
  return parse_named("value", prefix_operators, s);
}
const char* prefix_operator_name(prefix_operator o) { return name_in(prefix_operators, o); }
operand_order parse_operand_order(const std::string& s) {
  return parse_named("value", operand_orders, s);
}
const char* operand_order_name(operand_order o) { return name_in(operand_orders, o); }
partner_reading parse_partner_reading(const std::string& s) {
  return parse_named("value", partner_readings, s);
}
const char* partner_reading_name(partner_reading p) { return name_in(partner_readings, p); }
prefix_input parse_prefix_input(const std::string& s) { return parse_named("value", prefix_inputs, s); }
const char* prefix_input_name(prefix_input p) { return name_in(prefix_inputs, p); }

}  // namespace tv::host
