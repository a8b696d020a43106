// `topoverify export`: every format, parsed back here, gives exactly the CSR graph that
// topoverify measures (node i = i-th label, labels as bit strings), directed DDB included;
// when python3 has networkx, networkx reads each file without edits to the same graph.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "host/cli/export.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/host/run_command.hpp"

namespace {

using namespace tv;
using host::export_format;
using edge_set = std::set<std::pair<uint64_t, uint64_t>>;
using params = std::map<std::string, std::string>;

std::string export_text(const std::string& family, const params& kv, export_format format,
                        bool header = false) {
  const auto inst = host::make_instance(family, kv);
  std::FILE* f = std::tmpfile();
  host::write_graph(graph::build_csr(core::backend::cpu, inst.net), inst, {format, header}, f);
  std::rewind(f);
  std::string s;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) s.append(buf, n);
  std::fclose(f);
  return s;
}

/// What the file must say: every edge once (u < v) or every arc, and the labels.
struct truth {
  uint64_t nodes = 0;
  bool directed = false;
  edge_set edges;
  std::vector<std::string> labels;  // bit strings, written independently of export.cpp
};

truth graph_truth(const std::string& family, const params& kv) {
  const auto inst = host::make_instance(family, kv);
  const auto g = graph::build_csr(core::backend::cpu, inst.net);
  truth t;
  t.nodes = g.nodes;
  t.directed = g.directed;
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const uint64_t v = g.targets[e];
      t.edges.insert(g.directed ? std::pair{u, v} : std::pair{std::min(u, v), std::max(u, v)});
    }
  const int width = families::bits_of(inst.net);
  for (uint64_t i = 0; i < g.nodes; ++i) {
    std::string s;
    for (int b = width - 1; b >= 0; --b) s += ((families::unrank(inst.net, i) >> b) & 1) ? '1' : '0';
    t.labels.push_back(s);
  }
  return t;
}

const std::vector<std::pair<std::string, params>> kInstances = {
    {"hypercube", {{"n", "3"}}},
    {"postal", {{"lambda", "2"}, {"n", "9"}}},
    {"efc", {{"n", "10"}}},
    {"metacube", {{"k", "1"}, {"m", "2"}}},
    {"debruijn", {{"k", "5"}, {"directed", "false"}}},
    {"debruijn", {{"k", "4"}}},  // directed, with loops at 0000 and 1111
};

/// One format's exact text, written out by hand from a drawn graph.
struct exact_text {
  export_format format;
  bool header;
  std::string text;
};

void expect_exact_exports(const std::string& family, const params& kv, const std::vector<exact_text>& want) {
  for (const auto& w : want)
    EXPECT_EQ(export_text(family, kv, w.format, w.header), w.text)
        << "format " << static_cast<int>(w.format) << (w.header ? " with" : " without") << " header";
}

// Q(2), labels 00 01 10 11 as nodes 0..3:
//   0 - 1
//   |   |
//   2 - 3
TEST(Export, HypercubeTwoIsASquareWithNoCommentLine) {
  expect_exact_exports("hypercube", {{"n", "2"}},
                       {{export_format::edgelist, false, "0 1\n0 2\n1 3\n2 3\n"},
                        {export_format::edgelist, true,
                         "# topoverify export hypercube n=2: nodes 4 edges 4 directed false\n"
                         "0 1\n0 2\n1 3\n2 3\n"},
                        {export_format::labelled, false, "00 01\n00 10\n01 11\n10 11\n"},
                        // Matrix Market, symmetric: the lower triangle, 1-based.
                        {export_format::mtx, false,
                         "%%MatrixMarket matrix coordinate pattern symmetric\n"
                         "% topoverify export hypercube n=2: nodes 4 edges 4 directed false\n"
                         "4 4 4\n2 1\n3 1\n4 2\n4 3\n"}});
}

