// The rule interpreter (kernels/families/rule_program.hpp) against the expression
// language's own evaluator (kernels/expr/evaluate.hpp), written apart from it: on many
// expressions and values, both give the same value, or both refuse (an overflow, a shift
// out of range, a division by zero), the branches not taken failing nothing.  And the
// 64-lane member enumeration (rule_members.cpp) against the one-label interpreter, and the
// bounds that settle whole blocks of labels (rule_bounds.hpp) against every label's run.
#include "kernels/families/rule_program.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "kernels/expr/evaluate.hpp"
#include "kernels/expr/parser.hpp"
#include "kernels/families/rule_bounds.hpp"
#include "kernels/families/rule_lowering.hpp"
#include "kernels/families/rule_members.hpp"

namespace {

using namespace tv::families;
namespace expr = tv::expr;

/// One expression of a rule with parameter n, lowered and specialized for n, as a program.
struct compiled {
  rule_program program;
  rule_expression e;
};

compiled compile(const std::string& text, int64_t n, expr::scalar want) {
  rule_text rule;
  rule.name = "test";
  rule.parameters = {{"n", -1000, 1000}};
  const lowered_expression l = lower_expression(rule, "neighbors[0]", text, rule_reads::label_and_dimension, want);
  const instance_expression s = specialize(l, {n});
  compiled c;
  for (size_t k = 0; k < s.ops.size(); ++k) c.program.ops[k] = s.ops[k];
  for (size_t k = 0; k < s.constants.size(); ++k) c.program.constants[k] = s.constants[k];
  c.e.count = static_cast<uint8_t>(s.ops.size());
  c.e.invariant = static_cast<uint8_t>(s.invariant);
  return c;
}

/// The language's answer: the value, or nothing when it raises an error.
std::optional<int64_t> reference(const std::string& text, int64_t n, int64_t x, int64_t i) {
  expr::name_table names;
  const int n_id = names.add("n", {expr::scalar::integer, false});
  const int x_id = names.add("x", {expr::scalar::integer, false});
  const int i_id = names.add("i", {expr::scalar::integer, false});
  const expr::expression e = expr::parse(text, names);
  expr::bindings b;
  b.set(n_id, expr::value::integer(n));
  b.set(x_id, expr::value::integer(x));
  b.set(i_id, expr::value::integer(i));
  try {
    expr::evaluator ev(e, b);
    return ev.result().i;
  } catch (const expr::expr_error&) {
    return std::nullopt;
  }
}

const std::vector<std::string> integer_expressions = {
    "x ^ (1 << i)",
    "if(bit(x, i + 1) == 1, x ^ ((2 << i) - 1), x ^ (1 << i))",
    "x * x + i",
    "(x << i) - n",
    "floor(x / (i - 3))",
    "floor(x / (x - i))",
    "ceil(i / (x - 7))",
    "ceil((x - 100) / (i - 3))",
    "x % (i - 3)",
    "-x % 7",
    "pow(i - 5, n)",
    "gcd(x - 50, i * 3)",
    "min(x, i, n) + max(x - n, 3)",
    "abs(x - 2000)",
    "popcount(x) * bit(x, i)",
    "floor(log2(x + 1)) + ceil(log2(i + 1))",
    "x >> (i - 2)",
    "~x & ((1 << n) - 1)",
    "if(i > 60, 1 << (i + 5), i)",
    "if(x > 3, x - 9223372036854775807 - 2, 0)",
    "floor(n / 4) * x",
    "-(x - 9223372036854775807) - 2",
};

const std::vector<std::string> condition_expressions = {
    "x & (x >> 1) == 0",
    "x > n && x % (i - 4) == 1",
    "x < n || (1 << x) > 5",
    "!(x == i) && bit(x, i) == 1",
    "if(i == 0, true, floor(x / 2) > x - 1)",
};

std::vector<int64_t> sample_labels(std::mt19937_64& rng) {
  std::vector<int64_t> xs = {0, 1, 2, 3, 5, 63, 64, 100, 4095, int64_t{1} << 40, (int64_t{1} << 62) + 7,
                             INT64_MAX, -1, INT64_MIN};
  for (int k = 0; k < 30; ++k) xs.push_back(static_cast<int64_t>(rng() >> (rng() % 64)));
  return xs;
}

void expect_same(const std::string& text, expr::scalar want) {
  std::mt19937_64 rng(17);
  for (int64_t n : {int64_t{-3}, int64_t{0}, int64_t{5}, int64_t{24}, int64_t{63}}) {
    const compiled c = compile(text, n, want);
    for (int64_t x : sample_labels(rng))
      for (int64_t i : {int64_t{0}, int64_t{1}, int64_t{3}, int64_t{4}, int64_t{7}, int64_t{58}, int64_t{62},
                        int64_t{63}, int64_t{64}}) {
        bool fail = false;
        const int64_t got = rule_evaluate(c.program, c.e, static_cast<uint64_t>(x), i, fail);
        const std::optional<int64_t> ref = reference(text, n, x, i);
        ASSERT_EQ(fail, !ref.has_value()) << text << " at n=" << n << " x=" << x << " i=" << i;
        if (ref) ASSERT_EQ(got, *ref) << text << " at n=" << n << " x=" << x << " i=" << i;
      }
  }
}

TEST(RuleProgram, IntegersAgreeWithTheLanguage) {
  for (const auto& t : integer_expressions) expect_same(t, expr::scalar::integer);
}

TEST(RuleProgram, ConditionsAgreeWithTheLanguage) {
  for (const auto& t : condition_expressions) expect_same(t, expr::scalar::boolean);
}

TEST(RuleProgram, OnlyTheBranchTakenCanFail) {
  // 1 << 70 is an error, but only where it is the value taken.
  const compiled c = compile("if(x > 5, 1 << 70, x)", 0, expr::scalar::integer);
  bool fail = true;
  EXPECT_EQ(rule_evaluate(c.program, c.e, 3, 0, fail), 3);
  EXPECT_FALSE(fail);
  (void)rule_evaluate(c.program, c.e, 6, 0, fail);
  EXPECT_TRUE(fail);
}

TEST(RuleProgram, ParametersAreFoldedAndInvariantOperationsComeFirst) {
  // (1 << n) - 1 is a constant once n is known; x ^ it does not read i.
  const compiled c = compile("(x ^ ((1 << n) - 1)) + i", 4, expr::scalar::integer);
  ASSERT_EQ(c.e.count, 5);  // x, the constant 15, x ^ 15, i, the sum
  EXPECT_EQ(c.e.invariant, 3);
  bool fail = false;
  EXPECT_EQ(rule_evaluate(c.program, c.e, 5, 2, fail), (5 ^ 15) + 2);
}

TEST(RuleProgram, TheFailingOperationIsNamedWithItsColumn) {
  rule_text rule;
  rule.name = "test";
  rule.parameters = {{"n", 0, 100}};
  const lowered_expression l =
      lower_expression(rule, "neighbors[0]", "x + if(i > 2, 2 << i, 0)", rule_reads::label_and_dimension,
                       expr::scalar::integer);
  const instance_expression s = specialize(l, {10});
  compiled c;
  for (size_t k = 0; k < s.ops.size(); ++k) c.program.ops[k] = s.ops[k];
  for (size_t k = 0; k < s.constants.size(); ++k) c.program.constants[k] = s.constants[k];
  c.e.count = static_cast<uint8_t>(s.ops.size());
  c.e.invariant = static_cast<uint8_t>(s.invariant);
  EXPECT_EQ(explain_failure(c.program, c.e, s.op_node, l.tree, 1, 62),
            "column 15: '2 << i': 2 << 62 does not fit 64 bits");
  EXPECT_EQ(explain_failure(c.program, c.e, s.op_node, l.tree, 1, 64),
            "column 15: '2 << i': 2 << 64: a shift must be 0 to 63");
}

/// Every expression run in lanes (rule_run_lanes: one label's dimensions, or 64 labels),
/// lane by lane against one run at a time: the same value, or the same error (poison).
void expect_lanes_agree(const std::string& text, expr::scalar want) {
  std::mt19937_64 rng(29);
  rule_lane_registers r;
  for (int64_t n : {int64_t{0}, int64_t{5}, int64_t{63}}) {
    const compiled c = compile(text, n, want);
    const int last = c.e.count - 1;
    for (int64_t x : sample_labels(rng))
      for (const auto& [dx, di, lanes] : {std::tuple<uint64_t, int64_t, int>{0, 1, 64}, {0, 1, 37}, {1, 0, 64}}) {
        rule_run_lanes(c.program, c.e, static_cast<uint64_t>(x), dx, di, lanes, r);
        EXPECT_EQ(lanes < 64 ? r.poison[last] >> lanes : 0, 0u) << text << ": a lane past the last one";
        for (int l = 0; l < lanes; ++l) {
          bool fail = false;
          const uint64_t label = static_cast<uint64_t>(x) + static_cast<uint64_t>(l) * dx;
          const int64_t got = rule_evaluate(c.program, c.e, label, l * di, fail);
          const std::string at = text + " at n=" + std::to_string(n) + " x=" + std::to_string(label) +
                                 " i=" + std::to_string(l * di);
          ASSERT_EQ((r.poison[last] >> l) & 1, fail ? 1u : 0u) << at;
          if (!fail) ASSERT_EQ(r.value[last][l], got) << at;
        }
      }
  }
}

TEST(RuleProgram, LanesAgreeWithOneRunAtATime) {
  for (const std::string& text : integer_expressions) expect_lanes_agree(text, expr::scalar::integer);
  for (const std::string& text : condition_expressions) expect_lanes_agree(text, expr::scalar::boolean);
}

TEST(RuleMembers, SixtyFourLanesAgreeWithOneLabelAtATime) {
  for (const std::string text : {"x & (x >> 1) == 0", "popcount(x) % 3 == 1", "x % 7 == 0 || bit(x, 5) == 1",
                                 "x < 1000 && floor(4096 / (x + 1)) > 3", "x < 70000 || x % 5 == 0",
                                 "x >> 12 != 5 && (x & 192) != 128"}) {
    for (int bits : {1, 5, 6, 7, 13, 17}) {
      const compiled c = compile(text, 0, expr::scalar::boolean);
      std::vector<uint64_t> want;
      for (uint64_t x = 0; x < (uint64_t{1} << bits); ++x) {
        bool fail = false;
        if (rule_evaluate(c.program, c.e, x, 0, fail) && !fail) want.push_back(x);
      }
      const member_count counted = count_members(c.program, c.e, bits);
      ASSERT_EQ(counted.members, want.size()) << text << " bits=" << bits;
      EXPECT_EQ(counted.first_failure, ~uint64_t{0});
      std::vector<uint64_t> got(counted.members), words(2 * counted.accepted.size());  // bits, 32-bit counts
      list_members(c.program, c.e, bits, counted, got.data(), words.data());
      EXPECT_EQ(got, want) << text << " bits=" << bits;
      // The bit-count directory: each label's bit, and the members below each word.
      for (uint64_t x = 0; x < (uint64_t{1} << bits); ++x) {
        const bool member = std::binary_search(want.begin(), want.end(), x);
        ASSERT_EQ((words[x / 64] >> (x % 64)) & 1, member ? 1u : 0u) << text << " bits=" << bits << " x=" << x;
        const auto* below = reinterpret_cast<const uint32_t*>(words.data() + counted.accepted.size());
        if (x % 64 == 0)
          ASSERT_EQ(below[x / 64], static_cast<uint64_t>(std::lower_bound(want.begin(), want.end(), x) - want.begin()))
              << text << " bits=" << bits << " x=" << x;
      }
    }
  }
}

TEST(RuleMembers, TheFirstFailingLabelIsFound) {
  const compiled c = compile("x % (x - 37) == 0", 0, expr::scalar::boolean);  // 37 % 0 fails
  EXPECT_EQ(count_members(c.program, c.e, 10).first_failure, 37u);
  // Past blocks that their bounds settle (no member below 100000): 120000 % 0 fails.
  const compiled d = compile("x >= 100000 && x % (x - 120000) == 0", 0, expr::scalar::boolean);
  EXPECT_EQ(count_members(d.program, d.e, 17).first_failure, 120000u);
}

/// Every register's bounds over every aligned block of the labels below 2^8, and of a few
/// blocks far above, hold at each label of the block where the register is not poisoned,
/// and a register bound not to fail is poisoned at none; the verdicts follow.
TEST(RuleMembers, BlockBoundsHoldAtEveryLabel) {
  std::vector<std::pair<std::string, expr::scalar>> texts;
  for (const auto& t : integer_expressions) texts.emplace_back(t, expr::scalar::integer);
  for (const auto& t : condition_expressions) texts.emplace_back(t, expr::scalar::boolean);
  for (const std::string t :
       {"x % 3 != 0", "popcount(x) <= 2", "x >> 3 < 5", "(x & 12) == 8 || x < 7", "floor(x / 5) > 20",
        "ceil(log2(x + 1)) >= 3", "-x < -100", "abs(x - 128) < 30", "min(x, 100) == 100 && max(x, 7) > 9",
        "if(bit(x, 7) == 1, x ^ 255, x) < 64", "x * 3 - 7 > 100", "ceil(x / 3) % -4 == -1",
        "(x << 2) + 1 > 300 || !(x >= 9)", "x - 9223372036854775807 > 0", "(x << 62) > 0"})
    texts.emplace_back(t, expr::scalar::boolean);
  int decided = 0;
  for (const auto& [text, want] : texts) {
    const compiled c = compile(text, 5, want);
    rule_bound b[rule_max_ops];
    std::vector<std::pair<uint64_t, int>> blocks;
    for (int free = 0; free <= 8; ++free)
      for (uint64_t first = 0; first < 256; first += uint64_t{1} << free) blocks.emplace_back(first, free);
    for (int free : {0, 6, 20}) blocks.emplace_back((uint64_t{1} << 40) + (uint64_t{7} << 20), free);
    for (const auto& [first, free] : blocks) {
      rule_bound_block(c.program, c.e, first, free, b);
      const rule_block_verdict v = rule_decide_block(c.program, c.e, first, free);
      decided += v != rule_block_verdict::undecided;
      for (uint64_t x = first; x < first + std::min<uint64_t>(uint64_t{1} << free, 512); ++x) {
        rule_registers r;
        r.poison = 0;
        rule_run(c.program, c.e, 0, c.e.count, x, 3, r);
        const std::string at = text + " block " + std::to_string(first) + "+2^" + std::to_string(free) +
                               " x=" + std::to_string(x);
        for (int k = 0; k < c.e.count; ++k) {
          const bool poisoned = (r.poison >> k) & 1;
          if (!b[k].may_fail) ASSERT_FALSE(poisoned) << at << " register " << k;
          if (poisoned) continue;
          const int64_t value = r.value[k];
          ASSERT_TRUE(b[k].lo <= value && value <= b[k].hi) << at << " register " << k;
          ASSERT_EQ(static_cast<uint64_t>(value) & b[k].zero, 0u) << at << " register " << k;
          ASSERT_EQ(static_cast<uint64_t>(value) & b[k].one, b[k].one) << at << " register " << k;
        }
        const bool failed = (r.poison >> (c.e.count - 1)) & 1;
        if (v != rule_block_verdict::undecided) {
          ASSERT_FALSE(failed) << at;
          ASSERT_EQ(r.value[c.e.count - 1] != 0, v == rule_block_verdict::all) << at;
        }
      }
    }
  }
  EXPECT_GT(decided, 1000);  // the bounds settle blocks, not only hold
}

}  // namespace
