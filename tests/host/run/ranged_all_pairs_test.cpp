// An instance's all-pairs run in ranges with checkpoints (host/run/ranged_all_pairs): with
// a checkpoint after every range it finishes to the one call's statistics, batch count
// and W; stopped mid-way it leaves a checkpoint that --resume continues from (saying
// where), to the same result; a checkpoint of other options, another build's or a
// damaged one is set aside with a message, never used; without --resume an old one is
// set aside too.
#include "host/run/ranged_all_pairs.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "host/run/checkpoint_file.hpp"
#include "kernels/distance/all_pairs_partial.hpp"
#include "tests/host/run/same_all_pairs.hpp"
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
  host::ranged_all_pairs_settings settings(bool resume, double every_s = 1e-9) {
    return {dir, "instance-1", "PN_2(14)", every_s, resume, [this](const std::string& l) { said.push_back(l); }};
  }
  std::vector<fs::path> checkpoints() const {
    std::vector<fs::path> out;
    if (fs::exists(dir + "/checkpoints"))
      for (const auto& e : fs::directory_iterator(dir + "/checkpoints")) out.push_back(e.path());
    return out;
  }
  /// A run stopped by its control after `reports` progress reports.
  void run_stopped_after(int reports) {
    host::ranged_all_pairs ranged(settings(false));
    host::check_context ctx(inst, core::backend::cpu);
    distance::all_pairs_options stopping = opt;
    stopping.control.progress = [this](uint64_t, uint64_t) { ++seen; };
    stopping.control.should_stop = [this, reports] { return seen >= reports; };
    EXPECT_THROW(ranged.run(ctx, g, stopping), core::interrupted);
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
  host::ranged_all_pairs ranged(settings(false));
  host::check_context ctx(inst, core::backend::cpu);
  ASSERT_GT(one.batches, 10u);
  expect_same_all_pairs(ranged.run(ctx, g, opt), one);
  EXPECT_EQ(checkpoints().size(), 1u);  // written, kept until the record is
  ranged.discard_checkpoints();
  EXPECT_TRUE(checkpoints().empty());
  EXPECT_TRUE(said.empty());
}

TEST_F(RangedAllPairs, AStoppedRunResumesFromItsCheckpointToTheSameResult) {
  run_stopped_after(5);
  ASSERT_EQ(checkpoints().size(), 1u);
  host::ranged_all_pairs resumed(settings(true));
  host::check_context ctx(inst, core::backend::cpu);
  uint64_t resumed_at = 0;
  distance::all_pairs_options watched = opt;
  watched.control.resumed = [&](uint64_t done, uint64_t) { resumed_at = done; };
  expect_same_all_pairs(resumed.run(ctx, g, watched), one);
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
  host::ranged_all_pairs resumed(settings(true));
  host::check_context ctx(inst, core::backend::cpu);
  expect_same_all_pairs(resumed.run(ctx, g, opt), one);  // from the start
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
  host::ranged_all_pairs resumed(settings(true));
  host::check_context ctx(inst, core::backend::cpu);
  EXPECT_EQ(resumed.run(ctx, g, other).distance_counts, one.distance_counts);
  EXPECT_TRUE(said.empty());
  // The file names its owner; read under another owner it is refused with the reason.
  const distance::all_pairs_plan plan = distance::plan_all_pairs(core::backend::cpu, g, opt);
  host::checkpoint_owner owner{"instance-2", "PN_2(14)", plan};
  try {
    host::read_checkpoint(checkpoints()[0].string(), owner);
    ADD_FAILURE() << "read under another owner";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("its instance_id differs"), std::string::npos) << e.what();
  }
}

TEST_F(RangedAllPairs, WithoutResumeAnOldCheckpointIsSetAsideAndTheRunStartsOver) {
  run_stopped_after(5);
  host::ranged_all_pairs fresh(settings(false));
  host::check_context ctx(inst, core::backend::cpu);
  uint64_t first_report = 0;
  distance::all_pairs_options watched = opt;
  watched.control.progress = [&](uint64_t done, uint64_t) { if (!first_report) first_report = done; };
  expect_same_all_pairs(fresh.run(ctx, g, watched), one);
  EXPECT_EQ(first_report, 64u);  // counted from the first batch
  ASSERT_EQ(said.size(), 1u);
  EXPECT_NE(said[0].find("is not resumed without --resume; set aside as"), std::string::npos) << said[0];
}

}  // namespace
