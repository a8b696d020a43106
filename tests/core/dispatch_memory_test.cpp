// The backend switch (kernels/core/dispatch.hpp) and the memory budget
// (kernels/core/memory.hpp) every kernel area goes through: the cpu backend reaches the
// cpu instance, cuda in a build without CUDA is refused with the one message, and a plan
// is refused above nine tenths of free memory with the figure and the limit.
#include <gtest/gtest.h>

#include <string>

#include "kernels/core/dispatch.hpp"
#include "kernels/core/memory.hpp"

namespace {

using namespace tv;

template <core::backend B>
struct which_backend {
  static core::backend run() { return B; }
};

core::backend dispatched(core::backend b) {
  return core::dispatch<which_backend>(b, [](auto on) { return on.run(); });
}

TEST(Dispatch, EachBackendReachesItsOwnInstance) {
  EXPECT_EQ(dispatched(core::backend::cpu), core::backend::cpu);
  if (core::cuda_compiled()) {
    EXPECT_EQ(dispatched(core::backend::cuda), core::backend::cuda);
  } else {
    try {
      dispatched(core::backend::cuda);
      FAIL() << "expected backend_unavailable";
    } catch (const core::backend_unavailable& e) {
      EXPECT_STREQ(e.what(), "this build has no CUDA backend");
    }
  }
}

TEST(MemoryBudget, NineTenthsOfWhatIsFree) {
  core::memory_info m;
  m.free_bytes = 1000;
  EXPECT_EQ(core::budget_bytes(m), 900u);
  EXPECT_EQ(core::budget_bytes(m, 6), 600u);
  m.free_bytes = 9;  // tenths are whole: nothing is left to plan with
  EXPECT_EQ(core::budget_bytes(m), 0u);
}

TEST(MemoryBudget, RefusalNamesTheNeedTheBackendAndTheLimit) {
  EXPECT_NO_THROW(core::require_bytes(core::backend::cpu, 0, "nothing"));
  const uint64_t too_much = ~uint64_t{0};  // 16 EiB: more than any machine has free
  try {
    core::require_bytes(core::backend::cpu, too_much, "building the graph: N = 7");
    FAIL() << "expected too_large";
  } catch (const core::too_large& e) {
    const std::string m = e.what();
    const core::memory_info mem = core::backend_memory(core::backend::cpu);
    EXPECT_EQ(m.rfind("building the graph: N = 7 needs 16.0 EiB of cpu memory, but at most ", 0), 0u)
        << m;
    EXPECT_NE(m.find(" that " + mem.limited_by + " leaves)"), std::string::npos) << m;
  }
}

// The figure compared (the budget: nine tenths of what is free) is the one printed, with
// the free memory it comes from: 6.5 GiB against 6.9 GiB free read as a contradiction.
TEST(MemoryBudget, RefusalPrintsTheFigureItCompared) {
  core::memory_info mem;
  mem.free_bytes = 10ull << 30;
  mem.limited_by = "MemAvailable";
  const uint64_t need = 9ull * (1ull << 30) + (1ull << 29);  // 9.5 GiB: under free, over the budget
  EXPECT_GT(need, core::budget_bytes(mem));
  EXPECT_EQ(core::memory_refusal("all-pairs: N = 5", need, core::backend::cpu, mem),
            "all-pairs: N = 5 needs 9.5 GiB of cpu memory, but at most 9.0 GiB may be planned "
            "(nine tenths of the 10.0 GiB that MemAvailable leaves)");
}

TEST(MemoryBudget, HumanBytes) {
  EXPECT_EQ(core::human_bytes(0), "0 B");
  EXPECT_EQ(core::human_bytes(1023), "1023 B");
  EXPECT_EQ(core::human_bytes(1024), "1.0 KiB");
  EXPECT_EQ(core::human_bytes(1536), "1.5 KiB");
  EXPECT_EQ(core::human_bytes(2.5 * (1ull << 30)), "2.5 GiB");
}

}  // namespace
