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

std::string cell_text(const nlohmann::json& v, size_t longest) {
  std::string s = cell_text(v);
  if (!v.is_string() || s.size() <= longest) return s;  // numbers and booleans stay whole
  // Cut at the last space that leaves room for the ellipsis, else inside the word but never
  // inside a UTF-8 character (continuation bytes are 10xxxxxx).
  const std::string ellipsis = "\u2026";
  size_t cut = longest > ellipsis.size() ? longest - ellipsis.size() : 0;
  const size_t space = s.rfind(' ', cut);
  if (space != std::string::npos && space > cut / 2) {
    cut = space;
  } else {
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  }
  while (cut > 0 && (s[cut - 1] == ' ' || s[cut - 1] == ',' || s[cut - 1] == ';' || s[cut - 1] == ':')) --cut;
  return s.substr(0, cut) + ellipsis;
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
