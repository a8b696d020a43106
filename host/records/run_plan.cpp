// The run plan file (see run_plan.hpp).
#include "host/records/run_plan.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "host/records/checked_io.hpp"
#include "host/records/records.hpp"

namespace tv::host {

namespace fs = std::filesystem;

void write_run_plan(const std::string& dir, const std::vector<nlohmann::json>& identities) {
  nlohmann::json plan = {{"format", "topoverify plan 1"}, {"instances", identities}};
  // Whole or not at all, and a failed write names the file and the error.
  write_file_whole((fs::path(dir) / "plan.json").string(), plan.dump() + "\n");
}

std::optional<std::vector<std::string>> read_run_plan(const std::string& dir) {
  std::ifstream in(fs::path(dir) / "plan.json", std::ios::binary);
  if (!in) return std::nullopt;
  try {
    const nlohmann::json plan = nlohmann::json::parse(in);
    if (!plan.is_object() || !plan.contains("instances") || !plan["instances"].is_array())
      return std::nullopt;
    std::vector<std::string> keys;
    for (const auto& identity : plan["instances"]) {
      const std::string key = record_key(identity);
      if (key.empty()) return std::nullopt;
      keys.push_back(key);
    }
    return keys;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace tv::host
