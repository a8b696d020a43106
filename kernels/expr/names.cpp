// Name tables, nearest names and the language's error (see names.hpp).
#include "kernels/expr/names.hpp"

#include <algorithm>

namespace tv::expr {

namespace {

std::string what_text(int column, const std::string& message, const std::vector<std::string>& suggestions,
                      const std::optional<uint64_t>& node) {
  std::string s = "column " + std::to_string(column) + ": " + message;
  if (node) s += " (at node index " + std::to_string(*node) + ")";
  if (!suggestions.empty()) {
    s += " (did you mean: ";
    for (size_t i = 0; i < suggestions.size(); ++i) s += (i ? ", " : "") + suggestions[i];
    s += "?)";
  }
  return s;
}

std::string last_part(const std::string& name) {
  const size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

}  // namespace

expr_error::expr_error(int column, const std::string& message, std::vector<std::string> suggestions,
                       std::optional<uint64_t> node)
    : std::runtime_error(what_text(column, message, suggestions, node)),
      column_(column),
      message_(message),
      suggestions_(std::move(suggestions)),
      node_(node) {}

expr_error expr_error::at_node(uint64_t node) const {
  return node_ ? *this : expr_error(column_, message_, suggestions_, node);
}

int name_table::add(const std::string& name, value_type type) {
  if (find(name)) throw std::invalid_argument("name '" + name + "' is in the table twice");
  entries_.push_back({name, type});
  return static_cast<int>(entries_.size()) - 1;
}

std::optional<int> name_table::find(const std::string& name) const {
  for (size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].name == name) return static_cast<int>(i);
  return std::nullopt;
}

int edit_distance(const std::string& a, const std::string& b) {
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      const int up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::vector<std::string> nearest_names(const std::string& word, const std::vector<std::string>& known,
                                       size_t most) {
  const int limit = std::max<int>(2, static_cast<int>(word.size()) / 3);
  std::vector<std::pair<int, std::string>> scored;
  for (const std::string& k : known) {
    int d = std::min(edit_distance(word, k), edit_distance(last_part(word), last_part(k)));
    // A part of a longer name ("effective_diameter" in "metrics.effective_diameter_90")
    // is near it whatever the edit count.
    const bool contains = (word.size() >= 3 && k.find(word) != std::string::npos) ||
                          (last_part(k).size() >= 3 && word.find(last_part(k)) != std::string::npos);
    if (d > limit && !contains) continue;
    if (d > limit) d = limit + 1;
    scored.push_back({d, k});
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (const auto& [d, k] : scored) {
    if (out.size() == most) break;
    if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
  }
  return out;
}

}  // namespace tv::expr
