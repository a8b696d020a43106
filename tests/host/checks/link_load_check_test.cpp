// The `link_load` check's record and options: Q(3) under ecube worked out by hand, the
// record of shortest paths equal to the kernel's summary, stuck routes named by labels,
// a network read from a file routed by shortest paths alone, the pair limit said in the
// record, and every bad option refused as input_error before any work.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "host/checks/link_load_check.hpp"
#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "kernels/sim/link_load.hpp"
#include "tests/host/test_folder.hpp"

namespace {

using namespace tv;

// ecube on Q(3): every directed link carries 2^(n-1) = 4 routes (tests/sim/link_load_test.cpp
// proves it for every n); 24 links, so 96 hops, the sum of the 56 pairs' distances.
TEST(LinkLoadCheck, EcubeOnQ3ByHand) {
  const auto inst = host::make_instance("hypercube", {{"n", "3"}});
  const auto l = host::run_checks(inst, {"link_load"}, core::backend::cpu,
                                  {{"link_load", {{"algorithm", "ecube"}}}})["link_load"];
  EXPECT_EQ(l["algorithm"], "ecube");
  EXPECT_EQ(l["choice"], "lowest");
  EXPECT_FALSE(l.contains("seed"));  // no random choice to seed
  EXPECT_EQ(l["pairs"], 56);
  EXPECT_EQ(l["routed_pairs"], 56);
  EXPECT_EQ(l["unrouted_pairs"], 0);
  EXPECT_TRUE(l["first_unrouted"].is_null());
  EXPECT_EQ(l["links"], 24);
  EXPECT_EQ(l["load_sum"], 96);
  EXPECT_EQ(l["max_load"], 4);
  EXPECT_EQ(l["mean_load"], 4.0);
  EXPECT_EQ(l["max_load_link"], nlohmann::ordered_json::array({"000", "001"}));
  EXPECT_EQ(l["max_load_links"], 24);
  EXPECT_EQ(l["histogram_bin_width"], 1);
  EXPECT_EQ(l["histogram"], nlohmann::ordered_json::array({0, 0, 0, 0, 24}));
  EXPECT_EQ(l["computed_on"], "cpu");
}

TEST(LinkLoadCheck, HashedShortestPathsByDefaultAsTheKernelSummarizes) {
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "6"}});
  const auto l = host::run_checks(inst, {"link_load"}, core::backend::cpu)["link_load"];
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  const sim::link_loads loads = sim::shortest_path_loads(core::backend::cpu, g, {sim::tie_break::hashed, 1});
  const sim::link_load_summary s = sim::summarize_loads(g, loads.per_arc);
  EXPECT_EQ(l["algorithm"], "shortest_path");
  EXPECT_EQ(l["tie_break"], "hashed");
  EXPECT_NE(l["next_hop"].get<std::string>().find("hash4(seed"), std::string::npos);
  EXPECT_EQ(l["seed"], 1);
  EXPECT_FALSE(l.contains("choice"));
  EXPECT_EQ(l["pairs"], g.nodes * (g.nodes - 1));
  EXPECT_EQ(l["routed_pairs"], loads.routed);
  EXPECT_EQ(l["links"], g.arcs());
  EXPECT_EQ(l["load_sum"], s.load_sum);
  EXPECT_EQ(l["max_load"], s.max_load);
  EXPECT_GT(s.max_load, 0u);
  EXPECT_EQ(l["mean_load"], s.mean_load);
  EXPECT_EQ(l["max_load_links"], s.max_links);
  EXPECT_EQ(l["histogram"].get<std::vector<uint64_t>>(), s.histogram);
  EXPECT_EQ(l["max_load_link"][0].get<std::string>().size(), 6u);  // 6-bit labels
}

// Either tie-break as the kernel computes it, the seed recorded where it is used; the
// loads sum to the distances whichever shortest next hop is taken.
TEST(LinkLoadCheck, EitherTieBreakAsTheKernelComputesIt) {
  const auto inst = host::make_instance("hypercube", {{"n", "4"}});
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  const auto hashed = host::run_checks(inst, {"link_load"}, core::backend::cpu,
                                       {{"link_load", {{"seed", 5}}}})["link_load"];
  EXPECT_EQ(hashed["tie_break"], "hashed");
  EXPECT_EQ(hashed["seed"], 5);
  EXPECT_EQ(hashed["max_load"],
            sim::summarize_loads(g, sim::shortest_path_loads(core::backend::cpu, g, {sim::tie_break::hashed, 5}).per_arc)
                .max_load);
  const auto l = host::run_checks(inst, {"link_load"}, core::backend::cpu,
                                  {{"link_load", {{"tie_break", "lowest"}}}})["link_load"];
  EXPECT_EQ(l["tie_break"], "lowest");
  EXPECT_NE(l["next_hop"].get<std::string>().find("lowest-index"), std::string::npos);
  EXPECT_FALSE(l.contains("seed"));
  EXPECT_EQ(l["max_load"], sim::summarize_loads(g, sim::shortest_path_loads(core::backend::cpu, g).per_arc).max_load);
  EXPECT_EQ(l["load_sum"], 512);  // 16 sources, their distances summing to 4 * 2^3 = 32 each
  EXPECT_EQ(hashed["load_sum"], 512);
}

