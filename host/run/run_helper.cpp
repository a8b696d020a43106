// The run on MPI ranks other than 0 (serve_as_helper) and the schedule rank 0 makes for
// them (make_schedule).  Every rank prepares the same plan from the same command line;
// rank 0 sends which instances to run and who runs each; a helper runs its own small
// instances and sends their outcomes to rank 0, and runs every shared instance with rank
// 0, taking its all-pairs ranges from rank 0.  It prints and writes nothing.
#include <sstream>

#include "host/errors.hpp"
#include "host/records/instance_name.hpp"
#include "host/run/instance_content.hpp"
#include "host/run/rank_team.hpp"
#include "host/run/runner.hpp"
#include "host/run/signals.hpp"

namespace tv::host {

std::vector<instance_assignment> make_schedule(const std::vector<planned>& plan,
                                               const std::vector<bool>& recorded, int ranks,
                                               uint64_t share_nodes) {
  std::vector<instance_assignment> schedule;
  int next = 0;
  for (size_t i = 0; i < plan.size(); ++i) {
    if (recorded[i]) continue;
    if (plan[i].ji->inst.nodes() >= share_nodes) {
      schedule.push_back({i, instance_assignment::every_rank});
    } else {
      schedule.push_back({i, next});
      next = (next + 1) % ranks;
    }
  }
  return schedule;
}

int serve_as_helper(const std::vector<batch_config>& batches, const run_options& opt) {
  rank_team& team = *opt.team;
  const std::vector<check_spec>& catalog = opt.catalog ? *opt.catalog : check_specs();
  std::ostringstream unused;
  std::optional<prepared_run> prepared;
  try {
    prepared = prepare_run(batches, opt, catalog, unused);
  } catch (const std::exception&) {
    // Rank 0 prepares the same run and says why it is refused; its schedule says quit.
  }
  const auto schedule = team.receive_schedule();
  if (opt.dry_run) {
    // Rank 0 prints the plan (and why the run would stop); a helper exits as rank 0 does,
    // silently, so that mpirun reports the dry run's own exit code.
    if (!prepared) return exit_bad_input;
    try {
      return finish_dry_run(batches, *prepared, opt, unused);
    } catch (const input_error&) {
      return exit_bad_input;
    }
  }
  if (!schedule) return exit_bad_input;
  if (!prepared) throw std::runtime_error(team.where(team.rank()) + " could not prepare the run rank 0 prepared");
  progress_display quiet(unused, progress_style::none);
  const stop_on_signals signals;
  for (const instance_assignment& a : *schedule) {
    if (stop_on_signals::received()) break;
    const planned& p = prepared->plan.at(a.index);
    if (a.rank == instance_assignment::every_rank) {
      const auto runner = team.helper_runner(a.index);
      // Rank 0 makes the record and writes the side files (per-node tables): written here
      // too, they raced with rank 0's in the same folder.
      (void)run_one(p, catalog, quiet, runner.get(), false);
    } else if (a.rank == team.rank()) {
      // Checkpoints are rank 0's: a small instance runs whole here.
      ranged_run whole({"", instance_content_id(*p.ji), instance_name(p.ji->inst.family, p.ji->inst.params),
                              0, false, nullptr, nullptr});
      team.send_outcome(a.index, run_one(p, catalog, quiet, &whole));
    }
  }
  return 0;
}

}  // namespace tv::host
