// GF(q) (kernels/graph/topologies/galois_field.hpp) against the field axioms, checked on
// every pair and triple of small fields, and against integer arithmetic mod p for primes.
#include "kernels/graph/topologies/galois_field.hpp"

#include <gtest/gtest.h>

namespace {

using tv::graph::topologies::galois_field;

TEST(GaloisField, PrimeFieldsAreIntegersModP) {
  for (uint32_t p : {2u, 3u, 5u, 7u, 11u, 13u, 31u}) {
    const galois_field f = galois_field::make(p);
    for (uint32_t a = 0; a < p; ++a)
      for (uint32_t b = 0; b < p; ++b) {
        ASSERT_EQ(f.add(a, b), (a + b) % p) << p;
        ASSERT_EQ(f.mul(a, b), a * b % p) << p;
        ASSERT_EQ(f.sub(a, b), (a + p - b) % p) << p;
      }
  }
}

TEST(GaloisField, PrimePowersSatisfyTheFieldAxioms) {
  for (uint32_t q : {4u, 8u, 9u, 16u, 25u, 27u}) {
    const galois_field f = galois_field::make(q);
    EXPECT_EQ(f.q, q);
    // ξ generates every nonzero element once.
    std::vector<int> seen(q, 0);
    for (uint32_t i = 0; i + 1 < q; ++i) ++seen[f.primitive_power(i)];
    EXPECT_EQ(seen[0], 0) << q;
    for (uint32_t a = 1; a < q; ++a) EXPECT_EQ(seen[a], 1) << q << " element " << a;
    for (uint32_t a = 0; a < q; ++a) {
      EXPECT_EQ(f.add(a, f.neg(a)), 0u);
      EXPECT_EQ(f.mul(a, 1), a);
      if (a) EXPECT_EQ(f.mul(a, f.div(1, a)), 1u);
      for (uint32_t b = 0; b < q; ++b) {
        ASSERT_EQ(f.mul(a, b), f.mul(b, a));
        ASSERT_EQ(f.add(a, b), f.add(b, a));
        for (uint32_t c = 0; c < q; ++c) {
          ASSERT_EQ(f.mul(a, f.add(b, c)), f.add(f.mul(a, b), f.mul(a, c))) << q;
          ASSERT_EQ(f.mul(a, f.mul(b, c)), f.mul(f.mul(a, b), c)) << q;
        }
      }
    }
  }
}

TEST(GaloisField, RefusesWhatIsNoPrimePower) {
  for (uint64_t q : {0u, 1u, 6u, 10u, 12u, 36u, 100u})
    EXPECT_THROW(galois_field::make(q), std::invalid_argument) << q;
}

}  // namespace
