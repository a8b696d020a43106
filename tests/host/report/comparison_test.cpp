// Comparison tables (host/report/comparison.hpp) from records shaped as the runner writes
// them: one table per comparison, rows by N, a column per metric some row has, empty
// cells explained, a sampled fault diameter and a coordinate-cut bisection width shown as
// the bounds they are, and the
// aligned text `topoverify compare` prints.
#include "host/report/comparison.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using nlohmann::json;
using tv::host::report::comparison_tables;
using tv::host::report::comparison_text;

json record(const std::string& compare, const std::string& family, json params, uint64_t n, int dmin, int dmax) {
  return {{"family", family}, {"params", params},     {"nodes", n},   {"degree_min", dmin},
          {"degree_max", dmax}, {"status", "ok"},     {"job", "compare: " + compare}, {"compare", compare}};
}

size_t column(const tv::host::report::table& t, const std::string& heading) {
  return static_cast<size_t>(std::find(t.header.begin(), t.header.end(), heading) - t.header.begin());
}

TEST(ComparisonTables, RowsByNodesColumnsByWhatWasMeasured) {
  json big = record("a", "torus", {{"k", 4}, {"n", 5}}, 1024, 10, 10);
  big["diameter"] = 10;  // measured above all_pairs_up_to: the diameter alone
  json pn = record("a", "postal", {{"lambda", 2}, {"n", 8}}, 55, 3, 8);
  pn["diameter"] = 8;
  pn["average_distance"] = 3.3454545454545452;
  pn["fault_diameter"] = {{"connected", true}, {"diameter", 8}, {"method", "exact by orbits"}};
  json kz = record("a", "kautz", {{"d", 2}, {"k", 6}}, 96, 2, 2);
  kz["diameter"] = 6;
  kz["average_distance"] = 4.9;
  kz["fault_diameter"] = {{"connected", true}, {"diameter", 8}, {"method", "sampled (seed 1)"}};
  pn["bisection"] = {{"width", 13}, {"method", "upper bound (coordinate cut)"}};
  kz["bisection"] = {{"width", 9}, {"method", "exact"}};
  json cut = record("b", "hypercube", {{"n", 1}}, 2, 1, 1);
  cut["fault_diameter"] = {{"connected", false}, {"diameter", nullptr}, {"method", "exact by orbits"}};
  json other = {{"family", "postal"}, {"params", {{"lambda", 2}, {"n", 3}}}, {"nodes", 5}, {"status", "ok"}, {"job", "x"}};

  const auto tables = comparison_tables({big, pn, other, kz, cut});
  ASSERT_EQ(tables.size(), 2u);  // the record of no comparison is in neither
  const auto& a = tables[0];
  EXPECT_EQ(a.title, "Comparison: a");
  EXPECT_EQ(a.csv_name, "compare-a.csv");
  ASSERT_EQ(a.rows.size(), 3u);
  EXPECT_EQ(a.rows[0][0], "PN_2(8)");
  EXPECT_EQ(a.rows[1][0], "K(2,6)");
  EXPECT_EQ(a.rows[2][0], "C_4^5");
  EXPECT_EQ(a.rows[0][column(a, "degree")], "3..8");
  EXPECT_EQ(a.rows[1][column(a, "degree")], "2");
  EXPECT_EQ(a.rows[0][column(a, "average distance")], "3.345");
  EXPECT_EQ(a.csv_rows[0][column(a, "average distance")], "3.3454545454545452");
  EXPECT_EQ(a.rows[0][column(a, "fault diameter (1 node)")], "8");
  EXPECT_EQ(a.rows[1][column(a, "fault diameter (1 node)")], ">= 8");
  EXPECT_EQ(a.rows[2][column(a, "average distance")], "");
  EXPECT_EQ(a.rows[0][column(a, "bisection width")], "<= 13");  // the coordinate cuts bound it
  EXPECT_EQ(a.rows[1][column(a, "bisection width")], "9");
  EXPECT_NE(a.note.find("all_pairs_up_to"), std::string::npos);
  EXPECT_EQ(column(a, "Moore efficiency"), a.header.size());  // no row has it
  const auto& b = tables[1];
  ASSERT_EQ(b.rows.size(), 1u);
  EXPECT_EQ(b.rows[0][column(b, "fault diameter (1 node)")], "disconnected");
  EXPECT_TRUE(b.note.empty());

  const std::string text = comparison_text(a);
  EXPECT_EQ(text.rfind("Comparison: a\n\n", 0), 0u);
  EXPECT_NE(text.find("\nPN_2(8)  postal    55    3..8         8"), std::string::npos) << text;
  EXPECT_EQ(text.find(" \n"), std::string::npos) << "a line ends in spaces:\n" << text;
}

}  // namespace

