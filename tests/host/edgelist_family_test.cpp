// The edgelist family (host/families.cpp): every family exported in each format that
// `topoverify export` writes and read back as an edge list has the statistics of the
// family itself (every family of tests/host/every_family.txt: nodes, edges, degrees, distance counts, diameter, radius, Wiener index,
// Hamming paths where labels are given), a directed de Bruijn network included, whose
// self-loops the file reading counts and leaves out; flooding broadcast, the one
// simulation that needs only the graph, moves the same messages on the file.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "host/checks/check.hpp"
#include "host/checks/registry.hpp"
#include "host/cli/export.hpp"
#include "host/errors.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/host/every_family.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

using namespace tv;

/// The family's graph without its self-loops: what reading its file must give.
graph::csr_graph without_loops(const graph::csr_graph& g, uint64_t& loops) {
  graph::edge_list arcs;
  loops = 0;
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      if (g.targets[e] == u) ++loops;
      else if (g.directed || u < g.targets[e]) arcs.emplace_back(u, g.targets[e]);
    }
  return graph::from_edges(g.nodes, arcs, g.directed, g.labels);
}

class EdgeListFamily : public test::scratch_folder_test {};

TEST_F(EdgeListFamily, EveryExportReadsBackWithTheFamilysStatistics) {
  const std::vector<std::string> distance_keys = {
      "diameter", "radius", "wiener", "distance_counts", "unreachable_pairs",
      "eccentricity_histogram", "hamming_paths"};
  const std::vector<std::string> count_keys = {"nodes", "edges", "degree_min", "degree_max",
                                               "degree_histogram", "in_degree_min", "in_degree_max",
                                               "in_degree_histogram"};
  int file_number = 0;
  for (const host::instance& fam : test::every_family()) {
    const auto want_distances = host::run_checks(fam, {"distances"}, core::backend::cpu, {});
    uint64_t loops = 0;
    const graph::csr_graph g = test::graph_of(fam);
    nlohmann::ordered_json want_counts;
    host::put_counts(want_counts, graph::summarize(without_loops(g, loops)), g.directed);
    for (const auto format : {host::export_format::edgelist, host::export_format::labelled,
                              host::export_format::mtx}) {
      const bool labelled = format == host::export_format::labelled;
      // An architects' family has no bit-string labels: its labelled file holds node ids.
      if (labelled && fam.bits() == 0) continue;
      const std::string path = dir + "/g" + std::to_string(file_number++);
      host::write_graph_file(g, fam, {format, true}, path, false);
      const host::instance read = host::make_instance(
          "edgelist", {{"path", path}, {"directed", g.directed ? "true" : "false"},
                       {"labels", labelled ? "true" : "false"}});
      const std::string what = fam.label() + " as " + path;
      ASSERT_TRUE(read.file) << what;
      EXPECT_EQ(read.file->self_loops, loops) << what;
      EXPECT_EQ(read.file->duplicate_edges, 0u) << what;
      const auto got = host::run_checks(read, {"distances"}, core::backend::cpu, {});
      for (const auto& k : count_keys) EXPECT_EQ(got.value(k, nlohmann::ordered_json()), want_counts.value(k, nlohmann::ordered_json())) << what << ": " << k;
      // Hamming paths need labels: the labelled list has the family's, the others none.
      for (const auto& k : distance_keys) {
        if (k == "hamming_paths" && !labelled) {
          EXPECT_FALSE(got.contains(k)) << what;
          continue;
        }
        EXPECT_EQ(got.value(k, nlohmann::ordered_json()), want_distances.value(k, nlohmann::ordered_json()))
            << what << ": " << k;
      }
      if (labelled) EXPECT_EQ(read.file->graph.labels, g.labels) << what;
    }
  }
}

TEST_F(EdgeListFamily, ChecksThatNeedAFamilysRulesSaySoAndClaimsFindNone) {
  const std::string path = dir + "/q3.txt";
  const host::instance q3 = host::make_instance("hypercube", {{"n", "3"}});
  host::write_graph_file(graph::build_csr(core::backend::cpu, q3.net), q3, {host::export_format::edgelist, false},
                         path, false);
  const host::instance read = host::make_instance("edgelist", {{"path", path}});
  const auto r = host::run_checks(read, {"routing", "postal", "multicast", "prefix", "claims"},
                                  core::backend::cpu, {});
  for (const char* check : {"routing", "postal", "multicast", "prefix"})
    EXPECT_EQ(r[check]["skipped"], std::string(check) + " follows the rules of a label-defined "
                                                        "family; a network given as a graph (read from a file, or an "
                                                        "architects' family) has none");
  EXPECT_EQ(r["claims"], nlohmann::ordered_json::array());
  EXPECT_EQ(r["bits"], 0);
  EXPECT_EQ(r["file"]["format"], "edge list");
  EXPECT_EQ(r["file"]["entries"], 12);
}

// Flooding needs only the graph: on the file it moves exactly the messages it moves on the
// family (families without self-loops, which the file reading would leave out).
TEST_F(EdgeListFamily, FloodingOnTheFileIsFloodingOnTheFamily) {
  const nlohmann::json flooding = {{"broadcast", {{"scheme", "flooding"}}}};
  int file_number = 0;
  for (const host::instance& fam :
       {host::make_instance("hypercube", {{"n", "4"}}), host::make_instance("kautz", {{"d", "2"}, {"k", "3"}}),
        host::make_instance("torus", {{"k", "3"}, {"n", "2"}}), host::make_instance("star", {{"n", "4"}})}) {
    const graph::csr_graph g = test::graph_of(fam);
    const std::string path = dir + "/f" + std::to_string(file_number++);
    host::write_graph_file(g, fam, {host::export_format::edgelist, false}, path, false);
    const host::instance read = host::make_instance(
        "edgelist", {{"path", path}, {"directed", g.directed ? "true" : "false"}});
    const auto want = host::run_checks(fam, {"broadcast"}, core::backend::cpu, flooding)["broadcast"];
    const auto got = host::run_checks(read, {"broadcast"}, core::backend::cpu, {})["broadcast"];
    EXPECT_EQ(got, want) << fam.label();
    EXPECT_GT(got.value("messages", 0), 0) << fam.label();
  }
  // Another scheme is refused before any work, as a family refuses one it cannot run.
  const host::instance read = host::make_instance("edgelist", {{"path", dir + "/f0"}});
  EXPECT_THROW(host::validate_check_options(host::find_check("broadcast"), {{"scheme", "eft"}}, &read),
               host::input_error);
}

TEST_F(EdgeListFamily, AMalformedFileStopsTheCommandWithItsLineAndExit2) {
  const std::string path = dir + "/bad.txt";
  std::ofstream(path) << "# fine\n1 2\n2 three\n";
  const auto r = test::run_captured(std::string(TOPOVERIFY_BINARY) + " info edgelist path=" + path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "topoverify: error: " + path + ":3: 'three' is not a node id (a non-negative integer)\n");
  const auto missing = test::run_captured(std::string(TOPOVERIFY_BINARY) + " info edgelist path=" + dir + "/no.txt");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "topoverify: error: " + dir + "/no.txt: cannot open (No such file or directory)\n");
}

}  // namespace
