// The content identity of a job instance (see instance_content.hpp).
#include "host/run/instance_content.hpp"

#include "host/records/records.hpp"

namespace tv::host {

std::string instance_content_id(const job_instance& ji) {
  // nlohmann::json (not ordered_json) sorts object keys, so the dump is canonical:
  // the same content gives the same text whatever order the batch file wrote it in.
  nlohmann::json content = {
      {"family", ji.inst.family},
      {"params", nlohmann::json::parse(ji.inst.params.dump())},
      {"checks", ji.checks},
      {"options", nlohmann::json::parse(ji.check_options.dump())},
      {"seed", ji.seed ? nlohmann::json(*ji.seed) : nlohmann::json()},
      {"limits", ji.limits.to_json()}};
  // A network read from a file is known by its graph too, so --resume runs an edited file
  // again; families have no such key, and their ids stay as they were.
  if (ji.inst.file) content["graph"] = ji.inst.file->checksum;
  // A rule family is known by its rule's text too: an edited rule runs again.
  if (!ji.inst.rule_digest.empty()) content["rule"] = ji.inst.rule_digest;
  return text_hash(content.dump());
}

nlohmann::json instance_identity(const batch_config& cfg, const job_instance& ji) {
  return {{"config_hash", cfg.hash},
          {"instance_id", instance_content_id(ji)},
          {"job", ji.job_name},
          {"family", ji.inst.family},
          {"params", ji.inst.params},
          {"requested_checks", ji.checks}};
}

std::vector<std::string> instance_keys(const std::string& dir, const batch_config& cfg,
                                       const job_instance& ji) {
  const nlohmann::json identity = instance_identity(cfg, ji);
  return {dir + "\n" + record_key(identity), dir + "\n" + legacy_record_key(identity)};
}

bool recorded_in(const std::set<std::string>& keys, const std::string& dir, const batch_config& cfg,
                 const job_instance& ji) {
  for (const auto& k : instance_keys(dir, cfg, ji))
    if (keys.count(k)) return true;
  return false;
}

}  // namespace tv::host
