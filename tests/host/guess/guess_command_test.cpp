// `topoverify guess` as a user meets it, through the built binary: from small sweeps it
// must recover formulas that equal, on larger sizes it never saw, what brute force
// computes here (BFS over graphs built in this file or by the family's CSR builder, node
// counts by enumerating labels).  No formula is written in this file: each is read from
// guess's output and evaluated by the expression language.  Also: "no formula found" with
// the table, the held-out run that exposes a formula, and the bad input classes (exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <regex>

#include "host/families.hpp"
#include "host/guess/formula.hpp"
#include "kernels/graph/builders.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/distance/reference.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

using tv::test::run_topoverify;

class GuessCommand : public tv::test::scratch_folder_test {};

/// The n-bit labels whose 1-bits are at least lambda apart (PN_lambda(n)'s nodes).
std::vector<uint64_t> postal_labels(int lambda, int n) {
  std::vector<uint64_t> out;
  for (uint64_t x = 0; x < (uint64_t{1} << n); ++x) {
    bool ok = true;
    for (int d = 1; d < lambda && ok; ++d) ok = (x & (x >> d)) == 0;
    if (ok) out.push_back(x);
  }
  return out;
}

struct distances {
  uint64_t diameter = 0, wiener = 0;
};

distances brute_force(const tv::graph::csr_graph& g) {
  distances r;
  for (uint64_t s = 0; s < g.nodes; ++s)
    for (uint32_t d : tv::test::queue_bfs(g, s)) {
      r.diameter = std::max<uint64_t>(r.diameter, d);
      r.wiener += d;
    }
  r.wiener /= 2;
  return r;
}

tv::graph::csr_graph family_graph(const std::string& family, const nlohmann::ordered_json& params) {
  return tv::graph::build_csr(tv::core::backend::cpu, tv::host::make_instance(family, params).net);
}

/// Formula i (1-based) of guess's output: the text after "INVARIANT == " on line "  i. ".
std::string formula_of(const std::string& out, int i, const std::string& invariant = "") {
  const std::string head = "\n  " + std::to_string(i) + ". " + invariant;
  const size_t at = out.find(head);
  if (at == std::string::npos) return "";
  const size_t from = out.find(" == ", at + head.size());
  const size_t end = out.find('\n', at + 1);
  if (from == std::string::npos || from > end) return "";
  return out.substr(from + 4, end - from - 4);
}

int64_t evaluate(const std::string& text, const std::vector<std::string>& names, const std::vector<int64_t>& at) {
  const tv::host::guess::formula f(text, names);
  const auto v = f.at(at);
  EXPECT_TRUE(v && v->den == 1) << text;
  return v ? v->i : -1;
}

TEST_F(GuessCommand, PostalDiameterPerLambdaHoldsBeyondTheSweep) {
  for (int lambda = 1; lambda <= 4; ++lambda) {
    const auto r = run_topoverify("guess diameter postal lambda=" + std::to_string(lambda) +
                                  " n=1..10 --verify n=11..13 --max 1 --quiet", dir);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("Conjecture 1 held on every held-out instance"), std::string::npos) << r.out;
    const std::string f = formula_of(r.out, 1);
    ASSERT_FALSE(f.empty()) << r.out;
    for (int n = 11; n <= (lambda == 1 ? 11 : 13); ++n)
      EXPECT_EQ(evaluate(f, {"n"}, {n}), static_cast<int64_t>(brute_force(tv::graph::hamming_graph(postal_labels(lambda, n))).diameter))
          << "lambda " << lambda << " n " << n << ": " << f;
  }
}

TEST_F(GuessCommand, PostalDiameterOverLambdaAndNIsOneFormula) {
  const auto r = run_topoverify("guess diameter postal lambda=1..4 n=1..10 --verify n=11..12 --max 1 --quiet", dir);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string f = formula_of(r.out, 1);
  ASSERT_FALSE(f.empty()) << r.out;
  for (int lambda = 1; lambda <= 4; ++lambda)
    for (int n = 11; n <= (lambda == 1 ? 11 : 13); ++n)
      EXPECT_EQ(evaluate(f, {"lambda", "n"}, {lambda, n}),
                static_cast<int64_t>(brute_force(tv::graph::hamming_graph(postal_labels(lambda, n))).diameter))
          << "lambda " << lambda << " n " << n << ": " << f;
}

