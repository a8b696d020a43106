// Per-node statements (kernels/expr/evaluate.hpp): reductions over columns of nodes
// against loops over the same arrays written here, across chunk boundaries; the first
// failing node and its values; errors that name their node; && || if that skip the side
// a node does not need.
#include <gtest/gtest.h>

#include <algorithm>

#include "kernels/expr/evaluate.hpp"
#include "kernels/expr/parser.hpp"

namespace {

using namespace tv::expr;

/// An instance's per-node arrays, bound by name: degree and eccentricity (made up, with a
/// pattern every reduction sees), n.
struct instance_values {
  uint64_t nodes;
  std::vector<int64_t> degree, eccentricity;
  name_table names;
  bindings b;

  explicit instance_values(uint64_t count, int64_t n = 7) : nodes(count), degree(count), eccentricity(count) {
    for (uint64_t v = 0; v < count; ++v) {
      degree[v] = 2 + static_cast<int64_t>((v * 7919) % 5);  // 2..6
      eccentricity[v] = 4 + static_cast<int64_t>((v * 104729) % 3);  // 4..6
    }
    b.set(names.add("n", {scalar::integer}), value::integer(n));
    bind("degree", degree);
    bind("eccentricity", eccentricity);
    b.set_nodes(count);
  }

  void bind(const std::string& name, const std::vector<int64_t>& column) {
    b.set_per_node(names.add(name, {scalar::integer, true}),
                   [&column](uint64_t first, size_t count, int64_t* out) {
                     std::copy_n(column.begin() + static_cast<std::ptrdiff_t>(first), count, out);
                   });
  }

