// Machine description from /proc/cpuinfo, uname and the backend queries.
#include "host/records/machine.hpp"

#include <sys/utsname.h>

#include <fstream>
#include <string>
#include <thread>

#include "host/units.hpp"
#include "kernels/core/backend.hpp"

namespace tv::host {

namespace {
std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    // x86 says "model name", some ARM kernels "Model" or only "CPU part".
    if (line.rfind("model name", 0) == 0 || line.rfind("Model", 0) == 0) {
      const auto colon = line.find(':');
      if (colon == std::string::npos) continue;
      const auto start = line.find_first_not_of(" \t", colon + 1);
      if (start != std::string::npos) return line.substr(start);
    }
  }
  return "unknown";
}
}  // namespace

const nlohmann::ordered_json& machine_description() {
  static const nlohmann::ordered_json desc = [] {
    nlohmann::ordered_json d;
    d["cpu"] = cpu_model();
    d["cores"] = std::thread::hardware_concurrency();
    d["threads"] = core::cpu_threads();
    d["memory"] = format_bytes(static_cast<double>(core::backend_memory(core::backend::cpu).total_bytes));
    const std::string gpu = core::cuda_device_description();
    d["gpu"] = gpu.empty() ? "none" : gpu;
    const std::string driver = core::cuda_driver_version();
    d["cuda_driver"] = driver.empty() ? "none" : driver;
    struct utsname u {};
    d["os"] = ::uname(&u) == 0 ? std::string(u.sysname) + " " + u.release : "unknown";
    return d;
  }();
  return desc;
}

}  // namespace tv::host
