// Recurrences alone (host/guess/recurrence.hpp) on sequences counted here by enumeration:
// the recurrence found predicts counts beyond the ones it was fitted on, a pseudo-random
// sequence gets none, and check_steps names the first wrong step.
#include <gtest/gtest.h>

#include "host/guess/recurrence.hpp"

namespace {

using namespace tv::host::guess;

/// Binary strings of length n without `run` ones in a row, counted one by one.
int64_t strings_without_run(int n, int run) {
  int64_t count = 0;
  for (uint64_t x = 0; x < (uint64_t{1} << n); ++x) {
    uint64_t y = x;
    for (int i = 1; i < run; ++i) y &= x >> i;
    count += y == 0;
  }
  return count;
}

table counts(int run, int from, int to) {
  table t;
  t.parameters = {"n"};
  for (int n = from; n <= to; ++n) t.rows.push_back({{n}, tv::expr::value::integer(strings_without_run(n, run)), ""});
  return t;
}

TEST(GuessRecurrence, TheRecurrenceFoundPredictsLargerCounts) {
  for (int run = 2; run <= 4; ++run) {
    const auto slices = recurrences(counts(run, 1, 14)).slices;
    ASSERT_EQ(slices.size(), 1u);
    ASSERT_TRUE(slices[0].found) << "run " << run;
    std::map<int64_t, int64_t> values = slices[0].values;
    std::vector<int64_t> later;
    for (int n = 15; n <= 20; ++n) {
      values[n] = strings_without_run(n, run);
      later.push_back(n);
    }
    size_t checked = 0;
    EXPECT_FALSE(check_steps(*slices[0].found, slices[0], values, later, checked)) << slices[0].found->text;
    EXPECT_EQ(checked, later.size());
    EXPECT_EQ(slices[0].found->terms.size(), static_cast<size_t>(run)) << slices[0].found->text;
  }
}

TEST(GuessRecurrence, APseudoRandomSequenceFollowsNone) {
  table t;
  t.parameters = {"n"};
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int n = 1; n <= 24; ++n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    t.rows.push_back({{n}, tv::expr::value::integer(static_cast<int64_t>(x % 100000)), ""});
  }
  const auto slices = recurrences(t).slices;
  ASSERT_EQ(slices.size(), 1u);
  EXPECT_FALSE(slices[0].found) << slices[0].found->text;
}

TEST(GuessRecurrence, AWrongStepIsNamedWithBothValues) {
  const auto slices = recurrences(counts(3, 1, 14)).slices;
  ASSERT_TRUE(slices[0].found);
  std::map<int64_t, int64_t> values = slices[0].values;
  values[15] = strings_without_run(15, 3) + 1;
  size_t checked = 0;
  const auto f = check_steps(*slices[0].found, slices[0], values, {15}, checked);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->at, 15);
  EXPECT_EQ(f->value, strings_without_run(15, 3) + 1);
  EXPECT_EQ(f->predicted, std::to_string(strings_without_run(15, 3)));
}

TEST(GuessRecurrence, SlicesAreTheOtherParametersValuesAndGapsGetNone) {
  table t;
  t.parameters = {"run", "n"};
  for (int run = 2; run <= 3; ++run)
    for (int n : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14})  // n = 13 missing
      t.rows.push_back({{run, n}, tv::expr::value::integer(strings_without_run(n, run)), ""});
  const auto slices = recurrences(t).slices;
  ASSERT_EQ(slices.size(), 2u);
  EXPECT_EQ(slices[0].name, "run = 2");
  EXPECT_FALSE(slices[0].found);
  EXPECT_FALSE(slices[1].found);
}

}  // namespace

namespace {

/// Binary strings of length n whose ones are at least `gap` apart, counted one by one.
int64_t strings_with_gaps(int n, int gap) {
  int64_t count = 0;
  for (uint64_t x = 0; x < (uint64_t{1} << n); ++x) {
    bool ok = true;
    for (int d = 1; d < gap && ok; ++d) ok = (x & (x >> d)) == 0;
    count += ok;
  }
  return count;
}

TEST(GuessRecurrence, ALagThatFollowsAParameterIsOneFormForEverySlice) {
  table t;
  t.parameters = {"gap", "n"};
  for (int gap = 2; gap <= 4; ++gap)
    for (int n = 1; n <= 14; ++n) t.rows.push_back({{gap, n}, tv::expr::value::integer(strings_with_gaps(n, gap)), ""});
  const auto found = recurrences(t);
  ASSERT_TRUE(found.common);
  // Checked on a run length it never saw, against counts made here.
  slice five;
  five.others = {5};
  std::vector<int64_t> at;
  for (int n = 1; n <= 18; ++n) {
    five.values[n] = strings_with_gaps(n, 5);
    if (n > 10) at.push_back(n);
  }
  size_t checked = 0;
  EXPECT_FALSE(check_steps(*found.common, five, five.values, at, checked)) << found.common->text;
  EXPECT_EQ(checked, at.size());
  EXPECT_NE(found.common->text.find("gap"), std::string::npos) << found.common->text;
}

}  // namespace
