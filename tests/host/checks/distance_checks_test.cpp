// The `distances` and `diameter` checks as records: key names of docs/checks.md and values
// equal to brute force on small instances.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "host/checks/registry.hpp"
#include "host/checks/distance_checks.hpp"
#include "host/errors.hpp"
#include "host/records/labels.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;

/// The record's witness pair, found by label, is as far apart as the diameter says; its
/// radius center has the radius as eccentricity.
void expect_witness(const nlohmann::ordered_json& rec, const graph::csr_graph& g, const std::string& what) {
  auto index_of = [&](const nlohmann::ordered_json& label) {
    for (uint64_t v = 0; v < g.nodes; ++v)
      if (host::node_name(g.labels[v], static_cast<int>(label.get<std::string>().size())) == label.get<std::string>())
        return v;
    ADD_FAILURE() << what << ": no node " << label.dump();
    return uint64_t{0};
  };
  const auto& w = rec["diameter_witness"];
  const uint64_t s = index_of(w["source"]), t = index_of(w["target"]);
  EXPECT_EQ(w["distance"], rec["diameter"]) << what;
  EXPECT_EQ(test::queue_bfs(g, s)[t], rec["diameter"].get<uint32_t>()) << what;
  if (rec.contains("radius_center")) {
    const auto ecc = test::queue_bfs(g, index_of(rec["radius_center"]));
    EXPECT_EQ(*std::max_element(ecc.begin(), ecc.end()), rec["radius"].get<uint32_t>()) << what;
  }
}

TEST(DistanceChecks, RecordFieldsEqualBruteForce) {
  for (const char* fam : {"postal", "efc", "debruijn"}) {
    std::map<std::string, std::string> kv;
    if (std::string(fam) == "postal") kv = {{"lambda", "3"}, {"n", "12"}};
    if (std::string(fam) == "efc") kv = {{"n", "11"}};
    if (std::string(fam) == "debruijn") kv = {{"k", "7"}};
    const auto inst = host::make_instance(fam, kv);
    const auto rec = host::run_checks(inst, {"distances", "diameter"}, core::backend::cpu);
    const auto g = graph::build_csr(core::backend::cpu, inst.net);
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    ASSERT_EQ(e.unreachable, 0u) << fam;  // strongly connected: eccentricities over every target
    EXPECT_EQ(rec["diameter"], e.diameter) << fam;
    EXPECT_EQ(rec["radius"], e.radius) << fam;
    EXPECT_EQ(rec["distance_counts"], e.counts) << fam;
    EXPECT_EQ(rec["unreachable_pairs"], 0) << fam;
    EXPECT_EQ(rec["wiener"], g.directed ? e.dsum : e.dsum / 2) << fam;
    // The bounds, on the graph itself or (de Bruijn, a line digraph) on its root.
    const std::string method = rec["diameter_method"].get<std::string>();
    EXPECT_EQ(method.rfind(std::string(fam) == "debruijn" ? "line digraph" : "bounds", 0), 0u) << method;
    EXPECT_NE(method.find("bounds"), std::string::npos) << method;
    expect_witness(rec, g, fam);
    if (std::string(fam) == "debruijn") {
      EXPECT_FALSE(rec.contains("hamming_paths"));
    } else {
      EXPECT_EQ(rec["hamming_paths"], e.hamming) << fam;
    }
  }
}

// A digraph that is not strongly connected: its finite distances come from all pairs,
// as the distances check gives them, and the witness still holds.
//   0 -> 1 -> 2 -> 3,  3 -> 1,  4 -> 0   (nothing reaches 4; 1, 2, 3 never reach 0)
TEST(DistanceChecks, DirectedGraphNotStronglyConnectedFallsBackToAllPairs) {
  const std::string path = ::testing::TempDir() + "diameter_not_strong.txt";
  {
    std::ofstream f(path);
    f << "0 1\n1 2\n2 3\n3 1\n4 0\n";
  }
  const auto inst = host::make_instance("edgelist", {{"path", path}, {"directed", "true"}});
  const auto rec = host::run_checks(inst, {"diameter"}, core::backend::cpu);
  const graph::csr_graph& g = inst.file->graph;
  const test::all_pairs_truth e = test::brute_force_all_pairs(g);
  EXPECT_EQ(rec["diameter"], e.diameter);
  EXPECT_EQ(rec["radius"], e.radius);
  EXPECT_EQ(rec["connected"], false);
  EXPECT_EQ(rec["diameter_method"], "all pairs (directed)");
  const auto& w = rec["diameter_witness"];
  const uint64_t s = std::stoull(w["source"].get<std::string>()), t = std::stoull(w["target"].get<std::string>());
  EXPECT_EQ(test::queue_bfs(g, s)[t], e.diameter);  // ids 0..4 are the node indices here
  std::remove(path.c_str());
}

