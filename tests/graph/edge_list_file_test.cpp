// Reading a network from a file (kernels/graph/edge_list_file.hpp): SNAP lists with
// comments and ids that are not 0 .. N-1, Matrix Market general and symmetric, labelled
// lists, self-loops and repeated edges counted, and each malformed file stopped at its
// line with the reason.  Expected graphs are built by hand with builders.hpp.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>

#include "kernels/graph/builders.hpp"
#include "kernels/graph/edge_list_file.hpp"
#include "tests/host/test_folder.hpp"

namespace {

using namespace tv;

class EdgeListFile : public test::scratch_folder_test {
 protected:
  graph::edge_list_file read(const std::string& text, bool directed = false, bool labels = false) {
    return graph::read_edge_list({write("g.txt", text), directed, labels});
  }
  /// The message reading `text` raises ("" when it reads).
  std::string error_of(const std::string& text, bool labels = false) {
    try {
      read(text, false, labels);
    } catch (const graph::edge_list_error& e) {
      return e.what();
    }
    return "";
  }
};

void expect_same_graph(const graph::csr_graph& got, const graph::csr_graph& want) {
  EXPECT_EQ(got.nodes, want.nodes);
  EXPECT_EQ(got.directed, want.directed);
  EXPECT_EQ(got.labels, want.labels);
  EXPECT_EQ(got.offsets, want.offsets);
  EXPECT_EQ(got.targets, want.targets);
  EXPECT_EQ(got.in_offsets, want.in_offsets);
  EXPECT_EQ(got.in_sources, want.in_sources);
}

// SNAP style: comments, tabs, ids 5, 17, 400, 9000 (nodes 0..3 in id order):
//   5 - 17 - 400 - 9000, and 9000 - 5: a 4-cycle.
TEST_F(EdgeListFile, SnapListWithCommentsAndSparseIdsIsMappedInIdOrder) {
  const auto f = read("# Directed graph (each unordered pair of nodes is saved once)\n"
                      "# FromNodeId\tToNodeId\n"
                      "17\t5\n400 17\n\n  9000\t400\n5 9000\n");
  EXPECT_EQ(f.format, graph::edge_list_format::plain);
  EXPECT_EQ(f.lines, 7u);
  EXPECT_EQ(f.entries, 4u);
  EXPECT_EQ(f.self_loops, 0u);
  EXPECT_EQ(f.duplicate_edges, 0u);
  EXPECT_FALSE(f.hamming_edges);
  expect_same_graph(f.graph, graph::from_edges(4, {{1, 0}, {2, 1}, {3, 2}, {0, 3}}, false,
                                               {5, 17, 400, 9000}));
}

TEST_F(EdgeListFile, SelfLoopsAndRepeatsAreCountedAndLeftOut) {
  // Undirected: "30 20" repeats "20 30"; node 7 keeps its place without its loop.
  const auto u = read("10 20\n20 30\n30 20\n7 7\n");
  EXPECT_EQ(u.entries, 4u);
  EXPECT_EQ(u.self_loops, 1u);
  EXPECT_EQ(u.duplicate_edges, 1u);
  expect_same_graph(u.graph, graph::from_edges(4, {{1, 2}, {2, 3}}, false, {7, 10, 20, 30}));
  // Directed: 1 -> 2 and 2 -> 1 are two arcs; the second 1 -> 2 repeats.
  const auto d = read("1 2\n2 1\n1 2\n2 2\n", true);
  EXPECT_EQ(d.self_loops, 1u);
  EXPECT_EQ(d.duplicate_edges, 1u);
  expect_same_graph(d.graph, graph::from_edges(2, {{0, 1}, {1, 0}}, true, {1, 2}));
}

// The arcs 1 -> 2 -> 3 -> 1 and 3 -> 4 as a general pattern matrix, read directed.
TEST_F(EdgeListFile, MatrixMarketGeneralIsReadAsArcs) {
  const auto f = read("%%MatrixMarket matrix coordinate pattern general\n% a comment\n"
                      "4 4 4\n1 2\n2 3\n3 1\n3 4\n",
                      true);
  EXPECT_EQ(f.format, graph::edge_list_format::matrix_market);
  EXPECT_FALSE(f.symmetric);
  EXPECT_EQ(f.entries, 4u);
  expect_same_graph(f.graph, graph::from_edges(4, {{0, 1}, {1, 2}, {2, 0}, {2, 3}}, true, {1, 2, 3, 4}));
}

// A symmetric matrix with values holds the lower triangle: the path 1 - 2 - 3 and the
// isolated node 4, which only the size line names.
TEST_F(EdgeListFile, MatrixMarketSymmetricIsReadAsEdgesWithItsIsolatedNodes) {
  const auto f = read("%%MatrixMarket matrix coordinate real symmetric\n4 4 3\n2 1 0.5\n3 2 -1e3\n3 3 7\n");
  EXPECT_TRUE(f.symmetric);
  EXPECT_EQ(f.self_loops, 1u);
  expect_same_graph(f.graph, graph::from_edges(4, {{0, 1}, {1, 2}}, false, {1, 2, 3, 4}));
  // Read as a digraph, each symmetric entry is both arcs; integer values are read too.
  const auto d = read("%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n2 1 4\n3 2 5\n", true);
  expect_same_graph(d.graph, graph::from_edges(3, {{0, 1}, {1, 0}, {1, 2}, {2, 1}}, true, {1, 2, 3}));
  EXPECT_EQ(d.duplicate_edges, 0u);
}

// Labels 00 - 01 - 11 - 10 - 00 (a 4-cycle of Hamming-1 edges), then one more edge 00 - 11.
TEST_F(EdgeListFile, LabelledListKeepsLabelsAndTellsHammingEdges) {
  const auto f = read("00 01\n01 11\n11 10\n10 00\n", false, true);
  EXPECT_EQ(f.format, graph::edge_list_format::labelled);
  EXPECT_EQ(f.label_bits, 2);
  EXPECT_TRUE(f.hamming_edges);
  expect_same_graph(f.graph, graph::from_edges(4, {{0, 1}, {1, 3}, {3, 2}, {2, 0}}, false, {0, 1, 2, 3}));
  EXPECT_FALSE(read("00 01\n01 11\n11 10\n10 00\n00 11\n", false, true).hamming_edges);
}

TEST_F(EdgeListFile, MalformedFilesStopAtTheirLineWithTheReason) {
  const std::string p = dir + "/g.txt:";
  EXPECT_EQ(error_of("1 2\n3\n"), p + "2: expected two node ids, found 1 field");
  EXPECT_EQ(error_of("1 2 3\n"), p + "1: expected two node ids, found 3 fields");
  EXPECT_EQ(error_of("# c\n1 -2\n"), p + "2: '-2' is not a node id (a non-negative integer)");
  EXPECT_EQ(error_of("1 2x\n"), p + "1: '2x' is not a node id (a non-negative integer)");
  EXPECT_EQ(error_of("1 99999999999999999999\n"), p + "1: node id '99999999999999999999' exceeds 2^64 - 1");
  EXPECT_EQ(error_of("01 10\n0 1\n", true), p + "2: label '0' has 1 bits, the first label (line 1) has 2");
  EXPECT_EQ(error_of("01 12\n", true),
            p + "1: '12' is not a label (a bit string of at most 64 bits; the file is read with labels=true)");
  EXPECT_EQ(error_of("%%MatrixMarket matrix array real general\n2 2\n"),
            p + "1: the header is not '%%MatrixMarket matrix coordinate pattern|integer|real "
                "general|symmetric' (other kinds of matrix are not graphs read here)");
  EXPECT_EQ(error_of("%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 2\n"),
            p + "2: the matrix is 2 x 3; an adjacency matrix is square");
  EXPECT_EQ(error_of("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 4\n"),
            p + "3: index 4 is outside 1..3");
  EXPECT_EQ(error_of("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n"),
            p + "3: expected 'row column value', found 2 fields");
  EXPECT_EQ(error_of("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 x\n"),
            p + "3: 'x' is not a number");
  EXPECT_EQ(error_of("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n"),
            p + "3: the size line (line 2) promises 2 entries, the file holds 1");
  EXPECT_EQ(error_of("%%MatrixMarket matrix coordinate pattern general\n% only a comment\n"),
            p + "2: the file ends before its size line 'rows columns entries'");
  EXPECT_EQ(error_of("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", true),
            p + "1: a Matrix Market file numbers its rows; labels=true reads bit-string ids");
}

TEST_F(EdgeListFile, AMissingFileOrAFolderIsRefusedByName) {
  try {
    graph::read_edge_list({dir + "/none.txt", false, false});
    ADD_FAILURE() << "no error";
  } catch (const graph::edge_list_error& e) {
    EXPECT_EQ(std::string(e.what()), dir + "/none.txt: cannot open (No such file or directory)");
  }
  try {
    graph::read_edge_list({dir, false, false});
    ADD_FAILURE() << "no error";
  } catch (const graph::edge_list_error& e) {
    EXPECT_EQ(std::string(e.what()), dir + ": not a regular file (it is read twice: to check it, "
                                           "then to fill the graph)");
  }
}

// A plain list large enough to be parsed in many chunks, with what the parallel parse must
// read as the line reader does: comments of both kinds, blank lines, tabs, "\r\n" ends,
// repeats both ways, self-loops, no final line end; ids sparse (a sorted table) or dense
// (a table over 0 .. max), against the graph built by hand from the same pairs.
TEST_F(EdgeListFile, LargePlainListsReadInParallelEqualTheirEdges) {
  for (const uint64_t spread : {uint64_t{1}, uint64_t{1000003}}) {
    std::mt19937_64 rng(spread);
    const uint64_t n = 3000;
    std::vector<uint64_t> id(n);
    for (uint64_t i = 0; i < n; ++i) id[i] = i * spread + 5;  // ascending: node i has id[i]
    graph::edge_list edges, loops;
    std::string text = "# header\n";
    uint64_t lines = 1, entries = 0;
    for (int e = 0; e < 40000; ++e) {
      const uint64_t u = rng() % n, v = rng() % n;
      const char* gap = e % 3 ? " " : " \t ";
      text += std::to_string(id[u]) + gap + std::to_string(id[v]) + (e % 5 ? "\n" : " \r\n");
      ++lines;
      ++entries;
      (u == v ? loops : edges).push_back({u, v});
      if (e % 997 == 0) text += e % 2 ? "% note\n" : "  \t\r\n", ++lines;
    }
    text += "0 " + std::to_string(id[n - 1]);  // no line end; id 0 is a node of its own
    ++lines, ++entries;
    const auto f = read(text);
    EXPECT_EQ(f.lines, lines);
    EXPECT_EQ(f.entries, entries);
    EXPECT_EQ(f.self_loops, loops.size());
    std::vector<uint64_t> labels{0};
    labels.insert(labels.end(), id.begin(), id.end());
    for (auto& [u, v] : edges) ++u, ++v;
    edges.push_back({0, n});
    const graph::csr_graph want = graph::from_edges(n + 1, edges, false, labels);
    expect_same_graph(f.graph, want);
    EXPECT_EQ(f.duplicate_edges, entries - loops.size() - want.arcs() / 2);
  }
}

// The parallel parse gives up on lines it does not read; the line reader then reads them
// (an id of 20 digits) or names the first bad line, wherever its chunk falls.
TEST_F(EdgeListFile, LinesTheParallelParseLeavesAreReadOrNamedLineByLine) {
  std::string text;
  for (int i = 0; i < 50000; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  const auto big = read(text + "18446744073709551615 0\n");
  EXPECT_EQ(big.entries, 50001u);
  EXPECT_EQ(big.graph.labels.back(), 18446744073709551615ull);
  std::string bad = text;
  bad.insert(bad.find("\n31000 ") + 1, "31000 x\n");
  EXPECT_EQ(error_of(bad), dir + "/g.txt:31001: 'x' is not a node id (a non-negative integer)");
  EXPECT_EQ(error_of(text + "7 8 9"), dir + "/g.txt:50001: expected two node ids, found 3 fields");
}

// A file with no edge would be a 0-node graph, "connected, diameter 0": refused, naming
// what the file held.  A Matrix Market file of rows and no entries is isolated nodes.
TEST_F(EdgeListFile, AFileWithNoEdgeIsRefused) {
  EXPECT_EQ(error_of("# nothing\n% at all\n"), dir + "/g.txt: no edge in its 2 line(s) (comments and blank "
                                                  "lines only): nothing to measure");
  EXPECT_EQ(error_of(""), dir + "/g.txt: no edge in its 0 line(s) (the file is empty): nothing to measure");
  EXPECT_EQ(error_of("\n\n\n"), dir + "/g.txt: no edge in its 3 line(s) (comments and blank lines only): "
                                      "nothing to measure");
  const auto isolated = read("%%MatrixMarket matrix coordinate pattern general\n3 3 0\n");
  EXPECT_EQ(isolated.graph.nodes, 3u);
  EXPECT_EQ(isolated.graph.arcs(), 0u);
}

// Compressed files are named by their magic bytes instead of failing as "bad ids" on
// line 1; a UTF-8 byte order mark before the first id is read past.
TEST_F(EdgeListFile, CompressedFilesAreNamedAndAByteOrderMarkIsReadPast) {
  const std::vector<std::pair<std::string, std::string>> compressed = {
      {std::string("\x1f\x8b\x08\x00", 4), "gzip"},  {std::string("\x28\xb5\x2f\xfd", 4), "zstd"},
      {"BZh91AY&SY", "bzip2"},                         {std::string("\xfd" "7zXZ\0\0", 7), "xz"},
      {std::string("PK\x03\x04\x14", 5), "zip"}};
  for (const auto& [bytes, kind] : compressed) {
    const std::string e = error_of(bytes + "rest");
    EXPECT_EQ(e.rfind(dir + "/g.txt: a compressed file, " + kind + " (", 0), 0u) << e;
    EXPECT_NE(e.find(" first: edge lists and Matrix Market files are read as text"), std::string::npos) << e;
  }
  EXPECT_EQ(error_of(std::string("\x1f\x8b\x08", 3)),
            dir + "/g.txt: a compressed file, gzip (gunzip -k FILE) first: edge lists and Matrix Market files are "
                  "read as text");
  const auto bom = read("\xef\xbb\xbf" "0 1\n1 2\n");
  const auto plain = read("0 1\n1 2\n");
  EXPECT_EQ(bom.entries, 2u);
  expect_same_graph(bom.graph, plain.graph);
}

}  // namespace
