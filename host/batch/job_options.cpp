// Check options of one job, validated before any work (see job_options.hpp).
#include "host/batch/job_options.hpp"

#include <string>

#include "host/errors.hpp"

namespace tv::host {

namespace {

/// Where a refused option sits: the option's own file:line:column when the message names
/// one option of the check's table, else the table's, else the batch file.
std::string refused_option_where(const batch_config& cfg, const job_instance& ji,
                                 const std::string& check, const std::string& message) {
  auto at = [&](const std::string& key) -> const std::string* {
    const auto it = ji.option_where.find(key);
    return it == ji.option_where.end() ? nullptr : &it->second;
  };
  if (ji.check_options.contains(check) && ji.check_options.at(check).is_object())
    for (auto it = ji.check_options.at(check).begin(); it != ji.check_options.at(check).end(); ++it) {
      const std::string& k = it.key();
      for (const std::string& named : {"option " + k + " ", "option " + k + ":", "option '" + k + "'"})
        if (message.find(named) != std::string::npos)
          if (const std::string* w = at(check + "." + k)) return *w;
    }
  if (const std::string* w = at(check)) return *w;
  return cfg.source;
}

}  // namespace

/// The check's options on one instance of the job, before any work; a refusal names the
/// place, the job, the instance, the check, the option and the allowed values.
void validate_job_options(const batch_config& cfg, const job_instance& ji, const check_spec& spec) {
  const nlohmann::json none = nlohmann::json::object();
  try {
    validate_check_options(spec, ji.check_options.contains(spec.name) ? ji.check_options.at(spec.name) : none,
                           &ji.inst);
  } catch (const input_error& e) {
    throw input_error(refused_option_where(cfg, ji, spec.name, e.what()) + ": job '" + ji.job_name + "' (" +
                      ji.inst.label() + "): " + e.what());
  }
}

}  // namespace tv::host
