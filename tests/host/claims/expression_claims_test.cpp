// Claims written as expressions (host/claims/expression_claim.hpp, expression_verdict.hpp)
// on small instances, against ground truth computed here: each network built from its
// paper's definition on strings (tests/families/paper_definitions.hpp) with Hamming-1
// edges, distances by the tests' own queue BFS.  Verdicts, both sides' values, the first
// failing node of a per-node statement, the checks a claim's names need, and the verdict
// summary's group of the user's claims.
#include <gtest/gtest.h>

#include <algorithm>

#include "host/checks/registry.hpp"
#include "host/claims/expression_claim.hpp"
#include "host/claims/summary.hpp"
#include "host/claims/witness.hpp"
#include "host/errors.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"
#include "tests/families/paper_definitions.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using nlohmann::json;
using host::claims::expression_claim_spec;

/// The graph of a label set with Hamming-1 edges, labels ascending, and each node's
/// eccentricity and degree by brute force.
struct truth {
  std::vector<uint64_t> labels;
  std::vector<uint32_t> eccentricity, degree;
  uint32_t radius = ~0u, diameter = 0;
  explicit truth(std::vector<uint64_t> l) : labels(std::move(l)) {
    std::sort(labels.begin(), labels.end());
    const auto g = graph::hamming_graph(labels);
    for (uint64_t v = 0; v < g.nodes; ++v) {
      uint32_t e = 0;
      for (uint32_t d : test::queue_bfs(g, v)) e = std::max(e, d);
      eccentricity.push_back(e);
      degree.push_back(static_cast<uint32_t>(g.offsets[v + 1] - g.offsets[v]));
      radius = std::min(radius, e);
      diameter = std::max(diameter, e);
    }
  }
};

truth efc_truth(int n) {
  std::vector<uint64_t> labels;
  for (const auto& s : test::efc_definition1_order(n)) labels.push_back(test::from_bits(s));
  return truth(labels);
}

truth fibonacci_cube_truth(int n) {
  std::vector<uint64_t> labels;
  for (const auto& s : test::postal_definition1(2, n)) labels.push_back(test::from_bits(s));
  return truth(labels);
}

expression_claim_spec claim(const std::string& family, const std::string& holds, const std::string& when = "") {
  expression_claim_spec c;
  c.id = "mine";
  c.families = {family};
  c.holds = holds;
  c.when = when;
  return c;
}

/// The record of one instance with the claim and the checks its names need.
json record_of(const expression_claim_spec& c, const std::string& family,
               const std::map<std::string, std::string>& params) {
  std::vector<std::string> checks;
  json options = json::object();
  host::claims::add_needed_checks(c, family, checks, options);
  options["claims"]["expressions"] = json::array({c.to_json()});
  const host::instance inst = host::make_instance(family, params);
  return json::parse(host::run_checks(inst, checks, core::backend::cpu, options).dump());
}

/// The claim's entry in a record.
json entry_of(const json& record) {
  EXPECT_EQ(record["claims"].size(), 1u);
  return record["claims"][0];
}

TEST(ExpressionClaims, RadiusOfEfcAgainstBruteForce) {
  // "radius(EFC_n) = ceil(n/2)", a claim a user might make: its verdict on each n is
  // whatever brute force says, and the sides carry the values.
  int holds = 0, fails = 0;
  for (int n = 4; n <= 12; ++n) {
    const truth t = efc_truth(n);
    const expression_claim_spec c = claim("efc", "radius == ceil(n/2)");
    const json r = record_of(c, "efc", {{"n", std::to_string(n)}});
    const json e = entry_of(r);
    const bool expected = static_cast<int>(t.radius) == (n + 1) / 2;
    EXPECT_EQ(e["verdict"], expected ? "holds" : "fails") << "EFC_" << n << " radius " << t.radius;
    EXPECT_EQ(e["measured"][0]["term"], "radius");
    EXPECT_EQ(e["measured"][0]["value"], t.radius);
    EXPECT_EQ(e["measured"][1]["term"], "ceil(n/2)");
    EXPECT_EQ(e["measured"][1]["value"], (n + 1) / 2);
    EXPECT_EQ(e["holds"], "radius == ceil(n/2)");
    (expected ? holds : fails)++;
    if (!expected) {
      const std::string s = host::claims::explain_failure(r, e);
      EXPECT_EQ(s, "EFC_" + std::to_string(n) + ": radius = " + std::to_string(t.radius) +
                       "; ceil(n/2) = " + std::to_string((n + 1) / 2));
    }
  }
  EXPECT_GT(holds + fails, 0);
}

TEST(ExpressionClaims, AFalseClaimFailsWithBothSides) {
  // The hypercube's diameter is n (BFS), so "diameter == n - 1" fails on every Q(n).
  for (int n = 1; n <= 6; ++n) {
    std::vector<uint64_t> all;
    for (uint64_t x = 0; x < (uint64_t{1} << n); ++x) all.push_back(x);
    const truth t(all);
    const json r = record_of(claim("hypercube", "diameter == n - 1"), "hypercube", {{"n", std::to_string(n)}});
    const json e = entry_of(r);
    EXPECT_EQ(t.diameter, static_cast<uint32_t>(n));
    EXPECT_EQ(e["verdict"], "fails");
    EXPECT_EQ(host::claims::explain_failure(r, e),
              "Q(" + std::to_string(n) + "): diameter = " + std::to_string(t.diameter) + "; n - 1 = " +
                  std::to_string(n - 1));
    EXPECT_EQ(r["checks"], json::array({"counts", "diameter", "claims"}));  // the diameter check, inferred
  }
}

