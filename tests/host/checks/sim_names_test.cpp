// The simulators' option names (host/checks/sim_names.hpp): every value's name reads back
// to the value, each alias reads as its value, and an unknown name is refused with the
// list of known names that batch files and the README use.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "host/checks/sim_names.hpp"

namespace {

using namespace tv;

/// The message a parser raises for `s`, or "" when it accepts.
template <class Parse>
std::string refusal(Parse parse, const std::string& s) {
  try {
    parse(s);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(SimNames, EveryNameReadsBackToItsValue) {
  using namespace sim;
  for (auto a : {routing_algorithm::pn_adaptive, routing_algorithm::pn_nonminimal,
                 routing_algorithm::efc_unicast, routing_algorithm::ecube})
    EXPECT_EQ(host::parse_sim_name<sim::routing_algorithm>(host::sim_name(a)), a);
  for (auto c : {choice_rule::random, choice_rule::lowest, choice_rule::highest})
    EXPECT_EQ(host::parse_sim_name<sim::choice_rule>(host::sim_name(c)), c);
  for (auto s : {broadcast_scheme::flooding, broadcast_scheme::binomial_tree,
                 broadcast_scheme::postal_tree, broadcast_scheme::eft,
                 broadcast_scheme::debruijn_rule1, broadcast_scheme::debruijn_all_to_all})
    EXPECT_EQ(host::parse_sim_name<sim::broadcast_scheme>(host::sim_name(s)), s);
  for (auto m : {tree_mode::automatic, tree_mode::up_down, tree_mode::via_root,
                 tree_mode::translated})
    EXPECT_EQ(host::parse_sim_name<sim::tree_mode>(host::sim_name(m)), m);
  for (auto t : {tree_kind::binomial, tree_kind::postal, tree_kind::eft, tree_kind::bfs})
    EXPECT_EQ(host::parse_sim_name<sim::tree_kind>(host::sim_name(t)), t);
  for (auto s : {multicast_scheme::eft_tree, multicast_scheme::hamiltonian})
    EXPECT_EQ(host::parse_sim_name<sim::multicast_scheme>(host::sim_name(s)), s);
  for (auto a : {prefix_algorithm::hypercube, prefix_algorithm::metacube})
    EXPECT_EQ(host::parse_sim_name<sim::prefix_algorithm>(host::sim_name(a)), a);
  for (auto o : {prefix_operator::add, prefix_operator::max, prefix_operator::bxor,
                 prefix_operator::affine})
    EXPECT_EQ(host::parse_sim_name<sim::prefix_operator>(host::sim_name(o)), o);
  for (auto o : {operand_order::printed, operand_order::address})
    EXPECT_EQ(host::parse_sim_name<sim::operand_order>(host::sim_name(o)), o);
  for (auto p : {partner_reading::owner, partner_reading::stale})
    EXPECT_EQ(host::parse_sim_name<sim::partner_reading>(host::sim_name(p)), p);
  for (auto i : {prefix_input::index, prefix_input::random})
    EXPECT_EQ(host::parse_sim_name<sim::prefix_input>(host::sim_name(i)), i);
}

TEST(SimNames, RecordsUseTheLongNamesAndAliasesReadAsTheirValues) {
  using namespace sim;
  EXPECT_STREQ(host::sim_name(broadcast_scheme::binomial_tree), "binomial_tree");
  EXPECT_EQ(host::parse_sim_name<sim::broadcast_scheme>("binomial"), broadcast_scheme::binomial_tree);
  EXPECT_EQ(host::parse_sim_name<sim::broadcast_scheme>("postal"), broadcast_scheme::postal_tree);
  EXPECT_EQ(host::parse_sim_name<sim::broadcast_scheme>("rule1"), broadcast_scheme::debruijn_rule1);
  EXPECT_EQ(host::parse_sim_name<sim::broadcast_scheme>("all_to_all"), broadcast_scheme::debruijn_all_to_all);
  EXPECT_STREQ(host::sim_name(tree_mode::automatic), "auto");
  EXPECT_EQ(host::parse_sim_name<sim::tree_mode>("automatic"), tree_mode::automatic);
  EXPECT_EQ(host::parse_sim_name<sim::multicast_scheme>("tree"), multicast_scheme::eft_tree);
  EXPECT_EQ(host::parse_sim_name<sim::multicast_scheme>("hamiltonian_cycle"), multicast_scheme::hamiltonian);
  EXPECT_STREQ(host::sim_name(prefix_operator::bxor), "xor");
}

TEST(SimNames, AnUnknownNameIsRefusedWithTheKnownOnes) {
  EXPECT_EQ(refusal(host::parse_sim_name<sim::routing_algorithm>, "xy"),
            "unknown routing algorithm 'xy' (known: pn_adaptive, pn_nonminimal, efc_unicast, "
            "ecube)");
  EXPECT_EQ(refusal(host::parse_sim_name<sim::choice_rule>, "first"),
            "unknown choice rule 'first' (known: random, lowest, highest)");
  EXPECT_EQ(refusal(host::parse_sim_name<sim::broadcast_scheme>, "gossip"),
            "unknown broadcast scheme 'gossip' (known: flooding, binomial_tree, postal_tree, eft, "
            "debruijn_rule1, debruijn_all_to_all)");
  EXPECT_EQ(refusal(host::parse_sim_name<sim::tree_mode>, "down_up"),
            "unknown tree mode 'down_up' (known: auto, up_down, via_root, translated)");
  EXPECT_EQ(refusal(host::parse_sim_name<sim::tree_kind>, "dfs"),
            "unknown tree 'dfs' (known: binomial, postal, eft, bfs)");
  EXPECT_EQ(refusal(host::parse_sim_name<sim::multicast_scheme>, "ring"),
            "unknown multicast scheme 'ring' (known: eft_tree, hamiltonian)");
  EXPECT_EQ(refusal(host::parse_sim_name<sim::prefix_operator>, "mul"),
            "unknown value 'mul' (known: add, max, xor, affine)");
  EXPECT_EQ(refusal(host::parse_sim_name<sim::partner_reading>, ""), "unknown value '' (known: owner, stale)");
  EXPECT_EQ(refusal(host::parse_sim_name<sim::routing_algorithm>, "ecube"), "");
}

}  // namespace
