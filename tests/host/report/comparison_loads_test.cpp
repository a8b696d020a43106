// A sampled link load in a comparison (host/report/comparison.cpp, plots_compare.py): the check
// gives no value of the largest load, only a 95% interval, narrow at a good part of N and
// useless at 64 targets near 10^6 routers (Q(20): 524288..4940016094).  The table shows
// the interval where its upper end is at most twice its lower, else the lower end and
// the mean load, says what the symbols mean, and keeps every figure in full in the CSV;
// the chart draws those instances at the lower end, apart from the exact loads.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "host/report/comparison.hpp"
#include "host/report/plots.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using tv::host::report::comparison_tables;

json record(const std::string& family, json params, uint64_t n, int degree) {
  return {{"family", family}, {"params", params},     {"nodes", n},   {"degree_min", degree},
          {"degree_max", degree}, {"status", "ok"}, {"job", "compare: c"}, {"compare", "c"}};
}

json sampled(double low, double high, double mean, double mean_low, double mean_high) {
  return {{"exact", false},        {"max_load", nullptr},       {"max_load_ci95", {low, high}},
          {"mean_load", mean},     {"mean_load_ci95", {mean_low, mean_high}}};
}

/// Q(7) exact (its largest load 123), a dragonfly's interval 1.23 times wide, Q(20) and
/// EFC_29 as the architects' run sampled them (upper ends 10^4 times the lower).
std::vector<json> loads() {
  json q7 = record("hypercube", {{"n", 7}}, 128, 7);
  q7["link_load"] = {{"exact", true}, {"max_load", 123}, {"mean_load", 64.0}};
  json df = record("dragonfly", {{"a", 58}, {"h", 29}}, 97614, 86);
  df["link_load"] = sampled(3364.2, 4150.9, 3364.0334, 3364.0323, 3364.0345);
  json q20 = record("hypercube", {{"n", 20}}, 1048576, 20);
  q20["link_load"] = sampled(524288.0, 4940016093.2, 524288.0, 524287.5, 524288.5);
  json efc = record("efc", {{"n", 29}}, 1049088, 27);
  efc["link_load"] = sampled(629172.4, 10216012387.6, 598765.4, 598166.6, 599364.2);  // mean ± 0.1%
  return {q7, df, q20, efc};
}

size_t column(const tv::host::report::table& t, const std::string& heading) {
  return static_cast<size_t>(std::find(t.header.begin(), t.header.end(), heading) - t.header.begin());
}

TEST(ComparisonLoads, SampledCellsGiveWhatIsKnownAndTheNoteSaysWhat) {
  const auto tables = comparison_tables(loads());
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0];
  ASSERT_EQ(t.rows.size(), 4u);
  const size_t c = column(t, "max link load");
  ASSERT_LT(c, t.header.size());
  EXPECT_EQ(t.rows[0][c], "123");                                // exact: unchanged
  EXPECT_EQ(t.rows[1][c], "3364..4151 (95%)");                   // narrow: the interval, rounded outward
  EXPECT_EQ(t.rows[2][c], ">= 524288 (95%), mean ~524288");      // wide: the lower end and the mean
  EXPECT_EQ(t.rows[3][c], ">= 629172 (95%), mean ~598765");
  // Tools get both ends and the mean in full, whatever the width.
  EXPECT_EQ(t.csv_rows[0][c], "123");
  EXPECT_EQ(t.csv_rows[1][c], "3364.2..4150.9 (95%), mean 3364.0334");
  EXPECT_EQ(t.csv_rows[2][c], "524288.0..4940016093.2 (95%), mean 524288.0");
  EXPECT_EQ(t.csv_rows[3][c], "629172.4..10216012387.6 (95%), mean 598765.4");
  // The legend: both forms, and the mean's precision, the widest of the wide rows' (EFC_29's).
  EXPECT_NE(t.note.find("max link load: a number is exact;"), std::string::npos) << t.note;
  EXPECT_NE(t.note.find("lo..hi (95%) is that interval;"), std::string::npos) << t.note;
  EXPECT_NE(t.note.find("\">= lo (95%), mean ~m\" gives its lower end lo, where its upper end is over twice lo"),
            std::string::npos)
      << t.note;
  EXPECT_NE(t.note.find("the mean load over links, estimated within \u00b10.1% "), std::string::npos) << t.note;
}

