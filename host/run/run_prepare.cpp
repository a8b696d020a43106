// run_batches' first step: everything that can be refused is refused before the first
// instance runs (backends, checks, options, claim patterns, output folders), and
// --dry-run exits here as the run would.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "host/batch/job_options.hpp"
#include "host/claims/registry.hpp"
#include "host/errors.hpp"
#include "host/run/batch_identity.hpp"
#include "host/run/run_steps.hpp"

namespace tv::host {

namespace fs = std::filesystem;

namespace {

/// Empty but for the lock file, which a refused or finished run leaves behind.
bool folder_is_empty(const std::string& dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().filename() != lock_file_name) return false;
  return true;
}

/// A symbolic link to nothing cannot become the folder ("File exists" said
/// create_directories): the refusal names the link and where it points, or "".
std::string dangling_link_refusal(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_symlink(fs::symlink_status(dir, ec)) || fs::exists(dir, ec)) return {};
  return "output folder '" + dir + "' is a symbolic link to '" + fs::read_symlink(dir, ec).string() +
         "', which does not exist: create that folder or name another --output";
}

/// The reason the run would refuse a folder now, or "" (for --dry-run, which must exit
/// as the run would without creating or locking anything).
std::string folder_refusal(const std::string& dir, bool resume) {
  if (std::string dangling = dangling_link_refusal(dir); !dangling.empty()) return dangling;
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
  if (std::string dangling = dangling_link_refusal(dir); !dangling.empty()) throw input_error(dangling);
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

/// What a backend name became on this machine, as the run's first line says it.
std::string backend_line(const std::string& asked, core::backend got) {
  const std::string cpu = "the CPU (" + std::to_string(core::cpu_threads()) + " CPU threads)";
  if (got == core::backend::cuda)
    return "backend " + asked + ": CUDA, " + core::cuda_device_description();
  if (asked == "cpu") return "backend cpu: " + cpu;
  const std::string why = core::cuda_compiled() ? "no CUDA device answers" : "this build has no CUDA backend";
  return "backend " + asked + ": " + why + "; running on " + cpu;
}

}  // namespace

prepared_run prepare_run(const std::vector<batch_config>& batches, const run_options& opt,
                         const std::vector<check_spec>& catalog, std::ostream& log) {
  prepared_run run;
  std::vector<planned>& plan = run.plan;
  std::vector<std::string>& dirs = run.dirs;
  std::vector<std::string>& dry_run_refusals = run.dry_run_refusals;
  std::map<std::string, core::backend> backends;
  for (const auto& cfg : batches)
    for (const auto& w : cfg.warnings) log << "topoverify: warning: " << w << "\n";
  for (const auto& cfg : batches) {
    for (const auto& ji : cfg.instances) {
      const std::string bname = opt.backend.empty() ? ji.backend : opt.backend;
      if (!backends.count(bname)) {
        try {
          backends[bname] = core::resolve_backend(bname);
          run.backend_lines.push_back(backend_line(bname, backends[bname]));
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
  return run;
}

int finish_dry_run(const std::vector<batch_config>& batches, const prepared_run& run,
                   const run_options& opt, std::ostream& log) {
  std::vector<std::string> dry_run_refusals = run.dry_run_refusals;
  for (const auto& cfg : batches) {
    std::map<std::string, size_t> per_dir;
    uint64_t largest = 0;
    std::string largest_label;
    for (const auto& p : run.plan) {
      if (p.cfg != &cfg) continue;
      ++per_dir[p.out_dir];
      const uint64_t nodes = p.ji->inst.nodes();
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
  for (const auto& dir : run.dirs)
    if (std::string why = folder_refusal(dir, opt.resume); !why.empty())
      dry_run_refusals.push_back(why);
  if (!dry_run_refusals.empty())
    throw input_error(dry_run_refusals.front() + " (dry run: the run would stop here)");
  return exit_ok;
}

std::vector<std::shared_ptr<folder_lock>> claim_folders(const prepared_run& run, const run_options& opt) {
  // A folder of another batch is refused before anything is written to it (the lock
  // file included); its records are only read.
  if (opt.resume)
    for (const auto& dir : run.dirs) {
      std::vector<const batch_config*> writers;  // the batches with instances for dir
      for (const auto& p : run.plan)
        if (p.out_dir == dir && std::find(writers.begin(), writers.end(), p.cfg) == writers.end())
          writers.push_back(p.cfg);
      refuse_records_of_other_batches(dir, writers);
    }
  std::vector<std::shared_ptr<folder_lock>> locks;  // one writer per folder
  for (const auto& dir : run.dirs) locks.push_back(prepare_folder(dir, opt.resume));
  return locks;
}

}  // namespace tv::host
