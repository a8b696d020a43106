// Combining the records' claim results (see summary.hpp).
#include "host/claims/summary.hpp"

#include <map>
#include <sstream>

#include "host/claims/registry.hpp"

namespace tv::host::claims {

namespace {
std::string instance_label(const nlohmann::json& r) {
  std::string s = r.value("family", std::string("?"));
  if (r.contains("params"))
    for (auto it = r["params"].begin(); it != r["params"].end(); ++it)
      s += " " + it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
  return s;
}
bool is_outside(const nlohmann::json& c) {
  return c.contains("reason") && c["reason"].is_string() &&
         c["reason"].get<std::string>().rfind("outside the claim's domain", 0) == 0;
}
}  // namespace

nlohmann::ordered_json summarize_claims(const std::vector<nlohmann::json>& records) {
  struct acc {
    uint64_t holds = 0, fails = 0, unchecked = 0, outside = 0;
    const nlohmann::json* fail_rec = nullptr;
    const nlohmann::json* fail_claim = nullptr;
    std::string first_reason;
  };
  std::map<std::string, acc> by_id;
  auto smaller = [](const nlohmann::json& a, const nlohmann::json& b) {
    const uint64_t na = a.value("nodes", ~uint64_t{0}), nb = b.value("nodes", ~uint64_t{0});
    if (na != nb) return na < nb;
    return instance_label(a) < instance_label(b);
  };
  for (const auto& r : records) {
    if (!r.contains("claims") || !r["claims"].is_array()) continue;
    for (const auto& c : r["claims"]) {
      acc& a = by_id[c.value("id", std::string())];
      const std::string v = c.value("verdict", std::string());
      if (v == "holds") {
        ++a.holds;
      } else if (v == "fails") {
        ++a.fails;
        if (!a.fail_rec || smaller(r, *a.fail_rec)) {
          a.fail_rec = &r;
          a.fail_claim = &c;
        }
      } else if (is_outside(c)) {
        ++a.outside;
      } else {
        ++a.unchecked;
        if (a.first_reason.empty() && c["reason"].is_string())
          a.first_reason = instance_label(r) + ": " + c["reason"].get<std::string>();
      }
    }
  }
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& spec : catalog()) {
    auto it = by_id.find(spec.id);
    if (it == by_id.end()) continue;
    const acc& a = it->second;
    nlohmann::ordered_json e;
    e["id"] = spec.id;
    e["verdict"] = a.fails ? "fails" : a.holds ? "holds" : "not checked";
    e["holds"] = a.holds;
    e["fails"] = a.fails;
    e["not_checked"] = a.unchecked;
    e["outside_domain"] = a.outside;
    if (a.fail_rec) {
      nlohmann::ordered_json f;
      f["instance"] = instance_label(*a.fail_rec);
      f["nodes"] = a.fail_rec->value("nodes", nlohmann::json());
      f["claimed"] = (*a.fail_claim)["claimed"];
      f["measured"] = (*a.fail_claim)["measured"];
      f["counterexample"] = (*a.fail_claim)["counterexample"];
      f["reason"] = (*a.fail_claim).value("reason", nlohmann::json());
      e["smallest_failure"] = f;
    }
    e["first_reason"] = a.first_reason.empty() ? nlohmann::json() : nlohmann::json(a.first_reason);
    out.push_back(e);
  }
  return out;
}

std::string summary_markdown(const nlohmann::ordered_json& summary) {
  std::ostringstream s;
  s << "| claim | verdict | holds | fails | not checked | outside domain |\n";
  s << "|---|---|---|---|---|---|\n";
  for (const auto& e : summary)
    s << "| " << e["id"].get<std::string>() << " | " << e["verdict"].get<std::string>() << " | "
      << e["holds"] << " | " << e["fails"] << " | " << e["not_checked"] << " | "
      << e["outside_domain"] << " |\n";
  for (const auto& e : summary) {
    if (e.contains("smallest_failure")) {
      const auto& f = e["smallest_failure"];
      s << "\n### " << e["id"].get<std::string>() << " fails: " << f["instance"].get<std::string>()
        << "\n\n- claimed: `" << f["claimed"].dump() << "`\n- measured: `" << f["measured"].dump()
        << "`\n- counterexample: `" << f["counterexample"].dump() << "`\n";
    } else if (e["verdict"] == "not checked" && e["first_reason"].is_string()) {
      s << "\n### " << e["id"].get<std::string>() << " not checked\n\n- "
        << e["first_reason"].get<std::string>() << "\n";
    }
  }
  return s.str();
}

}  // namespace tv::host::claims
