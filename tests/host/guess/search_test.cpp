// The search alone (host/guess/search.hpp) on tables made here: every formula it returns
// equals every row exactly (checked again by the expression language), formulas come
// simplest first, a sequence made to follow no formula (a pseudo-random one) gets none,
// rationals are fitted exactly, and a case split is shown only where neither side fits alone.
#include <gtest/gtest.h>

#include "host/guess/formula.hpp"
#include "host/guess/search.hpp"

namespace {

using namespace tv::host::guess;

table one_parameter(const std::vector<tv::expr::value>& values) {
  table t;
  t.parameters = {"n"};
  for (size_t i = 0; i < values.size(); ++i) t.rows.push_back({{static_cast<int64_t>(i + 1)}, values[i], ""});
  return t;
}

TEST(GuessSearch, ASequenceMadeToFollowNothingGetsNoFormula) {
  std::vector<tv::expr::value> v;
  uint64_t x = 88172645463325252ull;  // xorshift64: no closed form of the grammar follows it
  for (int i = 0; i < 20; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    v.push_back(tv::expr::value::integer(static_cast<int64_t>(x % 1000)));
  }
  EXPECT_TRUE(search(one_parameter(v), 5).empty());
}

TEST(GuessSearch, EveryFormulaFitsEveryRowAndTheSimplestComesFirst) {
  // Triangular numbers, summed here: the counts of pairs of n + 1 things.
  std::vector<tv::expr::value> v;
  int64_t s = 0;
  for (int n = 1; n <= 15; ++n) v.push_back(tv::expr::value::integer(s += n));
  const table t = one_parameter(v);
  const auto found = search(t, 5);
  ASSERT_FALSE(found.empty());
  for (size_t i = 0; i < found.size(); ++i) {
    const formula f(found[i].formula, t.parameters);
    EXPECT_TRUE(f.fits(t)) << found[i].formula;
    EXPECT_EQ(f.size(), found[i].size);
    EXPECT_EQ(found[i].fitted_on, t.rows.size());
    if (i > 0) EXPECT_LE(found[i - 1].size, found[i].size);
  }
  EXPECT_EQ(formula(found[0].formula, t.parameters).at({100})->i, 5050) << found[0].formula;
}

TEST(GuessSearch, RationalValuesAreFittedExactly) {
  // The mean of 1..n, a rational half the time.
  std::vector<tv::expr::value> v;
  for (int64_t n = 1; n <= 12; ++n) {
    int64_t sum = 0;
    for (int64_t k = 1; k <= n; ++k) sum += k;
    v.push_back(tv::expr::make_rational(sum, n, 1));
  }
  const table t = one_parameter(v);
  const auto found = search(t, 1);
  ASSERT_EQ(found.size(), 1u);
  const auto at = formula(found[0].formula, t.parameters).at({40});
  ASSERT_TRUE(at);
  EXPECT_EQ(tv::expr::to_text(*at), "41/2") << found[0].formula;
}

TEST(GuessSearch, ATooShortTableFitsNothingItCannotConfirm) {
  // Two rows cannot confirm even a line: 2k + 1 rows for k coefficients.
  const table t = one_parameter({tv::expr::value::integer(3), tv::expr::value::integer(5)});
  EXPECT_TRUE(search(t, 5).empty());
}

/// The two sides of a formula written `if(C, A, B)`, split at its top-level commas.
std::vector<std::string> sides_of_split(const std::string& text) {
  if (text.rfind("if(", 0) != 0) return {};
  std::vector<std::string> parts{""};
  int depth = 0;
  for (size_t i = 3; i + 1 < text.size(); ++i) {
    const char c = text[i];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      parts.emplace_back();
      continue;
    }
    parts.back() += c;
  }
  if (parts.size() != 3) return {};
  return {parts[1], parts[2]};
}

TEST(GuessSearch, ACaseSplitIsShownOnlyWhereNeitherSideFitsAlone) {
  // ceil(n/l) + ceil((n - 1)/l) by integer arithmetic, l = 2..4, n = 1..14: a formula of
  // its own fits, so a split with that formula as a side (fitted on a few rows on the
  // other) is a branch the table does not ask for.
  table t;
  t.parameters = {"l", "n"};
  const auto up = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  for (int64_t l = 2; l <= 4; ++l)
    for (int64_t n = 1; n <= 14; ++n) t.rows.push_back({{l, n}, tv::expr::value::integer(up(n, l) + up(n - 1, l)), ""});
  const auto found = search(t, 8);
  ASSERT_FALSE(found.empty());
  size_t splits = 0;
  for (const auto& g : found) {
    const auto sides = sides_of_split(g.formula);
    if (sides.empty()) continue;
    ++splits;
    for (const auto& side : sides) EXPECT_FALSE(formula(side, t.parameters).fits(t)) << g.formula << " has a side that fits alone: " << side;
  }
  EXPECT_LT(splits, found.size());  // the unsplit formula is there too
}

}  // namespace
