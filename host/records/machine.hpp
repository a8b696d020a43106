// The machine a run happens on, as records and the report's heading describe it: CPU
// model and cores, memory, GPU and CUDA driver, operating system.
#pragma once
#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief {"cpu": "AMD EPYC 7B13", "cores": 2, "threads": 2, "memory": "23.5 GiB",
/// "gpu": "NVIDIA H100 ... " or "none", "cuda_driver": "13.0" or "none", "os": "Linux 6.1"}.
/// Computed once per process.
const nlohmann::ordered_json& machine_description();

}  // namespace tv::host
