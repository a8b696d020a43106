// The content identity of a job instance (see instance_content.hpp).
#include "host/instance_content.hpp"

#include <nlohmann/json.hpp>

namespace tv::host {

std::string instance_content_id(const job_instance& ji) {
  // nlohmann::json (not ordered_json) sorts object keys, so the dump is canonical:
  // the same content gives the same text whatever order the batch file wrote it in.
  const nlohmann::json content = {
      {"family", ji.inst.family},
      {"params", nlohmann::json::parse(ji.inst.params.dump())},
      {"checks", ji.checks},
      {"options", nlohmann::json::parse(ji.check_options.dump())},
      {"seed", ji.seed ? nlohmann::json(*ji.seed) : nlohmann::json()},
      {"limits", ji.limits.to_json()}};
  return text_hash(content.dump());
}

}  // namespace tv::host
