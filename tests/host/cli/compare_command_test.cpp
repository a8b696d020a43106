// `topoverify compare` as users meet it: the table's diameter, average distance and
// fault diameter of each network checked by brute force (BFS from every node, and from
// every node of the graph left by each single failure), the bisection width of the
// undirected ones by every balanced split, rows ordered by N, instances over
// --all-pairs-up-to given the diameter alone of the all-pairs metrics and a sampled link
// load (Q(n)'s closed-form mean), the report's comparison section and chart with
// --output, and bad input refused with exit 2 before any work.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "kernels/families/folded_hypercube.hpp"
#include "kernels/families/kautz.hpp"
#include "kernels/families/torus.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/distance/reference.hpp"
#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using tv::test::run_topoverify;

struct truth {
  uint32_t diameter = 0, fault_diameter = 0;
  double average_distance = 0;
  uint64_t bisection_width = 0;  // undirected graphs: fewest edges between two halves
};

/// Diameter and average distance over ordered pairs, and the largest diameter left after
/// removing any one node (the graph rebuilt without it), by BFS from every node.
truth brute_force(const tv::graph::csr_graph& g) {
  truth t;
  const auto m = tv::test::distance_matrix(g);
  uint64_t sum = 0;
  for (uint64_t s = 0; s < g.nodes; ++s)
    for (uint64_t v = 0; v < g.nodes; ++v) {
      t.diameter = std::max(t.diameter, m[s][v]);
      sum += m[s][v];
    }
  t.average_distance = static_cast<double>(sum) / static_cast<double>(g.nodes * (g.nodes - 1));
  if (!g.directed) {  // every subset of floor(N/2) nodes as one half
    t.bisection_width = UINT64_MAX;
    for (uint64_t half = 0; half < (uint64_t{1} << g.nodes); ++half) {
      if (static_cast<uint64_t>(__builtin_popcountll(half)) != g.nodes / 2) continue;
      uint64_t crossing = 0;
      for (uint64_t u = 0; u < g.nodes; ++u)
        for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
          crossing += ((half >> u) & 1) != ((half >> g.targets[a]) & 1);
      t.bisection_width = std::min(t.bisection_width, crossing / 2);  // each edge is two arcs
    }
  }
  for (uint64_t x = 0; x < g.nodes; ++x) {
    std::vector<std::vector<uint32_t>> adj(g.nodes);
    for (uint64_t u = 0; u < g.nodes; ++u)
      for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        if (u != x && g.targets[a] != x) adj[u].push_back(g.targets[a]);
    for (uint64_t s = 0; s < g.nodes; ++s) {
      if (s == x) continue;
      std::vector<uint32_t> d(g.nodes, UINT32_MAX);
      std::vector<uint64_t> queue = {s};
      d[s] = 0;
      for (size_t i = 0; i < queue.size(); ++i)
        for (uint32_t w : adj[queue[i]])
          if (d[w] == UINT32_MAX) d[w] = d[queue[i]] + 1, queue.push_back(w);
      for (uint64_t v = 0; v < g.nodes; ++v)
        if (v != x) t.fault_diameter = std::max(t.fault_diameter, d[v]);
    }
  }
  return t;
}

