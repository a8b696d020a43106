// EFC_n against Definition 1 of papers/001: the recursion with the bases V_3..V_6 typed
// in from the paper, evaluated on strings (tests/families/paper_definitions.hpp).
#include "kernels/families/efc.hpp"

#include <gtest/gtest.h>

#include <random>

#include "tests/families/paper_definitions.hpp"
#include "tests/support.hpp"

namespace {

using tv::families::enhanced_fibonacci_cube;

TEST(Efc, MatchesDefinition1) {
  for (int n = 3; n <= 20; ++n) {
    const auto e = enhanced_fibonacci_cube::make(n);
    std::set<uint64_t> ref;
    for (const auto& s : tv::test::efc_definition1_order(n)) {
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
    ASSERT_EQ(tv::test::check_rank_round_trips(enhanced_fibonacci_cube::make(n), rng, 2000), "") << "n=" << n;
  }
}

TEST(Efc, RefusesOutOfRange) {
  EXPECT_THROW(enhanced_fibonacci_cube::make(2), std::invalid_argument);
  EXPECT_THROW(enhanced_fibonacci_cube::make(67), std::invalid_argument);
}

}  // namespace
