// Linear recursive networks against the seed recursion of papers/004's Definition 1, evaluated
// on strings here, and Q_n(f) against a brute-force factor search.
#include "kernels/families/lrn.hpp"

#include <gtest/gtest.h>

#include <map>

#include "kernels/families/postal.hpp"
#include "tests/support.hpp"

namespace {

using tv::families::linear_recursive;

// L_0 = {e}; L_n = U_{|s| <= n} s||L_{n-|s|}, plus, for n < max|s|, the length-n prefixes
// of the seeds longer than n.
std::set<std::string> seed_recursion(const std::vector<std::string>& seeds, int n,
                                     std::map<int, std::set<std::string>>& memo) {
  if (n == 0) return {""};
  if (memo.count(n)) return memo[n];
  std::set<std::string> v;
  for (const auto& s : seeds) {
    if (static_cast<int>(s.size()) <= n) {
      for (const auto& t : seed_recursion(seeds, n - static_cast<int>(s.size()), memo)) v.insert(s + t);
    } else {
      v.insert(s.substr(0, n));
    }
  }
  return memo[n] = v;
}

std::set<uint64_t> to_labels(const std::set<std::string>& s) {
  std::set<uint64_t> out;
  for (const auto& x : s) out.insert(tv::test::from_bits(x));
  return out;
}

TEST(Lrn, SeedSetsMatchTheRecursion) {
  const std::vector<std::vector<std::string>> sets = {
      {"0", "1"}, {"0", "10"}, {"0", "100"}, {"0", "10", "110"}, {"00", "01", "1"},
      {"0", "11"}, {"1", "01", "000"}, {"10", "0", "1100", "1101"}};
  for (const auto& seeds : sets)
    for (int n = 1; n <= 13; ++n) {
      std::map<int, std::set<std::string>> memo;
      const auto ref = to_labels(seed_recursion(seeds, n, memo));
      const auto g = linear_recursive::from_seeds(n, seeds);
      std::string name;
      for (const auto& s : seeds) name += s + ",";
      EXPECT_EQ(tv::test::check_label_family(g, ref), "") << "seeds " << name << " n=" << n;
    }
}

TEST(Lrn, GeneratorGivesItsSeeds) {
  EXPECT_EQ(linear_recursive::generator_seeds("11"), (std::vector<std::string>{"0", "10"}));
  EXPECT_EQ(linear_recursive::generator_seeds("1011"),
            (std::vector<std::string>{"0", "100", "1010"}));
  EXPECT_THROW(linear_recursive::generator_seeds("011"), std::invalid_argument);
}

TEST(Lrn, PostalSeedsGiveThePostalNetwork) {
  for (int lambda = 1; lambda <= 5; ++lambda)
    for (int n = 1; n <= 12; ++n) {
      const auto pn = tv::families::postal_network::make(lambda, n);
      const auto g = linear_recursive::from_seeds(
          n, lambda == 1 ? std::vector<std::string>{"0", "1"}
                         : std::vector<std::string>{"0", "1" + std::string(lambda - 1, '0')});
      ASSERT_EQ(tv::test::labels_of(g), tv::test::labels_of(pn)) << lambda << " " << n;
    }
}

TEST(Lrn, AvoidingFactorMatchesBruteForce) {
  for (const std::string f : {"1", "0", "11", "101", "0110", "111", "1001", "10101"})
    for (int n = 1; n <= 13; ++n) {
      std::set<uint64_t> ref;
      for (uint64_t x = 0; x < (uint64_t{1} << n); ++x)
        if (tv::test::to_bits(x, n).find(f) == std::string::npos) ref.insert(x);
      const auto g = linear_recursive::avoiding(n, f);
      EXPECT_EQ(tv::test::check_label_family(g, ref), "") << "f=" << f << " n=" << n;
    }
}

TEST(Lrn, RejectsBadSeedSets) {
  EXPECT_THROW(linear_recursive::from_seeds(5, {"0", "01"}), std::invalid_argument);
  EXPECT_THROW(linear_recursive::from_seeds(5, {}), std::invalid_argument);
  EXPECT_THROW(linear_recursive::from_seeds(5, {"0", "1a"}), std::invalid_argument);
  EXPECT_THROW(linear_recursive::from_seeds(0, {"0"}), std::invalid_argument);
  EXPECT_THROW(linear_recursive::avoiding(5, ""), std::invalid_argument);
}

}  // namespace
