// Repeated instances within a batch (see batch_repeats.hpp).
#include "host/batch/batch_repeats.hpp"

#include <nlohmann/json.hpp>

#include "host/messages.hpp"

namespace tv::host {

bool repeat_tracker::first_time(const job_instance& ji) {
  const nlohmann::json identity = {{"job", ji.job_name},
                                   {"family", ji.inst.family},
                                   {"params", ji.inst.params},
                                   {"checks", ji.checks},
                                   {"options", ji.check_options},
                                   {"output", ji.output},
                                   {"backend", ji.backend},
                                   {"seed", ji.seed ? nlohmann::json(*ji.seed) : nlohmann::json()},
                                   {"limits", ji.limits.to_json()}};
  if (seen_.insert(identity.dump()).second) return true;
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
