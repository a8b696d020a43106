// Batch runner: refuses what it cannot do before any work, then runs instance after
// instance, each ending in exactly one appended record (ok, not checked, error or
// interrupted), and renders the report of every folder it wrote to.
#include "host/runner.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <new>
#include <set>

#include "host/batch_identity.hpp"
#include "host/build_info.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/summary.hpp"
#include "host/errors.hpp"
#include "host/folder_lock.hpp"
#include "host/instance_content.hpp"
#include "host/job_options.hpp"
#include "host/machine.hpp"
#include "host/report/report.hpp"
#include "host/run_plan.hpp"
#include "host/run_summary.hpp"
#include "host/signals.hpp"
#include "host/units.hpp"
#include "host/work_estimate.hpp"

namespace tv::host {

namespace fs = std::filesystem;

namespace {

/// One instance to run, with everything resolved.
struct planned {
  const batch_config* cfg;
  const job_instance* ji;
  std::string out_dir;
  core::backend backend;
};

/// Cost of an instance on the ETA's scale (host/work_estimate.hpp).
double weight_of(const job_instance& ji) { return estimated_work(ji.inst, ji.checks); }

/// Empty but for the lock file, which a refused or finished run leaves behind.
bool folder_is_empty(const std::string& dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().filename() != lock_file_name) return false;
  return true;
}

/// The reason the run would refuse a folder now, or "" (for --dry-run, which must exit
/// as the run would without creating or locking anything).
std::string folder_refusal(const std::string& dir, bool resume) {
  if (!fs::exists(dir)) return {};
  if (!fs::is_directory(dir)) return "output folder '" + dir + "' is not a folder";
  if (auto holder = folder_in_use(dir)) return *holder;
  if (!resume && !folder_is_empty(dir))
    return "output folder '" + dir + "' is not empty; use --resume to continue it, or --output DIR "
           "for a new folder";
  return {};
}

/// The output folder exists, is this process's alone (its lock), is writable, and
/// (without --resume) holds nothing that a run could overwrite or mix with.
std::shared_ptr<folder_lock> prepare_folder(const std::string& dir, bool resume) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    throw input_error("output folder '" + dir + "' cannot be created" +
                      (ec ? ": " + ec.message() : std::string()));
  // The lock first: a folder another run is writing is "in use", not "not empty".
  std::shared_ptr<folder_lock> lock = lock_folder(dir);
  if (!resume && !folder_is_empty(dir)) {
    const bool results = fs::exists(dir + "/results.jsonl");
    throw input_error("output folder '" + dir + "' is not empty" +
                      (results ? " (it holds results.jsonl from an earlier run)" : "") +
                      "; use --resume to continue it, or --output DIR for a new folder "
                      "(earlier results are never overwritten)");
  }
  const std::string probe = dir + "/.topoverify-write-test";
  {
    std::ofstream t(probe);
    if (!t) throw input_error("output folder '" + dir + "' is not writable");
  }
  fs::remove(probe, ec);
  return lock;
}

}  // namespace

