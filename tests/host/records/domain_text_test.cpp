// Parameter sets written short: hand-made sets with their expected text, and random
// subsets of a grid whose text, read back by an independent parser, is exactly the set.
#include "host/records/domain_text.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <sstream>

namespace {

using nlohmann::json;
using tv::host::describe_instances;
using tv::host::describe_parameter_set;
using tv::host::format_value_set;

std::vector<json> tuples(const std::vector<std::pair<int, int>>& pairs) {
  std::vector<json> out;
  for (auto [a, b] : pairs) out.push_back({{"lambda", a}, {"n", b}});
  return out;
}

TEST(DomainText, ValueSetsBecomeRunsOfThreeOrMore) {
  EXPECT_EQ(format_value_set({3, 5}), "3, 5");
  EXPECT_EQ(format_value_set({7, 8, 9, 10, 11, 12}), "7..12");
  EXPECT_EQ(format_value_set({1, 2, 4, 5, 6, 9}), "1, 2, 4..6, 9");
  EXPECT_EQ(format_value_set({9, 1, 1, 2, 3}), "1..3, 9");  // sorted, duplicates once
  EXPECT_EQ(format_value_set({true, false}), "false, true");
  EXPECT_EQ(format_value_set({"class", "cluster"}), "class, cluster");
  EXPECT_EQ(format_value_set({"0,10", "0,10,110"}), "\"0,10\", \"0,10,110\"");
}

TEST(DomainText, ProductsAreWrittenAsProducts) {
  std::vector<std::pair<int, int>> grid;
  for (int l = 2; l <= 4; ++l)
    for (int n = 7; n <= 12; ++n) grid.push_back({l, n});
  EXPECT_EQ(describe_parameter_set({"lambda", "n"}, tuples(grid)), "lambda = 2..4, n = 7..12");
  EXPECT_EQ(describe_parameter_set({"lambda", "n"}, tuples({{3, 3}, {3, 5}})), "lambda = 3, n = 3, 5");
  EXPECT_EQ(describe_parameter_set({"lambda", "n"}, tuples({{3, 4}})), "lambda = 3, n = 4");
  EXPECT_EQ(describe_parameter_set({"lambda", "n"}, {}), "");
}

TEST(DomainText, NonProductSetsAreAUnionNeverABoundingBox) {
  // k = 1 ran m = 1..3, k = 2 only m = 1..2: "k = 1..2, m = 1..3" would claim MC(2,3).
  std::vector<json> mc = {{{"k", 1}, {"m", 1}}, {{"k", 1}, {"m", 2}}, {{"k", 1}, {"m", 3}},
                          {{"k", 2}, {"m", 1}}, {{"k", 2}, {"m", 2}}};
  EXPECT_EQ(describe_parameter_set({"k", "m"}, mc), "k = 1, m = 1..3; k = 2, m = 1, 2");
  // Two blocks with the same n values merge on lambda: {1,2} x {1..4} u {3} x {1..9}.
  std::vector<std::pair<int, int>> pairs;
  for (int n = 1; n <= 4; ++n) pairs.push_back({1, n}), pairs.push_back({2, n});
  for (int n = 1; n <= 9; ++n) pairs.push_back({3, n});
  EXPECT_EQ(describe_parameter_set({"lambda", "n"}, tuples(pairs)),
            "lambda = 1, 2, n = 1..4; lambda = 3, n = 1..9");
}

TEST(DomainText, ConstantParametersAreWrittenOnceUpFront) {
  std::vector<json> mc;
  for (int k = 1; k <= 2; ++k)
    for (int m = 1; m <= 4 - k; ++m) mc.push_back({{"k", k}, {"m", m}, {"presentation", "class"}});
  EXPECT_EQ(describe_parameter_set({"k", "m", "presentation"}, mc),
            "presentation = class: k = 1, m = 1..3; k = 2, m = 1, 2");
}

TEST(DomainText, InstancesUseTheFamilysParameterOrderAndNameFamiliesWhenSeveral) {
  // Records read back from JSON sort their keys (f before n); the family says n, f.
  const json a = {{"family", "gfc"}, {"params", {{"n", 5}, {"f", "11"}}}};
  const json b = {{"family", "gfc"}, {"params", {{"n", 6}, {"f", "11"}}}};
  const json c = {{"family", "hypercube"}, {"params", {{"n", 3}}}};
  EXPECT_EQ(describe_instances({&a, &b}), "n = 5, 6, f = 11");
  EXPECT_EQ(describe_instances({&a, &c, &b}), "gfc n = 5, 6, f = 11; hypercube n = 3");
  // lrn instances carry seeds or generator: a missing key is left out of its part.
  const json s = {{"family", "lrn"}, {"params", {{"n", 5}, {"seeds", "0,10"}}}};
  const json g = {{"family", "lrn"}, {"params", {{"n", 5}, {"generator", "11"}}}};
  EXPECT_EQ(describe_instances({&s, &g}), "n = 5: generator = 11; seeds = \"0,10\"");
  // Several families: each part names its family and every parameter of it.
  EXPECT_EQ(describe_instances({&s, &g, &c}),
            "lrn n = 5, generator = 11; lrn n = 5, seeds = \"0,10\"; hypercube n = 3");
}

// ---- Read back: an independent parser of the text, for integer parameters only.

std::vector<long long> parse_values(const std::string& text) {
  std::vector<long long> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    const auto dots = item.find("..");
    if (dots == std::string::npos) {
      out.push_back(std::stoll(item));
    } else {
      for (long long v = std::stoll(item.substr(0, dots)); v <= std::stoll(item.substr(dots + 2)); ++v)
        out.push_back(v);
    }
  }
  return out;
}

