// run_batches' resume step: a torn tail repaired, the instances whose final record is
// there skipped (by their job's content, instance_id, so edits to the batch file keep
// work), odd lines named and their instances run again; then each folder's plan.json.
#include <filesystem>

#include "host/records/records.hpp"
#include "host/records/run_plan.hpp"
#include "host/run/batch_identity.hpp"
#include "host/run/instance_content.hpp"
#include "host/run/run_steps.hpp"

namespace tv::host {

namespace fs = std::filesystem;

std::set<std::string> finished_instances(const std::vector<std::string>& dirs, std::ostream& log) {
  std::set<std::string> done;  // dir + "\n" + record_key
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
    // An odd line's instance, having no valid record, runs again.
    for (const std::string& w : skipped_warnings(results, file.skipped)) log << "topoverify: warning: " << w << "\n";
    if (!file.skipped.empty())
      log << "topoverify: the instances of skipped lines run again\n";
  }
  return done;
}

void write_run_plans(const prepared_run& run, const std::set<std::string>& done) {
  // An instance whose final record an older build wrote (no instance_id) is planned by
  // the legacy identity that record carries, so the report finds it.
  for (const auto& dir : run.dirs) {
    std::vector<nlohmann::json> identities;
    for (const auto& p : run.plan) {
      if (p.out_dir != dir) continue;
      nlohmann::json identity = instance_identity(*p.cfg, *p.ji);
      if (!done.count(dir + "\n" + record_key(identity)) &&
          done.count(dir + "\n" + legacy_record_key(identity)))
        identity.erase("instance_id");
      identities.push_back(std::move(identity));
    }
    write_run_plan(dir, identities);
  }
}

}  // namespace tv::host
