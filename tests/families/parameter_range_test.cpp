// require_in_range (kernels/families/parameter_range.hpp): the bounds are inclusive, and
// every family's make() refuses an out-of-range parameter with the one sentence, the
// reason in parentheses where the family gives one.
#include "kernels/families/parameter_range.hpp"

#include <gtest/gtest.h>

#include <string>

#include "kernels/families/family.hpp"
#include "tests/refusal.hpp"

namespace {

using namespace tv::families;

using tv::test::refusal;

TEST(ParameterRange, BoundsAreInclusive) {
  EXPECT_NO_THROW(require_in_range("f", "x", 1, 1, 3));
  EXPECT_NO_THROW(require_in_range("f", "x", 3, 1, 3));
  EXPECT_EQ(refusal([] { require_in_range("f", "x", 0, 1, 3); }), "f: x = 0 is out of range 1..3");
  EXPECT_EQ(refusal([] { require_in_range("f", "x", 4, 1, 3, "why"); }),
            "f: x = 4 is out of range 1..3 (why)");
}

TEST(ParameterRange, EveryFamilyRefusesWithTheOneSentence) {
  EXPECT_EQ(refusal([] { hypercube::make(64); }),
            "hypercube: n = 64 is out of range 1..63 (Q(n) has 2^n nodes)");
  EXPECT_EQ(refusal([] { metacube::make(6, 1); }), "metacube: k = 6 is out of range 0..5");
  EXPECT_EQ(refusal([] { metacube::make(1, 0); }), "metacube: m = 0 is out of range 1..63");
  EXPECT_EQ(refusal([] { de_bruijn::make(0); }), "debruijn: k = 0 is out of range 1..63");
  EXPECT_EQ(refusal([] { postal_network::make(0, 5); }), "postal: lambda = 0 is out of range 1..64");
  EXPECT_EQ(refusal([] { postal_network::make(2, 65); }), "postal: n = 65 is out of range 1..64");
  EXPECT_EQ(refusal([] { enhanced_fibonacci_cube::make(2); }),
            "efc: n = 2 is out of range 3..66 (labels have n-2 bits)");
  EXPECT_EQ(refusal([] { linear_recursive::from_seeds(0, {"0", "10"}); }),
            "lrn: n = 0 is out of range 1..64");
}

}  // namespace
