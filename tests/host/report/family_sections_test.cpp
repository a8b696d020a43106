// The per-family statistics table (host/report/family_sections.cpp) reads one short line
// a row: a record's prose (how a sampled link load was estimated, 400 characters) is cut
// for people and kept whole for tools, and a field that is a list or an object in one
// record and null in another is no column (it was: the exact instance's 63-entry
// histogram, dumped as JSON, and the sampled one's method sentence made the rows of
// hypercube Q(7)..Q(9) dozens of lines tall in a 1,280 px window).
#include "host/report/family_sections.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "host/report/cells.hpp"

namespace {

using nlohmann::json;
using tv::host::report::family_sections;

const std::string kMethod =
    "sample of 64 target routers in 16 batches (seed 1; N (N - 1) = 16256 is over max_pairs = 9900): every "
    "source's route to each target; a link's load estimated by N / 4 times its load toward a batch, averaged "
    "over the batches; mean_load_ci95 and max_load_ci95 are 95% intervals";

json hypercube(int n, json link_load, json witness) {
  return {{"family", "hypercube"}, {"params", {{"n", n}}}, {"nodes", 1 << n}, {"status", "ok"},
          {"wall_s", 0.5},         {"link_load", link_load}, {"hamming_counterexample", witness}};
}

std::vector<json> records() {
  // Q(2) exact: its histogram a list, its busiest link a pair; Q(3) sampled: both null.
  return {hypercube(2, {{"exact", true}, {"method", "every ordered pair"}, {"max_load", 2},
                        {"histogram", {0, 4, 4}}, {"max_load_link", {"00", "01"}}},
                    json({{"source", "00"}, {"target", "11"}})),
          hypercube(3, {{"exact", false}, {"method", kMethod}, {"max_load", nullptr},
                        {"histogram", nullptr}, {"max_load_link", nullptr}},
                    nullptr)};
}

size_t column(const std::vector<std::string>& header, const std::string& name) {
  return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
}

TEST(FamilySections, ListsAndObjectsNullElsewhereAreNoColumns) {
  const auto sections = family_sections(records());
  ASSERT_EQ(sections.size(), 1u);
  const auto& header = sections[0].stats.header;
  for (const char* gone : {"link_load.histogram", "link_load.max_load_link", "hamming_counterexample"})
    EXPECT_EQ(column(header, gone), header.size()) << gone << " is a column";
  // Their scalar neighbours stay, the witness's fields as columns of their own.
  for (const char* kept : {"link_load.exact", "link_load.max_load", "link_load.method",
                           "hamming_counterexample.source", "hamming_counterexample.target"})
    EXPECT_LT(column(header, kept), header.size()) << kept << " is no column";
}

TEST(FamilySections, ProseIsCutForPeopleAndWholeForTools) {
  const auto sections = family_sections(records());
  ASSERT_EQ(sections.size(), 1u);
  const auto& t = sections[0].stats;
  const size_t method = column(t.header, "link_load.method");
  ASSERT_LT(method, t.header.size());
  ASSERT_EQ(t.rows.size(), 2u);
  for (const auto& row : t.rows)
    for (const auto& cell : row) EXPECT_LE(cell.size(), 48u) << "a cell of " << cell.size() << " bytes: " << cell;
  EXPECT_EQ(t.rows[0][method], "every ordered pair");  // short text is left alone
  EXPECT_EQ(t.rows[1][method], "sample of 64 target routers in 16 batches\u2026");
  EXPECT_EQ(t.csv_rows[1][method], kMethod);
}

TEST(FamilySections, CutTextEndsAtAWordAndNeverSplitsACharacter) {
  using tv::host::report::cell_text;
  EXPECT_EQ(cell_text(json("sample of 64 targets in 16 batches"), 20), "sample of 64\u2026");
  EXPECT_EQ(cell_text(json("short"), 20), "short");
  EXPECT_EQ(cell_text(json(std::string(30, 'x')), 20), std::string(17, 'x') + "\u2026");
  // "é" is two bytes: a cut at byte 17 would fall between them.
  EXPECT_EQ(cell_text(json(std::string(16, 'x') + "\u00e9\u00e9\u00e9\u00e9"), 20),
            std::string(16, 'x') + "\u2026");
  EXPECT_EQ(cell_text(json(42), 1), "42");  // a number is never cut (it fits any table)
}

}  // namespace
