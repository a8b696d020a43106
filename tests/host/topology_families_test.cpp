// The architects' families by name (host/topology_families.cpp): parameters and their
// published defaults, refusals of what a construction does not admit, the `topology`
// cost fields, and the `endpoints` and `paths` checks against the all-pairs engine's own
// distance counts (two engines written apart) and against closed forms.
#include <gtest/gtest.h>

#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"

namespace {

using namespace tv;

TEST(TopologyFamilies, DefaultsAreThePublishedConcentrations) {
  const host::instance sf = host::make_instance("slimfly", {{"q", "5"}});
  EXPECT_EQ(sf.nodes(), 50u);
  EXPECT_EQ(sf.params["concentration"], 4);  // ceil(k'/2), k' = 7
  EXPECT_EQ(sf.label(), "slimfly q=5 concentration=4");
  const host::instance df = host::make_instance("dragonfly", {{"a", "4"}, {"h", "2"}});
  EXPECT_EQ(df.params["p"], 2);  // a = 2p = 2h
  EXPECT_EQ(df.nodes(), 36u);
  const host::instance hx = host::make_instance("hyperx", {{"S", "4, 6"}});
  EXPECT_EQ(hx.params["T"], 2);
  EXPECT_EQ(hx.params["S"], "4, 6");
  const host::instance ft = host::make_instance("fattree", {{"k", "4"}, {"n", "3"}});
  EXPECT_EQ(ft.params["concentration"], 4);
  const host::instance bf = host::make_instance("butterfly", {{"k", "2"}, {"n", "3"}});
  EXPECT_EQ(bf.params["concentration"], 2);  // k terminals per first-stage switch: k^n
  EXPECT_EQ(bf.nodes(), 12u);
  EXPECT_EQ(bf.topology->endpoints.total(12), 8u);
  const host::instance jf = host::make_instance("jellyfish", {{"N", "20"}, {"k", "6"}, {"r", "4"}});
  EXPECT_EQ(jf.params["seed"], 1);
  EXPECT_EQ(jf.topology->endpoints.per_router, 2u);
}

TEST(TopologyFamilies, RefusalsNameTheParameter) {
  auto message = [](const std::string& family, const std::map<std::string, std::string>& kv) {
    try {
      (void)host::make_instance(family, kv);
    } catch (const host::input_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message("slimfly", {{"q", "6"}}), "slimfly: q = 6 is not 4w + delta with delta in {-1, 0, 1}");
  EXPECT_EQ(message("slimfly", {{"q", "15"}}), "slimfly: q = 15 is not a prime power of at least 3");
  EXPECT_EQ(message("polarfly", {{"q", "10"}}), "polarfly: q = 10 is not a prime power");
  EXPECT_EQ(message("hyperx", {{"S", "4,x"}}),
            "hyperx: S = '4,x': 'x' is not a dimension size (an integer from 2 to 2^20)");
  EXPECT_EQ(message("hyperx", {{"S", "4,1"}}), "hyperx: S_2 = 1 must be at least 2");
  EXPECT_EQ(message("jellyfish", {{"N", "20"}, {"k", "3"}, {"r", "4"}}), "jellyfish: r = 4 is more than k = 3 ports");
  EXPECT_EQ(message("butterfly", {{"k", "1"}, {"n", "3"}}), "butterfly: parameter 'k' = 1 is out of range 2..65536");
  EXPECT_EQ(message("dragonfly", {{"a", "4"}}), "dragonfly: missing parameter 'h' (global channels per router)");
}

// A dragonfly of 9 groups of 4 routers, 2 endpoints each: every router pair's distance
// counted by the all-pairs engine, weighted by 2 x 2 endpoints, is the endpoints' count.
TEST(TopologyFamilies, EndpointDistancesAreRouterDistancesWeighted) {
  const host::instance df = host::make_instance("dragonfly", {{"a", "4"}, {"h", "2"}});
  const auto r = host::run_checks(df, {"distances", "endpoints", "paths"}, core::backend::cpu, {});
  const auto& t = r["topology"];
  EXPECT_EQ(t["routers"], 36);
  EXPECT_EQ(t["endpoints"], 72);
  EXPECT_EQ(t["links"], 9 * 6 + 36);  // K_4 in each of 9 groups, one link per pair of groups
  EXPECT_EQ(t["radix"], 2 + 3 + 2);   // p + a - 1 + h
  EXPECT_DOUBLE_EQ(t["cables_per_endpoint"].get<double>(), 90.0 / 72.0);
  EXPECT_EQ(r["diameter"], 3);
  const auto& e = r["endpoints"];
  EXPECT_EQ(e["between"], "endpoints");
  EXPECT_EQ(e["exact"], true);
  const auto& routers = r["distance_counts"];
  ASSERT_EQ(e["distance_counts"].size(), routers.size());
  EXPECT_EQ(e["distance_counts"][0], 36 * 2 * 1);  // two endpoints of one router, both orders
  for (size_t d = 1; d < routers.size(); ++d) EXPECT_EQ(e["distance_counts"][d], 4 * routers[d].get<uint64_t>());
  EXPECT_EQ(e["pairs"], 72 * 71);
  EXPECT_EQ(e["diameter"], 3);
  const auto& p = r["path_diversity"];
  EXPECT_EQ(p["between"], "routers");
  EXPECT_EQ(p["pairs"], 36 * 35);
  EXPECT_EQ(p["min"], 1);  // neighbours in a group
}

// In a k-ary n-tree only the leaves serve endpoints: k^n of them, 2(n-1) hops apart at
// most, and an endpoint has k - 1 others on its own leaf.
TEST(TopologyFamilies, FatTreeEndpointsAreAtTheLeaves) {
  const host::instance ft = host::make_instance("fattree", {{"k", "3"}, {"n", "3"}});
  const auto r = host::run_checks(ft, {"endpoints"}, core::backend::cpu, {});
  const auto& e = r["endpoints"];
  EXPECT_EQ(e["endpoints"], 27);
  EXPECT_EQ(e["concentration"], nullptr);
  EXPECT_EQ(r["topology"]["routers_with_endpoints"], 9);
  EXPECT_EQ(e["pairs"], 27 * 26);
  EXPECT_EQ(e["distance_counts"][0], 27 * 2);
  EXPECT_EQ(e["diameter"], 4);
  EXPECT_EQ(e["distance_counts"].size(), 5u);
  EXPECT_EQ(e["distance_counts"][1], 0);  // leaves are never adjacent
  EXPECT_EQ(e["distance_counts"][3], 0);
}

TEST(TopologyFamilies, ASampleSaysSo) {
  const host::instance sf = host::make_instance("slimfly", {{"q", "7"}});
  const auto r = host::run_checks(sf, {"paths"}, core::backend::cpu, {{"paths", {{"sources", 10}}}});
  EXPECT_EQ(r["path_diversity"]["exact"], false);
  EXPECT_EQ(r["path_diversity"]["sources"], 10);
  EXPECT_EQ(r["path_diversity"]["pairs"], 10 * 97);
  EXPECT_NE(r["path_diversity"]["method"].get<std::string>().find("sample of 10 source routers"), std::string::npos);
}

}  // namespace
