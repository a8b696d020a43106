// `[[compare]]` tables of batch files (host/batch/comparison.hpp): networks expand into
// instances tagged with the comparison, whose checks follow the metrics and the size
// (all pairs up to all_pairs_up_to, the exact diameter alone above it), inheriting the
// batch's settings; every malformed table is refused at its file:line:column.
#include "host/batch/comparison.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "host/errors.hpp"
#include "tests/host/batch/batch_error.hpp"

namespace {

using tv::host::input_error;
using tv::host::parse_batch;

std::string error_of(const std::string& text) { return tv::test::batch_error(text); }

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

TEST(Comparison, NetworksExpandIntoTaggedInstancesWithTheChecksTheirSizeAllows) {
  const auto cfg = parse_batch(R"(
output = "out"
seed = 5
[[compare]]
name = "tori"
metrics = ["average_distance", "diameter", "fault_diameter"]
all_pairs_up_to = 30
networks = [ { family = "torus", k = 3, n = "2..4" }, { family = "hypercube", n = 7 } ]
)", "t.toml");
  ASSERT_EQ(cfg.instances.size(), 4u);  // C_3^2 (9), C_3^3 (27), C_3^4 (81), Q(7) (128)
  ASSERT_EQ(cfg.comparisons.size(), 1u);
  EXPECT_EQ(cfg.comparisons[0].name, "tori");
  // Column order, whatever order the file gives.
  EXPECT_EQ(cfg.comparisons[0].metrics, (std::vector<std::string>{"diameter", "average_distance", "fault_diameter"}));
  EXPECT_EQ(cfg.comparisons[0].all_pairs_up_to, 30u);
  for (const auto& ji : cfg.instances) {
    EXPECT_EQ(ji.comparison, "tori");
    EXPECT_EQ(ji.job_name, "compare: tori");
    EXPECT_EQ(ji.output, "out");
    ASSERT_TRUE(ji.seed.has_value());
    EXPECT_EQ(*ji.seed, 5u);
    EXPECT_TRUE(has(ji.checks, "counts"));
    if (ji.inst.nodes() <= 30) {
      EXPECT_TRUE(has(ji.checks, "distances")) << ji.inst.nodes();
      EXPECT_TRUE(has(ji.checks, "fault_diameter")) << ji.inst.nodes();
      EXPECT_FALSE(has(ji.checks, "diameter"));
      EXPECT_EQ(ji.check_options["fault_diameter"]["failures"], 1);
    } else {
      EXPECT_EQ(ji.checks, (std::vector<std::string>{"counts", "diameter"})) << ji.inst.nodes();
    }
    EXPECT_FALSE(has(ji.checks, "metrics"));  // not asked for
  }
}

TEST(Comparison, ABatchMayHoldComparisonsAloneOrBesideJobs) {
  const auto alone = parse_batch("[[compare]]\nname = \"a\"\nnetworks = [{ family = \"hypercube\", n = \"2..3\" }]\n", "t.toml");
  EXPECT_EQ(alone.instances.size(), 2u);
  EXPECT_EQ(alone.comparisons[0].metrics, tv::host::built_comparison_metrics());
  const auto both = parse_batch("[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 4\n[[compare]]\nname = \"a\"\n"
                                "networks = [{ family = \"hypercube\", n = 3 }]\n", "t.toml");
  ASSERT_EQ(both.instances.size(), 2u);
  int tagged = 0;
  for (const auto& ji : both.instances) tagged += !ji.comparison.empty();
  EXPECT_EQ(tagged, 1);
  EXPECT_NE(error_of("title = \"nothing\"\n").find("no [[job]] or [[compare]] tables"), std::string::npos);
}

TEST(Comparison, MalformedTablesAreRefusedWhereTheyAre) {
  const std::string net = "networks = [{ family = \"hypercube\", n = 3 }]\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[[compare]]\n" + net, "t.toml:1:1: a [[compare]] table has no 'name'"},
      {"[[compare]]\nname = \"\"\n" + net, "t.toml:2:8: 'name' is empty"},
      {"[[compare]]\nname = \"a\"\n" + net + "[[compare]]\nname = \"a\"\n" + net, "t.toml:5:8: comparison 'a' is named twice"},
      {"[[compare]]\nname = \"a\"\nmetric = []\n" + net, "t.toml:3:1: unknown key 'metric' in [[compare]]"},
      {"[[compare]]\nname = \"a\"\nmetrics = [\"diamter\"]\n" + net, "t.toml:3:11: unknown metric 'diamter'"},
      {"[[compare]]\nname = \"a\"\nmetrics = [\"diameter\", \"diameter\"]\n" + net, "metric 'diameter' is listed twice"},
      {"[[compare]]\nname = \"a\"\nmetrics = []\n" + net, "no metric given"},
      {"[[compare]]\nname = \"a\"\nall_pairs_up_to = 0\n" + net, "t.toml:3:19: 'all_pairs_up_to' must be a positive"},
      {"[[compare]]\nname = \"a\"\n", "comparison 'a' has no 'networks'"},
      {"[[compare]]\nname = \"a\"\nnetworks = []\n", "t.toml:3:12: 'networks' must be a non-empty list"},
      {"[[compare]]\nname = \"a\"\nnetworks = [3]\n", "each network is a table"},
      {"[[compare]]\nname = \"a\"\nnetworks = [{ n = 3 }]\n", "has no 'family'"},
      {"[[compare]]\nname = \"a\"\nnetworks = [{ family = \"tours\" }]\n", "unknown family 'tours'"},
      {"[[compare]]\nname = \"a\"\nnetworks = [{ family = \"hypercube\", m = 3 }]\n",
       "unknown key 'm' in a hypercube network"},
      {"[[compare]]\nname = \"a\"\nnetworks = [{ family = \"hypercube\", n = 99 }]\n", "t.toml:3:"},
      {"compare = 3\n", "t.toml:1:11: 'compare' must be an array of tables"},
  };
  for (const auto& [text, want] : cases) {
    const std::string e = error_of(text);
    EXPECT_NE(e.find(want), std::string::npos) << "batch:\n" << text << "message: " << e;
  }
}

