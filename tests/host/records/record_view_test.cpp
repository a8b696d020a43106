// Terminal renderings of records: numbers a reader can read, nested objects as indented
// sub-tables, one aligned row per instance with the key statistics.
#include "host/records/record_view.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using nlohmann::ordered_json;
using tv::host::readable_number;
using tv::host::record_table;
using tv::host::records_table;

TEST(RecordView, NumbersToFourSignificantDigitsIntegersWhole) {
  EXPECT_EQ(readable_number(ordered_json(0.0006456820000000001)), "0.0006457");
  EXPECT_EQ(readable_number(ordered_json(4.113053613053613)), "4.113");
  EXPECT_EQ(readable_number(ordered_json(5.69)), "5.690");  // trailing zeros kept: columns line up
  EXPECT_EQ(readable_number(ordered_json(42348)), "42348");
  EXPECT_EQ(readable_number(ordered_json(42348.0)), "42348");
  EXPECT_EQ(readable_number(ordered_json(121728.6)), "121729");
  EXPECT_EQ(readable_number(ordered_json(1.7636e-05)), "1.764e-05");
  EXPECT_EQ(readable_number(ordered_json(uint64_t{18446744073709551615u})), "18446744073709551615");
}

TEST(RecordView, OneRecordNestsObjectsAsIndentedSubTables) {
  const auto r = ordered_json::parse(R"({"family":"efc","params":{"n":6},"nodes":8,
      "average_distance":1.9285714285714286,"degree_histogram":[0,0,5,2,1],
      "hamming_counterexample":null,
      "all_pairs":{"sources":8,"automorphisms":["reverse"],"level":{"deep":0.30000000000000004}},
      "timings":{"counts_s":0.0006456820000000001},
      "claims":[{"id":"efc.p5","verdict":"holds"}]})");
  EXPECT_EQ(record_table(r),
            "efc n=6\n"
            "  nodes                  8\n"
            "  average_distance       1.929\n"
            "  degree_histogram       [0, 0, 5, 2, 1]\n"
            "  hamming_counterexample -\n"
            "  all_pairs\n"
            "    sources              8\n"
            "    automorphisms        [reverse]\n"
            "    level\n"
            "      deep               0.3000\n"
            "  timings\n"
            "    counts_s             0.0006457\n"
            "  claims\n"
            "    [0]\n"
            "      id                 efc.p5\n"
            "      verdict            holds\n");
}

TEST(RecordView, SeveralRecordsAreAlignedRowsOfTheKeyStatistics) {
  std::vector<ordered_json> recs;
  recs.push_back(ordered_json::parse(R"({"family":"postal","params":{"lambda":2,"n":9},"nodes":89,"edges":235,
      "degree_min":4,"degree_max":9,"diameter":9,"radius":5,"average_distance":3.7272727,"wiener":14432,
      "hamming_paths":true})"));
  recs.push_back(ordered_json::parse(R"({"family":"postal","params":{"lambda":2,"n":10},"nodes":144,"edges":420,
      "degree_min":4,"degree_max":10})"));
  EXPECT_EQ(records_table(recs),
            "postal lambda=2\n"
            "  n    N edges degree diameter radius avg distance Wiener index Hamming paths\n"
            "  9   89   235   4..9        9      5        3.727        14432           yes\n"
            "  10 144   420  4..10        -      -            -            -             -\n");
}

// With the metrics check, its interpolated effective diameters (the percentiles the first
// record holds) and Moore efficiency are columns too; a record without them shows "-".
TEST(RecordView, MetricsAddTheirColumnsWhereTheyRan) {
  std::vector<ordered_json> recs;
  recs.push_back(ordered_json::parse(R"({"family":"kautz","params":{"d":2,"k":3},"nodes":12,"edges":24,
      "degree_min":2,"degree_max":2,"metrics":{"reachable_pairs":132,"effective_diameter_50":2,
      "effective_diameter_75":3,"effective_diameter_50_interpolated":1.857142857,
      "effective_diameter_75_interpolated":2.5,"moore_bound":15,"moore_efficiency":0.8}})"));
  recs.push_back(ordered_json::parse(R"({"family":"kautz","params":{"d":2,"k":4},"nodes":24,"edges":48,
      "degree_min":2,"degree_max":2})"));
  EXPECT_EQ(records_table(recs),
            "kautz d=2\n"
            "  k  N edges degree diameter radius avg distance Wiener index Hamming paths eff. diam 50% eff. diam 75% Moore eff.\n"
            "  3 12    24      2        -      -            -            -             -         1.857         2.500     0.8000\n"
            "  4 24    48      2        -      -            -            -             -             -             -          -\n");
}

// Connectivity and the fault diameter add their numbers as columns; an infinite fault
// diameter (a failure disconnects) reads "inf", a record without the checks "-".
TEST(RecordView, ConnectivityAndFaultDiameterAddTheirColumns) {
  std::vector<ordered_json> recs;
  recs.push_back(ordered_json::parse(R"({"family":"debruijn","params":{"k":3},"nodes":8,"edges":16,
      "degree_min":2,"degree_max":2,"connectivity":{"vertex_connectivity":1,"edge_connectivity":1},
      "fault_diameter":{"connected":false,"diameter":null}})"));
  recs.push_back(ordered_json::parse(R"({"family":"debruijn","params":{"k":4},"nodes":16,"edges":32,
      "degree_min":2,"degree_max":2,"fault_diameter":{"connected":true,"diameter":5}})"));
  recs.push_back(ordered_json::parse(R"({"family":"debruijn","params":{"k":5},"nodes":32,"edges":64,
      "degree_min":2,"degree_max":2})"));
  EXPECT_EQ(records_table(recs),
            "debruijn\n"
            "  k  N edges degree diameter radius avg distance Wiener index Hamming paths vertex conn. edge conn. fault diam.\n"
            "  3  8    16      2        -      -            -            -             -            1          1         inf\n"
            "  4 16    32      2        -      -            -            -             -            -          -           5\n"
            "  5 32    64      2        -      -            -            -             -            -          -           -\n");
}

// The maximum link load and the bisection width add a column each.
TEST(RecordView, LinkLoadAndBisectionAddTheirColumns) {
  std::vector<ordered_json> recs;
  recs.push_back(ordered_json::parse(R"({"family":"hypercube","params":{"n":3},"nodes":8,"edges":12,
      "degree_min":3,"degree_max":3,"link_load":{"max_load":4},"bisection":{"width":4}})"));
  recs.push_back(ordered_json::parse(R"({"family":"hypercube","params":{"n":4},"nodes":16,"edges":32,
      "degree_min":4,"degree_max":4,"bisection":{"width":8}})"));
  EXPECT_EQ(records_table(recs),
            "hypercube\n"
            "  n  N edges degree diameter radius avg distance Wiener index Hamming paths max link load bisection\n"
            "  3  8    12      3        -      -            -            -             -             4         4\n"
            "  4 16    32      4        -      -            -            -             -             -         8\n");
}

}  // namespace