TEST_F(GuessCommand, HypercubeDiameterAndWienerIndex) {
  for (const std::string inv : {"diameter", "wiener"}) {
    const auto r = run_topoverify("guess " + inv + " hypercube n=1..8 --verify n=9..10 --max 1 --quiet", dir);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::string f = formula_of(r.out, 1);
    for (int n = 9; n <= 10; ++n) {
      std::vector<uint64_t> all(uint64_t{1} << n);
      for (uint64_t x = 0; x < all.size(); ++x) all[x] = x;
      const distances d = brute_force(tv::graph::hamming_graph(all));
      EXPECT_EQ(evaluate(f, {"n"}, {n}), static_cast<int64_t>(inv == "wiener" ? d.wiener : d.diameter)) << f;
    }
  }
}

TEST_F(GuessCommand, TorusAndFoldedCubeDiameters) {
  const auto t = run_topoverify("guess diameter torus k=3..7 n=1..3 --verify n=4 --max 1 --quiet", dir);
  ASSERT_EQ(t.exit_code, 0) << t.out << t.err;
  const std::string tf = formula_of(t.out, 1);
  for (int k : {8, 9})
    for (int n : {2, 3})
      EXPECT_EQ(evaluate(tf, {"k", "n"}, {k, n}),
                static_cast<int64_t>(brute_force(family_graph("torus", {{"k", std::to_string(k)}, {"n", std::to_string(n)}})).diameter)) << tf;
  const auto q = run_topoverify("guess diameter foldedcube n=2..9 --verify n=10..11 --max 1 --quiet", dir);
  ASSERT_EQ(q.exit_code, 0) << q.out << q.err;
  const std::string qf = formula_of(q.out, 1);
  for (int n = 10; n <= 11; ++n)
    EXPECT_EQ(evaluate(qf, {"n"}, {n}), static_cast<int64_t>(brute_force(family_graph("foldedcube", {{"n", std::to_string(n)}})).diameter)) << qf;
}

TEST_F(GuessCommand, PostalNodeCountsHaveClosedFormsForLambdaOneAndTwo) {
  for (int lambda = 1; lambda <= 2; ++lambda) {
    const auto r = run_topoverify("guess N postal lambda=" + std::to_string(lambda) + " n=1..14 --verify n=15..18 --max 1 --quiet", dir);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::string f = formula_of(r.out, 1);
    for (int n = 15; n <= 22; ++n)
      EXPECT_EQ(evaluate(f, {"n"}, {n}), static_cast<int64_t>(postal_labels(lambda, n).size())) << f;
  }
}

/// The right side of "a(n) = ..." with each a(n - LAG) replaced by the count at n - LAG
/// (LAG evaluated at lambda), evaluated by the expression language.
int64_t recurrence_at(const std::string& text, int lambda, int n, const std::function<int64_t(int)>& count) {
  std::string rhs = text.substr(text.find(" = ") + 3), out;
  const std::regex term("a\\(n - (\\(([^)]*)\\)|([a-z0-9]+))\\)");
  std::smatch m;
  while (std::regex_search(rhs, m, term)) {
    const std::string lag = m[2].matched ? m[2].str() : m[3].str();
    const int64_t k = evaluate(lag, {"lambda"}, {lambda});
    out += m.prefix().str() + std::to_string(count(n - static_cast<int>(k)));
    rhs = m.suffix().str();
  }
  return evaluate(out + rhs, {}, {});
}