TEST(Comparison, NetworksCountTowardsTheInstanceLimitBeforeExpanding) {
  const std::string text = "[[job]]\nfamily = \"hypercube\"\nn = \"1..2\"\n[[compare]]\nname = \"a\"\n"
                           "networks = [{ family = \"torus\", k = \"3..4\", n = \"1..2\" }]\n";
  EXPECT_EQ(tv::test::batch_error(text, 6), "");
  EXPECT_NE(tv::test::batch_error(text, 5).find("t.toml:6:12: the batch expands to more than 5 instances"),
            std::string::npos)
      << tv::test::batch_error(text, 5);
}

TEST(Comparison, MetricsAreParsedInColumnOrderAndUnknownOnesNamed) {
  using tv::host::parse_comparison_metrics;
  EXPECT_EQ(parse_comparison_metrics({"average_distance", "diameter"}, "--metrics"),
            (std::vector<std::string>{"diameter", "average_distance"}));
  EXPECT_THROW(parse_comparison_metrics({"diameter", "radius"}, "--metrics"), input_error);
  EXPECT_THROW(parse_comparison_metrics({}, "--metrics"), input_error);
  for (const std::string& m : tv::host::built_comparison_metrics())
    EXPECT_NE(std::find(tv::host::comparison_metrics().begin(), tv::host::comparison_metrics().end(), m),
              tv::host::comparison_metrics().end());
}

}  // namespace

namespace {

// What a comparison leaves out of a large instance is written down on the instance, and
// compare's stderr line per metric says on how many, from which size, and why.  The link
// load is not left out: its check bounds its own work (a sample of targets above
// max_pairs), so it runs at every size, 2^20 routers included.
TEST(Comparison, SkippedMetricsAreNamedWithTheirReason) {
  const auto cfg = parse_batch(R"(
[[compare]]
name = "sizes"
metrics = ["diameter", "average_distance", "link_load", "path_diversity", "cables_per_endpoint"]
all_pairs_up_to = 100
networks = [ { family = "hypercube", n = [6, 7, 8, 20] } ]
)", "t.toml");
  ASSERT_EQ(cfg.instances.size(), 4u);  // 64, 128, 256, 2^20 nodes
  EXPECT_TRUE(cfg.instances[0].comparison_skipped.empty());
  EXPECT_TRUE(has(cfg.instances[0].checks, "distances"));
  for (size_t i = 0; i < 4; ++i) EXPECT_TRUE(has(cfg.instances[i].checks, "link_load")) << i;
  for (size_t i = 1; i < 4; ++i) {
    const auto& ji = cfg.instances[i];
    ASSERT_EQ(ji.comparison_skipped.size(), 1u);
    EXPECT_EQ(ji.comparison_skipped[0].first, "average_distance");
    EXPECT_TRUE(has(ji.checks, "paths"));  // sampled above its work bound: every size
    EXPECT_TRUE(has(ji.checks, "diameter"));
    EXPECT_FALSE(has(ji.checks, "distances"));
  }
  EXPECT_EQ(cfg.instances[1].comparison_skipped[0].second,
            "N = 128 is over all_pairs_up_to = 100: the distances check costs all pairs or more");
  EXPECT_EQ(tv::host::comparison_skip_lines(cfg.instances),
            (std::vector<std::string>{"compare: average_distance skipped on 3 instances over all_pairs_up_to nodes, "
                                      "from N = 128 (hypercube n=7): its check costs all pairs or more"}));
  // The architects' metrics run only when named.
  EXPECT_FALSE(has(tv::host::built_comparison_metrics(), "path_diversity"));
  // Over the bound the link load samples within the pairs all pairs would cost at it.
  EXPECT_FALSE(cfg.instances[0].check_options.contains("link_load"));
  for (size_t i = 1; i < 4; ++i) EXPECT_EQ(cfg.instances[i].check_options["link_load"]["max_pairs"], 100 * 99) << i;
}

// The check's own bound (2^32 pairs) stands where the comparison's is larger; a bound of
// one node still gives a valid one (a sample of the fewest targets).  `--set
// link_load.max_pairs` is applied after this (cli_options.cpp), so a user's own bound wins.
TEST(Comparison, TheLinkLoadBoundOverAllPairsUpToIsTheLowerOfTheTwo) {
  const auto wide = parse_batch(R"(
[[compare]]
name = "wide bound"
metrics = ["link_load"]
all_pairs_up_to = 100000
networks = [ { family = "hypercube", n = 17 } ]
)", "t.toml");
  ASSERT_EQ(wide.instances.size(), 1u);  // 131,072 nodes; 100,000 * 99,999 pairs > 2^32
  EXPECT_FALSE(wide.instances[0].check_options.contains("link_load"));
  const auto one = parse_batch(R"(
[[compare]]
name = "one node"
metrics = ["link_load"]
all_pairs_up_to = 1
networks = [ { family = "hypercube", n = 3 } ]
)", "t.toml");
  ASSERT_EQ(one.instances.size(), 1u);
  EXPECT_EQ(one.instances[0].check_options["link_load"]["max_pairs"], 1);
}

}  // namespace
