// The names an expression may read, as its caller gives them, and the one error type of
// the language.  The same parser serves claims (names are a record's statistics and an
// instance's parameters) and rules (names are x, n, i, ...): each caller fills a
// name_table; parse resolves every name against it and the error for an unknown one
// lists the nearest known names by edit distance.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/expr/ast.hpp"

namespace tv::expr {

/// A name the expression may read and its type.
struct name_entry {
  std::string name;
  value_type type;
};

class name_table {
 public:
  /// @brief Adds a name (its id is its index); std::invalid_argument if it is already there.
  int add(const std::string& name, value_type type);
  /// @brief The id of a name, or nothing.
  std::optional<int> find(const std::string& name) const;
  const name_entry& at(int id) const { return entries_.at(static_cast<size_t>(id)); }
  const std::vector<name_entry>& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }

 private:
  std::vector<name_entry> entries_;
};

/// @brief Levenshtein distance (insertions, deletions, substitutions).
int edit_distance(const std::string& a, const std::string& b);

/// @brief Up to `most` of `known` nearest to `word`, nearest first, among those within
/// max(2, |word| / 3) edits, or those that contain `word` or that `word` contains; a
/// dotted name also matches on its last part ("rounds_max" finds "broadcast.rounds_max").
std::vector<std::string> nearest_names(const std::string& word, const std::vector<std::string>& known,
                                       size_t most = 3);

/// The language's one error: a syntax error, an unknown name or function, a type error
/// at parse time; an overflow, a division by zero or a value out of a function's domain
/// at evaluation.  what() is "column C: MESSAGE" plus " (did you mean: a, b?)" when there
/// are suggestions.
/// An error met evaluating a per-node value also names the node (its index in the
/// instance's enumeration): " (at node index 5)".
class expr_error : public std::runtime_error {
 public:
  expr_error(int column, const std::string& message, std::vector<std::string> suggestions = {},
             std::optional<uint64_t> node = std::nullopt);
  int column() const { return column_; }
  const std::string& message() const { return message_; }
  const std::vector<std::string>& suggestions() const { return suggestions_; }
  const std::optional<uint64_t>& node() const { return node_; }
  /// @brief The same error at a node, unless it already names one.
  expr_error at_node(uint64_t node) const;

 private:
  int column_;
  std::string message_;
  std::vector<std::string> suggestions_;
  std::optional<uint64_t> node_;
};

}  // namespace tv::expr
