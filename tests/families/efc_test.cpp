// EFC_n against Definition 1 of papers/001: the recursion with the bases V_3..V_6 typed
// in from the paper, evaluated here on strings.
#include "kernels/families/efc.hpp"

#include <gtest/gtest.h>

#include <random>

#include "tests/support.hpp"

namespace {

using tv::families::enhanced_fibonacci_cube;

std::set<std::string> definition1(int n) {
  switch (n) {
    case 3: return {"1", "0"};
    case 4: return {"01", "00", "10"};
    case 5: return {"001", "101", "100", "000", "010"};
    case 6: return {"0001", "0101", "0100", "0000", "0010", "1010", "1000", "1001"};
    default: break;
  }
  std::set<std::string> v;
  for (const auto& s : definition1(n - 2)) {
    v.insert("00" + s);
    v.insert("10" + s);
  }
  for (const auto& s : definition1(n - 4)) {
    v.insert("0100" + s);
    v.insert("0101" + s);
  }
  return v;
}

TEST(Efc, MatchesDefinition1) {
  for (int n = 3; n <= 20; ++n) {
    const auto e = enhanced_fibonacci_cube::make(n);
    std::set<uint64_t> ref;
    for (const auto& s : definition1(n)) {
      ASSERT_EQ(static_cast<int>(s.size()), n - 2);
      ref.insert(tv::test::from_bits(s));
    }
    EXPECT_EQ(tv::test::check_label_family(e, ref), "") << "n=" << n;
    EXPECT_EQ(e.bits(), n - 2);
  }
}

TEST(Efc, RankRoundTripsAtLargeOrder) {
  std::mt19937_64 rng(3);
  for (int n : {40, 57, 66}) {
    const auto e = enhanced_fibonacci_cube::make(n);
    for (int t = 0; t < 2000; ++t) {
      const uint64_t i = rng() % e.size();
      const uint64_t x = e.unrank(i);
      ASSERT_TRUE(e.contains(x));
      ASSERT_EQ(e.rank(x), i);
      if (i + 1 < e.size()) ASSERT_LT(x, e.unrank(i + 1));
    }
  }
}

TEST(Efc, RefusesOutOfRange) {
  EXPECT_THROW(enhanced_fibonacci_cube::make(2), std::invalid_argument);
  EXPECT_THROW(enhanced_fibonacci_cube::make(67), std::invalid_argument);
}

}  // namespace
