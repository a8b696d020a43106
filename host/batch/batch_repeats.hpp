// Repeated instances within a batch: the same job listed twice, or a value listed twice
// in a sweep, would run the same work twice and record it twice.  Each runs once, and
// the batch gets a warning per job that repeats.  Likewise across the batches of one
// command line (`run a.toml a.toml`).
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "host/batch/config.hpp"

namespace tv::host {

class repeat_tracker {
 public:
  /// @brief True the first time an instance with this content (job, family, params,
  /// checks, options, output, backend, seed, limits) is seen; false for a repeat.
  bool first_time(const job_instance& ji);

  /// @brief "SOURCE: job 'J' repeats N instance(s) listed before (first: LABEL); each
  /// runs once", one per job with repeats.
  std::vector<std::string> warnings(const std::string& source) const;

 private:
  struct repeat {
    size_t count = 0;
    std::string first;  // label of the first repeated instance
  };
  std::set<std::string> seen_;
  std::map<std::string, repeat> per_job_;
};

/// @brief Instances that an earlier batch of the same command already holds (the same
/// batch file named twice, or two files expanding to one instance: the same family,
/// parameters, checks, options, output folder, backend, seed and limits, whatever the
/// job's name) are dropped from the later batch, which gets the warning
/// "SOURCE: N instance(s) already in EARLIER (first: LABEL); each runs once".
void drop_repeats_across_batches(std::vector<batch_config>& batches);

}  // namespace tv::host