// The legend names only the forms the table shows, and a table of exact loads has none.
TEST(ComparisonLoads, TheNoteExplainsOnlyTheFormsShown) {
  std::vector<json> rows = loads();
  const auto exact_only = comparison_tables({rows[0]});
  EXPECT_EQ(exact_only[0].note.find("max link load"), std::string::npos) << exact_only[0].note;
  const auto narrow_only = comparison_tables({rows[0], rows[1]});
  EXPECT_NE(narrow_only[0].note.find("lo..hi (95%) is that interval."), std::string::npos) << narrow_only[0].note;
  EXPECT_EQ(narrow_only[0].note.find("mean ~m"), std::string::npos) << narrow_only[0].note;
  // Q(20)'s mean is within ±0.0001%: said as within ±0.01%, an upper bound.
  const auto wide_only = comparison_tables({rows[2]});
  EXPECT_EQ(wide_only[0].note.find("lo..hi"), std::string::npos) << wide_only[0].note;
  EXPECT_NE(wide_only[0].note.find("within \u00b10.01% "), std::string::npos) << wide_only[0].note;
  // Twice the lower end is still narrow; one route over, wide.
  json edge = rows[1];
  edge["link_load"] = sampled(100.0, 200.0, 90.0, 89.0, 91.0);
  EXPECT_EQ(comparison_tables({edge})[0].rows[0][column(comparison_tables({edge})[0], "max link load")],
            "100..200 (95%)");
  edge["link_load"] = sampled(100.0, 200.5, 90.0, 89.0, 91.0);
  EXPECT_EQ(comparison_tables({edge})[0].rows[0][column(comparison_tables({edge})[0], "max link load")],
            ">= 100 (95%), mean ~90");
  // A sum's rounding is not a route: Q(8) sampled at 144 of its 256 targets (mean 128).
  edge["link_load"] = sampled(127.99999999999896, 501.3022484263066, 127.99999999999905, 127.9, 128.1);
  EXPECT_EQ(comparison_tables({edge})[0].rows[0][column(comparison_tables({edge})[0], "max link load")],
            ">= 128 (95%), mean ~128");
  edge["link_load"] = sampled(127.9999, 128.0001, 128.0, 127.9, 128.1);
  EXPECT_EQ(comparison_tables({edge})[0].rows[0][column(comparison_tables({edge})[0], "max link load")],
            "127..129 (95%)");
}

bool matplotlib_available() {
  return std::system("python3 -c 'import matplotlib' 2>/dev/null") == 0 ||
         std::system("/usr/bin/python3 -c 'import matplotlib' 2>/dev/null") == 0;
}

// The chart draws the three sampled instances (hollow triangles at their lower ends) and
// its caption says so; without sampled loads, nothing is said.
TEST(ComparisonLoads, TheChartDrawsSampledLoadsApartAndSaysHowMany) {
  if (!matplotlib_available()) GTEST_SKIP() << "python3 with matplotlib is not installed";
  const std::string dir = "/tmp/tv_compare_loads_" + std::to_string(::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::vector<json> rows = loads();
  for (json& r : rows) r["diameter"] = 7;
  auto chart = [&](const std::vector<json>& records) {
    const auto set = tv::host::report::make_plots(records, nlohmann::ordered_json::object(), dir);
    EXPECT_EQ(set.skipped, "");
    for (const auto& p : set.plots)
      if (p.kind == "compare") return p;
    ADD_FAILURE() << "no comparison chart";
    return tv::host::report::plot{};
  };
  const auto with = chart(rows);
  EXPECT_EQ(with.file, "compare-c.png");
  EXPECT_NE(with.title.find("; hollow triangles: the 3 instances whose link load was sampled (over the exact "
                            "bound), at the 95% lower bound of the largest load"),
            std::string::npos)
      << with.title;
  EXPECT_EQ(with.panels, (std::vector<std::string>{"diameter", "largest link load"}));
  // Sampled loads alone still get their panel.
  const auto alone = chart({rows[2]});
  EXPECT_EQ(alone.panels, (std::vector<std::string>{"diameter", "largest link load"}));
  EXPECT_NE(alone.title.find("the 1 instance whose"), std::string::npos) << alone.title;
  const auto exact = chart({rows[0]});
  EXPECT_EQ(exact.title, "Comparison: c, against N (log x)");
  fs::remove_all(dir);
}

}  // namespace
