// Shared command-line options (see cli_options.hpp).
#include "host/cli/cli_options.hpp"

#include <algorithm>

#include "host/checks/registry.hpp"
#include "host/errors.hpp"

namespace tv::host {

void add_verbosity_flags(CLI::App& command, progress_verbosity& verbosity) {
  auto* quiet = command.add_flag_callback(
      "-q,--quiet", [&verbosity] { verbosity = progress_verbosity::quiet; },
      "print errors and the final summary only");
  auto* verbose = command.add_flag_callback(
      "-v,--verbose", [&verbosity] { verbosity = progress_verbosity::verbose; },
      "print a line per instance and per step");
  quiet->excludes(verbose);
}

void add_set_option(CLI::App& command, std::vector<std::string>& sets) {
  command.add_option("--set", sets,
                     "check option as CHECK.KEY=VALUE, e.g. distances.symmetry=false (repeatable)");
}

nlohmann::json parse_set_options(const std::vector<std::string>& sets) {
  nlohmann::json options = nlohmann::json::object();
  for (const auto& s : sets) {
    const auto dot = s.find('.'), eq = s.find('=');
    if (dot == std::string::npos || eq == std::string::npos || dot > eq || dot == 0 || eq == dot + 1)
      throw input_error("--set '" + s + "' is not of the form CHECK.KEY=VALUE");
    const std::string check = s.substr(0, dot), key = s.substr(dot + 1, eq - dot - 1),
                      value = s.substr(eq + 1);
    find_check(check);
    nlohmann::json v;
    try {
      v = nlohmann::json::parse(value);
    } catch (const nlohmann::json::exception&) {
      v = value;  // a bare word is a string
    }
    options[check][key] = v;
  }
  for (auto it = options.begin(); it != options.end(); ++it)
    try {
      validate_check_options(find_check(it.key()), *it, nullptr);  // each instance's rules: later
    } catch (const input_error& e) {
      throw input_error("--set " + it.key() + ": " + e.what());
    }
  return options;
}

void apply_set_options(std::vector<batch_config>& batches, const nlohmann::json& options) {
  if (options.empty()) return;
  for (auto it = options.begin(); it != options.end(); ++it) {
    bool used = false;
    for (auto& cfg : batches)
      for (auto& ji : cfg.instances) {
        const bool runs = it.key() == "counts" ||
                          std::find(ji.checks.begin(), ji.checks.end(), it.key()) != ji.checks.end();
        if (!runs) continue;
        used = true;
        for (auto kv = it->begin(); kv != it->end(); ++kv) ji.check_options[it.key()][kv.key()] = *kv;
      }
    if (!used)
      throw input_error("--set " + it.key() + ".*: no job of the batch runs the '" + it.key() + "' check");
  }
  for (auto& cfg : batches) cfg.hash = text_hash(cfg.hash + "\n--set " + options.dump());
}

}  // namespace tv::host