TEST_F(GuessCommand, PostalNodeCountsFollowOneRecurrenceInLambda) {
  // No closed form of the grammar fits lambda = 1..5 at once: said, with the table, and the
  // recurrence they share found instead.
  const auto r = run_topoverify("guess N postal lambda=1..5 n=1..12 --verify n=13..16 --quiet", dir);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("No formula in the grammar (docs/guess.md) fits all 60 instances"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" " + std::to_string(postal_labels(3, 12).size()) + " "), std::string::npos) << r.out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("\\n  (a\\(n\\) = [^\\n]+)\\n     on every slice"))) << r.out;
  const std::string rec = m[1];
  for (int lambda = 1; lambda <= 6; ++lambda)
    for (int n = 17; n <= 19; ++n)
      EXPECT_EQ(recurrence_at(rec, lambda, n, [lambda](int k) { return static_cast<int64_t>(postal_labels(lambda, k).size()); }),
                static_cast<int64_t>(postal_labels(lambda, n).size()))
          << rec << " at lambda " << lambda << ", n " << n;
  EXPECT_NE(r.out.find("holds  lambda = 5: 4 held-out steps, n = 13..16"), std::string::npos) << r.out;
}

TEST_F(GuessCommand, EachValueOfANameIsAColumnAndItsNextValuesAreHeldOut) {
  const auto r = run_topoverify("guess 'count(weight == k)' hypercube n=1..9 --each k=0..3 --verify n=10..11 --max 2 --quiet", dir);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("each formula as one claim per value of k (0..7)"), std::string::npos) << r.out;
  const std::string f = formula_of(r.out, 1, "count(weight == k)");
  ASSERT_FALSE(f.empty()) << r.out;
  EXPECT_NE(r.out.find("  holds        1. at every value of k"), std::string::npos) << r.out;
  // Beyond both: the nodes of Q_n with k ones, counted.
  for (int n = 12; n <= 13; ++n)
    for (int k = 0; k <= 7; ++k) {
      int64_t count = 0;
      for (uint64_t x = 0; x < (uint64_t{1} << n); ++x) count += __builtin_popcountll(x) == k;
      EXPECT_EQ(evaluate(f, {"k", "n"}, {k, n}), count) << f << " at n " << n << ", k " << k;
    }
}

TEST_F(GuessCommand, TooFewInstancesSayHowManyCoefficientsTheyConfirm) {
  // Three instances confirm a constant at most (one coefficient needs three, two need five).
  const auto r = run_topoverify("guess diameter postal lambda=2 n=1..3 --quiet", dir);
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("No formula in the grammar (docs/guess.md) fits all 3 instances"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("only formulas of up to 1 coefficient can be confirmed"), std::string::npos) << r.out;
}

TEST_F(GuessCommand, BadInputIsRefusedBeforeAnyWork) {
  struct bad {
    std::string args, says;
  };
  for (const bad& b : std::vector<bad>{
           {"diamter postal lambda=2 n=1..8", "invariant \"diamter\": column 1: unknown name 'diamter' (did you mean: diameter"},
           {"degree postal lambda=2 n=1..8", "is a per-node integer"},
           {"average_distance postal lambda=2 n=1..8", "guess fits integers and exact rationals"},
           {"diameter postal lambda=2 n=8", "guess needs a sweep"},
           {"diameter postal lambda=2 n=1..8 --verify 12", "--verify '12' is not key=VALUES"},
           {"diameter postal lambda=2 n=1..8 --verify n=70", "n"},
           {"diameter postal lambda=2 n=1..8 --max 0", "--max must be at least 1"},
           {"diameter nosuch n=1..8", "nosuch"},
           {"'count(degree == k)' postal lambda=2 n=1..8 --each k", "--each 'k' is not NAME=VALUES"},
           {"'count(degree == n)' postal lambda=2 n=1..8 --each n=1..3", "'n' is already a name"},
           {"'count(degree == k)' postal lambda=2 n=1..8 --each k=3", "--each k needs several values"},
           {"'count(degree == k)' postal lambda=2 n=1..8 --each k=1,x", "'x' is not an integer"},
           {"diameter postal lambda=2 n=1..8 --each k=1..3", "does not read k"},
       }) {
    const auto r = run_topoverify("guess " + b.args, dir);
    EXPECT_EQ(r.exit_code, 2) << b.args << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find(b.says), std::string::npos) << b.args << "\n" << r.err;
    EXPECT_EQ(r.out, "") << b.args;
  }
}

}  // namespace
