// A graph handed over in memory (kernels/graph/edge_arrays.hpp, the Python module's
// NumPy and SciPy input): the same graph and the same counts as the edge list file with
// the same entries (edge_list_file.hpp is the reference), from int32 and int64 arcs and
// from CSR rows, taken straight only when the rows already are the graph; bad indices
// and offsets named.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "kernels/graph/builders.hpp"
#include "kernels/graph/edge_arrays.hpp"
#include "kernels/graph/edge_list_file.hpp"
#include "tests/host/test_folder.hpp"

namespace {

using namespace tv;

void expect_same_graph(const graph::edge_list_file& got, const graph::edge_list_file& want) {
  EXPECT_EQ(got.graph.nodes, want.graph.nodes);
  EXPECT_EQ(got.graph.directed, want.graph.directed);
  EXPECT_EQ(got.graph.labels, want.graph.labels);
  EXPECT_EQ(got.graph.offsets, want.graph.offsets);
  EXPECT_EQ(got.graph.targets, want.graph.targets);
  EXPECT_EQ(got.graph.in_offsets, want.graph.in_offsets);
  EXPECT_EQ(got.graph.in_sources, want.graph.in_sources);
  EXPECT_EQ(got.entries, want.entries);
  EXPECT_EQ(got.self_loops, want.self_loops);
  EXPECT_EQ(got.duplicate_edges, want.duplicate_edges);
}

// The header's example: 0 - 1, 1 - 0 (a repeat), 1 - 2, 3 - 3 (a loop); node 3 isolated.
TEST(EdgeArrays, LoopsAndRepeatsAreCountedAndLeftOut) {
  const std::vector<int64_t> s = {0, 1, 1, 3}, t = {1, 0, 2, 3};
  const auto f = graph::graph_from_arcs(4, s.data(), t.data(), s.size(), false);
  EXPECT_EQ(f.format, graph::edge_list_format::arrays);
  EXPECT_EQ(f.entries, 4u);
  EXPECT_EQ(f.self_loops, 1u);
  EXPECT_EQ(f.duplicate_edges, 1u);
  const graph::csr_graph want = graph::from_edges(4, {{0, 1}, {1, 2}}, false);
  EXPECT_EQ(f.graph.offsets, want.offsets);
  EXPECT_EQ(f.graph.targets, want.targets);
  EXPECT_EQ(f.graph.labels, (std::vector<uint64_t>{0, 1, 2, 3}));
}

class EdgeArraysAgainstFile : public test::scratch_folder_test,
                              public ::testing::WithParamInterface<bool> {};

// A random multigraph with loops on 300 nodes, every node on the path 0 - 1 - ... - 299
// so the file names each (a file's nodes are the ids it names, in id order).
TEST_P(EdgeArraysAgainstFile, ArcsAndRowsGiveTheFilesGraph) {
  const bool directed = GetParam();
  const int n = 300;
  std::mt19937 rng(7);
  std::vector<int64_t> s, t;
  for (int v = 0; v + 1 < n; ++v) s.push_back(v), t.push_back(v + 1);
  for (int e = 0; e < 2000; ++e) s.push_back(rng() % n), t.push_back(rng() % n);
  const std::string path = dir + "/g.txt";
  {
    std::ofstream out(path);
    for (size_t e = 0; e < s.size(); ++e) out << s[e] << ' ' << t[e] << '\n';
  }
  const auto file = graph::read_edge_list({path, directed, false});
  const auto from64 = graph::graph_from_arcs(n, s.data(), t.data(), s.size(), directed);
  expect_same_graph(from64, file);
  const std::vector<int32_t> s32(s.begin(), s.end()), t32(t.begin(), t.end());
  expect_same_graph(graph::graph_from_arcs(n, s32.data(), t32.data(), s.size(), directed), file);

  // The same arcs as rows in the order given (unsorted, with loops and repeats): sorted
  // into rows as the file's entries are.
  std::vector<int64_t> offsets(n + 1, 0);
  for (int64_t v : s) ++offsets[v + 1];
  for (int v = 0; v < n; ++v) offsets[v + 1] += offsets[v];
  std::vector<int32_t> targets(s.size());
  std::vector<int64_t> fill(offsets.begin(), offsets.end() - 1);
  for (size_t e = 0; e < s.size(); ++e) targets[fill[s[e]]++] = static_cast<int32_t>(t[e]);
  bool straight = true;
  expect_same_graph(graph::graph_from_rows(n, offsets.data(), targets.data(), directed, &straight), file);
  EXPECT_FALSE(straight);

  // The graph's own rows are taken straight when undirected (directed rows are sorted
  // again: the in-arcs are built there), and give the same graph.
  const graph::csr_graph& g = file.graph;
  std::vector<int64_t> own_offsets(g.offsets.begin(), g.offsets.end());
  std::vector<int32_t> own_targets(g.targets.begin(), g.targets.end());
  const auto again = graph::graph_from_rows(n, own_offsets.data(), own_targets.data(), directed, &straight);
  EXPECT_EQ(straight, !directed);
  EXPECT_EQ(again.graph.offsets, g.offsets);
  EXPECT_EQ(again.graph.targets, g.targets);
  EXPECT_EQ(again.self_loops, 0u);
  // Each undirected edge is in both rows: the second entry counts as a repeat, as in a file.
  EXPECT_EQ(again.duplicate_edges, directed ? 0u : g.targets.size() / 2);
}

INSTANTIATE_TEST_SUITE_P(Direction, EdgeArraysAgainstFile, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "directed" : "undirected"; });

template <class F>
std::string error_of(F&& make) {
  try {
    make();
  } catch (const graph::edge_list_error& e) {
    return e.what();
  }
  return "";
}

TEST(EdgeArrays, BadIndicesAndOffsetsAreNamed) {
  const std::vector<int64_t> s = {0, 1, 2, 3, 4, 5, 6, 7}, t = {1, 2, 3, 4, 5, 6, 7, 12};
  EXPECT_EQ(error_of([&] { graph::graph_from_arcs(10, s.data(), t.data(), s.size(), false); }),
            "targets: arc 7: node 12 is not in 0 .. 9");
  const std::vector<int64_t> neg = {0, -1};
  EXPECT_EQ(error_of([&] { graph::graph_from_arcs(10, neg.data(), t.data(), 2, false); }),
            "sources: arc 1: node -1 is not in 0 .. 9");
  EXPECT_NE(error_of([&] { graph::graph_from_arcs(0, s.data(), t.data(), 0, false); }).find("a graph of no node"),
            std::string::npos);  // nothing to measure
  const std::vector<int64_t> offsets = {0, 2, 1, 3};
  const std::vector<int32_t> targets = {1, 2, 0};
  EXPECT_EQ(error_of([&] { graph::graph_from_rows(3, offsets.data(), targets.data(), false); }),
            "rows: offsets fall at row 1 (2 then 1)");
}

}  // namespace