// DDB(2): x -> 2x mod 4 and 2x mod 4 + 1, loops at 00 and 11 kept.
TEST(Export, DirectedDeBruijnWritesEveryArc) {
  expect_exact_exports("debruijn", {{"k", "2"}},
                       {{export_format::edgelist, false, "0 0\n0 1\n1 2\n1 3\n2 0\n2 1\n3 2\n3 3\n"},
                        {export_format::mtx, false,
                         "%%MatrixMarket matrix coordinate pattern general\n"
                         "% topoverify export debruijn k=2 directed=true: nodes 4 edges 8 directed true\n"
                         "4 4 8\n1 1\n1 2\n2 3\n2 4\n3 1\n3 2\n4 3\n4 4\n"}});
}

TEST(Export, EdgeListsParseBackToTheGraph) {
  for (const auto& [fam, kv] : kInstances) {
    const truth t = graph_truth(fam, kv);
    std::map<std::string, uint64_t> index;
    for (uint64_t i = 0; i < t.nodes; ++i) index[t.labels[i]] = i;
    for (const auto format : {export_format::edgelist, export_format::labelled}) {
      std::istringstream in(export_text(fam, kv, format));
      edge_set got;
      uint64_t lines = 0;
      for (std::string a, b; in >> a >> b; ++lines) {
        uint64_t u, v;
        if (format == export_format::edgelist) {
          u = std::stoull(a);
          v = std::stoull(b);
        } else {
          ASSERT_TRUE(index.count(a) && index.count(b)) << fam << ": " << a << " " << b;
          u = index[a];
          v = index[b];
        }
        if (!t.directed) EXPECT_LT(u, v) << fam;
        got.insert({u, v});
      }
      EXPECT_EQ(lines, t.edges.size()) << fam;  // no duplicates, no extra line
      EXPECT_EQ(got, t.edges) << fam;
    }
  }
}

TEST(Export, MatrixMarketParsesBackToTheGraph) {
  for (const auto& [fam, kv] : kInstances) {
    const truth t = graph_truth(fam, kv);
    std::istringstream in(export_text(fam, kv, export_format::mtx));
    std::string banner, line;
    std::getline(in, banner);
    EXPECT_EQ(banner, std::string("%%MatrixMarket matrix coordinate pattern ") +
                          (t.directed ? "general" : "symmetric"));
    while (in.peek() == '%') std::getline(in, line);
    uint64_t rows = 0, cols = 0, entries = 0;
    in >> rows >> cols >> entries;
    EXPECT_EQ(rows, t.nodes);
    EXPECT_EQ(cols, t.nodes);
    EXPECT_EQ(entries, t.edges.size()) << fam;
    edge_set got;
    for (uint64_t r, c; in >> r >> c;) {
      ASSERT_GE(r, 1u);
      ASSERT_GE(c, 1u);
      if (!t.directed) EXPECT_GE(r, c) << fam;  // lower triangle
      got.insert(t.directed ? std::pair{r - 1, c - 1} : std::pair{c - 1, r - 1});
    }
    EXPECT_EQ(got, t.edges) << fam;
  }
}

/// The GraphML's nodes (id -> label) and edges, read with string searches (the file is
/// one element per line).
TEST(Export, GraphmlParsesBackToTheGraphWithLabels) {
  for (const auto& [fam, kv] : kInstances) {
    const truth t = graph_truth(fam, kv);
    const std::string xml = export_text(fam, kv, export_format::graphml);
    EXPECT_NE(xml.find(std::string("edgedefault=\"") + (t.directed ? "directed" : "undirected")),
              std::string::npos);
    EXPECT_NE(xml.find("<key id=\"label\" for=\"node\" attr.name=\"label\" attr.type=\"string\"/>"),
              std::string::npos);
    std::istringstream in(xml);
    std::map<uint64_t, std::string> labels;
    edge_set got;
    for (std::string line; std::getline(in, line);) {
      unsigned long long a = 0, b = 0;
      char text[80] = {};
      if (std::sscanf(line.c_str(), " <node id=\"n%llu\"><data key=\"label\">%79[01]</data></node>", &a,
                      text) == 2)
        labels[a] = text;
      else if (std::sscanf(line.c_str(), " <edge source=\"n%llu\" target=\"n%llu\"/>", &a, &b) == 2)
        got.insert({a, b});
    }
    ASSERT_EQ(labels.size(), t.nodes) << fam;
    for (uint64_t i = 0; i < t.nodes; ++i) EXPECT_EQ(labels[i], t.labels[i]) << fam << " node " << i;
    EXPECT_EQ(got, t.edges) << fam;
  }
}

