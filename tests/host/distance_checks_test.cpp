// The `distances` and `diameter` checks as records: key names of DESIGN.md and values
// equal to brute force on small instances.
#include <gtest/gtest.h>

#include <fstream>

#include "host/checks.hpp"
#include "host/errors.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;

TEST(DistanceChecks, RecordFieldsEqualBruteForce) {
  for (const char* fam : {"postal", "efc", "debruijn"}) {
    std::map<std::string, std::string> kv;
    if (std::string(fam) == "postal") kv = {{"lambda", "3"}, {"n", "12"}};
    if (std::string(fam) == "efc") kv = {{"n", "11"}};
    if (std::string(fam) == "debruijn") kv = {{"k", "7"}};
    const auto inst = host::make_instance(fam, kv);
    const auto rec = host::run_checks(inst, {"distances", "diameter"}, core::backend::cpu);
    const auto g = graph::build_csr(core::backend::cpu, inst.net);
    const auto m = test::distance_matrix(g);
    uint32_t diameter = 0, radius = ~0u;
    uint64_t sum = 0;
    std::vector<uint64_t> counts;
    bool hamming = true;
    for (uint64_t s = 0; s < g.nodes; ++s) {
      uint32_t ecc = 0;
      for (uint64_t t = 0; t < g.nodes; ++t) {
        ecc = std::max(ecc, m[s][t]);
        sum += m[s][t];
        if (counts.size() <= m[s][t]) counts.resize(m[s][t] + 1, 0);
        ++counts[m[s][t]];
        hamming &= m[s][t] == uint32_t(__builtin_popcountll(g.labels[s] ^ g.labels[t]));
      }
      diameter = std::max(diameter, ecc);
      radius = std::min(radius, ecc);
    }
    EXPECT_EQ(rec["diameter"], diameter) << fam;
    EXPECT_EQ(rec["radius"], radius) << fam;
    EXPECT_EQ(rec["distance_counts"], counts) << fam;
    EXPECT_EQ(rec["unreachable_pairs"], 0) << fam;
    EXPECT_EQ(rec["wiener"], g.directed ? sum : sum / 2) << fam;
    EXPECT_EQ(rec["diameter_method"], g.directed ? "all pairs (directed)" : "iFUB") << fam;
    if (std::string(fam) == "debruijn") {
      EXPECT_FALSE(rec.contains("hamming_paths"));
    } else {
      EXPECT_EQ(rec["hamming_paths"], hamming) << fam;
    }
  }
}

TEST(DistanceChecks, PerNodeTableIsWrittenOnRequest) {
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "8"}});
  nlohmann::json opts = {{"distances", {{"per_node", "csv"}}}};
  const auto rec = host::run_checks(inst, {"distances"}, core::backend::cpu, opts);
  ASSERT_TRUE(rec.contains("per_node_file"));
  std::ifstream f(rec["per_node_file"].get<std::string>());
  std::string header, line;
  std::getline(f, header);
  EXPECT_EQ(header, "index,label,eccentricity,distance_sum");
  int rows = 0;
  while (std::getline(f, line)) ++rows;
  EXPECT_EQ(rows, 55);
  std::remove(rec["per_node_file"].get<std::string>().c_str());
}

TEST(DistanceChecks, BadOptionsAreInputErrors) {
  const auto inst = host::make_instance("hypercube", {{"n", "3"}});
  EXPECT_THROW(host::run_checks(inst, {"distances"}, core::backend::cpu,
                                {{"distances", {{"per_node", "xml"}}}}),
               host::input_error);
  EXPECT_THROW(host::run_checks(inst, {"distances"}, core::backend::cpu,
                                {{"distances", {{"colour", 1}}}}),
               host::input_error);
}

}  // namespace

namespace {

TEST(CountsCheck, HugeInstancesGiveNButSkipEnumerationWithAReason) {
  const auto inst = tv::host::make_instance("postal", {{"lambda", "2"}, {"n", "64"}});
  const auto rec = tv::host::run_checks(inst, {}, tv::core::backend::cpu);
  EXPECT_EQ(rec["nodes"], 27777890035288ull);  // F(66): N_2(64) from the counting table
  EXPECT_TRUE(rec["edges"].is_null());
  EXPECT_NE(rec["counts_skipped"].get<std::string>().find("enumeration limit"), std::string::npos);
}

}  // namespace
