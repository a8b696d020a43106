// `topoverify export`: the edge list other tools load is exactly the CSR graph that
// topoverify measures (node i = i-th label), on graphs small enough to write out.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <sstream>

#include "host/export.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/host/run_command.hpp"

namespace {

using namespace tv;

std::string export_text(const std::string& family, const std::map<std::string, std::string>& kv) {
  const auto inst = host::make_instance(family, kv);
  std::FILE* f = std::tmpfile();
  host::write_edge_list(graph::build_csr(core::backend::cpu, inst.net), inst, f);
  std::rewind(f);
  std::string s;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) s.append(buf, n);
  std::fclose(f);
  return s;
}

// Q(2), labels 00 01 10 11 as nodes 0..3:
//   0 - 1
//   |   |
//   2 - 3
TEST(Export, HypercubeTwoIsASquare) {
  EXPECT_EQ(export_text("hypercube", {{"n", "2"}}),
            "# topoverify export hypercube n=2: nodes 4 edges 4 directed false\n"
            "0 1\n0 2\n1 3\n2 3\n");
}

// DDB(2): x -> 2x mod 4 and 2x mod 4 + 1, loops at 00 and 11 kept.
TEST(Export, DirectedDeBruijnWritesEveryArc) {
  EXPECT_EQ(export_text("debruijn", {{"k", "2"}}),
            "# topoverify export debruijn k=2 directed=true: nodes 4 edges 8 directed true\n"
            "0 0\n0 1\n1 2\n1 3\n2 0\n2 1\n3 2\n3 3\n");
}

// Every undirected CSR edge appears once, as u < v, and nothing else does.
TEST(Export, UndirectedEdgesOnceEachMatchingTheGraph) {
  for (auto [fam, kv] : {std::pair<std::string, std::map<std::string, std::string>>{
                             "postal", {{"lambda", "2"}, {"n", "9"}}},
                         {"efc", {{"n", "10"}}},
                         {"metacube", {{"k", "1"}, {"m", "2"}}},
                         {"debruijn", {{"k", "5"}, {"directed", "false"}}}}) {
    const auto inst = host::make_instance(fam, kv);
    const auto g = graph::build_csr(core::backend::cpu, inst.net);
    std::set<std::pair<uint64_t, uint64_t>> want;
    for (uint64_t u = 0; u < g.nodes; ++u)
      for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
        want.insert({std::min<uint64_t>(u, g.targets[e]), std::max<uint64_t>(u, g.targets[e])});
    std::istringstream in(export_text(fam, kv));
    std::string header;
    std::getline(in, header);
    EXPECT_NE(header.find("nodes " + std::to_string(g.nodes) + " edges " +
                          std::to_string(want.size()) + " directed false"),
              std::string::npos)
        << header;
    std::set<std::pair<uint64_t, uint64_t>> got;
    uint64_t lines = 0;
    for (uint64_t u, v; in >> u >> v; ++lines) {
      EXPECT_LT(u, v) << fam;
      got.insert({u, v});
    }
    EXPECT_EQ(lines, want.size()) << fam;
    EXPECT_EQ(got, want) << fam;
  }
}

TEST(Export, CommandLineWritesTheListAndRejectsUnknownFormats) {
  const auto ok = test::run_topoverify("export postal lambda=2 n=9");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out.rfind("# topoverify export postal lambda=2 n=9: nodes 89 edges 235", 0), 0u)
      << ok.out.substr(0, 80);
  EXPECT_EQ(std::count(ok.out.begin(), ok.out.end(), '\n'), 1 + 235);  // Table 2: L_2(9) = 235

  const auto bad = test::run_topoverify("export postal lambda=2 n=9 --format graphml");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("format 'graphml'"), std::string::npos) << bad.err;
}

}  // namespace