int run_batches(const std::vector<batch_config>& batches, const run_options& opt) {
  std::ostream& log = opt.log ? *opt.log : std::cerr;
  const std::vector<check_spec>& catalog = opt.catalog ? *opt.catalog : check_specs();

  // ---- Everything that can be refused is refused before the first instance runs.
  std::map<std::string, core::backend> backends;
  std::vector<planned> plan;
  std::vector<std::string> dirs;  // in first-use order
  std::vector<std::string> dry_run_refusals;  // what the real run would refuse
  for (const auto& cfg : batches)
    for (const auto& w : cfg.warnings) log << "topoverify: warning: " << w << "\n";
  for (const auto& cfg : batches) {
    for (const auto& ji : cfg.instances) {
      const std::string bname = opt.backend.empty() ? ji.backend : opt.backend;
      if (!backends.count(bname)) {
        try {
          backends[bname] = core::resolve_backend(bname);
        } catch (const std::exception& e) {
          if (!opt.dry_run) throw input_error(e.what());
          // The plan is still worth printing; the exit code is the run's (below).
          dry_run_refusals.push_back("backend '" + bname + "' is not usable here: " + e.what());
          backends[bname] = core::backend::cpu;
        }
      }
      // Options of a check the job does not ask for (counts, which always runs, or a
      // table left behind) are checked as well: a wrong value is wrong wherever it sits.
      for (auto it = ji.check_options.begin(); it != ji.check_options.end(); ++it) {
        if (std::find(ji.checks.begin(), ji.checks.end(), it.key()) != ji.checks.end()) continue;
        for (const auto& spec : catalog)
          if (spec.name == it.key()) validate_job_options(cfg, ji, spec);
      }
      for (const auto& c : ji.checks) {
        const check_spec* found = nullptr;
        for (const auto& spec : catalog)
          if (spec.name == c) found = &spec;
        if (found) {
          // The check's options (claim ids, option keys, values and their ranges on this
          // instance) are checked now, before any work.
          validate_job_options(cfg, ji, *found);
          // A claim pattern must name claims of this job's family, not only of others
          // (the catalog's claims check; a test's stand-in leaves validate_options empty).
          if (c == "claims" && found->validate_options && ji.check_options.contains("claims"))
            try {
              claims::require_claims_of_family(
                  claims::parse_claim_options(ji.check_options.at("claims")).ids, ji.inst.family);
            } catch (const input_error& e) {
              throw input_error(cfg.source + ": job '" + ji.job_name + "': " + e.what());
            }
          continue;
        }
        std::string names;
        for (const auto& spec : catalog) names += (names.empty() ? "" : ", ") + spec.name;
        if (c == "claims")
          throw input_error(cfg.source + ": job '" + ji.job_name +
                            "' asks for claims, but this build has no 'claims' check (checks: " +
                            names + ")");
        throw input_error(cfg.source + ": unknown check '" + c + "' (known: " + names + ")");
      }
      const std::string dir = opt.output.empty() ? ji.output : opt.output;
      if (!opt.keep_records_only && std::find(dirs.begin(), dirs.end(), dir) == dirs.end())
        dirs.push_back(dir);
      plan.push_back({&cfg, &ji, dir, backends[bname]});
    }
  }
  if (opt.dry_run) {
    for (const auto& cfg : batches) {
      std::map<std::string, size_t> per_dir;
      uint64_t largest = 0;
      std::string largest_label;
      for (const auto& p : plan) {
        if (p.cfg != &cfg) continue;
        ++per_dir[p.out_dir];
        const uint64_t nodes = families::size_of(p.ji->inst.net);
        if (nodes >= largest) {
          largest = nodes;
          largest_label = p.ji->inst.label();
        }
      }
      for (const auto& [dir, count] : per_dir)
        log << "topoverify: dry run: " << cfg.source << ": " << count << " instance(s) -> " << dir
            << "/results.jsonl\n";
      if (!largest_label.empty())
        log << "topoverify: dry run: largest instance " << largest_label << " (" << largest << " nodes)\n";
    }
    // A dry run exits as the run would: 2 where the run would refuse before any work.
    for (const auto& dir : dirs)
      if (std::string why = folder_refusal(dir, opt.resume); !why.empty())
        dry_run_refusals.push_back(why);
    if (!dry_run_refusals.empty())
      throw input_error(dry_run_refusals.front() + " (dry run: the run would stop here)");
    return exit_ok;
  }
  // A folder of another batch is refused before anything is written to it (the lock
  // file included); its records are only read.
  if (opt.resume)
    for (const auto& dir : dirs) {
      std::vector<const batch_config*> writers;  // the batches with instances for dir
      for (const auto& p : plan)
        if (p.out_dir == dir && std::find(writers.begin(), writers.end(), p.cfg) == writers.end())
          writers.push_back(p.cfg);
      refuse_records_of_other_batches(dir, writers);
    }
  // Held until the end, the report included: one writer per folder.
  std::vector<std::shared_ptr<folder_lock>> locks;
  for (const auto& dir : dirs) locks.push_back(prepare_folder(dir, opt.resume));
  // ---- Resume: repair a torn tail, then skip what is already final.  A record counts
  // for the instance of the same content (instance_id), whatever edits the batch file
  // had since: comments, reordered or new jobs keep earlier work.
  std::set<std::string> done;  // dir + "\n" + record_key
  if (opt.resume) {
    for (const auto& dir : dirs) {
      const std::string results = dir + "/results.jsonl";
      if (!fs::exists(results)) continue;
      const tail_repair fix = repair_torn_tail(results);
      if (fix.repaired)
        log << "topoverify: " << results << " ended in a torn line (a crash while writing); "
            << (fix.saved_to.empty() ? "completed its newline"
                                     : "moved its " + std::to_string(fix.torn_bytes) +
                                           " bytes to " + fix.saved_to)
            << "\n";
      const records_file file = read_records_file(results);
      for (const auto& r : file.records)
        if (record_is_final(r)) done.insert(dir + "\n" + record_key(r));
      // Named one by one (a few at most): an odd line is the user's to look at; its
      // instance, having no valid record, runs again.
      for (size_t k = 0; k < file.skipped.size() && k < 5; ++k)
        log << "topoverify: warning: " << describe_skipped(results, file.skipped[k]) << "\n";
      if (file.skipped.size() > 5)
        log << "topoverify: warning: " << file.skipped.size() - 5 << " more line(s) of " << results
            << " skipped\n";
      if (!file.skipped.empty())
        log << "topoverify: the instances of skipped lines run again\n";
    }
  }

  // The plan of each folder, so its report can tell a finished run from a stopped one.
  // An instance whose final record an older build wrote (no instance_id) is planned by
  // the legacy identity that record carries, so the report finds it.
  for (const auto& dir : dirs) {
    std::vector<nlohmann::json> identities;
    for (const auto& p : plan) {
      if (p.out_dir != dir) continue;
      nlohmann::json identity = instance_identity(*p.cfg, *p.ji);
      if (!done.count(dir + "\n" + record_key(identity)) &&
          done.count(dir + "\n" + legacy_record_key(identity)))
        identity.erase("instance_id");
      identities.push_back(std::move(identity));
    }
    write_run_plan(dir, identities);
  }

  const auto run_start = std::chrono::steady_clock::now();
  progress_display display(log, opt.progress, nullptr, 0, opt.verbosity);
  std::vector<double> weights;
  for (const auto& p : plan) weights.push_back(weight_of(*p.ji));
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
    const job_instance& ji = *p.ji;
    if (recorded_in(done, p.out_dir, *p.cfg, ji)) {
      display.skipped(i);
      continue;
    }
    if (stop_on_signals::received()) {
      interrupted = true;
      break;
    }
    display.start(i, ji.inst.label());
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t nodes = families::size_of(ji.inst.net);
    nlohmann::ordered_json rec = nlohmann::ordered_json::object();
    std::string status = "ok", reason, current_check;
    try {
      if (ji.limits.max_nodes && nodes > *ji.limits.max_nodes) {
        status = "not checked";
        reason = "max_nodes limit: N = " + std::to_string(nodes) + " > " +
                 std::to_string(*ji.limits.max_nodes);
      } else if (std::string refusal = memory_refusal(ji.inst, ji.checks, ji.check_options,
                                                      p.backend, ji.limits, catalog);
                 !refusal.empty()) {
        status = "not checked";  // planned before any work: nothing was built
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
        hooks.on_check = [&](const std::string& c) {
          current_check = c;
          display.step(c);
        };
        if (ji.seed) hooks.seed = *ji.seed;
        run_checks_into(rec, ji.inst, ji.checks, p.backend, ji.check_options, hooks, catalog);
      }
    } catch (const core::interrupted& e) {
      // "stopped while building the graph": the phase inside the check, when known.
      const std::string phase = e.what();
      const std::string detail = phase.rfind("stopped while ", 0) == 0 ? " (" + phase + ")" : "";
      if (const int sig = stop_on_signals::received()) {
        status = "interrupted";
        reason = std::string(signal_name(sig)) + " during " + current_check + detail;
        interrupted = true;
      } else {
        // Checks poll between their steps and the runner between checks: say which.
        bool finished = false;
        if (rec.contains("checks"))
          for (const auto& c : rec["checks"]) finished = finished || c == current_check;
        status = "not checked";
        reason = "time limit " + ji.limits.time_text + " reached " +
                 (finished ? "after " : "during ") + current_check;
      }
    } catch (const graph::graph_too_large& e) {
      status = "not checked";
      reason = std::string("too large for this machine: ") + e.what();
    } catch (const std::bad_alloc&) {
      // The last resort where a plan missed: the instance is refused, the run goes on.
      const core::memory_info mem = core::backend_memory(core::backend::cpu);
      status = "not checked";
      reason = "out of memory during " + (current_check.empty() ? std::string("the checks") : current_check) +
               " (an allocation failed; " + format_bytes(static_cast<double>(mem.free_bytes)) +
               " left, limited by " + mem.limited_by + ")";
    } catch (const std::exception& e) {
      status = "error";
      reason = e.what();
      ++errors;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!rec.contains("family")) {  // refused before any check: the identity alone
      rec["family"] = ji.inst.family;
      rec["params"] = ji.inst.params;
      rec["nodes"] = nodes;
      rec["checks"] = nlohmann::ordered_json::array();
      rec["backend"] = core::backend_name(p.backend);
    }
    rec["status"] = status;
    if (status == "error") rec["error"] = reason;
    else if (!reason.empty()) rec["reason"] = reason;
    rec["job"] = ji.job_name;
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
    if (opt.keep_records_only) {
      opt.keep_records_only->push_back(nlohmann::json::parse(rec.dump()));
    } else {
      try {
        append_line_durably(p.out_dir + "/results.jsonl", rec.dump());
      } catch (const std::exception& e) {
        // A full disk or a file over its size limit: going on would only lose more work.
        display.end();
        log << "topoverify: error: " << e.what() << "; the run stops here (earlier records are "
            << "intact; continue with --resume once there is room)\n";
        return exit_instance_error;
      }
    }
    ++ran;
    const std::string outcome = status == "ok"      ? "done"
                                : status == "error" ? "ERROR: " + reason
                                                    : status + ": " + reason;
    display.finish(outcome, status == "ok", status == "error");
    if (interrupted) break;
  }
  display.end();
  // A signal seen while the last instance's final step ran, which polls no more.
  if (stop_on_signals::received()) interrupted = true;
  if (interrupted) {
    log << "topoverify: interrupted by " << signal_name(stop_on_signals::received())
        << " after " << ran << " instance(s) of this run; every finished instance is "
        << "recorded. Continue with --resume.\n";
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
  if (opt.summary_out && claims::summary_has_claims(summary))
    *opt.summary_out << claims::render_summary(summary, claims::summary_width(), claims::summary_colour())
                     << std::flush;
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
