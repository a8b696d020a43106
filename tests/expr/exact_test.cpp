// Exact arithmetic of the expression language (kernels/expr/exact.hpp, operations.hpp)
// at the edges of the 64-bit range: overflow is refused, never wrapped; rationals stay
// exact; the functions agree with loops written here.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/expr/evaluate.hpp"
#include "kernels/expr/parser.hpp"

namespace {

using namespace tv::expr;

value eval(const std::string& text, int64_t x = 0) {
  name_table names;
  const int id = names.add("x", {scalar::integer});
  const expression e = parse(text, names);
  bindings b;
  b.set(id, value::integer(x));
  return evaluator(e, b).result();
}

/// The evaluation error of `text`, or "" when it evaluates.
std::string error_of(const std::string& text, int64_t x = 0) {
  try {
    eval(text, x);
  } catch (const expr_error& e) {
    return e.what();
  }
  return "";
}

bool holds(const std::string& text, int64_t x = 0) { return eval(text, x).truth(); }

TEST(ExprExact, IntegersAtTheLimitsAndOverflowRefused) {
  EXPECT_EQ(eval("9223372036854775807").i, INT64_MAX);
  EXPECT_EQ(eval("-9223372036854775807 - 1").i, INT64_MIN);
  EXPECT_EQ(eval("0x7fffffffffffffff").i, INT64_MAX);
  EXPECT_EQ(eval("x + 1", INT64_MAX - 1).i, INT64_MAX);
  for (const char* text : {"x + 1", "x * 2", "-x - 2", "abs(-x - 1)", "-(-x - 1)", "x - -1"}) {
    const std::string e = error_of(text, INT64_MAX);
    EXPECT_NE(e.find("overflows the 64-bit integers"), std::string::npos) << text << ": " << e;
  }
  // The largest square that fits, and the next one.
  EXPECT_EQ(eval("x * x", 3037000499).i, 3037000499LL * 3037000499LL);
  EXPECT_NE(error_of("x * x", 3037000500).find("3037000500 * 3037000500 overflows"), std::string::npos);
  // The error points at the operator's expression.
  EXPECT_EQ(error_of("1 + x * x", 3037000500).rfind("column 5: ", 0), 0u);
  // A Wiener index near 10^18 adds exactly.
  EXPECT_EQ(eval("x + 999999999999999999", 1).i, 1000000000000000000LL);
}

TEST(ExprExact, DivisionIsExactRational) {
  EXPECT_TRUE(holds("1/3 + 1/6 == 1/2"));
  EXPECT_TRUE(holds("(1/3) * 3 == 1"));
  EXPECT_TRUE(holds("7/2 > 3 && 7/2 < 4"));
  EXPECT_EQ(eval("ceil(7/2)").i, 4);
  EXPECT_EQ(eval("floor(7/2)").i, 3);
  EXPECT_EQ(eval("ceil(-7/2)").i, -3);
  EXPECT_EQ(eval("floor(-7/2)").i, -4);
  EXPECT_EQ(eval("ceil(x/2)", 6).i, 3);
  EXPECT_EQ(to_text(eval("x / 4", 6)), "3/2");
  EXPECT_EQ(to_text(eval("x / 2", 6)), "3");
  EXPECT_TRUE(holds("(x / 2) * 2 == x", INT64_MAX));
  EXPECT_EQ(eval("floor(x / 3)", INT64_MAX).i, INT64_MAX / 3);
  EXPECT_NE(error_of("1 / (x - x)").find("division by zero"), std::string::npos);
  EXPECT_NE(error_of("x / 1 + 1", INT64_MAX).find("overflows"), std::string::npos);
  // A rational whose terms do not fit is refused, not rounded.
  EXPECT_NE(error_of("1 / x + 1 / (x - 1)", INT64_MAX).find("overflows"), std::string::npos);
}

TEST(ExprExact, FloorModuloAndShifts) {
  EXPECT_EQ(eval("7 % 3").i, 1);
  EXPECT_EQ(eval("-7 % 3").i, 2);
  EXPECT_EQ(eval("7 % -3").i, -2);
  EXPECT_EQ(eval("x % -1", INT64_MIN).i, 0);
  EXPECT_NE(error_of("x % 0", 5).find("division by zero"), std::string::npos);
  EXPECT_EQ(eval("1 << 62").i, int64_t{1} << 62);
  EXPECT_NE(error_of("1 << 63").find("overflows"), std::string::npos);
  EXPECT_EQ(eval("-1 << 63").i, INT64_MIN);
  EXPECT_NE(error_of("1 << 64").find("a shift must be 0 to 63"), std::string::npos);
  EXPECT_NE(error_of("1 << -1").find("a shift must be 0 to 63"), std::string::npos);
  EXPECT_EQ(eval("-8 >> 1").i, -4);
  EXPECT_EQ(eval("~0").i, -1);
  EXPECT_EQ(eval("bit(x, 0) + bit(x, 2)", 5).i, 2);
  EXPECT_EQ(eval("bit(x, 63)", INT64_MIN).i, 1);
  EXPECT_NE(error_of("bit(1, 64)").find("bits are numbered 0 to 63"), std::string::npos);
  EXPECT_EQ(eval("popcount(x)", -1).i, 64);
  EXPECT_EQ(eval("popcount(x)", 0b1011).i, 3);
}

TEST(ExprExact, FunctionsAgreeWithLoops) {
  // fib: fib(0) = 0, fib(1) = 1; fib(92) is the last that fits.
  __int128 a = 0, b = 1;
  for (int n = 0; n <= 92; ++n) {
    EXPECT_EQ(eval("fib(x)", n).i, static_cast<int64_t>(a)) << n;
    const __int128 t = a + b;
    a = b;
    b = t;
  }
  EXPECT_NE(error_of("fib(93)").find("fib(93) overflows"), std::string::npos);
  EXPECT_NE(error_of("fib(-1)").find("takes n from 0"), std::string::npos);
  // binomial by Pascal's triangle, while it fits.
  std::vector<std::vector<long double>> pascal(68, std::vector<long double>(68, 0));
  for (int n = 0; n < 68; ++n) {
    pascal[n][0] = 1;
    for (int k = 1; k <= n; ++k) pascal[n][k] = pascal[n - 1][k - 1] + pascal[n - 1][k];
  }
  for (int n = 0; n <= 62; ++n)
    for (int k = 0; k <= n; ++k)
      EXPECT_EQ(eval("binomial(x, " + std::to_string(k) + ")", n).i, static_cast<int64_t>(pascal[n][k]));
  EXPECT_EQ(eval("binomial(66, 33)").i, 7219428434016265740LL);
  EXPECT_NE(error_of("binomial(67, 33)").find("overflows"), std::string::npos);
  EXPECT_EQ(eval("binomial(5, 7)").i, 0);
  EXPECT_EQ(eval("binomial(5, -1)").i, 0);
  // pow
  EXPECT_EQ(eval("pow(2, 62)").i, int64_t{1} << 62);
  EXPECT_NE(error_of("pow(2, 63)").find("overflows"), std::string::npos);
  EXPECT_EQ(eval("pow(-2, 63)").i, INT64_MIN);
  EXPECT_EQ(eval("pow(0, 0)").i, 1);
  EXPECT_NE(error_of("pow(2, -1)").find("negative power of an integer"), std::string::npos);
  EXPECT_TRUE(holds("pow(2/3, -2) == 9/4"));
  EXPECT_NEAR(eval("pow(2, 0.5)").f, std::sqrt(2.0), 1e-15);
  // gcd, abs, min, max
  EXPECT_EQ(eval("gcd(-4, 6)").i, 2);
  EXPECT_EQ(eval("gcd(0, 0)").i, 0);
  EXPECT_NE(error_of("gcd(x, 0)", INT64_MIN).find("overflows"), std::string::npos);
  EXPECT_EQ(eval("abs(-5)").i, 5);
  EXPECT_NE(error_of("abs(x)", INT64_MIN).find("overflows"), std::string::npos);
  EXPECT_TRUE(holds("min(3, 5/2, 4) == 5/2"));
  EXPECT_TRUE(holds("max(1, 2.5) == 2.5"));
}

TEST(ExprExact, CeilAndFloorOfLog2AndSqrtAreExact) {
  for (int64_t x = 1; x <= 5000; ++x) {
    int up = 0, down = 0;
    while ((int64_t{1} << up) < x) ++up;
    while ((int64_t{1} << (down + 1)) <= x) ++down;
    EXPECT_EQ(eval("ceil(log2(x))", x).i, up) << x;
    EXPECT_EQ(eval("floor(log2(x))", x).i, down) << x;
    int64_t r = 0;
    while ((r + 1) * (r + 1) <= x) ++r;
    EXPECT_EQ(eval("floor(sqrt(x))", x).i, r) << x;
    EXPECT_EQ(eval("ceil(sqrt(x))", x).i, r * r == x ? r : r + 1) << x;
  }
  // Where a double would round: 2^62 + 1 and the largest integer.
  EXPECT_EQ(eval("ceil(log2(x))", (int64_t{1} << 62) + 1).i, 63);
  EXPECT_EQ(eval("floor(log2(x))", (int64_t{1} << 62) + 1).i, 62);
  EXPECT_EQ(eval("ceil(log2(x))", INT64_MAX).i, 63);
  EXPECT_EQ(eval("floor(sqrt(x))", INT64_MAX).i, 3037000499LL);
  EXPECT_EQ(eval("floor(sqrt(x))", 3037000499LL * 3037000499LL).i, 3037000499LL);
  EXPECT_EQ(eval("floor(sqrt(x))", 3037000499LL * 3037000499LL - 1).i, 3037000498LL);
  // Rationals: log2(1/3) is about -1.58.
  EXPECT_EQ(eval("floor(log2(1/3))").i, -2);
  EXPECT_EQ(eval("ceil(log2(1/3))").i, -1);
  EXPECT_EQ(eval("ceil(log2(1/4))").i, -2);
  EXPECT_EQ(eval("ceil(sqrt(9/4))").i, 2);
  EXPECT_EQ(eval("floor(sqrt(9/4))").i, 1);
  EXPECT_NE(error_of("ceil(log2(0))").find("log2 takes numbers above 0"), std::string::npos);
  EXPECT_NE(error_of("floor(sqrt(-1))").find("sqrt takes numbers from 0"), std::string::npos);
  // Without ceil or floor they are floats.
  EXPECT_EQ(eval("log2(8)").s, scalar::real);
  EXPECT_DOUBLE_EQ(eval("log2(8)").f, 3.0);
}

TEST(ExprExact, FloatsMixAndPrintShortest) {
  EXPECT_TRUE(holds("1/2 + 0.5 == 1"));
  EXPECT_EQ(eval("1/2 + 0.5").s, scalar::real);
  EXPECT_EQ(to_text(eval("0.1 + 0.2")), "0.30000000000000004");
  EXPECT_EQ(to_text(eval("2.5")), "2.5");
  EXPECT_EQ(to_text(eval("1e3")), "1000");
  EXPECT_EQ(eval("ceil(2.1)").i, 3);
  EXPECT_NE(error_of("ceil(1e300)").find("has no 64-bit integer part"), std::string::npos);
  EXPECT_NE(error_of("1.0 / 0").find("division by zero"), std::string::npos);
}

TEST(ExprExact, AndOrIfSkipTheSideNotNeeded) {
  EXPECT_TRUE(holds("x == 0 || 10 / x > 1", 0));
  EXPECT_FALSE(holds("x != 0 && 10 / x > 1", 0));
  EXPECT_EQ(eval("if(x > 0, 10 / x, 0)", 0).i, 0);
  EXPECT_EQ(to_text(eval("if(x > 0, 10 / x, 0)", 4)), "5/2");
  EXPECT_NE(error_of("x == 1 || 10 / x > 1", 0).find("division by zero"), std::string::npos);
}

}  // namespace