TEST(ExpressionClaims, PerNodeStatementsAndTheirFirstFailingNode) {
  for (int n = 3; n <= 10; ++n) {
    const truth t = fibonacci_cube_truth(n);
    const families::family net = families::postal_network::make(2, n);
    const std::map<std::string, std::string> params = {{"lambda", "2"}, {"n", std::to_string(n)}};
    // count(degree == 2) against the brute-force degrees, in a claim that holds.
    const int64_t twos = std::count(t.degree.begin(), t.degree.end(), 2u);
    json e = entry_of(record_of(claim("postal", "count(degree == 2) == " + std::to_string(twos)), "postal", params));
    EXPECT_EQ(e["verdict"], "holds") << n;
    EXPECT_EQ(e["measured"][0]["value"], twos);
    // all(eccentricity >= n / 2 + 1): fails at the first node (by index) whose
    // eccentricity is smaller, named by its label.
    const json r = record_of(claim("postal", "all(eccentricity >= n / 2 + 1)"), "postal", params);
    e = entry_of(r);
    std::optional<size_t> first;  // by label order; the witness gives the node index
    uint64_t first_index = ~uint64_t{0};
    for (size_t v = 0; v < t.labels.size(); ++v)
      if (2 * t.eccentricity[v] < static_cast<uint32_t>(n + 2)) {
        const uint64_t index = families::rank(net, t.labels[v]);
        if (index < first_index) {
          first_index = index;
          first = v;
        }
      }
    if (!first) {
      EXPECT_EQ(e["verdict"], "holds") << n;
      continue;
    }
    ASSERT_EQ(e["verdict"], "fails") << n;
    const json w = e["counterexample"];
    EXPECT_EQ(w["node"], test::to_bits(t.labels[*first], n)) << n;
    EXPECT_EQ(w["node_index"], first_index) << n;
    EXPECT_EQ(w["sides"][0]["term"], "eccentricity");
    EXPECT_EQ(w["sides"][0]["value"], t.eccentricity[*first]);
    EXPECT_EQ(w["sides"][1]["term"], "n / 2 + 1");
    const std::string rhs = n % 2 == 0 ? std::to_string(n / 2 + 1) : std::to_string(n + 2) + "/2";
    EXPECT_EQ(host::claims::explain_failure(r, e),
              "PN_2(" + std::to_string(n) + "): at node " + test::to_bits(t.labels[*first], n) + " (node " +
                  std::to_string(first_index) + "): eccentricity = " + std::to_string(t.eccentricity[*first]) +
                  "; n / 2 + 1 = " + rhs);
  }
}

TEST(ExpressionClaims, WeightAndLabelVectors) {
  // weight = ones in the label; in the Fibonacci cube the labels of weight k number
  // binomial(n - k + 1, k) (no two ones adjacent).
  const int n = 9;
  const truth t = fibonacci_cube_truth(n);
  int64_t weight2 = 0, label_sum = 0;
  for (uint64_t x : t.labels) {
    weight2 += __builtin_popcountll(x) == 2;
    label_sum += static_cast<int64_t>(x);
  }
  const std::map<std::string, std::string> params = {{"lambda", "2"}, {"n", "9"}};
  EXPECT_EQ(entry_of(record_of(claim("postal", "count(weight == 2) == binomial(n - 1, 2)"), "postal", params))["verdict"],
            weight2 == 28 ? "holds" : "fails");
  EXPECT_EQ(entry_of(record_of(claim("postal", "sum(label) == " + std::to_string(label_sum)), "postal", params))["verdict"],
            "holds");
  EXPECT_EQ(entry_of(record_of(claim("postal", "all(label & (label >> 1) == 0)"), "postal", params))["verdict"],
            "holds");
}

TEST(ExpressionClaims, WhenDecidesTheDomainAndProblemsAreNotChecked) {
  json e = entry_of(record_of(claim("efc", "radius >= 1", "n >= 6"), "efc", {{"n", "5"}}));
  EXPECT_EQ(e["verdict"], "not checked");
  EXPECT_EQ(e["reason"], "outside the claim's domain: when = \"n >= 6\" is false (n = 5)");
  e = entry_of(record_of(claim("efc", "radius >= 1", "n >= 6"), "efc", {{"n", "6"}}));
  EXPECT_EQ(e["verdict"], "holds");
  e = entry_of(record_of(claim("efc", "1 / (n - n) > 0"), "efc", {{"n", "5"}}));
  EXPECT_EQ(e["verdict"], "not checked");
  EXPECT_NE(e["reason"].get<std::string>().find("cannot evaluate holds = \"1 / (n - n) > 0\": column 1: '1 / (n - n)': division by zero"),
            std::string::npos)
      << e["reason"];
  e = entry_of(record_of(claim("efc", "wiener * wiener * wiener * wiener > 0"), "efc", {{"n", "12"}}));
  EXPECT_EQ(e["verdict"], "not checked");
  EXPECT_NE(e["reason"].get<std::string>().find("overflows the 64-bit integers"), std::string::npos) << e["reason"];
  // A per-node error names its node by label.
  e = entry_of(record_of(claim("hypercube", "all(10 / (label - 3) != 0)"), "hypercube", {{"n", "3"}}));
  EXPECT_EQ(e["verdict"], "not checked");
  EXPECT_NE(e["reason"].get<std::string>().find("division by zero at node 011 (node 3)"), std::string::npos)
      << e["reason"];
}