struct ExportFile : ::testing::Test {
  std::string dir;
  void SetUp() override {
    dir = (std::filesystem::temp_directory_path() / ("tv_export_" + std::to_string(::getpid()))).string();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
};

TEST_F(ExportFile, CommandLineWritesFilesWholeAndRefusesToOverwrite) {
  const auto ok = test::run_topoverify("export postal lambda=2 n=9");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(std::count(ok.out.begin(), ok.out.end(), '\n'), 235);  // Table 2: L_2(9) = 235
  EXPECT_EQ(ok.out.find('#'), std::string::npos);

  const std::string file = dir + "/pn.graphml";
  const auto wrote = test::run_topoverify("export postal lambda=2 n=9 --format graphml --output " + file);
  ASSERT_EQ(wrote.exit_code, 0) << wrote.err;
  EXPECT_EQ(wrote.out, "");
  EXPECT_EQ(test::slurp(file), export_text("postal", {{"lambda", "2"}, {"n", "9"}}, export_format::graphml));

  const auto again = test::run_topoverify("export hypercube n=2 --output " + file);
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("exists; --force replaces it"), std::string::npos) << again.err;
  const auto forced = test::run_topoverify("export hypercube n=2 --output " + file + " --force");
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(test::slurp(file), "0 1\n0 2\n1 3\n2 3\n");
  // No temporary file left beside it.
  size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1u);

  const auto bad = test::run_topoverify("export postal lambda=2 n=9 --format gml");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("format 'gml' is not one of: edgelist, labelled, graphml, mtx"),
            std::string::npos)
      << bad.err;
}

// --force replaces a regular file or a symbolic link, nothing else: a device, a FIFO or
// a folder is refused by its kind before any work and is still there, unchanged, after.
TEST_F(ExportFile, ForceReplacesOnlyARegularFileOrALink) {
  namespace fs = std::filesystem;
  ASSERT_EQ(::mkfifo((dir + "/fifo").c_str(), 0644), 0);
  fs::create_directories(dir + "/folder");
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"/dev/null", "is a character device"}, {"/dev/full", "is a character device"},
      {dir + "/fifo", "is a FIFO"},           {dir + "/folder", "is a folder"},
      {dir + "/folder/", "is a folder"}};
  for (const auto& [target, kind] : refused)
    for (const std::string force : {"", " --force"}) {
      const auto r = test::run_topoverify("export hypercube n=2 --output '" + target + "'" + force + " < /dev/null");
      EXPECT_EQ(r.exit_code, 2) << target << force << ": " << r.err;
      EXPECT_NE(r.err.find("'" + target + "' " + kind + ", not a file"), std::string::npos) << r.err;
      EXPECT_EQ(r.err.find("--force replaces"), std::string::npos) << "no advice that cannot work: " << r.err;
    }
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  EXPECT_TRUE(fs::is_fifo(dir + "/fifo"));
  EXPECT_TRUE(fs::is_directory(dir + "/folder") && fs::is_empty(dir + "/folder"));

  // A symbolic link is replaced by the file (its target is left alone), as before.
  std::ofstream(dir + "/target") << "keep\n";
  fs::create_symlink(dir + "/target", dir + "/link");
  const auto linked = test::run_topoverify("export hypercube n=2 --output " + dir + "/link --force");
  EXPECT_EQ(linked.exit_code, 0) << linked.err;
  EXPECT_FALSE(fs::is_symlink(dir + "/link"));
  EXPECT_EQ(test::slurp(dir + "/link"), "0 1\n0 2\n1 3\n2 3\n");
  EXPECT_EQ(test::slurp(dir + "/target"), "keep\n");

  // An empty name is refused, as `run --output ''` is, not taken for stdout.
  const auto empty = test::run_topoverify("export hypercube n=2 --output ''");
  EXPECT_EQ(empty.exit_code, 2) << empty.err;
  EXPECT_NE(empty.err.find("--output is empty: name a file"), std::string::npos) << empty.err;
  EXPECT_EQ(empty.out, "");
}

