// Combining the records' claim results into the verdict summary (see summary.hpp).
#include "host/claims/summary.hpp"

#include <algorithm>
#include <map>

#include "host/claims/references.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/expression_verdict.hpp"
#include "host/claims/witness.hpp"
#include "host/records/domain_text.hpp"
#include "host/records/instance_name.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host::claims {

namespace {

using rjson = nlohmann::json;
using ojson = nlohmann::ordered_json;


/// Smaller instance first: fewer nodes, then the parameters as written.
bool smaller(const rjson& a, const rjson& b) {
  const auto nodes = [](const rjson& r) {
    return r.contains("nodes") && r["nodes"].is_number_unsigned() ? r["nodes"].get<uint64_t>()
                                                                  : ~uint64_t{0};
  };
  if (nodes(a) != nodes(b)) return nodes(a) < nodes(b);
  return a.value("params", rjson::object()).dump() < b.value("params", rjson::object()).dump();
}

/// What the records say about one claim.
struct tally {
  uint64_t holds = 0, fails = 0, unchecked = 0, outside = 0;
  std::vector<const rjson*> ran_on, failed_on;  // records (outside the domain left out)
  const rjson* fail_rec = nullptr;
  const rjson* fail_entry = nullptr;
  const rjson* first_entry = nullptr;  // the first record entry seen (a user's claim's words)
  std::string first_reason, first_outside;
};

std::string reason_of(const rjson& record, const rjson& entry) {
  const std::string why = entry.contains("reason") && entry["reason"].is_string()
                              ? entry["reason"].get<std::string>()
                              : std::string("no reason recorded");
  return instance_name(record) + ": " + why;
}

ojson smallest_failure(const tally& t) {
  if (!t.fail_rec) return nullptr;
  const rjson& r = *t.fail_rec;
  const rjson& c = *t.fail_entry;
  ojson f;
  f["instance"] = instance_name(r);
  f["family"] = r.value("family", std::string());
  f["params"] = r.value("params", rjson::object());
  f["nodes"] = r.contains("nodes") ? r["nodes"] : rjson();
  f["sentence"] = explain_failure(r, c);
  f["claimed"] = c.contains("claimed") ? c["claimed"] : rjson();
  f["measured"] = c.contains("measured") ? c["measured"] : rjson();
  f["counterexample"] = c.contains("counterexample") ? c["counterexample"] : rjson();
  f["reason"] = c.contains("reason") ? c["reason"] : rjson();
  return f;
}

/// Whether the catalog reads the claim's words another way too (`X` and `X.alt`): then
/// the two print the same statement, and the reading is what tells their verdicts apart.
bool has_other_reading(const std::string& id) {
  const std::string suffix = ".alt";
  const bool is_alt = id.size() > suffix.size() && id.compare(id.size() - suffix.size(), suffix.size(), suffix) == 0;
  const std::string other = is_alt ? id.substr(0, id.size() - suffix.size()) : id + suffix;
  for (const auto& spec : catalog())
    if (spec.id == other) return true;
  return false;
}

/// One claim's entry; its verdict is added to the claim totals.
ojson claim_entry(const std::string& id, const std::string& source, const std::string& statement,
                  const std::string& reading, const tally& t, ojson& totals) {
  const claim_verdict verdict = t.fails ? claim_verdict::fails : t.holds ? claim_verdict::holds
                                                                         : claim_verdict::not_checked;
  totals["total"] = totals["total"].get<int>() + 1;
  const char* total_key = t.fails ? "fails" : t.holds ? "holds" : "not_checked";
  totals[total_key] = totals[total_key].get<int>() + 1;
  ojson e;
  e["id"] = id;
  e["source"] = source;
  e["statement"] = statement;
  if (!reading.empty()) e["reading"] = reading;
  e[record_field::verdict] = std::string(host::to_string(verdict));
  e["instances"] = {{"holds", t.holds}, {"fails", t.fails}, {"not_checked", t.unchecked},
                    {"outside_domain", t.outside}};
  e["domain_run"] = describe_instances(t.ran_on);
  e["fails_at"] = describe_instances(t.failed_on);
  e["smallest_failure"] = smallest_failure(t);
  const std::string why = !t.first_reason.empty() ? t.first_reason : t.first_outside;
  e["first_reason"] = why.empty() ? rjson() : rjson(why);
  return e;
}

}  // namespace

