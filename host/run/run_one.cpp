// One instance run to its record: limits and the memory plan refuse before any work,
// then its checks run with the time limit and signals polled; every way it can end
// (ok, not checked, error, interrupted) ends in one closed record, never an exception.
#include <chrono>
#include <new>

#include "host/build_info.hpp"
#include "host/records/machine.hpp"
#include "host/run/instance_content.hpp"
#include "host/run/memory_plan.hpp"
#include "host/run/run_steps.hpp"
#include "host/run/signals.hpp"
#include "host/units.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host {

namespace {

/// Closes the record: its status and reason, the job's identity (instance_id, batch file
/// and hash, seed, limits) and the run's own fields (times, machine, tool).  An instance
/// refused before any check gets the identity of its family and parameters alone.
void close_record(nlohmann::ordered_json& rec, const planned& p, run_status status,
                  const std::string& reason, double secs) {
  const job_instance& ji = *p.ji;
  if (!rec.contains("family")) {  // refused before any check: the identity alone
    rec["family"] = ji.inst.family;
    rec["params"] = ji.inst.params;
    rec["nodes"] = ji.inst.nodes();
    rec["checks"] = nlohmann::ordered_json::array();
    rec["backend"] = core::backend_name(p.backend);
  }
  set_status(rec, status);
  if (status == run_status::error) rec[record_field::error] = reason;
  else if (!reason.empty()) rec[record_field::reason] = reason;
  rec["job"] = ji.job_name;
  if (!ji.comparison.empty()) rec["compare"] = ji.comparison;
  if (!ji.comparison_skipped.empty()) {
    nlohmann::ordered_json skipped = nlohmann::ordered_json::array();
    for (const auto& [metric, why] : ji.comparison_skipped) skipped.push_back({{"metric", metric}, {"reason", why}});
    rec["compare_skipped"] = skipped;
  }
  rec["requested_checks"] = ji.checks;
  rec["config"] = p.cfg->source;
  if (!p.cfg->title.empty()) rec["config_title"] = p.cfg->title;
  rec["config_hash"] = p.cfg->hash;
  rec["instance_id"] = instance_content_id(ji);
  if (ji.seed) rec["seed"] = *ji.seed;
  if (ji.limits.any()) rec["limits"] = ji.limits.to_json();
  rec["wall_s"] = secs;
  if (!rec.contains("timings")) rec["timings"] = nlohmann::ordered_json::object();
  rec["timings"]["total_s"] = secs;
  rec["timings"]["finished_at"] = utc_now();
  rec["machine"] = machine_description();
  if (!rec.contains("tool"))
    rec["tool"] = {{"version", tool_version()}, {"commit", tool_commit()}};
}

}  // namespace

instance_outcome run_one(const planned& p, const std::vector<check_spec>& catalog,
                         progress_display& display, range_runner* ranges, bool side_files) {
  const job_instance& ji = *p.ji;
  bool interrupted = false;
  const auto t0 = std::chrono::steady_clock::now();
  const uint64_t nodes = ji.inst.nodes();
  nlohmann::ordered_json rec = nlohmann::ordered_json::object();
  run_status status = run_status::ok;
  std::string reason, current_check;
  try {
    if (ji.limits.max_nodes && nodes > *ji.limits.max_nodes) {
      status = run_status::not_checked;
      reason = "max_nodes limit: N = " + std::to_string(nodes) + " > " +
               std::to_string(*ji.limits.max_nodes);
    } else if (std::string refusal = memory_refusal(ji.inst, ji.checks, ji.check_options,
                                                    p.backend, ji.limits, catalog);
               !refusal.empty()) {
      status = run_status::not_checked;  // planned before any work: nothing was built
      reason = std::move(refusal);
    } else {
      check_hooks hooks;
      const double limit_s = ji.limits.time_s.value_or(-1);
      hooks.control.should_stop = [t0, limit_s] {
        if (stop_on_signals::received()) return true;
        return limit_s > 0 &&
               std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > limit_s;
      };
      hooks.control.progress = [&display](uint64_t d, uint64_t t) { display.progress(d, t); };
      hooks.control.resumed = [&display](uint64_t d, uint64_t t) { display.resumed(d, t); };
      hooks.on_check = [&](const std::string& c) {
        current_check = c;
        display.step(c);
      };
      if (ji.seed) hooks.seed = *ji.seed;
      hooks.ranges = ranges;
      hooks.side_files = side_files;
      hooks.output_dir = p.out_dir;  // beside the records, not in the working directory
      hooks.side_file_tag = instance_content_id(ji).substr(0, 8);
      run_checks_into(rec, ji.inst, ji.checks, p.backend, ji.check_options, hooks, catalog);
    }
  } catch (const core::interrupted& e) {
    // "stopped while building the graph": the phase inside the check, when known.
    const std::string phase = e.what();
    const std::string detail = phase.rfind("stopped while ", 0) == 0 ? " (" + phase + ")" : "";
    if (const int sig = stop_on_signals::received()) {
      status = run_status::interrupted;
      reason = std::string(signal_name(sig)) + " during " + current_check + detail;
      interrupted = true;
    } else {
      // Checks poll between their steps and the runner between checks: say which.
      bool finished = false;
      if (rec.contains("checks"))
        for (const auto& c : rec["checks"]) finished = finished || c == current_check;
      status = run_status::not_checked;
      reason = "time limit " + ji.limits.time_text + " reached " +
               (finished ? "after " : "during ") + current_check;
    }
  } catch (const graph::graph_too_large& e) {
    status = run_status::not_checked;
    reason = std::string("too large for this machine: ") + e.what();
  } catch (const std::bad_alloc&) {
    // The last resort where a plan missed: the instance is refused, the run goes on.
    const core::memory_info mem = core::backend_memory(core::backend::cpu);
    status = run_status::not_checked;
    reason = "out of memory during " + (current_check.empty() ? std::string("the checks") : current_check) +
             " (an allocation failed; " + format_bytes(static_cast<double>(mem.free_bytes)) +
             " left, limited by " + mem.limited_by + ")";
  } catch (const std::exception& e) {
    status = run_status::error;
    reason = e.what();
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  close_record(rec, p, status, reason, secs);
  return {std::move(rec), status, reason, interrupted};
}

}  // namespace tv::host
