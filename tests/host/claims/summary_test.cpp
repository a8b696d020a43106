// The verdict summary on hand-made records: verdicts counted by claim (a claim failing on
// several instances counts once), instances apart, papers and claims in catalog order,
// exact "ran on" / "fails at", the smallest failure, reasons, and the terminal text.
#include "host/claims/summary.hpp"

#include <gtest/gtest.h>

#include "host/claims/references.hpp"
#include "host/claims/registry.hpp"

namespace {

using nlohmann::json;
using tv::host::claims::render_summary;
using tv::host::claims::verdict_summary;

json postal(int lambda, int n, uint64_t nodes, json claims, const char* status = "ok") {
  return {{"family", "postal"}, {"params", {{"lambda", lambda}, {"n", n}}}, {"nodes", nodes},
          {"status", status}, {"claims", std::move(claims)}};
}
json entry(const char* id, const char* verdict, const char* reason = nullptr) {
  json e = {{"id", id}, {"verdict", verdict}, {"claimed", 1}, {"measured", 2}, {"counterexample", nullptr}};
  e["reason"] = reason ? json(reason) : json();
  return e;
}

TEST(VerdictSummary, CountsClaimsNotInstances) {
  // pn.thm3 fails on three instances, pn.def1 holds on all four, pn.thm1 is outside its
  // domain on one and not checked (budget) on another; efc.p6 holds on an EFC.
  std::vector<json> recs = {
      postal(3, 3, 4, {entry("pn.thm3", "fails"), entry("pn.def1", "holds"),
                       entry("pn.thm1", "not checked", "outside the claim's domain: lambda > 2")}),
      postal(3, 5, 6, {entry("pn.thm3", "fails"), entry("pn.def1", "holds")}),
      postal(3, 4, 5, {entry("pn.thm3", "holds"), entry("pn.def1", "holds")}),
      postal(2, 7, 34, {entry("pn.thm3", "fails"), entry("pn.def1", "holds"),
                        entry("pn.thm1", "not checked", "over the budget")}),
      {{"family", "efc"}, {"params", {{"n", 5}}}, {"nodes", 8}, {"status", "ok"},
       {"claims", {entry("efc.p6", "holds")}}},
      {{"family", "efc"}, {"params", {{"n", 30}}}, {"nodes", 1}, {"status", "not checked"}},
  };
  const auto s = verdict_summary(recs);
  EXPECT_EQ(s["instances"]["total"], 6);
  EXPECT_EQ(s["instances"]["ok"], 5);
  EXPECT_EQ(s["instances"]["not checked"], 1);
  EXPECT_EQ(s["claims"]["total"], 4);
  EXPECT_EQ(s["claims"]["fails"], 1);  // pn.thm3, once, though on three instances
  EXPECT_EQ(s["claims"]["holds"], 2);
  EXPECT_EQ(s["claims"]["not_checked"], 1);
  EXPECT_EQ(s["claims"]["failing_instances"], 3);

  ASSERT_EQ(s["papers"].size(), 2u);
  EXPECT_EQ(s["papers"][0]["key"], "000");
  EXPECT_EQ(s["papers"][1]["key"], "001");
  EXPECT_EQ(s["papers"][0]["reference"],
            "Jie Wu and Yuanyuan Yang, The Postal Network: A Recursive Network for "
            "Parameterized Communication Model");
  // Catalog order (pn.def1, pn.thm1, pn.thm3), not the order of the records.
  const auto& claims = s["papers"][0]["claims"];
  ASSERT_EQ(claims.size(), 3u);
  EXPECT_EQ(claims[0]["id"], "pn.def1");
  EXPECT_EQ(claims[1]["id"], "pn.thm1");
  EXPECT_EQ(claims[2]["id"], "pn.thm3");

  const auto& thm3 = claims[2];
  EXPECT_EQ(thm3["verdict"], "fails");
  EXPECT_EQ(thm3["source"], "papers/000 Theorem 3");
  EXPECT_EQ(thm3["instances"].dump(), R"({"holds":1,"fails":3,"not_checked":0,"outside_domain":0})");
  EXPECT_EQ(thm3["domain_run"], "lambda = 2, n = 7; lambda = 3, n = 3..5");
  EXPECT_EQ(thm3["fails_at"], "lambda = 2, n = 7; lambda = 3, n = 3, 5");
  EXPECT_EQ(thm3["smallest_failure"]["instance"], "PN_3(3)");  // 4 nodes, the fewest
  EXPECT_EQ(thm3["smallest_failure"]["nodes"], 4);
  EXPECT_FALSE(thm3["smallest_failure"]["sentence"].get<std::string>().empty());
  EXPECT_TRUE(thm3["first_reason"].is_null());

  const auto& thm1 = claims[1];
  EXPECT_EQ(thm1["verdict"], "not checked");
  EXPECT_EQ(thm1["instances"]["outside_domain"], 1);
  EXPECT_EQ(thm1["instances"]["not_checked"], 1);
  EXPECT_EQ(thm1["domain_run"], "lambda = 2, n = 7");  // outside the domain is not "ran on"
  EXPECT_EQ(thm1["first_reason"], "PN_2(7): over the budget");

  const std::string text = render_summary(s, 100);
  EXPECT_NE(text.find("  FAILS        pn.thm3 (Theorem 3): 1 holds, 3 fail\n"), std::string::npos) << text;
  EXPECT_NE(text.find("fails at: lambda = 2, n = 7; lambda = 3, n = 3, 5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  not checked  pn.thm1 (Theorem 1): 1 not checked, 1 outside its domain\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("not checked: PN_2(7): over the budget\n"), std::string::npos) << text;
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1),
            "1 of 4 claims fails, 2 hold, 1 not checked, over 6 instances (5 ok, 1 not checked)\n");
  for (size_t at = 0, next; at < text.size(); at = next + 1) {  // fits 100 columns
    next = text.find('\n', at);
    EXPECT_LE(next - at, 100u) << text.substr(at, next - at);
  }
}

TEST(VerdictSummary, UnknownIdsAreCountedUnderTheirOwnHeading) {
  const auto s = verdict_summary({postal(2, 3, 5, {entry("zz.gone", "fails")})});
  EXPECT_EQ(s["claims"]["fails"], 1);
  ASSERT_EQ(s["papers"].size(), 1u);
  EXPECT_EQ(s["papers"][0]["key"], "");
  EXPECT_EQ(s["papers"][0]["claims"][0]["id"], "zz.gone");
}

TEST(VerdictSummary, EveryClaimOfTheCatalogHasAPaperAndAPlace) {
  for (const auto& c : tv::host::claims::catalog()) {
    EXPECT_NO_THROW(tv::host::claims::paper_key(c)) << c.id;
    EXPECT_FALSE(tv::host::claims::place_in_paper(c).empty()) << c.id;
  }
  EXPECT_EQ(tv::host::claims::paper_references().size(), 5u);
}

}  // namespace
