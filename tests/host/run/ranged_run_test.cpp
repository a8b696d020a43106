// An engine's run in ranges with checkpoints (host/run/ranged_run): all pairs with a
// checkpoint after every range finishes to the one call's statistics, batch count and W;
// stopped mid-way it leaves a checkpoint that --resume continues from (saying where), to
// the same result; a checkpoint of other options, another build's or a damaged one is
// set aside with a message, never used; without --resume an old one is set aside too.
// Broadcast and routing, split and stopped the same way, give their one calls' results.
#include "host/run/ranged_run.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "host/checks/range_engines.hpp"
#include "host/run/checkpoint_file.hpp"
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/routing.hpp"
#include "tests/host/run/same_all_pairs.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using namespace tv;

class RangedAllPairs : public test::scratch_folder_test {
 protected:
  void SetUp() override {
    scratch_folder_test::SetUp();
    opt.symmetry = false;
    opt.words = 1;  // 18 batches of 64 sources
    opt.per_node = true;
    one = distance::all_pairs(core::backend::cpu, g, opt);
  }
  host::ranged_run_settings settings(bool resume, double every_s = 1e-9) {
    return {dir, "instance-1", "PN_2(14)", every_s, resume, [this](const std::string& l) { said.push_back(l); }};
  }
  std::vector<fs::path> checkpoints() const {
    std::vector<fs::path> out;
    if (fs::exists(dir + "/checkpoints"))
      for (const auto& e : fs::directory_iterator(dir + "/checkpoints")) out.push_back(e.path());
    return out;
  }
  /// All pairs under o through `ranged`, as a check calls it.
  distance::all_pairs_result through(host::ranged_run& ranged, const distance::all_pairs_options& o) {
    host::check_context ctx(inst, core::backend::cpu);
    ctx.ranges = &ranged;
    return ctx.all_pairs(g, o);
  }
  /// A run stopped by its control after `reports` progress reports.
  void run_stopped_after(int reports) {
    host::ranged_run ranged(settings(false));
    distance::all_pairs_options stopping = opt;
    stopping.control.progress = [this](uint64_t, uint64_t) { ++seen; };
    stopping.control.should_stop = [this, reports] { return seen >= reports; };
    EXPECT_THROW(through(ranged, stopping), core::interrupted);
  }
  host::instance inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "14"}});
  graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  distance::all_pairs_options opt;
  distance::all_pairs_result one;
  std::vector<std::string> said;
  int seen = 0;
};

using test::expect_same_all_pairs;

TEST_F(RangedAllPairs, ACheckpointAfterEveryRangeGivesTheOneCallsRecordAndIsDiscardedAfter) {
  host::ranged_run ranged(settings(false));
  ASSERT_GT(one.batches, 10u);
  expect_same_all_pairs(through(ranged, opt), one);
  EXPECT_EQ(checkpoints().size(), 1u);  // written, kept until the record is
  ranged.discard_checkpoints();
  EXPECT_TRUE(checkpoints().empty());
  EXPECT_TRUE(said.empty());
}

TEST_F(RangedAllPairs, AStoppedRunResumesFromItsCheckpointToTheSameResult) {
  run_stopped_after(5);
  ASSERT_EQ(checkpoints().size(), 1u);
  host::ranged_run resumed(settings(true));
  uint64_t resumed_at = 0;
  distance::all_pairs_options watched = opt;
  watched.control.resumed = [&](uint64_t done, uint64_t) { resumed_at = done; };
  expect_same_all_pairs(through(resumed, watched), one);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].rfind("topoverify: resuming PN_2(14) all pairs at ", 0), 0u) << said[0];
  EXPECT_NE(said[0].find(std::to_string(resumed_at) + " of " + std::to_string(g.nodes) + " sources"),
            std::string::npos) << said[0];
  EXPECT_GE(resumed_at, 64u);  // the ranges finished before the stop were kept
  EXPECT_LT(resumed_at, g.nodes);
}