TEST(LinkLoadCheck, StuckRoutesAreCountedAndNamed) {
  // ecube ("lowest": the leftmost differing bit first) on PN_2(3) = {000, 001, 010, 100,
  // 101}, by hand: 001 -> 010 flips bit 1 first, to 011, not a node; likewise 010 -> 100
  // and 010 -> 101 (to 110) and 101 -> 010 (to 001, then 011).  The other 16 arrive.
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "3"}});
  const auto l = host::run_checks(inst, {"link_load"}, core::backend::cpu,
                                  {{"link_load", {{"algorithm", "ecube"}}}})["link_load"];
  EXPECT_EQ(l["unrouted_pairs"], 4);
  EXPECT_EQ(l["routed_pairs"], 16);
  EXPECT_EQ(l["first_unrouted"], nlohmann::ordered_json::array({"001", "010"}));
}

class LinkLoadOnAFile : public test::scratch_folder_test {};

TEST_F(LinkLoadOnAFile, ShortestPathsOnlyOnAFilesNetwork) {
  const std::string path = dir + "/path.txt";
  std::ofstream(path) << "0 1\n1 2\n5 6\n";  // the path 0 - 1 - 2 and the edge 5 - 6
  const host::instance read = host::make_instance("edgelist", {{"path", path}});
  const auto l = host::run_checks(read, {"link_load"}, core::backend::cpu)["link_load"];
  EXPECT_EQ(l["pairs"], 20);
  EXPECT_EQ(l["routed_pairs"], 8);  // within {0, 1, 2} both ways, and 5 <-> 6
  EXPECT_EQ(l["load_sum"], 2 * (1 + 1 + 2) + 2);
  EXPECT_EQ(l["max_load"], 2);  // 0 -> 1 carries 0 -> 1 and 0 -> 2
  EXPECT_EQ(l["first_unrouted"], nlohmann::ordered_json::array({"0", "5"}));
  EXPECT_THROW(host::validate_check_options(host::find_check("link_load"), {{"algorithm", "ecube"}}, &read),
               host::input_error);
}

// Over the limit a network runs exactly where the least sample, 64 routers, is the whole
// of it (tests/host/checks/link_load_sample_test.cpp samples); past 2^32 nodes the check
// skips, saying why.
TEST(LinkLoadCheck, PairsOverTheLimitAreSaid) {
  const auto inst = host::make_instance("hypercube", {{"n", "4"}});
  const auto l = host::run_checks(inst, {"link_load"}, core::backend::cpu,
                                  {{"link_load", {{"max_pairs", 100}, {"algorithm", "ecube"}}}})["link_load"];
  EXPECT_EQ(l["exact"], true);
  EXPECT_EQ(l["max_load"], 8);  // 2^(n-1)
  const auto all = host::run_checks(inst, {"link_load"}, core::backend::cpu,
                                    {{"link_load", {{"max_pairs", 100}}}})["link_load"];
  EXPECT_EQ(all["exact"], true);
  EXPECT_EQ(all["routed_pairs"], 240);
  EXPECT_EQ(all["load_sum"], 16 * 4 * 8);  // the 16 x 15 pairs' distances: 16 * 32
  const auto huge = host::make_instance("hypercube", {{"n", "33"}});
  const auto h = host::run_checks(huge, {"link_load"}, core::backend::cpu)["link_load"];
  EXPECT_TRUE(h["pairs"].is_null() && h["max_load"].is_null());
  EXPECT_NE(h["skipped"].get<std::string>().find("over 2^32 nodes"), std::string::npos) << h["skipped"];
}