TEST(CompareCommand, TheTableAgreesWithBruteForceOnEveryNetwork) {
  const auto r = run_topoverify(
      "compare 'torus k=3 n=2..3' 'foldedcube n=3..4' 'kautz d=2 k=3' --metrics diameter,average_distance,fault_diameter,bisection_width "
      "--all-pairs-up-to 20 --json --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json rows = json::parse(r.out);
  ASSERT_EQ(rows.size(), 5u) << r.out;  // C_3^2 (9), FQ(3) (8), K(2,3) (12), FQ(4) (16), C_3^3 (27)
  std::map<std::string, tv::graph::csr_graph> graphs;
  graphs.emplace("C_3^2", tv::graph::build_csr(tv::core::backend::cpu, tv::families::torus::make(3, 2)));
  graphs.emplace("C_3^3", tv::graph::build_csr(tv::core::backend::cpu, tv::families::torus::make(3, 3)));
  graphs.emplace("FQ(3)", tv::graph::build_csr(tv::core::backend::cpu, tv::families::folded_hypercube::make(3)));
  graphs.emplace("FQ(4)", tv::graph::build_csr(tv::core::backend::cpu, tv::families::folded_hypercube::make(4)));
  graphs.emplace("K(2,3)", tv::graph::build_csr(tv::core::backend::cpu, tv::families::kautz::make(2, 3)));
  uint64_t last_n = 0;
  for (const json& row : rows) {
    const std::string name = row["network"];
    ASSERT_TRUE(graphs.count(name)) << name;
    const auto& g = graphs.at(name);
    EXPECT_EQ(row["N"], g.nodes) << name;
    EXPECT_GE(row["N"].get<uint64_t>(), last_n);  // ordered by N
    last_n = row["N"];
    const truth t = brute_force(g);
    EXPECT_EQ(row["diameter"], t.diameter) << name;
    if (g.nodes <= 20) {
      EXPECT_NEAR(row["average distance"].get<double>(), t.average_distance, 1e-12) << name;
      EXPECT_EQ(row["fault diameter (1 node)"], t.fault_diameter) << name;
      if (!g.directed) EXPECT_EQ(row["bisection width"], t.bisection_width) << name;  // exact up to 24 nodes
    } else {  // over --all-pairs-up-to: the diameter alone, the others said to be skipped
      EXPECT_EQ(row["average distance"], "skipped") << name;
      EXPECT_EQ(row["fault diameter (1 node)"], "skipped") << name;
    }
  }
}

TEST(CompareCommand, WithAnOutputFolderTheReportShowsTheComparison) {
  const std::string dir = "/tmp/tv_compare_" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = run_topoverify("compare 'torus k=3 n=2..3' 'hypercube n=3..5' --metrics diameter,average_distance --output " +
                                dir + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Comparison: torus k=3 n=2..3 vs hypercube n=3..5"), std::string::npos) << r.out;
  const std::string md = tv::test::slurp(dir + "/report.md");
  EXPECT_NE(md.find("## Comparisons"), std::string::npos);
  EXPECT_NE(md.find("| Q(5) | hypercube | 32 | 5 | 5 |"), std::string::npos) << md;
  EXPECT_TRUE(fs::exists(dir + "/compare-torus-k-3-n-2-3-vs-hypercube-n-3-5.csv"));
  const std::string html = tv::test::slurp(dir + "/report.html");
  EXPECT_NE(html.find("id=\"comparisons\""), std::string::npos);
  // Continued with --resume: every instance is recorded already, so none runs again.
  const std::string records = tv::test::slurp(dir + "/results.jsonl");
  const auto again = run_topoverify("compare 'torus k=3 n=2..3' 'hypercube n=3..5' --metrics diameter,average_distance --output " +
                                    dir + " --resume --quiet");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, r.out);
  EXPECT_EQ(std::count(records.begin(), records.end(), '\n'), 5);
  EXPECT_EQ(tv::test::slurp(dir + "/results.jsonl"), records);  // nothing added or rewritten
  fs::remove_all(dir);
}

// Over all_pairs_up_to the link load still runs: exact up to its own work bound, from a
// seeded sample of targets above it, which the table shows as what its 95% interval says.  Q(n)'s
// mean link load has a closed form: every ordered pair's shortest route is its Hamming
// distance, n 2^(n-1) summed over each target's sources, over n arcs a node: 2^(n-1),
// the same for every target, so a sample estimates it exactly.
TEST(CompareCommand, LinkLoadRunsOverAllPairsUpToSampledAboveItsWorkBound) {
  const std::string dir = "/tmp/tv_compare_load_" + std::to_string(::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "/b.toml") << "[[compare]]\nname = \"cubes\"\nmetrics = [\"diameter\", \"average_distance\", "
                                    "\"link_load\"]\nall_pairs_up_to = 64\nnetworks = [ { family = \"hypercube\", n = \"6..7\" } ]\n";
  // 2000 ordered pairs: Q(6) (4032 pairs) wants 2000 / 63 targets, rounded up to the
  // least sample (64, all of them: exact); Q(7) gets 64 of its 128.
  const auto r = run_topoverify("run b.toml --set link_load.max_pairs=2000 --output out --backend cpu --quiet", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::map<uint64_t, json> by_n;
  std::istringstream lines(tv::test::slurp(dir + "/out/results.jsonl"));
  for (std::string line; std::getline(lines, line);) {
    const json rec = json::parse(line);
    by_n[rec["params"]["n"].get<uint64_t>()] = rec;
  }
  ASSERT_EQ(by_n.size(), 2u);
  const json& q6 = by_n[6];
  EXPECT_EQ(q6["link_load"]["exact"], true);
  EXPECT_EQ(q6["link_load"]["mean_load"], 32.0);
  EXPECT_NEAR(q6["average_distance"].get<double>(), 6.0 * 32 / 63, 1e-12);  // n 2^(n-1) / (2^n - 1)
  EXPECT_FALSE(q6.contains("compare_skipped"));
  const json& q7 = by_n[7];
  ASSERT_EQ(q7["compare_skipped"].size(), 1u) << q7.dump();
  EXPECT_EQ(q7["compare_skipped"][0]["metric"], "average_distance");
  const json& load = q7["link_load"];
  EXPECT_EQ(load["exact"], false);
  EXPECT_EQ(load["sample_targets"], 64);
  EXPECT_NEAR(load["mean_load"].get<double>(), 64.0, 1e-9);
  EXPECT_LE(load["mean_load_ci95"][0].get<double>(), 64.0 + 1e-9);
  EXPECT_GE(load["mean_load_ci95"][1].get<double>(), 64.0 - 1e-9);
  EXPECT_TRUE(load["max_load"].is_null());
  const double low = load["max_load_ci95"][0].get<double>(), high = load["max_load_ci95"][1].get<double>();
  EXPECT_LE(low, high);
  EXPECT_GE(high, 64.0);  // the largest load is at least the mean
  // 64 of 128 targets leave the interval over twice as wide as its lower end (Q(7)'s exact
  // largest load is 123): the table gives that end, rounded down to whole routes, and the
  // mean load; the CSV both ends and the mean in full, as the record has them.
  EXPECT_GT(std::ceil(high), 2 * std::floor(low));
  const std::string md = tv::test::slurp(dir + "/out/report.md");
  const std::string row = "| Q(7) | hypercube | 128 | 7 | 7 | skipped | &gt;= " +
                          std::to_string(static_cast<uint64_t>(std::floor(low))) + " (95%), mean ~64 |";
  EXPECT_NE(md.find(row), std::string::npos) << row << "\n" << md;
  EXPECT_NE(md.find("\"&gt;= lo (95%), mean ~m\" gives its lower end lo"), std::string::npos) << md;
  const std::string csv = tv::test::slurp(dir + "/out/compare-cubes.csv");
  const std::string cell = load["max_load_ci95"][0].dump() + ".." + load["max_load_ci95"][1].dump() +
                           " (95%), mean " + load["mean_load"].dump();
  EXPECT_NE(csv.find("Q(7),hypercube,128,7,7,skipped,\"" + cell + "\"\r\n"), std::string::npos) << cell << "\n" << csv;
  EXPECT_EQ(md.find("link_load skipped"), std::string::npos) << md;
  fs::remove_all(dir);
}

TEST(CompareCommand, BadInputIsRefusedBeforeAnyWork) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"compare 'torus k=3 n=2' --metrics diamter", "--metrics: unknown metric 'diamter'"},
      {"compare ''", "an empty NETWORK"},
      {"compare 'tours k=3'", "unknown family 'tours'"},
      {"compare 'torus k=3 n=2' --all-pairs-up-to -1", "--all-pairs-up-to must be a positive"},
      {"compare 'torus k=3 n=2' --backend gpu", "--backend 'gpu' is not one of"},
      {"compare 'torus k=3 n=2' --resume", "--resume needs --output"},
  };
  for (const auto& [args, want] : cases) {
    const auto r = run_topoverify(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_NE(r.err.find(want), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.out, "") << args;
  }
}

}  // namespace
