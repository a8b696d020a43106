// The simulation checks' typed options (host/checks/sim_options.hpp) through the one
// validator every command calls: each out-of-range or meaningless value is refused with
// the check, the option and the allowed values; a source index is checked against the N
// the family computes; and a value the validator accepts runs as before.
#include <gtest/gtest.h>

#include "host/checks/registry.hpp"
#include "host/checks/sim_options.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"

namespace {

using namespace tv;
using json = nlohmann::json;

/// The message validate_check_options raises, or "" when it accepts.
std::string refusal(const std::string& check, const json& options, const std::string& fam,
                    std::map<std::string, std::string> params) {
  const host::instance inst = host::make_instance(fam, params);
  try {
    host::validate_check_options(host::find_check(check), options, &inst);
  } catch (const host::input_error& e) {
    return e.what();
  }
  return "";
}

TEST(SimOptions, OutOfRangeValuesNameTheCheckTheOptionAndTheRange) {
  const std::map<std::string, std::string> q3 = {{"n", "3"}};
  struct row {
    const char* check;
    json options;
    const char* message;
  };
  const std::vector<row> rows = {
      {"routing", {{"pairs", 0}}, "routing: option pairs = 0 must be \"all\" or a sample size from 1"},
      {"routing", {{"pairs", "some"}}, "routing: option pairs = \"some\" must be"},
      {"routing", {{"spare_limit", 16}}, "routing: option spare_limit = 16 is out of range 0..15"},
      {"routing", {{"seed", -1}}, "routing: option seed = -1 must be an integer in 0.."},
      {"routing", {{"algorithm", "nosuch"}}, "routing: option algorithm:"},
      {"routing", {{"bogus", 1}}, "routing: unknown option 'bogus'"},
      {"broadcast", {{"sources", json::array({8})}}, "broadcast: option sources: index 8 is out of range 0..7 (N = 8)"},
      {"broadcast", {{"sources", json::array({-1})}}, "option sources: index -1 is out of range 0..7"},
      {"broadcast", {{"sources", json::array()}}, "broadcast: option sources = [] must be \"all\""},
      {"broadcast", {{"sources", 0}}, "broadcast: option sources = 0 must be \"all\", a sample size from 1"},
      {"broadcast", {{"sources", json::array({"111", 7})}}, "option sources: 7 is listed twice"},
      {"broadcast", {{"words", 65}}, "broadcast: option words = 65 is out of range 0..64"},
      {"postal", {{"lambda", 0}}, "postal: option lambda = 0 is out of range 1..1048576"},
      {"prefix", {{"operator", json::array()}}, "prefix: option operator = [] must be a string or a non-empty list"},
      {"prefix", {{"order", "sideways"}}, "prefix: option order:"},
      {"distances", {{"words", 3}}, "distances: option words = 3 is not 0 (automatic) or a power of two"},
      {"distances", {{"words", 128}}, "distances: option words = 128 is not 0 (automatic) or a power of two"},
      {"counts", {{"max_nodes", 0}}, "counts: option max_nodes = 0 must be an integer from 1"},
  };
  for (const auto& r : rows) {
    const std::string got = refusal(r.check, r.options, "hypercube", q3);
    EXPECT_NE(got.find(r.message), std::string::npos) << r.check << " " << r.options.dump() << ": " << got;
  }
  const std::map<std::string, std::string> efc5 = {{"n", "5"}};
  EXPECT_NE(refusal("multicast", {{"instances", 0}}, "efc", efc5).find(
                "multicast: option instances = 0 is out of range 1..67108864"),
            std::string::npos);
  EXPECT_NE(refusal("multicast", {{"destinations", 65}}, "efc", efc5).find(
                "multicast: option destinations = 65 is out of range 1..64"),
            std::string::npos);
}

TEST(SimOptions, ASourceIndexIsCheckedAgainstEachInstancesN) {
  // N of hypercube n is 2^n: index 8 fits n = 4 and not n = 3.
  EXPECT_EQ(refusal("broadcast", {{"sources", json::array({8})}}, "hypercube", {{"n", "4"}}), "");
  EXPECT_NE(refusal("broadcast", {{"sources", json::array({8})}}, "hypercube", {{"n", "3"}}), "");
  // A huge family is checked from its size function, not by enumerating it.
  const auto big = host::make_instance("hypercube", {{"n", "40"}});
  const auto s = host::parse_broadcast_options({{"sources", json::array({(uint64_t{1} << 40) - 1})}}, big.net);
  EXPECT_EQ(s.listed, std::vector<uint64_t>{(uint64_t{1} << 40) - 1});
  EXPECT_NE(refusal("broadcast", {{"sources", json::array({uint64_t{1} << 40})}}, "hypercube", {{"n", "40"}}).find(
                "is out of range 0..1099511627775 (N = 1099511627776)"),
            std::string::npos);
}

TEST(SimOptions, AcceptedValuesPassAndAnIndexRunsLikeItsLabel) {
  const std::map<std::string, std::string> q3 = {{"n", "3"}};
  for (const std::string check : {"routing", "broadcast", "postal", "prefix", "distances", "counts"})
    EXPECT_EQ(refusal(check, json::object(), "hypercube", q3), "") << check;
  EXPECT_EQ(refusal("distances", {{"words", 0}}, "hypercube", q3), "");
  EXPECT_EQ(refusal("distances", {{"words", 64}}, "hypercube", q3), "");
  EXPECT_EQ(refusal("routing", {{"pairs", "all"}}, "hypercube", q3), "");
  // In a hypercube the node of index i is the label i: source 6 is "110".
  const auto inst = host::make_instance("hypercube", q3);
  const auto by_index = host::run_checks(inst, {"broadcast"}, core::backend::cpu,
                                         {{"broadcast", {{"sources", json::array({6, 1})}}}});
  const auto by_label = host::run_checks(inst, {"broadcast"}, core::backend::cpu,
                                         {{"broadcast", {{"sources", json::array({"110", "001"})}}}});
  EXPECT_EQ(by_index["broadcast"], by_label["broadcast"]);
  EXPECT_EQ(by_index["broadcast"]["sources"], 2);
}

TEST(SimOptions, SamplesAsLargeAsTheWholeRunTheWhole) {
  // Q(3): 8 nodes, 56 ordered pairs.  A sample size at or above them means every one, as
  // a sweep giving one sample size to small and large instances expects.
  const auto inst = host::make_instance("hypercube", {{"n", "3"}});
  const auto f = inst.net;
  for (const json pairs : {json(56), json(1000000000)}) {
    EXPECT_EQ(host::parse_routing_options({{"pairs", pairs}}, f).opt.sample_pairs, 0u) << pairs;
    const auto r = host::run_checks(inst, {"routing"}, core::backend::cpu, {{"routing", {{"pairs", pairs}}}});
    EXPECT_EQ(r["routing"]["pairs"], 56) << pairs;
    EXPECT_EQ(r["routing"]["sampled"], false) << pairs;
  }
  EXPECT_EQ(host::parse_routing_options({{"pairs", 55}}, f).opt.sample_pairs, 55u);
  for (const json sources : {json(8), json(99999)}) {
    const auto s = host::parse_broadcast_options({{"sources", sources}}, f);
    EXPECT_EQ(s.selection, "all") << sources;
    const auto r = host::run_checks(inst, {"broadcast"}, core::backend::cpu, {{"broadcast", {{"sources", sources}}}});
    EXPECT_EQ(r["broadcast"]["sources"], 8) << sources;
  }
}

}  // namespace
