// Batch runner: refuses what it cannot do before any work, then runs instance after
// instance, each ending in exactly one appended record (ok, not checked, error or
// interrupted), and renders the report of every folder it wrote to.
#include "host/run/runner.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "host/claims/summary.hpp"
#include "host/records/checked_io.hpp"
#include "host/errors.hpp"
#include "host/report/report.hpp"
#include "host/records/instance_name.hpp"
#include "host/run/instance_content.hpp"
#include "host/run/device_helpers.hpp"
#include "host/run/rank_team.hpp"
#include "host/run/ranged_run.hpp"
#include "host/run/run_steps.hpp"
#include "host/run/run_summary.hpp"
#include "host/run/signals.hpp"
#include "host/run/work_estimate.hpp"

namespace tv::host {

namespace {

/// A helper thread for each device after the first, which runs on the calling thread.
std::unique_ptr<range_helpers> device_helpers_for(const std::vector<int>& devices) {
  std::vector<device_worker> workers;
  for (size_t k = 1; k < devices.size(); ++k) {
    const int d = devices[k];
    workers.push_back({"cuda device " + std::to_string(d), [d] { core::use_cuda_device(d); }});
  }
  return make_device_helpers(std::move(workers));
}

/// Every device an instance ran on: "0: NVIDIA H100 80GB HBM3, 132 SMs, ...".
nlohmann::ordered_json device_names(const std::vector<int>& devices) {
  nlohmann::ordered_json names = nlohmann::ordered_json::array();
  const int current = core::current_cuda_device();
  for (const int d : devices) {
    core::use_cuda_device(d);
    names.push_back(std::to_string(d) + ": " + core::cuda_device_description());
  }
  core::use_cuda_device(current);
  return names;
}

}  // namespace

int run_batches(const std::vector<batch_config>& batches, const run_options& opt) {
  std::ostream& log = opt.log ? *opt.log : std::cerr;
  const std::vector<check_spec>& catalog = opt.catalog ? *opt.catalog : check_specs();

  // ---- Everything that can be refused is refused before the first instance runs.
  for (const auto& cfg : batches)
    for (const auto& w : cfg.warnings) log << "topoverify: warning: " << w << "\n";
  const prepared_run prepared = prepare_run(batches, opt, catalog, log);
  const std::vector<int> devices = parse_devices(opt.devices, core::cuda_device_count());
  if (opt.dry_run) return finish_dry_run(batches, prepared, opt, log);
  const std::vector<planned>& plan = prepared.plan;
  const std::vector<std::string>& dirs = prepared.dirs;
  // Held until the end, the report included: one writer per folder.
  const auto locks = claim_folders(prepared, opt);
  // ---- Resume: skip what is already final.
  const std::set<std::string> done = opt.resume ? finished_instances(dirs, log) : std::set<std::string>{};
  write_run_plans(prepared, done);
  // ---- Several CUDA devices in this process: the first on this thread, a helper thread
  // for each other one (not with MPI ranks: there, one rank per device).
  rank_team* team = opt.team && opt.team->size() > 1 ? opt.team : nullptr;
  if (!devices.empty() && !team) core::use_cuda_device(devices[0]);
  // ---- With MPI ranks: who runs what (every rank learns it before any work).
  std::vector<int> runs_on(plan.size(), 0);
  if (team) {
    std::vector<bool> recorded(plan.size());
    for (size_t i = 0; i < plan.size(); ++i) recorded[i] = recorded_in(done, plan[i].out_dir, *plan[i].cfg, *plan[i].ji);
    const auto schedule = make_schedule(plan, recorded, team->size(), opt.share_nodes);
    for (const auto& a : schedule) runs_on[a.index] = a.rank;
    team->send_schedule(schedule, false);
  }

  const auto run_start = std::chrono::steady_clock::now();
  progress_display display(log, opt.progress, nullptr, 0, opt.verbosity);
  std::vector<double> weights;
  for (const auto& p : plan)  // the ETA's scale
    weights.push_back(estimated_work(p.ji->inst, p.ji->checks, p.ji->check_options));
  display.begin(std::move(weights));
  display.start_heartbeat();
  for (const auto& cfg : batches) {
    std::set<std::string> cfg_dirs;
    for (const auto& p : plan)
      if (p.cfg == &cfg) cfg_dirs.insert(p.out_dir);
    std::string where;
    for (const auto& d : cfg_dirs) where += (where.empty() ? "" : ", ") + d + "/results.jsonl";
    if (opt.keep_records_only) where = "no output folder (nothing is written)";
    display.note("topoverify: " + cfg.source + ": " + std::to_string(cfg.instances.size()) +
                 " instance(s) -> " + where);
  }
  // Which backend and device the run got, "auto" falling back to the CPU included.
  for (const auto& line : prepared.backend_lines) display.note("topoverify: " + line);
  size_t already = 0;
  for (const auto& p : plan)
    if (recorded_in(done, p.out_dir, *p.cfg, *p.ji)) ++already;
  if (already) display.note("topoverify: " + std::to_string(already) + " instance(s) already recorded, skipped");

  // ---- The run.
  const stop_on_signals signals;
  int errors = 0;
  size_t ran = 0;
  bool interrupted = false;
  for (size_t i = 0; i < plan.size(); ++i) {
    const planned& p = plan[i];
    if (recorded_in(done, p.out_dir, *p.cfg, *p.ji)) {
      display.skipped(i);
      continue;
    }
    if (stop_on_signals::received()) {
      interrupted = true;
      break;
    }
    const nlohmann::json& options = p.ji->check_options;
    std::map<std::string, double> step_weights{
        {"counts", estimated_check_work(p.ji->inst, "counts", p.ji->checks, options)}};
    for (const auto& c : p.ji->checks) step_weights[c] = estimated_check_work(p.ji->inst, c, p.ji->checks, options);
    display.start(i, p.ji->inst.label(), std::move(step_weights));
    std::unique_ptr<range_helpers> helpers;
    if (team && runs_on[i] == instance_assignment::every_rank) helpers = team->helpers(i);
    if (!team && p.backend == core::backend::cuda && devices.size() > 1) helpers = device_helpers_for(devices);
    ranged_run ranges({opt.keep_records_only ? "" : p.out_dir, instance_content_id(*p.ji),
                                instance_name(p.ji->inst.family, p.ji->inst.params), p.ji->checkpoint_s,
                                opt.resume, [&display](const std::string& line) { display.always(line); },
                                helpers.get()});
    instance_outcome out = team && runs_on[i] > 0 ? team->receive_outcome(i, runs_on[i])
                                                   : run_one(p, catalog, display, &ranges);
    if (team && runs_on[i] > 0 && !out.record.contains("family")) {
      // Stopped while another rank ran it: no record to write; --resume runs it again.
      display.finish("interrupted: " + out.reason, false);
      interrupted = true;
      break;
    }
    if (!team && p.backend == core::backend::cuda && devices.size() > 1) out.record["devices"] = device_names(devices);
    if (team)  // which rank made the record: a field the comparison of runs leaves aside
      out.record["ranks"] = {{"size", team->size()},
                             {"ran_on", runs_on[i] == instance_assignment::every_rank ? "every rank"
                                                                                      : team->where(runs_on[i])}};
    if (out.status == run_status::error) ++errors;
    interrupted = interrupted || out.interrupted;
    const nlohmann::ordered_json& rec = out.record;
    const run_status status = out.status;
    const std::string& reason = out.reason;
    if (opt.keep_records_only) {
      opt.keep_records_only->push_back(nlohmann::json::parse(rec.dump()));
    } else {
      try {
        append_line_durably(p.out_dir + "/results.jsonl", rec.dump());
        // Recorded: its checkpoints are done with.  An interrupted instance keeps them.
        if (!out.interrupted) ranges.discard_checkpoints();
      } catch (const std::exception& e) {
        // A full disk or a file over its size limit: going on would only lose more work.
        display.end();
        log << "topoverify: error: " << e.what() << "; the run stops here (earlier records are "
            << "intact; continue with --resume once there is room)\n";
        return exit_instance_error;
      }
    }
    ++ran;
    const std::string outcome = status == run_status::ok      ? "done"
                                : status == run_status::error ? "ERROR: " + reason
                                                              : std::string(to_string(status)) + ": " + reason;
    display.finish(outcome, status == run_status::ok, status == run_status::error);
    if (interrupted) break;
  }
  display.end();
  // A signal seen while the last instance's final step ran, which polls no more.
  if (stop_on_signals::received()) interrupted = true;
  if (interrupted && team) team->abandon_at_end();
  if (interrupted) {
    log << "topoverify: interrupted by " << signal_name(stop_on_signals::received())
        << " after " << ran << " instance(s) of this run; ";
    // Without an output folder (`check`, `compare` without --output) nothing was kept:
    // --resume would find nothing to continue from.
    if (opt.keep_records_only)
      log << "nothing was recorded (no output folder); run it again, with --output DIR to "
          << "keep what finishes.\n";
    else
      log << "every finished instance is recorded. Continue with --resume.\n";
  }
  if (errors) log << "topoverify: " << errors << " instance(s) ended in an error (see their records)\n";

  // ---- Reports and the exit code.
  bool report_failed = false;
  std::vector<nlohmann::json> covered;  // the latest record of every instance of these batches
  if (opt.keep_records_only) covered = *opt.keep_records_only;
  std::set<std::string> planned_keys;  // dir + "\n" + key, as `done` holds them
  for (const auto& p : plan)
    for (const auto& k : instance_keys(p.out_dir, *p.cfg, *p.ji)) planned_keys.insert(k);
  for (const auto& dir : dirs) {
    std::vector<nlohmann::json> mine;  // kept from before an edit of the batch file too
    for (const auto& r : latest_records(read_records(dir + "/results.jsonl")))
      if (planned_keys.count(dir + "\n" + record_key(r))) mine.push_back(r);
    covered.insert(covered.end(), mine.begin(), mine.end());
    if (!opt.report) continue;
    try {
      const report_files f = render_report(dir);
      if (opt.verbosity != progress_verbosity::quiet)
        log << "topoverify: report: " << f.markdown << ", " << f.html
          << (f.plots_note.empty() ? "" : " (" + f.plots_note + ")") << "\n";
    } catch (const std::exception& e) {
      log << "topoverify: could not write the report of " << dir << ": " << e.what() << "\n";
      report_failed = true;
    }
  }
  nlohmann::ordered_json summary = claims::verdict_summary(covered);
  summary["instances"]["planned"] = plan.size();
  if (opt.summary_out && claims::summary_has_claims(summary)) {
    *opt.summary_out << claims::render_summary(summary, claims::summary_width(), claims::summary_colour());
    // Standard output's failure is named with its error (the records and report are
    // written by now); a stream of a caller's own is only flushed.
    if (opt.summary_out == &std::cout) flush_stdout_checked();
    else opt.summary_out->flush();
  }
  log << run_summary_line(covered, std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                                  run_start).count())
      << "\n";
  const uint64_t fails = summary["claims"]["fails"].get<uint64_t>();
  const uint64_t failing_instances = summary["claims"]["failing_instances"].get<uint64_t>();
  if (opt.summary) *opt.summary = std::move(summary);
  if (errors || interrupted || report_failed || stop_on_signals::received()) return exit_instance_error;
  if (opt.fail_on_claim && fails) {
    log << "topoverify: " << fails << (fails == 1 ? " claim fails" : " claims fail") << " (on "
        << failing_instances << (failing_instances == 1 ? " instance" : " instances")
        << "; --fail-on-claim)\n";
    return exit_claim_failed;
  }
  return exit_ok;
}

}  // namespace tv::host