TEST_F(RangedAllPairs, ADamagedOrForeignCheckpointIsSetAsideNotUsed) {
  run_stopped_after(5);
  ASSERT_EQ(checkpoints().size(), 1u);
  const fs::path file = checkpoints()[0];
  {  // flip a byte in the middle of the per-node arrays
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(file) / 2));
    f.put('\x7f');
  }
  host::ranged_run resumed(settings(true));
  expect_same_all_pairs(through(resumed, opt), one);  // from the start
  ASSERT_FALSE(said.empty());
  EXPECT_NE(said[0].find("not used (all-pairs partial: checksum mismatch"), std::string::npos) << said[0];
  EXPECT_NE(said[0].find("set aside as " + file.string() + ".set-aside-"), std::string::npos) << said[0];
  bool kept = false;
  for (const auto& p : checkpoints()) kept = kept || p.string().find(".set-aside-") != std::string::npos;
  EXPECT_TRUE(kept);
}

TEST_F(RangedAllPairs, ACheckpointOfOtherOptionsOrAnotherInstanceIsNotEvenLookedAt) {
  run_stopped_after(5);
  // The same folder and instance, other options: another file; nothing resumed.
  distance::all_pairs_options other = opt;
  other.per_node = false;
  host::ranged_run resumed(settings(true));
  EXPECT_EQ(through(resumed, other).distance_counts, one.distance_counts);
  EXPECT_TRUE(said.empty());
  // The file names its owner; read under another owner it is refused with the reason.
  const auto engine = host::all_pairs_engine(core::backend::cpu, g, opt);
  host::checkpoint_owner owner{"instance-2", "PN_2(14)", engine->name(), engine->identity()};
  try {
    host::read_checkpoint(checkpoints()[0].string(), owner, *engine);
    ADD_FAILURE() << "read under another owner";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("its instance_id differs"), std::string::npos) << e.what();
  }
}

TEST_F(RangedAllPairs, WithoutResumeAnOldCheckpointIsSetAsideAndTheRunStartsOver) {
  run_stopped_after(5);
  host::ranged_run fresh(settings(false));
  uint64_t first_report = 0;
  distance::all_pairs_options watched = opt;
  watched.control.progress = [&](uint64_t done, uint64_t) { if (!first_report) first_report = done; };
  expect_same_all_pairs(through(fresh, watched), one);
  EXPECT_EQ(first_report, 64u);  // counted from the first batch
  ASSERT_EQ(said.size(), 1u);
  EXPECT_NE(said[0].find("is not resumed without --resume; set aside as"), std::string::npos) << said[0];
}

// A checkpoints folder that cannot be made (a file has its name) costs the checkpoints,
// not the instance: one warning naming why, and the one call's result.
TEST_F(RangedAllPairs, AnUnusableCheckpointsFolderIsAWarningAndTheRunGoesOn) {
  std::ofstream(dir + "/checkpoints") << "a file, not a folder\n";
  host::ranged_run ranged(settings(false));
  expect_same_all_pairs(through(ranged, opt), one);
  ASSERT_EQ(said.size(), 1u) << "one warning, not one per range";
  EXPECT_EQ(said[0].rfind("topoverify: warning: PN_2(14) all pairs: no checkpoints (cannot make the checkpoints "
                          "folder '" + dir + "/checkpoints': ",
                          0),
            0u)
      << said[0];
  EXPECT_NE(said[0].find("); the instance runs on without them"), std::string::npos) << said[0];
  EXPECT_EQ(test::slurp(dir + "/checkpoints"), "a file, not a folder\n");
}