TEST(DistanceChecks, PerNodeTableIsWrittenOnRequest) {
  // Into the run's folder (hooks.output_dir), named with the instance's tag.
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "8"}});
  const std::string folder = std::filesystem::temp_directory_path() / ("tv_pernode_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  host::check_hooks hooks;
  hooks.output_dir = folder;
  hooks.side_file_tag = "0123abcd";
  nlohmann::ordered_json rec;
  host::run_checks_into(rec, inst, {"distances"}, core::backend::cpu, {{"distances", {{"per_node", "csv"}}}}, hooks);
  ASSERT_TRUE(rec.contains("per_node_file"));
  EXPECT_EQ(rec["per_node_file"], "pernode_postal_lambda2_n8_0123abcd.csv");
  std::ifstream f(folder + "/" + rec["per_node_file"].get<std::string>());
  std::string header, line;
  std::getline(f, header);
  EXPECT_EQ(header, "index,label,eccentricity,distance_sum");
  int rows = 0;
  while (std::getline(f, line)) ++rows;
  EXPECT_EQ(rows, 55);
  std::filesystem::remove_all(folder);
  // Without a folder (info, check), no table and no file.
  const auto none = host::run_checks(inst, {"distances"}, core::backend::cpu, {{"distances", {{"per_node", "csv"}}}});
  EXPECT_FALSE(none.contains("per_node_file"));
  EXPECT_TRUE(none.contains("diameter"));
}

TEST(DistanceChecks, NoPerNodeTableWhereSideFilesAreOff) {
  // An MPI rank helping rank 0 with a shared instance: rank 0 writes the table, the
  // helper must not (the two raced on one file).
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "9"}});
  const std::string folder = std::filesystem::temp_directory_path() / ("tv_pernode_off_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  const std::string path = folder + "/pernode_postal_lambda2_n9.csv";
  host::check_hooks hooks;
  hooks.output_dir = folder;
  hooks.side_files = false;
  nlohmann::ordered_json rec;
  host::run_checks_into(rec, inst, {"distances"}, core::backend::cpu,
                        {{"distances", {{"per_node", "csv"}}}}, hooks);
  EXPECT_FALSE(rec.contains("per_node_file"));
  EXPECT_TRUE(rec.contains("diameter"));  // the check itself ran
  EXPECT_FALSE(std::ifstream(path).good());
  // The same call with side files on writes it there.
  nlohmann::ordered_json on;
  hooks.side_files = true;
  host::run_checks_into(on, inst, {"distances"}, core::backend::cpu,
                        {{"distances", {{"per_node", "csv"}}}}, hooks);
  ASSERT_TRUE(on.contains("per_node_file"));
  EXPECT_EQ(on["per_node_file"], "pernode_postal_lambda2_n9.csv");
  EXPECT_TRUE(std::ifstream(path).good());
  std::filesystem::remove_all(folder);
}

TEST(DistanceChecks, BadOptionsAreInputErrors) {
  const auto inst = host::make_instance("hypercube", {{"n", "3"}});
  EXPECT_THROW(host::run_checks(inst, {"distances"}, core::backend::cpu,
                                {{"distances", {{"per_node", "xml"}}}}),
               host::input_error);
  EXPECT_THROW(host::run_checks(inst, {"distances"}, core::backend::cpu,
                                {{"distances", {{"colour", 1}}}}),
               host::input_error);
  for (const nlohmann::json& bad : {nlohmann::json{{"words", "abc"}}, nlohmann::json{{"words", -1}},
                                    nlohmann::json{{"words", 65}},
                                    nlohmann::json{{"symmetry", "maybe"}},
                                    nlohmann::json{{"hamming", 1}}}) {
    EXPECT_THROW(host::validate_distances_options(bad), host::input_error) << bad.dump();
    EXPECT_THROW(host::run_checks(inst, {"distances"}, core::backend::cpu, {{"distances", bad}}),
                 host::input_error)
        << bad.dump();
  }
  EXPECT_NO_THROW(host::validate_distances_options(
      {{"words", 4}, {"symmetry", false}, {"hamming", true}, {"per_node", "bin"}}));
}