// networkx reads every format as written (Matrix Market through scipy, when it is there).
TEST_F(ExportFile, NetworkxReadsEachFormat) {
  if (std::system("python3 -c 'import networkx' >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "python3 has no networkx (Debian: python3-networkx)";
  const bool scipy = std::system("python3 -c 'import scipy' >/dev/null 2>&1") == 0;
  std::ofstream(dir + "/read.py") << R"(import sys, networkx as nx
fmt, path, directed = sys.argv[1], sys.argv[2], sys.argv[3] == "true"
kind = nx.DiGraph if directed else nx.Graph
if fmt == "edgelist":
    g = nx.read_edgelist(path, nodetype=int, create_using=kind)
elif fmt == "labelled":
    g = nx.read_edgelist(path, nodetype=str, create_using=kind)
elif fmt == "graphml":
    g = nx.read_graphml(path)
    assert g.is_directed() == directed
    labels = nx.get_node_attributes(g, "label")
    assert len(labels) == g.number_of_nodes()
    g = nx.relabel_nodes(g, labels)
else:
    import scipy.io
    g = nx.from_scipy_sparse_array(scipy.io.mmread(path), create_using=kind)
print(g.number_of_nodes(), g.number_of_edges())
for u, v in g.edges():
    print(u, v)
)";
  for (const auto& [fam, kv] : kInstances) {
    const truth t = graph_truth(fam, kv);
    std::string args;
    for (const auto& [k, v] : kv) args += " " + k + "=" + v;
    for (const std::string format : {"edgelist", "labelled", "graphml", "mtx"}) {
      if (format == "mtx" && !scipy) continue;
      const std::string file = dir + "/g." + format;
      std::filesystem::remove(file);
      const auto wrote = test::run_topoverify("export " + fam + args + " --format " + format + " --output " + file);
      ASSERT_EQ(wrote.exit_code, 0) << wrote.err;
      const std::string cmd = "python3 " + dir + "/read.py " + format + " " + file + " " +
                              (t.directed ? "true" : "false") + " > " + dir + "/nx.out 2>&1";
      ASSERT_EQ(std::system(cmd.c_str()), 0) << fam << " " << format << ": " << test::slurp(dir + "/nx.out");
      std::istringstream in(test::slurp(dir + "/nx.out"));
      uint64_t n = 0, m = 0;
      in >> n >> m;
      EXPECT_EQ(n, t.nodes) << fam << " " << format;
      EXPECT_EQ(m, t.edges.size()) << fam << " " << format;
      std::map<std::string, uint64_t> index;
      for (uint64_t i = 0; i < t.nodes; ++i) index[t.labels[i]] = i;
      edge_set got;
      for (std::string a, b; in >> a >> b;) {
        const bool by_label = format == "labelled" || format == "graphml";
        uint64_t u = by_label ? index.at(a) : std::stoull(a), v = by_label ? index.at(b) : std::stoull(b);
        got.insert(t.directed ? std::pair{u, v} : std::pair{std::min(u, v), std::max(u, v)});
      }
      EXPECT_EQ(got, t.edges) << fam << " " << format;
    }
  }
}

}  // namespace
