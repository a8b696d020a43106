// INTERIM (see verdict_source.hpp): the shared summary's shape from the catalog and the
// records, without witness sentences; domains by host/domain_text.hpp.
#include "host/report/verdict_source.hpp"

#include <map>

#include "host/claims/registry.hpp"
#include "host/domain_text.hpp"
#include "host/report/cells.hpp"

namespace tv::host::report {

namespace {
using json = nlohmann::json;

std::string describe_records(const std::vector<const json*>& recs) { return describe_instances(recs); }
}  // namespace

std::string ran_on(const std::vector<const json*>& records) { return describe_records(records); }

nlohmann::ordered_json verdict_summary(const std::vector<json>& latest) {
  struct acc {
    size_t holds = 0, fails = 0, unchecked = 0, outside = 0;
    std::vector<const json*> ran, failed;
    const json* worst = nullptr;
    const json* worst_claim = nullptr;
    std::string first_reason;
  };
  std::map<std::string, acc> by_id;
  for (const auto& r : latest) {
    if (!r.contains("claims") || !r["claims"].is_array()) continue;
    for (const auto& c : r["claims"]) {
      acc& a = by_id[c.value("id", "")];
      const std::string v = c.value("verdict", "");
      const std::string reason = c.contains("reason") && c["reason"].is_string() ? c["reason"].get<std::string>() : "";
      if (v == "holds" || v == "fails") {
        a.ran.push_back(&r);
        if (v == "holds") { ++a.holds; continue; }
        ++a.fails;
        a.failed.push_back(&r);
        if (!a.worst || nodes_of(r) < nodes_of(*a.worst)) { a.worst = &r; a.worst_claim = &c; }
      } else if (reason.rfind("outside the claim's domain", 0) == 0) {
        ++a.outside;
      } else {
        ++a.unchecked;
        if (a.first_reason.empty()) a.first_reason = instance_label(r) + ": " + reason;
      }
    }
  }
  nlohmann::ordered_json out;
  size_t total = 0, holds = 0, fails = 0, unchecked = 0;
  nlohmann::ordered_json papers = nlohmann::ordered_json::array();
  for (const auto& spec : claims::catalog()) {
    auto it = by_id.find(spec.id);
    if (it == by_id.end()) continue;
    const acc& a = it->second;
    const std::string key = spec.source.substr(7, 3);  // "papers/000 ..."
    if (papers.empty() || papers.back()["key"] != key) {
      const auto paren = spec.source.find('('), close = spec.source.find(')');
      papers.push_back({{"key", key},
                        {"reference", paren == std::string::npos ? spec.source.substr(0, 10)
                                                                 : spec.source.substr(paren + 1, close - paren - 1)},
                        {"claims", nlohmann::ordered_json::array()}});
    }
    nlohmann::ordered_json e;
    e["id"] = spec.id;
    e["source"] = spec.source;
    e["statement"] = spec.statement;
    e["verdict"] = a.fails ? "fails" : a.holds ? "holds" : "not checked";
    e["instances"] = {{"holds", a.holds}, {"fails", a.fails}, {"not_checked", a.unchecked},
                      {"outside_domain", a.outside}};
    e["domain_run"] = describe_records(a.ran);
    e["fails_at"] = a.fails ? json(describe_records(a.failed)) : json();
    if (a.worst) {
      e["smallest_failure"] = {{"instance", instance_label(*a.worst)},
                               {"family", a.worst->value("family", "")},
                               {"params", a.worst->value("params", json::object())},
                               {"nodes", nodes_of(*a.worst)},
                               {"sentence", json()},
                               {"claimed", a.worst_claim->value("claimed", json())},
                               {"measured", a.worst_claim->value("measured", json())},
                               {"counterexample", a.worst_claim->value("counterexample", json())}};
    } else {
      e["smallest_failure"] = nullptr;
    }
    e["first_reason"] = a.first_reason.empty() ? json() : json(a.first_reason);
    ++total;
    (a.fails ? fails : a.holds ? holds : unchecked)++;
    papers.back()["claims"].push_back(e);
  }
  out["claims"] = {{"total", total}, {"holds", holds}, {"fails", fails}, {"not_checked", unchecked}};
  out["papers"] = papers;
  return out;
}

}  // namespace tv::host::report
