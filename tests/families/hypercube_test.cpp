// Q(n): the set of all n-bit words, degree n everywhere.
#include "kernels/families/hypercube.hpp"

#include <gtest/gtest.h>

#include "tests/support.hpp"

namespace {

TEST(Hypercube, EveryWordIsALabelWithDegreeN) {
  for (int n = 1; n <= 12; ++n) {
    const auto q = tv::families::hypercube::make(n);
    std::set<uint64_t> ref;
    for (uint64_t x = 0; x < (uint64_t{1} << n); ++x) ref.insert(x);
    EXPECT_EQ(tv::test::check_label_family(q, ref), "") << "n=" << n;
    for (uint64_t x = 0; x < q.size(); ++x) ASSERT_EQ(tv::test::neighbors_of(q, x).size(), size_t(n));
  }
}

TEST(Hypercube, RefusesOutOfRange) {
  EXPECT_THROW(tv::families::hypercube::make(0), std::invalid_argument);
  EXPECT_THROW(tv::families::hypercube::make(64), std::invalid_argument);
}

}  // namespace
