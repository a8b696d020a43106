// Several devices of one process sharing an instance's all-pairs ranges (issue: one host
// thread per device): the main thread runs on the first device, a thread per further
// device takes ranges from the same queue and gives back what it found when a checkpoint
// is due and at the end; the run merges once.  The workers are generic (a name and what
// a thread does first, e.g. select its CUDA device), so the CPU tests run the same code.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "host/run/ranged_run.hpp"

namespace tv::host {

/// A helper thread: its name in messages ("cuda device 2") and what it does before its
/// first range (use_cuda_device(2)).
struct device_worker {
  std::string name;
  std::function<void()> enter;
};

/// @brief Helpers that run ranges on threads of this process, one per worker.
std::unique_ptr<range_helpers> make_device_helpers(std::vector<device_worker> workers);

/// @brief The CUDA devices a run uses: `asked` ("0,2"; empty: every device this process
/// sees), checked against the devices there are; raises input_error naming a bad one.
std::vector<int> parse_devices(const std::string& asked, int visible);

}  // namespace tv::host
