// Helper threads sharing an instance's all-pairs ranges (host/run/device_helpers), run on
// the CPU with workers that select nothing, as CUDA devices would be selected: the run
// equals the one call (statistics, batches, W), the helpers really take ranges, their
// checkpoint partials land in the checkpoint, a failing worker is named, and --devices
// lists are checked against the devices there are.
#include "host/run/device_helpers.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <filesystem>
#include <stdexcept>

#include "host/errors.hpp"
#include "tests/host/run/same_all_pairs.hpp"
#include "tests/host/test_folder.hpp"

namespace {

using namespace tv;

/// Counts the ranges the wrapped helpers take.
class counting_helpers final : public host::range_helpers {
 public:
  explicit counting_helpers(std::unique_ptr<host::range_helpers> inner) : inner_(std::move(inner)) {}
  int count() const override { return inner_->count(); }
  void start(host::range_engine& job, take_fn take, give_fn give) override {
    inner_->start(job, [this, take](uint64_t f, double s) {
      auto r = take(f, s);
      if (r) ++taken;
      return r;
    }, give);
  }
  void ask_for_partials() override { inner_->ask_for_partials(); }
  void finish() override { inner_->finish(); }
  bool failed() const override { return inner_->failed(); }
  void send_result(const host::range_partial* m, const std::string& f) override { inner_->send_result(m, f); }
  std::atomic<int> taken{0};

 private:
  std::unique_ptr<host::range_helpers> inner_;
};

class DeviceHelpers : public test::scratch_folder_test {
 protected:
  void SetUp() override {
    scratch_folder_test::SetUp();
    opt.symmetry = false;
    opt.words = 1;  // 16 batches
    opt.per_node = true;
    opt.hamming = true;
    one = distance::all_pairs(core::backend::cpu, g, opt);
  }
  host::instance inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "14"}});
  graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  distance::all_pairs_options opt;
  distance::all_pairs_result one;
};

TEST_F(DeviceHelpers, TwoHelperThreadsAndThisOneGiveTheOneCallsResult) {
  for (double every_s : {0.0, 1e-9}) {  // without checkpoints, and one after every range
    std::vector<host::device_worker> workers = {{"worker 1", [] {}}, {"worker 2", [] {}}};
    counting_helpers helpers(host::make_device_helpers(std::move(workers)));
    host::ranged_run ranged({dir, "id", "PN_2(14)", every_s, false, [](const std::string&) {}, &helpers});
    host::check_context ctx(inst, core::backend::cpu);
    // This thread reports progress after each of its batches (the helpers report none):
    // it waits there, after its first one-batch range, until a helper has taken a range,
    // else on a busy machine it could take every batch left before a helper starts.
    distance::all_pairs_options waiting = opt;
    waiting.control.progress = [&helpers](uint64_t, uint64_t) {
      for (int i = 0; i < 10000 && helpers.taken.load() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    ctx.ranges = &ranged;
    const distance::all_pairs_result r = ctx.all_pairs(g, waiting);
    test::expect_same_all_pairs(r, one);
    EXPECT_GT(helpers.taken.load(), 0) << "the helper threads ran no range";
    ranged.discard_checkpoints();
  }
}

TEST_F(DeviceHelpers, AFailingWorkerIsNamedAndTheRunFails) {
  std::vector<host::device_worker> workers = {
      {"cuda device 7", [] { throw core::backend_unavailable("CUDA device 7 does not exist"); }}};
  const auto helpers = host::make_device_helpers(std::move(workers));
  host::ranged_run ranged({"", "id", "PN_2(14)", 0, false, [](const std::string&) {}, helpers.get()});
  host::check_context ctx(inst, core::backend::cpu);
  try {
    ctx.ranges = &ranged;
    ctx.all_pairs(g, opt);
    ADD_FAILURE() << "the run did not fail";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "cuda device 7: CUDA device 7 does not exist");
  }
}

TEST(DeviceList, EveryVisibleDeviceByDefaultAndNamedOnesChecked) {
  EXPECT_EQ(host::parse_devices("", 3), (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(host::parse_devices("", 0).empty());
  EXPECT_EQ(host::parse_devices("2,0", 4), (std::vector<int>{2, 0}));
  auto refused = [](const std::string& asked, int visible, const std::string& words) {
    try {
      host::parse_devices(asked, visible);
      ADD_FAILURE() << asked << " accepted";
    } catch (const host::input_error& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  refused("0,2", 2, "device 2 does not exist (this process sees 2 CUDA devices)");
  refused("0", 0, "device 0 does not exist (this process sees 0 CUDA devices)");
  refused("1,1", 2, "device 1 is named twice");
  refused("a", 2, "'a' is not a device number");
  refused("0,", 2, "'' is not a device number");
  refused("-1", 2, "'-1' is not a device number");
}

}  // namespace