// The record says what the engine ran: one source per orbit by default, every source with
// symmetry = false, and the same statistics either way.
TEST(DistanceChecks, SymmetryOptionChangesSourcesRunNotStatistics) {
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "11"}});
  const auto by_orbit = host::run_checks(inst, {"distances"}, core::backend::cpu);
  const auto every = host::run_checks(inst, {"distances"}, core::backend::cpu,
                                      {{"distances", {{"symmetry", false}}}});
  for (const char* key : {"diameter", "radius", "wiener", "distance_counts",
                          "eccentricity_histogram", "unreachable_pairs", "hamming_paths"})
    EXPECT_EQ(by_orbit[key], every[key]) << key;
  const uint64_t n = by_orbit["nodes"].get<uint64_t>();
  EXPECT_EQ(every["all_pairs"]["sources_run"].get<uint64_t>(), n);
  EXPECT_TRUE(every["all_pairs"]["automorphisms"].empty());
  EXPECT_EQ(by_orbit["all_pairs"]["sources_run"], by_orbit["all_pairs"]["orbits"]);
  EXPECT_LT(by_orbit["all_pairs"]["sources_run"].get<uint64_t>(), n);
  EXPECT_EQ(by_orbit["all_pairs"]["sources"].get<uint64_t>(), n);
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

namespace {

using namespace tv;

// Building the graph is timed once, as timings.graph_s, and left out of the time of the
// check that triggered it: a check that only asks for the graph takes next to nothing,
// and a later check that uses the same graph does not build it again.
TEST(CheckTimings, GraphBuildIsTimedApartFromTheChecks) {
  const host::instance inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "22"}});
  const std::vector<host::check_spec> catalog = {
      {"first", "asks for the graph", [](host::check_context& c, nlohmann::ordered_json& r) {
         r["first_nodes"] = c.graph().nodes;
       }},
      {"second", "asks again", [](host::check_context& c, nlohmann::ordered_json& r) {
         r["second_nodes"] = c.graph().nodes;
       }}};
  nlohmann::ordered_json rec;
  host::run_checks_into(rec, inst, {"first", "second"}, core::backend::cpu,
                        nlohmann::json::object(), host::check_hooks{}, catalog);
  ASSERT_EQ(rec["first_nodes"], 46368u);  // F(24)
  ASSERT_TRUE(rec["timings"].contains("graph_s"));
  const double graph_s = rec["timings"]["graph_s"].get<double>();
  const double first_s = rec["timings"]["first_s"].get<double>();
  const double second_s = rec["timings"]["second_s"].get<double>();
  EXPECT_GT(graph_s, 0.0);
  EXPECT_GE(first_s, 0.0);
  EXPECT_GE(second_s, 0.0);
  // 46,368 nodes and 300 k arcs take milliseconds to build; handing the built graph
  // over takes microseconds, so a check time that still held the build would fail this.
  EXPECT_LT(first_s, graph_s / 4);
  EXPECT_LT(second_s, graph_s / 4);
}

// Checks that never need the graph leave graph_s out.
TEST(CheckTimings, NoGraphNoGraphTime) {
  const host::instance inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "12"}});
  const std::vector<host::check_spec> catalog = {
      {"none", "needs no graph", [](host::check_context&, nlohmann::ordered_json& r) {
         r["ran"] = true;
       }}};
  nlohmann::ordered_json rec;
  host::run_checks_into(rec, inst, {"none"}, core::backend::cpu, nlohmann::json::object(),
                        host::check_hooks{}, catalog);
  EXPECT_EQ(rec["ran"], true);
  EXPECT_TRUE(rec["timings"].contains("none_s"));
  EXPECT_FALSE(rec["timings"].contains("graph_s"));
}

}  // namespace

namespace {

TEST(DistancesOptions, ParseIntoTypedSettingsWithDefaultsForWhatIsLeftOut) {
  const tv::host::distances_settings d = tv::host::parse_distances_options(nlohmann::json::object());
  EXPECT_EQ(d.words, 0);
  EXPECT_FALSE(d.hamming.has_value());
  EXPECT_TRUE(d.per_node.empty());
  EXPECT_TRUE(d.symmetry);
  const tv::host::distances_settings s = tv::host::parse_distances_options(
      {{"words", 8}, {"hamming", false}, {"per_node", "csv"}, {"symmetry", false}});
  EXPECT_EQ(s.words, 8);
  EXPECT_EQ(s.hamming, std::optional<bool>(false));
  EXPECT_EQ(s.per_node, "csv");
  EXPECT_FALSE(s.symmetry);
  for (int w : {3, 6, 96}) EXPECT_THROW(tv::host::parse_distances_options({{"words", w}}), tv::host::input_error) << w;
}

}  // namespace
