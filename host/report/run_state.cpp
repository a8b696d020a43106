// Counting what ran against the plan (see run_state.hpp).
#include "host/report/run_state.hpp"

#include <map>

#include "host/records/records.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host::report {

namespace {

std::string plural(size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

void count_status(run_state& s, const nlohmann::json& r) {
  ++s.recorded;
  switch (status_of(r)) {  // a status this build does not know is an error
    case run_status::ok: ++s.finished; break;
    case run_status::not_checked: ++s.refused; break;
    case run_status::interrupted:
      if (!s.interrupted++) s.first_interruption = host::reason_of(r);
      break;
    case run_status::error: ++s.errors; break;
  }
}

std::string headline(const run_state& s) {
  std::string missing;  // what keeps the run from being complete
  auto add = [&](size_t n, const std::string& text) {
    if (n) missing += (missing.empty() ? "" : ", ") + text;
  };
  add(s.interrupted, std::to_string(s.interrupted) + " interrupted" +
                         (s.first_interruption.empty() ? "" : " (" + s.first_interruption + ")"));
  add(s.errors, plural(s.errors, "ended in an error", "ended in an error"));
  add(s.not_run, std::to_string(s.not_run) + " not run yet");
  const std::string limits =
      s.refused ? "; " + plural(s.refused, "was", "were") + " refused or stopped by a limit (not checked)"
                : std::string();
  if (!s.plan_known) {
    std::string text = plural(s.recorded, "instance is", "instances are") +
                       " recorded; this folder has no plan.json, so how many were planned is unknown";
    if (!missing.empty()) return "Incomplete run: " + text + "; " + missing + ".";
    return text + limits + ".";
  }
  if (s.complete) {
    if (!s.refused) return "Complete run: all " + plural(s.planned, "planned instance", "planned instances") + " finished.";
    return "Complete run: all " + plural(s.planned, "planned instance", "planned instances") +
           " have a record; " + std::to_string(s.finished) + " finished" + limits + ".";
  }
  return "Incomplete run: " + std::to_string(s.finished) + " of " +
         plural(s.planned, "planned instance", "planned instances") + " finished; " + missing +
         limits + ". Continue it with `topoverify run --resume` (the same batch file and output folder).";
}

}  // namespace

run_state count_run(const std::vector<nlohmann::json>& latest,
                    const std::optional<std::vector<std::string>>& plan) {
  run_state s;
  if (!plan) {
    for (const auto& r : latest) count_status(s, r);
  } else {
    s.plan_known = true;
    s.planned = plan->size();
    std::map<std::string, const nlohmann::json*> by_key;
    for (const auto& r : latest) by_key[record_key(r)] = &r;
    std::map<std::string, bool> in_plan;
    for (const auto& key : *plan) {
      if (in_plan[key]) continue;  // a plan lists each instance once; be safe anyway
      in_plan[key] = true;
      auto it = by_key.find(key);
      if (it == by_key.end()) ++s.not_run;
      else count_status(s, *it->second);
    }
    for (const auto& r : latest)
      if (!in_plan.count(record_key(r))) ++s.outside_plan;
  }
  s.complete = s.plan_known && !s.not_run && !s.interrupted && !s.errors;
  s.headline = headline(s);
  return s;
}

}  // namespace tv::host::report