/// "a = 1..3, b = 2" -> {a: [1,2,3], b: [2]}; keys are single letters here.
std::map<std::string, std::vector<long long>> parse_assignments(const std::string& text) {
  std::map<std::string, std::vector<long long>> out;
  size_t at = 0;
  while (at < text.size()) {
    const size_t eq = text.find(" = ", at);
    const std::string key = text.substr(at, eq - at);
    size_t next = text.find(", ", eq);  // the next "X = " starts after ", "
    while (next != std::string::npos && text.find(" = ", next) != next + 3) next = text.find(", ", next + 1);
    out[key] = parse_values(text.substr(eq + 3, next == std::string::npos ? std::string::npos : next - eq - 3));
    at = next == std::string::npos ? text.size() : next + 2;
  }
  return out;
}

std::set<std::vector<long long>> read_back(const std::string& text, const std::vector<std::string>& keys) {
  std::string body = text;
  std::map<std::string, std::vector<long long>> fixed;
  if (const auto colon = text.find(": "); colon != std::string::npos) {
    fixed = parse_assignments(text.substr(0, colon));
    body = text.substr(colon + 2);
  }
  std::set<std::vector<long long>> out;
  size_t at = 0;
  while (at <= body.size()) {
    const size_t semi = body.find("; ", at);
    auto part = parse_assignments(body.substr(at, semi == std::string::npos ? std::string::npos : semi - at));
    for (const auto& [k, v] : fixed) part[k] = v;
    std::vector<std::vector<long long>> acc = {{}};
    for (const auto& k : keys) {
      std::vector<std::vector<long long>> next;
      for (const auto& prefix : acc)
        for (long long v : part.at(k)) {
          auto t = prefix;
          t.push_back(v);
          next.push_back(t);
        }
      acc = next;
    }
    for (auto& t : acc) EXPECT_TRUE(out.insert(t).second) << "parts overlap in: " << text;
    if (semi == std::string::npos) break;
    at = semi + 2;
  }
  return out;
}

TEST(DomainText, RandomSubsetsOfAGridReadBackExactly) {
  std::mt19937 rng(7);
  const std::vector<std::string> keys = {"a", "b", "c"};
  for (int trial = 0; trial < 400; ++trial) {
    std::set<std::vector<long long>> want;
    std::vector<json> params;
    const int density = static_cast<int>(rng() % 100);
    for (long long a = 1; a <= 3; ++a)
      for (long long b = 0; b <= 4; ++b)
        for (long long c = 2; c <= 9; ++c)
          if (static_cast<int>(rng() % 100) < density) {
            want.insert({a, b, c});
            params.push_back({{"a", a}, {"b", b}, {"c", c}});
          }
    if (want.empty()) continue;
    const std::string text = describe_parameter_set(keys, params);
    EXPECT_EQ(read_back(text, keys), want) << text;
  }
}

}  // namespace