// The check's plan (link_load_plan), which its memory and the ETA's work model take as
// well: every target within max_pairs unless a size is asked for, the bound's sample
// above it (max_pairs / (N - 1) rounded down to 16 batches, 64 at least), a size asked
// for rounded up to the batches, and every target when that is N or more.
TEST(LinkLoadCheck, ThePlanItRunsAndCountsInMemory) {
  host::link_load_settings s;
  EXPECT_EQ(host::link_load_plan(4096, s).units, 0u);                        // 4096 x 4095 < 2^32
  EXPECT_EQ(host::link_load_plan(uint64_t{1} << 20, s).units, 4096u);        // 2^32 / (2^20 - 1)
  s.max_pairs = 100 * 99;
  EXPECT_EQ(host::link_load_plan(100, s).units, 0u);  // within: not the bound's 96 of 100
  EXPECT_EQ(host::link_load_plan(101, s).units, 96u);  // 9900 / 100 = 99, down to 96
  s.sample_size = 100;
  EXPECT_EQ(host::link_load_plan(101, s).units, 0u);   // 112 of 101: every one
  EXPECT_EQ(host::link_load_plan(4096, s).units, 112u);
  // Memory: a sample adds 24 bytes a link; 64 targets of Q(6) are all of them, no sample.
  const host::graph_shape q6{64, 384, false, true};
  const auto bytes = [&](const nlohmann::json& o) { return host::link_load_memory(q6, o, core::backend::cpu); };
  EXPECT_EQ(bytes({{"sample_targets", 64}}), bytes(nlohmann::json::object()));
  EXPECT_EQ(bytes({{"sample_targets", 48}}), bytes(nlohmann::json::object()) + 24 * 384);
  const auto inst = host::make_instance("hypercube", {{"n", "6"}});
  EXPECT_EQ(host::run_checks(inst, {"link_load"}, core::backend::cpu,
                             {{"link_load", {{"sample_targets", 64}}}})["link_load"]["exact"],
            true);
}

TEST(LinkLoadCheck, BadOptionsAreInputErrors) {
  const auto q3 = host::make_instance("hypercube", {{"n", "3"}});
  for (const nlohmann::json& bad :
       {nlohmann::json{{"algorithm", "dijkstra"}}, nlohmann::json{{"algorithm", 3}},
        nlohmann::json{{"choice", "lowest"}},  // shortest paths take no choice
        nlohmann::json{{"seed", "2"}}, nlohmann::json{{"algorithm", "ecube"}, {"choice", "leftmost"}},
        nlohmann::json{{"algorithm", "pn_adaptive"}, {"spare_limit", 1}},
        nlohmann::json{{"algorithm", "pn_nonminimal"}, {"spare_limit", 16}},
        nlohmann::json{{"algorithm", "efc_unicast"}, {"seed", -1}}, nlohmann::json{{"max_pairs", 0}},
        nlohmann::json{{"pairs", "all"}}, nlohmann::json{{"tie_break", "random"}},
        nlohmann::json{{"algorithm", "ecube"}, {"tie_break", "lowest"}},
        nlohmann::json{{"algorithm", "ecube"}, {"seed", 3}},  // ecube chooses nothing at random
        nlohmann::json{{"tie_break", "lowest"}, {"seed", 3}}, nlohmann::json{{"sample_targets", 15}},
        nlohmann::json{{"sample_sources", 64}}, nlohmann::json{{"algorithm", "ecube"}, {"sample_targets", 64}},
        nlohmann::json::array()}) {
    EXPECT_THROW(host::validate_link_load_options(bad), host::input_error) << bad.dump();
    EXPECT_THROW(host::validate_check_options(host::find_check("link_load"), bad, &q3), host::input_error)
        << bad.dump();
  }
  // Valid alone, refused by the instance: PN routing off postal networks, ecube at random.
  for (const nlohmann::json& bad : {nlohmann::json{{"algorithm", "pn_adaptive"}},
                                    nlohmann::json{{"algorithm", "ecube"}, {"choice", "random"}}}) {
    EXPECT_NO_THROW(host::validate_link_load_options(bad)) << bad.dump();
    EXPECT_THROW(host::validate_check_options(host::find_check("link_load"), bad, &q3), host::input_error)
        << bad.dump();
  }
  const host::link_load_settings s =
      host::parse_link_load_options({{"algorithm", "pn_nonminimal"}, {"spare_limit", 3}, {"seed", 9}});
  EXPECT_FALSE(s.shortest_path);
  EXPECT_EQ(s.rule.algorithm, sim::routing_algorithm::pn_nonminimal);
  EXPECT_EQ(s.rule.choice, sim::choice_rule::random);
  EXPECT_EQ(s.rule.spare_limit, 3);
  EXPECT_EQ(s.rule.seed, 9u);
  try {
    host::validate_link_load_options({{"choice", "lowest"}});
    ADD_FAILURE() << "choice with shortest paths was accepted";
  } catch (const host::input_error& e) {
    EXPECT_STREQ(e.what(), "link_load: option choice applies to a routing algorithm, not to algorithm = shortest_path");
  }
}

}  // namespace