  value eval(const std::string& text) {
    const expression e = parse(text, names);
    return evaluator(e, b).result();
  }
};

// Sizes around the chunk: none, one, a chunk, two chunks and a bit.
const uint64_t sizes[] = {0, 1, chunk_nodes - 1, chunk_nodes, 2 * chunk_nodes + 5};

TEST(ExprEvaluate, ReductionsMatchLoops) {
  for (uint64_t count : sizes) {
    instance_values in(count);
    int64_t twos = 0, sum = 0, least = INT64_MAX, most = INT64_MIN, high_ecc = 0;
    for (uint64_t v = 0; v < count; ++v) {
      twos += in.degree[v] == 2;
      sum += in.degree[v];
      least = std::min(least, in.degree[v]);
      most = std::max(most, in.degree[v]);
      high_ecc += in.eccentricity[v] * 2 >= 7 + 3;  // eccentricity >= (n + 3) / 2 = 5
    }
    EXPECT_EQ(in.eval("count(degree == 2)").i, twos) << count;
    EXPECT_EQ(in.eval("sum(degree)").i, sum) << count;
    EXPECT_EQ(in.eval("count(eccentricity >= (n + 3) / 2)").i, high_ecc) << count;
    EXPECT_EQ(in.eval("all(degree >= 2)").truth(), true) << count;
    EXPECT_EQ(in.eval("any(degree == 6)").truth(), std::count(in.degree.begin(), in.degree.end(), 6) > 0);
    EXPECT_EQ(in.eval("all(eccentricity >= n / 2)").truth(), true);  // 7/2, exact
    EXPECT_TRUE(in.eval("sum(degree / 2) == sum(degree) / 2").truth()) << count;
    if (count > 0) {
      EXPECT_EQ(in.eval("min(degree)").i, least);
      EXPECT_EQ(in.eval("max(degree)").i, most);
      // A reduction inside a per-node statement is computed once, then read per node.
      EXPECT_TRUE(in.eval("all(degree <= max(degree))").truth());
      EXPECT_EQ(in.eval("count(degree == max(degree))").i,
                std::count(in.degree.begin(), in.degree.end(), most));
    } else {
      EXPECT_TRUE(in.eval("all(degree > 100)").truth());  // vacuous
      EXPECT_FALSE(in.eval("any(degree > 0)").truth());
      EXPECT_THROW(in.eval("min(degree)"), expr_error);
    }
  }
}

TEST(ExprEvaluate, ColumnsAndSingleNodesAgreeWithCppOnEveryOperator) {
  // Each per-node integer or condition against the same formula in C++: summed over the
  // columns (the fast loops) and node by node (value_at, the path a witness takes).
  instance_values in(2 * chunk_nodes + 5);
  using formula = int64_t (*)(int64_t d, int64_t e);  // n = 7
  struct case_ {
    const char* text;
    formula f;
  };
  const case_ cases[] = {
      {"degree + eccentricity * 3 - n", [](int64_t d, int64_t e) { return d + e * 3 - 7; }},
      {"(degree - 4) % 3", [](int64_t d, int64_t) { return ((d - 4) % 3 + 3) % 3; }},
      {"-degree", [](int64_t d, int64_t) { return -d; }},
      {"degree & 3 | eccentricity ^ 1", [](int64_t d, int64_t e) { return (d & 3) | (e ^ 1); }},
      {"~degree", [](int64_t d, int64_t) { return ~d; }},
      {"degree << 2", [](int64_t d, int64_t) { return d << 2; }},
      {"eccentricity >> 1", [](int64_t, int64_t e) { return e >> 1; }},
      {"ceil(degree / eccentricity * 10)", [](int64_t d, int64_t e) { return (d * 10 + e - 1) / e; }},
      {"floor(degree * 2.5)", [](int64_t d, int64_t) { return d * 5 / 2; }},
      {"if(degree > 3, eccentricity, degree)", [](int64_t d, int64_t e) { return d > 3 ? e : d; }},
      {"max(degree, eccentricity)", [](int64_t d, int64_t e) { return std::max(d, e); }},
      {"fib(degree) + binomial(eccentricity, 2)",
       [](int64_t d, int64_t e) { return int64_t{0 + (d == 2 ? 1 : d == 3 ? 2 : d == 4 ? 3 : d == 5 ? 5 : 8)} + e * (e - 1) / 2; }},
      {"ceil(log2(degree))", [](int64_t d, int64_t) { return int64_t{d <= 2 ? 1 : d <= 4 ? 2 : 3}; }},
      {"popcount(degree * eccentricity)", [](int64_t d, int64_t e) { return int64_t{__builtin_popcountll(static_cast<uint64_t>(d * e))}; }},
      {"count(degree == 2) * 0 + bit(eccentricity, 1)", [](int64_t, int64_t e) { return (e >> 1) & 1; }},
  };
  const case_ conditions[] = {
      {"degree == 2 || eccentricity == 4", [](int64_t d, int64_t e) { return int64_t{d == 2 || e == 4}; }},
      {"!(degree == 2) && eccentricity != 5", [](int64_t d, int64_t e) { return int64_t{d != 2 && e != 5}; }},
      {"degree * 2 >= eccentricity + 1", [](int64_t d, int64_t e) { return int64_t{d * 2 >= e + 1}; }},
      {"degree / 2 < eccentricity / 3", [](int64_t d, int64_t e) { return int64_t{d * 3 < e * 2}; }},
      // One rational against a column, either side (the evaluator's 128-bit loop).
      {"(n + 2) / 2 <= eccentricity", [](int64_t, int64_t e) { return int64_t{9 <= 2 * e}; }},
      {"eccentricity == (n + 3) / 2", [](int64_t, int64_t e) { return int64_t{e == 5}; }},
      {"eccentricity * 2 != n / 2 + 13 / 2", [](int64_t, int64_t e) { return int64_t{e != 5}; }},
  };
  // Checks c node by node, then its reduction (sum or count) over the columns; returns
  // the C++ total, which the reduction must equal.
  const auto node_by_node_and_reduced = [&](const case_& c, const char* reduction) {
    const expression e = parse(c.text, in.names);
    const expression total = parse(std::string(reduction) + "(" + c.text + ")", in.names);
    evaluator ev(e, in.b);
    int64_t expected = 0;
    for (uint64_t v = 0; v < in.nodes; ++v) {
      const int64_t want = c.f(in.degree[v], in.eccentricity[v]);
      expected += want;
      const int64_t got = ev.value_at(e.root, v).i;
      EXPECT_EQ(got, want) << c.text << " at node " << v;
      if (got != want) break;  // the first failing node is enough to read
    }
    EXPECT_EQ(evaluator(total, in.b).result().i, expected) << c.text;
    return expected;
  };
  for (const auto& c : cases) node_by_node_and_reduced(c, "sum");
  for (const auto& c : conditions) {
    const int64_t expected = node_by_node_and_reduced(c, "count");
    EXPECT_GT(expected, 0) << c.text;  // each condition holds somewhere and fails somewhere
    EXPECT_LT(expected, static_cast<int64_t>(in.nodes)) << c.text;
  }
}

TEST(ExprEvaluate, TheFirstFailingNodeAndItsValues) {
  instance_values in(3 * chunk_nodes);
  in.degree[chunk_nodes + 17] = 1;  // the first node of degree 1 lies in the second chunk
  in.degree[2 * chunk_nodes + 3] = 1;
  const expression e = parse("all(degree >= 2)", in.names);
  evaluator ev(e, in.b);
  EXPECT_FALSE(ev.result().truth());
  const int condition = e.at(e.root).args[0];
  const std::optional<uint64_t> first = ev.first_node(condition, false);
  ASSERT_TRUE(first);
  EXPECT_EQ(*first, chunk_nodes + 17);
  const int degree = e.at(condition).args[0];
  EXPECT_EQ(ev.value_at(degree, *first).i, 1);
  EXPECT_EQ(ev.value_at(e.at(condition).args[1], *first).i, 2);  // a one-value side
}

TEST(ExprEvaluate, ErrorsNameTheirNodeAndLazySidesAreSkipped) {
  instance_values in(2 * chunk_nodes);
  in.degree[chunk_nodes + 9] = 3;
  for (uint64_t v = 0; v < in.nodes; ++v)
    if (v != chunk_nodes + 9 && in.degree[v] == 3) in.degree[v] = 4;
  try {
    in.eval("all(100 / (degree - 3) != 7)");
    ADD_FAILURE() << "a division by zero at one node is an error";
  } catch (const expr_error& err) {
    ASSERT_TRUE(err.node());
    EXPECT_EQ(*err.node(), chunk_nodes + 9);
    EXPECT_EQ(err.column(), 5);
    EXPECT_NE(std::string(err.what()).find("division by zero (at node index " + std::to_string(chunk_nodes + 9)),
              std::string::npos)
        << err.what();
  }
  EXPECT_TRUE(in.eval("all(degree == 3 || 100 / (degree - 3) != 0)").truth());
  EXPECT_TRUE(in.eval("all(if(degree != 3, 100 / (degree - 3), 1) != 0)").truth());
  // An overflow at one node, in a column loop.
  in.degree[5] = INT64_MAX;
  try {
    in.eval("sum(degree + 1) > 0");
    ADD_FAILURE() << "an overflow at one node is an error";
  } catch (const expr_error& err) {
    ASSERT_TRUE(err.node());
    EXPECT_EQ(*err.node(), 5u);
    EXPECT_NE(err.message().find("overflows"), std::string::npos);
  }
}

TEST(ExprEvaluate, NamesWithoutValuesAreErrorsNotZeros) {
  name_table names;
  const int n = names.add("n", {scalar::integer});
  names.add("degree", {scalar::integer, true});
  bindings b;
  const expression e = parse("n + 1 > 0", names);
  EXPECT_THROW(evaluator(e, b).result(), expr_error);
  b.set(n, value::integer(1));
  EXPECT_TRUE(evaluator(e, b).result().truth());
  const expression f = parse("all(degree > 0)", names);
  EXPECT_THROW(evaluator(f, b).result(), expr_error);  // no node count
}

}  // namespace
