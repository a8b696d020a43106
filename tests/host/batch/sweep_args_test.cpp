// Command-line sweeps: values, lists and ranges expand to the product of their values,
// small to large; text values keep their commas; every bad argument is one input_error
// naming the key and what it takes.
#include "host/batch/sweep_args.hpp"

#include <gtest/gtest.h>

#include <set>

#include "host/errors.hpp"

namespace {

using tv::host::expand_sweep;
using tv::host::input_error;

std::string error_of(const std::string& family, const std::vector<std::string>& args) {
  try {
    expand_sweep(family, args);
  } catch (const input_error& e) {
    return e.what();
  }
  return "";
}

TEST(SweepArgs, RangeExpandsToEveryValueSmallToLarge) {
  const auto insts = expand_sweep("postal", {"lambda=3", "n=1..20"});
  ASSERT_EQ(insts.size(), 20u);
  for (size_t i = 0; i < insts.size(); ++i) {
    EXPECT_EQ(insts[i].params["lambda"], 3);
    EXPECT_EQ(insts[i].params["n"], static_cast<long long>(i + 1));  // PN_3(n) grows with n
  }
}

TEST(SweepArgs, ListsAndRangesMixAndFormAProduct) {
  const auto insts = expand_sweep("metacube", {"m=1..2,4", "k=1,2"});
  ASSERT_EQ(insts.size(), 6u);
  std::set<std::pair<long long, long long>> seen;
  uint64_t last = 0;
  for (const auto& i : insts) {
    seen.insert({i.params["k"].get<long long>(), i.params["m"].get<long long>()});
    const uint64_t n = tv::families::size_of(i.net);
    EXPECT_LE(last, n) << i.label();  // small to large
    last = n;
    // MC(k,m) has 2^(m 2^k + k) nodes: the order is the brute-force order of that count.
    const long long k = i.params["k"], m = i.params["m"];
    EXPECT_EQ(n, uint64_t{1} << (m * (1 << k) + k));
    EXPECT_EQ(i.params["presentation"], "class");  // the default fills the rest
  }
  const std::set<std::pair<long long, long long>> want = {{1, 1}, {1, 2}, {1, 4},
                                                          {2, 1}, {2, 2}, {2, 4}};
  EXPECT_EQ(seen, want);
}

TEST(SweepArgs, TextValuesKeepTheirCommasAndSplitOnSemicolons) {
  const auto one = expand_sweep("lrn", {"n=5", "seeds=0,10"});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].params["seeds"], "0,10");
  const auto two = expand_sweep("lrn", {"n=5", "seeds=0,10;0,10,110"});
  ASSERT_EQ(two.size(), 2u);
  std::set<std::string> seeds = {two[0].params["seeds"], two[1].params["seeds"]};
  EXPECT_EQ(seeds, (std::set<std::string>{"0,10", "0,10,110"}));
}

TEST(SweepArgs, BooleansTakeListsAndSingleValuesStayOneInstance) {
  EXPECT_EQ(expand_sweep("debruijn", {"k=3", "directed=true,false"}).size(), 2u);
  const auto one = expand_sweep("postal", {"lambda=2", "n=9"});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].label(), "postal lambda=2 n=9");
}

TEST(SweepArgs, BadArgumentsNameTheKeyAndWhatItTakes) {
  EXPECT_EQ(error_of("postal", {"lambda=3", "n=1..70"}),
            "postal: parameter 'n' = 1..70 holds 65, out of range 1..64");
  EXPECT_EQ(error_of("postal", {"lambda=0", "n=3"}),
            "postal: parameter 'lambda' = 0 is out of range 1..64");
  EXPECT_EQ(error_of("postal", {"lambda=3", "size=3"}),
            "family 'postal' has no parameter 'size' (its parameters: lambda, n)");
  EXPECT_EQ(error_of("postal", {"lambda=3", "n=5..2"}), "parameter 'n' range \"5..2\" is empty");
  EXPECT_EQ(error_of("postal", {"lambda=3", "n=1..x"}),
            "parameter 'n' = \"1..x\" is not an integer range like \"1..24\"");
  EXPECT_EQ(error_of("postal", {"lambda=3", "n=2,2"}),
            "postal: parameter 'n' = '2,2' names the value 2 twice");
  EXPECT_EQ(error_of("postal", {"lambda=3", "n=3", "n=4"}), "parameter 'n' is given twice");
  EXPECT_EQ(error_of("postal", {"lambda=3", "n"}), "parameter 'n' is not of the form key=value");
  EXPECT_NE(error_of("postal", {"lambda=3", "n="}).find("'n' has no value"), std::string::npos);
  EXPECT_NE(error_of("postal", {"lambda=3", "n=2,,3"}).find("holds an empty value"),
            std::string::npos);
  EXPECT_NE(error_of("debruijn", {"k=3", "directed=maybe"}).find("is not a boolean"),
            std::string::npos);
  EXPECT_NE(error_of("postal", {"n=3"}).find("missing parameter 'lambda'"), std::string::npos);
  EXPECT_NE(error_of("mesh", {"n=3"}).find("unknown family 'mesh'"), std::string::npos);
}

}  // namespace