ojson verdict_summary(const std::vector<rjson>& records) {
  ojson instances;
  instances["total"] = records.size();
  for (const run_status s : {run_status::ok, run_status::not_checked, run_status::error,
                             run_status::interrupted})
    instances[std::string(host::to_string(s))] = 0;
  std::map<std::string, tally> by_id;
  std::vector<std::string> own_ids;  // claims written as expressions, in the order first seen
  uint64_t failing_instances = 0;
  for (const auto& r : records) {
    const std::string name(host::to_string(status_of(r)));
    instances[name] = instances.value(name, 0) + 1;
    if (!r.contains("claims") || !r["claims"].is_array()) continue;
    bool some_fail = false;
    for (const auto& c : r["claims"]) {
      const std::string id = c.value("id", std::string());
      tally& t = by_id[id];
      if (!t.first_entry) {
        t.first_entry = &c;
        if (is_expression_entry(c)) own_ids.push_back(id);
      }
      const claim_verdict v = verdict_of(c);
      if (v == claim_verdict::holds) {
        ++t.holds;
      } else if (v == claim_verdict::fails) {
        ++t.fails;
        some_fail = true;
        t.failed_on.push_back(&r);
        if (!t.fail_rec || smaller(r, *t.fail_rec)) {
          t.fail_rec = &r;
          t.fail_entry = &c;
        }
      } else if (is_outside_domain(c)) {
        ++t.outside;
        if (t.first_outside.empty()) t.first_outside = reason_of(r, c);
        continue;
      } else {
        ++t.unchecked;
        if (t.first_reason.empty()) t.first_reason = reason_of(r, c);
      }
      t.ran_on.push_back(&r);
    }
    failing_instances += some_fail;
  }

  ojson totals = {{"total", 0}, {"holds", 0}, {"fails", 0}, {"not_checked", 0},
                  {"failing_instances", failing_instances}};
  ojson papers = ojson::array();
  std::map<std::string, size_t> paper_at;  // key -> index in papers
  for (const auto& spec : catalog()) {
    const auto it = by_id.find(spec.id);
    if (it == by_id.end()) continue;
    const tally& t = it->second;
    ojson e = claim_entry(spec.id, "papers/" + paper_key(spec) + " " + place_in_paper(spec),
                          spec.statement, has_other_reading(spec.id) ? spec.reading : "", t, totals);
    const std::string key = paper_key(spec);
    if (!paper_at.count(key)) {
      const paper_reference& ref = paper_reference_of(key);
      paper_at[key] = papers.size();
      papers.push_back({{"key", key},
                        {"reference", ref.citation()},
                        {"authors", ref.authors},
                        {"title", ref.title},
                        {"venue", ref.venue},
                        {"year", ref.year},
                        {"claims", ojson::array()}});
    }
    papers[paper_at[key]]["claims"].push_back(std::move(e));
  }
  // The user's own claims, with their words and expressions (expression_verdict.hpp).
  if (!own_ids.empty()) {
    ojson group = {{"key", own_claims_key},
                   {"reference", "Your own claims"},
                   {"authors", ""}, {"title", ""}, {"venue", ""}, {"year", ""},
                   {"claims", ojson::array()}};
    for (const std::string& id : own_ids) {
      const tally& t = by_id[id];
      const rjson& first = *t.first_entry;
      const std::string holds = first.value("holds", std::string());
      const std::string when = first.contains("when") && first["when"].is_string() ? first["when"].get<std::string>() : "";
      ojson e = claim_entry(id, "holds: " + holds + (when.empty() ? "" : "; when: " + when),
                            first.value("statement", holds), "", t, totals);
      e["holds"] = holds;
      if (!when.empty()) e["when"] = when;
      group["claims"].push_back(std::move(e));
    }
    papers.push_back(std::move(group));
  }
  // Ids this build's catalog does not hold (records of another build): counted, not hidden.
  for (const auto& [id, t] : by_id) {
    if (std::find(own_ids.begin(), own_ids.end(), id) != own_ids.end()) continue;
    bool known = false;
    for (const auto& spec : catalog()) known = known || spec.id == id;
    if (known) continue;
    if (!paper_at.count("")) {
      paper_at[""] = papers.size();
      papers.push_back({{"key", ""},
                        {"reference", "claims this build's catalog does not hold"},
                        {"authors", ""}, {"title", ""}, {"venue", ""}, {"year", ""},
                        {"claims", ojson::array()}});
    }
    papers[paper_at[""]]["claims"].push_back(claim_entry(id, "", "", "", t, totals));
  }
  ojson out;
  out["instances"] = instances;
  out["claims"] = totals;
  out["papers"] = papers;
  return out;
}

bool summary_has_claims(const ojson& summary) {
  return summary.contains("claims") && summary["claims"].value("total", 0) > 0;
}

bool is_outside_domain(const nlohmann::json& claim_entry) {
  return claim_entry.contains("reason") && claim_entry["reason"].is_string() &&
         claim_entry["reason"].get<std::string>().rfind(outside_domain_prefix, 0) == 0;
}

}  // namespace tv::host::claims
