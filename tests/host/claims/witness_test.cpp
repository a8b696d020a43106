// Failing claims in words (host/claims/witness.hpp): nodes named by label and node index,
// and the generic sentence for a claim entry without a sentence of its own.
#include "host/claims/witness.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "host/claims/claim.hpp"
#include "kernels/graph/csr.hpp"
#include "host/families.hpp"

namespace tv::host::claims {
namespace {

using nlohmann::json;

json record(const std::string& family, json params) {
  return json{{"family", family}, {"params", std::move(params)}};
}

TEST(FailureView, NamesALabelWithItsIndexInTheEnumeration) {
  // EFC_5 has labels of 3 bits; its node index is the position in increasing label order,
  // which the test takes from the enumeration itself.
  const json rec = record("efc", {{"n", 5}});
  const json entry = {{"id", "efc.p6"}};
  const failure_view f(rec, entry);
  const auto labels = graph::enumerate_labels(core::backend::cpu, make_instance("efc", {{"n", "5"}}).net);
  for (uint64_t i = 0; i < labels.size(); ++i)
    EXPECT_EQ(f.node(label_bits(labels[i], 3)), label_bits(labels[i], 3) + " (node " + std::to_string(i) + ")");
  EXPECT_EQ(f.instance(), "EFC_5");
  EXPECT_EQ(f.bits(), 3);
}

TEST(FailureView, SaysWhenAStringIsNotANode) {
  const json rec = record("postal", {{"lambda", 2}, {"n", 5}});
  const failure_view f(rec, json{{"id", "x"}});
  EXPECT_EQ(f.node("11000"), "11000 (not a node)");  // two adjacent 1-bits: not in PN_2(5)
  // 10000's index is the count of labels below it, taken from the enumeration.
  const auto labels = graph::enumerate_labels(core::backend::cpu,
                                              make_instance("postal", {{"lambda", "2"}, {"n", "5"}}).net);
  const auto below = std::count_if(labels.begin(), labels.end(), [](uint64_t x) { return x < 0b10000; });
  EXPECT_EQ(f.node("10000"), "10000 (node " + std::to_string(below) + ")");
  EXPECT_EQ(f.node("1"), "1");        // not a label of this width: left alone
}

TEST(FailureView, WithoutABuildableInstanceLabelsStandAlone) {
  const json rec = record("torus", {{"k", 3}});
  const failure_view f(rec, json{{"id", "x"}});
  EXPECT_EQ(f.node("010"), "010");
  EXPECT_EQ(f.instance(), "torus k=3");
}

TEST(ExplainFailure, GenericSentenceForAClaimWithoutOne) {
  const json rec = record("postal", {{"lambda", 2}, {"n", 7}});
  const json entry = {{"id", "no.such.claim"},
                      {"verdict", "fails"},
                      {"claimed", 4},
                      {"measured", 5},
                      {"counterexample", {{"source", "0000000"}}},
                      {"reason", nullptr}};
  EXPECT_EQ(explain_failure(rec, entry),
            "PN_2(7): no.such.claim fails: claimed 4, measured 5; witness source 0000000 (node 0)");
}

TEST(ExplainFailure, GenericSentenceShortensLongValues) {
  const json rec = record("efc", {{"n", 6}});
  json big = json::array();
  for (int i = 0; i < 100; ++i) big.push_back(i);
  const json entry = {{"id", "no.such.claim"}, {"claimed", big}, {"measured", "x"}, {"counterexample", big}};
  const std::string s = explain_failure(rec, entry);
  EXPECT_LT(s.size(), 160u) << s;
  EXPECT_EQ(s.find('\n'), std::string::npos);
  EXPECT_EQ(s.rfind("EFC_6: no.such.claim fails: claimed 0, 1, 2, 3,", 0), 0u) << s;
  EXPECT_NE(s.find("..., measured x; witness 0, 1, 2, 3,"), std::string::npos) << s;
}

TEST(ExplainFailure, GenericSentenceNamesTheFailingPartOfAPartList) {
  const json rec = record("efc", {{"n", 6}});
  const json entry = {{"id", "no.such.claim"},
                      {"claimed", {{"a", 1}, {"b", 2}}},
                      {"measured", {{"a", 1}, {"b", 3}}},
                      {"counterexample", {{"part", "b"}}},
                      {"reason", "3 parts fail; the first is shown"}};
  EXPECT_EQ(explain_failure(rec, entry),
            "EFC_6: no.such.claim fails at \"b\": claimed 2, measured 3 (and 2 more failing parts)");
}

TEST(Brief, ShortTextOfJsonValues) {
  EXPECT_EQ(brief(json("abc")), "abc");
  EXPECT_EQ(brief(json(0.1 + 0.2)), "0.3");
  EXPECT_EQ(brief(json()), "nothing");
  EXPECT_EQ(brief(json("abcdefghij"), 8), "abcde...");
}

}  // namespace
}  // namespace tv::host::claims
