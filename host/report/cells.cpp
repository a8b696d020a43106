// Cell formatting of report tables (see cells.hpp).
#include "host/report/cells.hpp"

#include <cstdio>

namespace tv::host::report {

std::string cell_text(const nlohmann::json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_float()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v.get<double>());
    return buf;
  }
  return v.dump();
}

std::string cell_raw(const nlohmann::json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

std::string instance_label(const nlohmann::json& r) {
  std::string s = r.value("family", std::string("?"));
  if (r.contains("params") && r["params"].is_object())
    for (auto it = r["params"].begin(); it != r["params"].end(); ++it)
      s += " " + it.key() + "=" + cell_raw(it.value());
  return s;
}

std::string failure_sentence(const nlohmann::ordered_json& f) {
  if (!f.is_object()) return "";
  if (f.contains("sentence") && f["sentence"].is_string() && !f["sentence"].get<std::string>().empty())
    return f["sentence"].get<std::string>();
  const std::string instance = f.contains("instance") ? cell_raw(f["instance"]) : std::string("?");
  const std::string claimed = f.contains("claimed") ? cell_raw(f["claimed"]) : "";
  const std::string measured = f.contains("measured") ? cell_raw(f["measured"]) : "";
  constexpr size_t short_text = 80;
  if (claimed.size() <= short_text && measured.size() <= short_text)
    return instance + ": claimed " + claimed + ", measured " + measured;
  return instance + ": the claimed and measured values differ (see the JSON)";
}

}  // namespace tv::host::report
