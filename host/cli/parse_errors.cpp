// Parse errors with a suggestion (see parse_errors.hpp).
#include "host/cli/parse_errors.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>

namespace tv::host {

namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

/// "--name" and "-n" for each option of `command` (its own, not its subcommands').
std::vector<std::string> option_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* o : command.get_options()) {
    for (const auto& l : o->get_lnames()) names.push_back("--" + l);
    for (const auto& s : o->get_snames()) names.push_back("-" + s);
  }
  return names;
}

bool accepts(const CLI::App& command, const std::string& option) {
  const auto names = option_names(command);
  return std::find(names.begin(), names.end(), option) != names.end();
}

}  // namespace

std::string nearest_name(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = 3;
  for (const auto& c : candidates) {
    const size_t d = edit_distance(word, c);
    if (d < best_distance && 2 * d < word.size()) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::string explain_parse_error(CLI::App& app, const std::vector<std::string>& args,
                                const CLI::ParseError& error) {
  const std::string what = error.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&error) == nullptr) return what;
  // The command the user typed, and where.
  CLI::App* command = nullptr;
  size_t command_at = args.size();
  for (size_t i = 0; i < args.size() && !command; ++i)
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
      if (sub->get_name() == args[i]) {
        command = sub;
        command_at = i;
      }
  // The first argument CLI11 did not expect that looks like an option.
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.size() < 2 || arg[0] != '-' || what.find(arg) == std::string::npos) continue;
    const std::string option = arg.substr(0, arg.find('='));
    if (command && i < command_at && accepts(*command, option))
      return "'" + option + "' is an option of " + command->get_name() + ": put it after the command, " +
             "topoverify " + command->get_name() + " " + arg + " ...";
    const CLI::App& owner = command ? *command : app;
    if (accepts(owner, option)) continue;  // CLI11 refused it for another reason
    const std::string name = command ? "topoverify " + command->get_name() : std::string("topoverify");
    const std::string near = nearest_name(option, option_names(owner));
    return "unknown option '" + option + "' for " + name +
           (near.empty() ? " (" + name + " --help lists its options)" : "; did you mean " + near + "?");
  }
  return what;
}

}  // namespace tv::host
