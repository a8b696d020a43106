// Families written as rules (kernels/families/rule_definition.hpp) against the built-in
// families they restate, on each backend: the hypercube, the Fibonacci cube (postal
// lambda = 2) and the folded hypercube give the same degrees, the same CSR graph (labels,
// offsets, rows), the same all-pairs statistics with the Hamming check and the same exact
// diameter on every instance up to 2^14 nodes.  The Möbius cube against its definition
// on strings (Cull and Larson 1995), and the rule's errors with their messages.
#include "kernels/families/rule_definition.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/graph/rule_flip_csr.hpp"
#include "tests/backends.hpp"
#include "tests/families/measured.hpp"

namespace {

using namespace tv;
using families::rule_definition;
using families::rule_text;

rule_text hypercube_rule() {
  rule_text t;
  t.name = "cube";
  t.parameters = {{"n", 1, 63}};
  t.neighbors = {"x ^ (1 << i)"};
  return t;
}

rule_text fibonacci_rule() {
  rule_text t = hypercube_rule();
  t.name = "fibonacci";
  t.member = "x & (x >> 1) == 0";
  return t;
}

rule_text folded_rule() {
  rule_text t = hypercube_rule();
  t.name = "folded";
  t.parameters = {{"n", 2, 63}};
  t.neighbors = {"x ^ (1 << i)", "x ^ ((1 << n) - 1)"};
  return t;
}

/// The 0-Möbius cube, its neighbour along dimension i (bit i from the right) written with
/// if: flip bit i when bit i+1 is 0, else bits i .. 0.
rule_text mobius_rule() {
  rule_text t = hypercube_rule();
  t.name = "mobius";
  t.neighbors = {"if(bit(x, i + 1) == 1, x ^ ((2 << i) - 1), x ^ (1 << i))"};
  return t;
}

void expect_same_statistics(const distance::all_pairs_result& a, const distance::all_pairs_result& b,
                            const std::string& at) {
  EXPECT_EQ(a.nodes, b.nodes) << at;
  EXPECT_EQ(a.sources, b.sources) << at;
  EXPECT_EQ(a.diameter, b.diameter) << at;
  EXPECT_EQ(a.radius, b.radius) << at;
  EXPECT_EQ(a.distance_counts, b.distance_counts) << at;
  EXPECT_EQ(a.unreachable_pairs, b.unreachable_pairs) << at;
  EXPECT_EQ(a.eccentricity_histogram, b.eccentricity_histogram) << at;
  EXPECT_EQ(a.distance_sum, b.distance_sum) << at;
  EXPECT_EQ(a.hamming_paths, b.hamming_paths) << at;
  EXPECT_EQ(a.counterexample.has_value(), b.counterexample.has_value()) << at;
  EXPECT_EQ(a.eccentricity, b.eccentricity) << at;
  EXPECT_EQ(a.automorphisms, b.automorphisms) << at;
  EXPECT_EQ(a.orbits, b.orbits) << at;
}

void expect_same_diameter(const distance::diameter_result& a, const distance::diameter_result& b,
                          const std::string& at) {
  EXPECT_EQ(a.diameter, b.diameter) << at;
  EXPECT_EQ(a.radius, b.radius) << at;
  EXPECT_EQ(a.connected, b.connected) << at;
  EXPECT_EQ(a.bfs_runs, b.bfs_runs) << at;
  EXPECT_EQ(a.orbits, b.orbits) << at;
  EXPECT_EQ(a.automorphisms, b.automorphisms) << at;
  EXPECT_EQ(a.method, b.method) << at;
  EXPECT_EQ(a.witness_source, b.witness_source) << at;
  EXPECT_EQ(a.witness_target, b.witness_target) << at;
  EXPECT_EQ(a.center, b.center) << at;
}

class RuleFamilyOn : public test::on_backend {
 protected:
  /// The rule's instance and the built-in family agree in every engine's answer.
  void expect_identical(const families::family& builtin, const rule_definition& rule, int n,
                        families::rule_ranking ranking = families::rule_ranking::automatic) {
    const families::rule_instance r = rule.instantiate({n}, ranking);
    const families::family ruled = r.net;
    const std::string at = rule.text().name + " n=" + std::to_string(n) +
                           (ranking == families::rule_ranking::search ? " (ranked by search)" : "");
    ASSERT_EQ(families::size_of(ruled), families::size_of(builtin)) << at;
    ASSERT_EQ(families::bits_of(ruled), families::bits_of(builtin)) << at;
    EXPECT_EQ(families::has_hamming_edges(ruled), families::has_hamming_edges(builtin)) << at;
    EXPECT_EQ(families::is_directed(ruled), families::is_directed(builtin)) << at;

    const graph::degree_summary da = graph::count_degrees(backend, ruled), db = graph::count_degrees(backend, builtin);
    EXPECT_EQ(da.arcs, db.arcs) << at;
    EXPECT_EQ(da.degree_histogram, db.degree_histogram) << at;

    const graph::csr_graph ga = graph::build_csr(backend, ruled), gb = graph::build_csr(backend, builtin);
    ASSERT_EQ(ga.labels, gb.labels) << at;
    ASSERT_EQ(ga.offsets, gb.offsets) << at;
    ASSERT_EQ(ga.targets, gb.targets) << at;

    distance::all_pairs_options opt;
    opt.per_node = true;
    opt.hamming = families::has_hamming_edges(builtin);
    expect_same_statistics(distance::all_pairs(backend, ga, opt), distance::all_pairs(backend, gb, opt), at);
    expect_same_diameter(distance::exact_diameter(backend, ga), distance::exact_diameter(backend, gb), at);
  }
};
TV_TEST_ON_BACKENDS(RuleFamilyOn);

constexpr uint64_t largest = uint64_t{1} << 14;

TEST_P(RuleFamilyOn, HypercubeWrittenAsARuleIsTheHypercube) {
  const rule_definition rule(hypercube_rule());
  for (int n = 1; (uint64_t{1} << n) <= largest; ++n) expect_identical(families::hypercube::make(n), rule, n);
}

TEST_P(RuleFamilyOn, FibonacciCubeWrittenAsARuleIsPostalLambdaTwo) {
  const rule_definition rule(fibonacci_rule());
  for (int n = 1; families::postal_network::make(2, n).size() <= largest; ++n)
    expect_identical(families::postal_network::make(2, n), rule, n);
}

TEST_P(RuleFamilyOn, FibonacciCubeRankedBySearchIsPostalLambdaTwo) {  // the way above 2^30 labels
  const rule_definition rule(fibonacci_rule());
  for (int n = 1; families::postal_network::make(2, n).size() <= largest; ++n)
    expect_identical(families::postal_network::make(2, n), rule, n, families::rule_ranking::search);
}

TEST_P(RuleFamilyOn, FoldedCubeWrittenAsARuleIsTheFoldedHypercube) {
  const rule_definition rule(folded_rule());
  for (int n = 2; (uint64_t{1} << n) <= largest; ++n) expect_identical(families::folded_hypercube::make(n), rule, n);
}

/// MQ_n on strings x_1 .. x_n (x_1 leftmost), x_0 = 0: the neighbour along dimension i
/// flips x_i when x_{i-1} = 0, else x_i .. x_n.
std::set<uint64_t> mobius_neighbours(uint64_t label, int n) {
  const std::string s = test::to_bits(label, n);
  std::set<uint64_t> out;
  for (int i = 1; i <= n; ++i) {
    std::string t = s;
    const char before = i == 1 ? '0' : s[static_cast<size_t>(i - 2)];
    const int last = before == '0' ? i : n;
    for (int j = i; j <= last; ++j) t[static_cast<size_t>(j - 1)] = t[static_cast<size_t>(j - 1)] == '0' ? '1' : '0';
    out.insert(test::from_bits(t));
  }
  return out;
}

TEST_P(RuleFamilyOn, MobiusCubeIsItsDefinition) {
  const rule_definition rule(mobius_rule());
  for (int n = 1; n <= 10; ++n) {
    const families::rule_instance r = rule.instantiate({n});
    EXPECT_FALSE(r.net.hamming) << "Möbius edges flip several bits";
    EXPECT_EQ(test::check_adjacency(r.net, [&](uint64_t x) { return mobius_neighbours(x, n); }), "") << "n=" << n;
    const graph::csr_graph g = graph::build_csr(backend, r.net);  // checks symmetry too
    EXPECT_EQ(g.arcs(), (uint64_t{1} << n) * static_cast<uint64_t>(n)) << "n=" << n;
  }
}

TEST(RuleFamily, MembersRankAndUnrankInLabelOrder) {
  const rule_definition rule(fibonacci_rule());
  for (const families::rule_ranking ranking : {families::rule_ranking::automatic, families::rule_ranking::bit_count,
                                               families::rule_ranking::search})
    for (int n : {1, 2, 6, 7, 16}) {
      const families::rule_instance r = rule.instantiate({n}, ranking);
      EXPECT_EQ(r.net.member_bits != nullptr, ranking != families::rule_ranking::search) << "n=" << n;
      std::set<uint64_t> want;
      for (uint64_t x = 0; x < (uint64_t{1} << n); ++x)
        if ((x & (x >> 1)) == 0) want.insert(x);
      EXPECT_EQ(test::check_label_family(r.net, want), "") << "n=" << n;
    }
}

/// A rule x ^ (1 << i) with any predicate: the CPU's own build (rule_flip_csr.hpp, with the
/// bit-count directory) gives the general build's graph (the same rule ranked by search).
TEST(RuleFamily, AFlipRuleBuildsTheGeneralBuildsGraph) {
  for (const std::string member : {"popcount(x) % 3 != 1", "x % 5 != 2 && x < 1500", "x & (x >> 2) == 0"}) {
    rule_text t = hypercube_rule();
    t.member = member;
    const rule_definition rule(t);
    for (int n : {1, 7, 11}) {
      const std::string at = member + " n=" + std::to_string(n);
      const families::rule_instance bits = rule.instantiate({n}, families::rule_ranking::bit_count);
      const families::rule_instance search = rule.instantiate({n}, families::rule_ranking::search);
      ASSERT_TRUE(graph::builds_as_flip_rule(bits.net)) << at;
      ASSERT_FALSE(graph::builds_as_flip_rule(search.net)) << at;
      const graph::csr_graph ga = graph::build_csr(core::backend::cpu, bits.net);
      const graph::csr_graph gb = graph::build_csr(core::backend::cpu, search.net);
      EXPECT_EQ(ga.labels, gb.labels) << at;
      EXPECT_EQ(ga.offsets, gb.offsets) << at;
      EXPECT_EQ(ga.targets, gb.targets) << at;
      if (n > 1) EXPECT_GT(ga.arcs(), 0u) << at;  // n = 1: popcount(x) % 3 != 1 keeps 0 alone
    }
  }
}

/// The message a rule's text or an instance raises.
std::string error_of(const rule_text& t, std::vector<int64_t> values = {}) {
  try {
    const rule_definition rule(t);
    if (!values.empty()) (void)rule.instantiate(values);
  } catch (const families::rule_error& e) {
    return e.what();
  }
  return "";
}

TEST(RuleFamily, TextErrorsNameThePartAndTheColumn) {
  rule_text t = hypercube_rule();
  t.neighbors = {"x ^ (1 << j)"};
  EXPECT_EQ(error_of(t), "neighbors[0], column 11: unknown name 'j' (did you mean: n, x, i?)");
  t.neighbors = {"x ^ (1 << i"};
  EXPECT_NE(error_of(t).find("neighbors[0], column "), std::string::npos);
  t = hypercube_rule();
  t.member = "x + 1";
  EXPECT_EQ(error_of(t), "member, column 1: 'x + 1' is an integer; member must be a condition (true or false), "
                         "such as x & (x >> 1) == 0");
  t = hypercube_rule();
  t.neighbors = {"x ^ (1 << i)", "x / 2"};
  EXPECT_EQ(error_of(t), "neighbors[1], column 1: 'x / 2' is a rational; rules compute with integers (write "
                         "floor(a / b) or ceil(a / b))");
  t.neighbors = {"x + sqrt(i)"};
  EXPECT_NE(error_of(t).find("neighbors[0], column 1: 'x + sqrt(i)' is a float"), std::string::npos);
  t.neighbors = {"x ^ fib(i)"};
  EXPECT_EQ(error_of(t).rfind("neighbors[0], column 5: 'fib(i)' uses fib, which rules do not have", 0), 0u);
  t = hypercube_rule();
  t.bits = "x";
  EXPECT_EQ(error_of(t), "bits, column 1: unknown name 'x' (did you mean: n?)");
  t = hypercube_rule();
  t.parameters = {{"n", 1, 63}, {"n", 1, 3}};
  EXPECT_EQ(error_of(t), "parameters: 'n' is named twice");
  t.parameters = {{"x", 1, 63}};
  EXPECT_EQ(error_of(t), "parameters: 'x' is the rule's own name for the label: call the parameter something else");
}

TEST(RuleFamily, InstanceErrorsNameTheInstance) {
  rule_text t = hypercube_rule();
  t.parameters = {{"n", 1, 100}};
  EXPECT_EQ(error_of(t, {64}), "bits: cube n=64: bits = 64 is outside 1..63");
  t = fibonacci_rule();
  t.parameters = {{"n", 1, 100}};
  EXPECT_EQ(error_of(t, {41}),
            "bits: fibonacci n=41: bits = 41 is outside 1..40 (a rule with a member predicate tries all 2^bits labels)");
  t = hypercube_rule();
  t.neighbors = {"x ^ (1 << i)", "x + i", "x - i"};
  EXPECT_EQ(error_of(t, {30}), "neighbors: cube n=30: a label has up to 90 neighbour values (one per dimension of "
                               "each expression that reads i); rule families allow at most 64");
  t = fibonacci_rule();
  t.member = "x % (x - 5) == 0";
  EXPECT_EQ(error_of(t, {4}), "member: fibonacci n=4 at x = 0101: column 1: 'x % (x - 5)': 5 % 0: division by zero");
  // An overflow on the parameters alone, where every evaluation meets it: refused when
  // the instance is made, not when its graph is built.
  t = hypercube_rule();
  t.neighbors = {"x ^ (1 << (n + 60))"};
  EXPECT_EQ(error_of(t, {3}), "neighbors[0]: cube n=3, at every label: column 5: '(1 << (n + 60))': 1 << 63 does "
                              "not fit 64 bits");
  EXPECT_NO_THROW(rule_definition(t).instantiate({2}));
  t.neighbors = {"x ^ (1 << i)", "x ^ (9223372036854775807 + n)"};
  EXPECT_EQ(error_of(t, {3}), "neighbors[1]: cube n=3, at every label: column 5: '(9223372036854775807 + n)': "
                              "9223372036854775807 + 3 does not fit 64 bits");
  t = fibonacci_rule();
  t.member = "(1 << (n + 60)) > 0 && x & (x >> 1) == 0";
  EXPECT_EQ(error_of(t, {4}), "member: fibonacci n=4, at every label: column 1: '(1 << (n + 60))': 1 << 64: a "
                              "shift must be 0 to 63");
  // Behind a branch it is not refused (the branch may never be taken): the run decides.
  t = hypercube_rule();
  t.neighbors = {"if(x > 100, x ^ (1 << (n + 60)), x ^ (1 << i))"};
  EXPECT_NO_THROW(rule_definition(t).instantiate({3}));
  t = fibonacci_rule();
  t.member = "x > 100";
  EXPECT_EQ(error_of(t, {4}), "member: fibonacci n=4: no label of 4 bits is a member: the network has no node");
}

TEST(RuleFamily, AnEvaluationErrorAtALabelRefusesTheGraph) {
  rule_text t = hypercube_rule();
  t.name = "shifty";
  t.neighbors = {"x ^ (1 << (x + i))"};  // x + i reaches 63 on large labels
  const rule_definition rule(t);
  const families::rule_instance r = rule.instantiate({6});
  try {
    (void)graph::build_csr(core::backend::cpu, r.net);
    FAIL() << "the graph was built";
  } catch (const std::invalid_argument& e) {
    // x + i = 63 first at x = 58, i = 5: 2^63 is one more than the largest integer.
    EXPECT_EQ(std::string(e.what()), "rule family shifty n=6, neighbors[0] at x = 111010, i = 5: column 5: "
                                     "'(1 << (x + i))': 1 << 63 does not fit 64 bits");
  }
}

/// A rule x ^ M whose M does not read x is symmetric by its form (y = x ^ M, x = y ^ M):
/// its graph is not searched for a missing reverse arc.  The others are; x ^ (1 << E)
/// with E reading x is not symmetric in general.
TEST(RuleFamily, SymmetricByFormIsXorWithWhatDoesNotReadTheLabel) {
  for (const auto& [neighbors, symmetric] :
       std::vector<std::pair<std::vector<std::string>, bool>>{{{"x ^ (1 << i)"}, true},
                                                              {{"x ^ pow(2, i)"}, true},
                                                              {{"(1 << (n - 1 - i)) ^ x"}, true},
                                                              {{"x ^ (1 << i)", "x ^ ((1 << n) - 1)"}, true},
                                                              {{"x ^ (1 << popcount(x))"}, false},
                                                              {{"x ^ (x >> 1)"}, false},
                                                              {mobius_rule().neighbors, false}}) {
    rule_text t = hypercube_rule();
    t.neighbors = neighbors;
    EXPECT_EQ(rule_definition(t).instantiate({5}).net.symmetric_by_form, symmetric) << neighbors.back();
  }
}

TEST(RuleFamily, AnAsymmetricRuleIsRefused) {
  rule_text t = hypercube_rule();
  t.name = "oneway";
  t.neighbors = {"x + 1"};  // 0 -> 1, but 1 lists 2 only
  const rule_definition rule(t);
  const families::rule_instance r = rule.instantiate({3});
  try {
    (void)graph::count_degrees(core::backend::cpu, r.net);
    FAIL() << "the degrees were counted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("rule family: the neighbours are not symmetric: 000 lists 001 as a "
                                          "neighbour, but 001 does not list 000",
                                          0),
              0u)
        << e.what();
  }
}

}  // namespace
