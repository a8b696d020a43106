// CLI11's parse errors as a newcomer needs them: an option put before the command name
// is shown where it belongs, a misspelt option or command gets the nearest real one.
#pragma once
#include <string>
#include <vector>

namespace CLI {
class App;
class ParseError;
}  // namespace CLI

namespace tv::host {

/// @brief The one-line message for a failed parse of `args` (argv without the program):
/// for an unexpected option, where it goes or what was meant; else CLI11's own text.
std::string explain_parse_error(CLI::App& app, const std::vector<std::string>& args,
                                const CLI::ParseError& error);

/// @brief The candidate nearest to `word` by edit distance, when it is near enough to be
/// a slip (at most 2 edits, and fewer than half its letters); "" when none is.
std::string nearest_name(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace tv::host