// Broadcast and routing go through the same ranges: a checkpoint after every range of
// 64 sources, and a run stopped mid-way then resumed, give the one call's result.
class RangedSimulations : public test::scratch_folder_test {
 protected:
  host::ranged_run_settings settings(bool resume) {
    return {dir, "instance-1", "DDB(9)", 1e-9, resume, [this](const std::string& l) { said.push_back(l); }};
  }
  sim::broadcast_result broadcast(host::ranged_run* ranged, const sim::broadcast_options& o) {
    host::check_context ctx(inst, core::backend::cpu);
    ctx.ranges = ranged;
    return ctx.broadcast(inst.net, g, o);
  }
  static void expect_same(const sim::broadcast_result& got, const sim::broadcast_result& one) {
    EXPECT_EQ(got.sources, one.sources);
    EXPECT_EQ(got.rounds_max, one.rounds_max);
    EXPECT_EQ(got.rounds_min, one.rounds_min);
    EXPECT_EQ(got.active_rounds, one.active_rounds);
    EXPECT_EQ(got.messages, one.messages);
    EXPECT_EQ(got.duplicates, one.duplicates);
    EXPECT_EQ(got.unreached, one.unreached);
    EXPECT_EQ(got.informed_per_round, one.informed_per_round);
    EXPECT_EQ(got.messages_per_round, one.messages_per_round);
    EXPECT_EQ(got.duplicates_per_round, one.duplicates_per_round);
  }
  host::instance inst = host::make_instance("debruijn", {{"k", "9"}});
  graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  std::vector<std::string> said;
};

TEST_F(RangedSimulations, BroadcastInRangesAndResumedEqualsTheOneCall) {
  sim::broadcast_options opt;
  opt.scheme = sim::broadcast_scheme::debruijn_rule1;
  opt.words = 1;  // 8 batches of 64 sources
  const sim::broadcast_result one = broadcast(nullptr, opt);
  ASSERT_EQ(one.sources, g.nodes);
  host::ranged_run every_range(settings(false));
  expect_same(broadcast(&every_range, opt), one);
  every_range.discard_checkpoints();

  int seen = 0;
  sim::broadcast_options stopping = opt;
  stopping.control.progress = [&seen](uint64_t, uint64_t) { ++seen; };
  stopping.control.should_stop = [&seen] { return seen >= 3; };
  host::ranged_run stopped(settings(false));
  EXPECT_THROW(broadcast(&stopped, stopping), core::interrupted);
  host::ranged_run resumed(settings(true));
  expect_same(broadcast(&resumed, opt), one);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].rfind("topoverify: resuming DDB(9) broadcast at ", 0), 0u) << said[0];
}

TEST_F(RangedSimulations, RoutingInRangesEqualsTheOneCallAndASampleRunsInOne) {
  const host::instance pn = host::make_instance("postal", {{"lambda", "2"}, {"n", "11"}});
  sim::routing_options opt;
  opt.rule.algorithm = sim::routing_algorithm::pn_adaptive;
  const sim::routing_result one = sim::route_all(core::backend::cpu, pn.net, opt);
  host::ranged_run ranged(settings(false));
  host::check_context ctx(pn, core::backend::cpu);
  ctx.ranges = &ranged;
  const sim::routing_result got = ctx.route_all(pn.net, opt);
  EXPECT_EQ(got.pairs, one.pairs);
  EXPECT_EQ(got.delivered, one.delivered);
  EXPECT_EQ(got.stuck, one.stuck);
  EXPECT_EQ(got.hops_sum, one.hops_sum);
  EXPECT_EQ(got.excess_sum, one.excess_sum);
  EXPECT_EQ(got.max_excess, one.max_excess);
  EXPECT_EQ(got.hop_histogram, one.hop_histogram);
  EXPECT_EQ(got.excess_histogram, one.excess_histogram);
  ASSERT_GT(one.pairs, 0u);
  // A sample draws its sources at random: it cannot be split, and runs in one call.
  opt.sample_pairs = 500;
  EXPECT_EQ(ctx.route_all(pn.net, opt).pairs, sim::route_all(core::backend::cpu, pn.net, opt).pairs);
}

}  // namespace