namespace {

// A metric the comparison did not run on a large instance reads "skipped" in its cell, and
// the note says from which size and why; the architects' columns read their objects, a
// sampled value marked "~", a sampled largest link load (the link load runs at every
// size) given as what its 95% interval says.
TEST(ComparisonTables, SkippedMetricsSaySoWithTheirReason) {
  json small = record("s", "slimfly", {{"q", 5}, {"concentration", 4}}, 50, 7, 7);
  small["diameter"] = 2;
  small["average_distance"] = 1.857;
  small["link_load"] = {{"max_load", 40}};
  small["endpoints"] = {{"average_distance", 1.5}, {"exact", true}};
  small["path_diversity"] = {{"mean", 1.25}, {"exact", true}};
  small["topology"] = {{"cables_per_endpoint", 0.875}};
  json large = record("s", "slimfly", {{"q", 89}, {"concentration", 67}}, 15842, 133, 133);
  large["diameter"] = 2;
  large["endpoints"] = {{"average_distance", 1.99}, {"exact", false}};
  // link_load run from a sample of targets: its interval, not a value
  large["link_load"] = {{"exact", false}, {"max_load", nullptr}, {"max_load_ci95", {3364.0, 11587.6}}};
  large["compare_skipped"] = json::array(
      {{{"metric", "average_distance"},
        {"reason", "N = 15842 is over all_pairs_up_to = 4096: the distances check costs all pairs or more"}}});
  const auto tables = comparison_tables({large, small});
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0];
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0][0], "SF(5)");
  // Its interval over twice as wide as its lower end: that end, rounded down to whole routes
  // (no mean load in this record; comparison_loads_test.cpp has the rest).
  EXPECT_EQ(t.rows[1][column(t, "max link load")], ">= 3364 (95%)");
  EXPECT_EQ(t.rows[0][column(t, "max link load")], "40");
  EXPECT_EQ(t.rows[1][column(t, "average distance")], "skipped");
  EXPECT_EQ(t.rows[0][column(t, "average distance")], "1.857");
  EXPECT_EQ(t.rows[1][column(t, "endpoint average distance")], "~1.99");
  EXPECT_EQ(t.rows[0][column(t, "endpoint average distance")], "1.5");
  EXPECT_EQ(t.rows[0][column(t, "cables per endpoint")], "0.875");
  EXPECT_NE(t.note.find("average_distance skipped: N = 15842 is over all_pairs_up_to = 4096: the distances check "
                        "costs all pairs or more (and on every larger instance)."),
            std::string::npos)
      << t.note;
  EXPECT_EQ(t.note.find("link_load"), std::string::npos) << t.note;  // not skipped
}

}  // namespace

namespace {

// A comparison run again with other settings (or by a build that runs a metric at other
// sizes) re-runs the instances whose checks changed, under new ids, beside the earlier
// records: the table shows one row per network, the folder plan's record, else the last,
// and says how many it left out.
TEST(ComparisonTables, OneRowPerNetworkTheCurrentRunsRecord) {
  json old_q7 = record("c", "hypercube", {{"n", 7}}, 128, 7, 7);
  old_q7["instance_id"] = "old";
  old_q7["diameter"] = 7;
  old_q7["compare_skipped"] = json::array({{{"metric", "link_load"}, {"reason", "an earlier build's"}}});
  json new_q7 = record("c", "hypercube", {{"n", 7}}, 128, 7, 7);
  new_q7["instance_id"] = "new";
  new_q7["diameter"] = 7;
  new_q7["link_load"] = {{"exact", true}, {"max_load", 123}};
  json q6 = record("c", "hypercube", {{"n", 6}}, 64, 6, 6);
  q6["instance_id"] = "six";
  q6["link_load"] = {{"exact", true}, {"max_load", 62}};
  json other = new_q7;  // the same network in another comparison is its own row there
  other["compare"] = "d";
  other["instance_id"] = "other";
  const std::vector<json> latest = {old_q7, q6, new_q7, other};

  EXPECT_EQ(tv::host::report::superseded_comparison_records(latest, std::nullopt),
            (std::vector<bool>{true, false, false, false}));
  auto tables = comparison_tables(latest);
  ASSERT_EQ(tables.size(), 2u);
  ASSERT_EQ(tables[0].rows.size(), 2u);
  EXPECT_EQ(tables[0].rows[1][column(tables[0], "max link load")], "123");  // the later record
  EXPECT_NE(tables[0].note.find("1 earlier record of these networks"), std::string::npos) << tables[0].note;
  EXPECT_EQ(tables[0].note.find("skipped"), std::string::npos) << tables[0].note;
  EXPECT_TRUE(tables[1].note.empty()) << tables[1].note;

  // A run back at the earlier settings finds the earlier record done: its plan names it.
  const std::vector<std::string> plan = {"instance old", "instance six"};
  EXPECT_EQ(tv::host::report::superseded_comparison_records(latest, plan),
            (std::vector<bool>{false, false, true, false}));
  tables = comparison_tables(latest, plan);
  ASSERT_EQ(tables[0].rows.size(), 2u);
  EXPECT_EQ(tables[0].rows[1][column(tables[0], "max link load")], "skipped");
}

}  // namespace
