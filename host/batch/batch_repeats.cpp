// Repeated instances within a batch (see batch_repeats.hpp).
#include "host/batch/batch_repeats.hpp"

#include <nlohmann/json.hpp>

#include "host/messages.hpp"

namespace tv::host {

namespace {

/// What makes two instances the same work written to the same folder; the job's name
/// too within one batch file (its records carry it), not across files.
std::string work_identity(const job_instance& ji, bool with_job) {
  nlohmann::json identity = {{"family", ji.inst.family},
                             {"params", ji.inst.params},
                             {"checks", ji.checks},
                             {"options", ji.check_options},
                             {"output", ji.output},
                             {"backend", ji.backend},
                             {"seed", ji.seed ? nlohmann::json(*ji.seed) : nlohmann::json()},
                             {"limits", ji.limits.to_json()}};
  if (with_job) identity["job"] = ji.job_name;
  return identity.dump();
}

}  // namespace

void drop_repeats_across_batches(std::vector<batch_config>& batches) {
  std::map<std::string, size_t> first_batch;  // work identity -> the batch that holds it
  for (size_t i = 0; i < batches.size(); ++i) {
    batch_config& b = batches[i];
    std::vector<job_instance> kept;
    size_t dropped = 0;
    std::string earlier, first_label;
    for (job_instance& ji : b.instances) {
      auto [it, fresh] = first_batch.emplace(work_identity(ji, false), i);
      if (fresh || it->second == i) {  // repeats within one file are parse_batch's
        kept.push_back(std::move(ji));
        continue;
      }
      if (dropped++ == 0) {
        earlier = batches[it->second].source;
        first_label = ji.inst.label();
      }
    }
    b.instances = std::move(kept);
    if (dropped)
      b.warnings.push_back(b.source + ": " + std::to_string(dropped) + " instance(s) already in " + earlier +
                           " (first: " + first_label + "); each runs once");
  }
}

bool repeat_tracker::first_time(const job_instance& ji) {
  if (seen_.insert(work_identity(ji, true)).second) return true;
  auto& r = per_job_[ji.job_name];
  if (r.count++ == 0) r.first = ji.inst.label();
  return false;
}

std::vector<std::string> repeat_tracker::warnings(const std::string& source) const {
  std::vector<std::string> out;
  for (const auto& [job, r] : per_job_)
    out.push_back(source + ": job '" + echo_value(job) + "' repeats " + std::to_string(r.count) +
                  " instance(s) listed before (first: " + r.first + "); each runs once");
  return out;
}

}  // namespace tv::host