TEST(ExpressionClaims, TheChecksANameNeeds) {
  auto needs = [](const std::string& family, const std::string& holds) {
    std::vector<std::string> checks;
    json options = json::object();
    host::claims::add_needed_checks(claim(family, holds), family, checks, options);
    return std::make_pair(checks, options);
  };
  using v = std::vector<std::string>;
  EXPECT_EQ(needs("efc", "radius == 1").first, (v{"diameter", "claims"}));
  EXPECT_EQ(needs("efc", "wiener > 0 && radius > 0").first, (v{"distances", "claims"}));
  EXPECT_EQ(needs("efc", "all(eccentricity > 0) && diameter > 0").first, (v{"distances", "claims"}));
  EXPECT_EQ(needs("efc", "N == nodes && count(degree == 2) > 0").first, (v{"claims"}));
  EXPECT_EQ(needs("efc", "broadcast.rounds_max <= diameter").first, (v{"broadcast", "diameter", "claims"}));
  const auto [checks, options] = needs("efc", "metrics.effective_diameter_75 <= diameter");
  EXPECT_EQ(checks, (v{"metrics", "diameter", "claims"}));
  EXPECT_EQ(options["metrics"]["percentiles"], json::array({50, 75, 90}));
  // A check the job runs already is reused: distances writes the diameter too.
  std::vector<std::string> have = {"distances"};
  json options2 = json::object();
  host::claims::add_needed_checks(claim("efc", "diameter == 4"), "efc", have, options2);
  EXPECT_EQ(have, (v{"distances", "claims"}));
}

TEST(ExpressionClaims, ValidationNamesTheColumnAndTheNearestNames) {
  auto error_of = [](const expression_claim_spec& c) {
    try {
      host::claims::validate_expression_claim(c, "--claim");
    } catch (const host::input_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error_of(claim("efc", "radus == ceil(n/2)")),
            "--claim \"radus == ceil(n/2)\": column 1: unknown name 'radus' (did you mean: radius?)");
  EXPECT_EQ(error_of(claim("efc", "lambda == 2")).find("unknown name 'lambda'") != std::string::npos, true);
  EXPECT_NE(error_of(claim("efc", "radius == 1", "n >")).find("--when \"n >\": column 4: the expression ends"),
            std::string::npos);
  EXPECT_NE(error_of(claim("efc", "radius + 1")).find("is integer, not bool"), std::string::npos);
  EXPECT_NE(error_of(claim("efc", "degree == 2")).find("all(...), any(...) or count(...)"), std::string::npos);
  EXPECT_NE(error_of(claim("nosuch", "n > 1")).find("unknown family 'nosuch'"), std::string::npos);
  expression_claim_spec c = claim("efc", "n > 1");
  c.id = "pn.thm3";
  EXPECT_NE(error_of(c).find("is a claim of the catalog"), std::string::npos);
  c.id = "a b";
  EXPECT_NE(error_of(c).find("may hold only letters"), std::string::npos);
}

TEST(ExpressionClaims, TheSummaryShowsTheUsersClaimsAsAGroup) {
  std::vector<json> records;
  for (int n = 4; n <= 9; ++n) records.push_back(record_of(claim("efc", "radius == ceil(n/2)"), "efc", {{"n", std::to_string(n)}}));
  const auto summary = host::claims::verdict_summary(records);
  ASSERT_EQ(summary["papers"].size(), 1u);
  const auto& group = summary["papers"][0];
  EXPECT_EQ(group["key"], "own");
  EXPECT_EQ(group["reference"], "Your own claims");
  const auto& c = group["claims"][0];
  EXPECT_EQ(c["id"], "mine");
  EXPECT_EQ(c["holds"], "radius == ceil(n/2)");
  EXPECT_EQ(c["statement"], "radius == ceil(n/2)");
  uint64_t fails = 0;
  for (int n = 4; n <= 9; ++n) fails += static_cast<int>(efc_truth(n).radius) != (n + 1) / 2;
  EXPECT_EQ(c["instances"]["fails"], fails);
  EXPECT_EQ(c["verdict"], fails ? "fails" : "holds");
  const std::string text = host::claims::render_summary(summary, 100);
  EXPECT_NE(text.find("Your own claims"), std::string::npos) << text;
  EXPECT_EQ(text.find("papers/own"), std::string::npos) << text;
}

}  // namespace
