// Counterexamples in words (issue 19): a failing claim's smallest witness as one readable
// sentence, computed at summary time from the record entry its check wrote ({claimed,
// measured, counterexample, reason}); the records themselves are never changed.  Each claim
// writes its own sentence next to its check (claim_spec::explain); the generic sentence
// here serves claims without one.  Nodes are named by label and by node index (the rank in
// the family's enumeration, which is the node id of `topoverify export`): "010 (node 2)".
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "kernels/families/family.hpp"

namespace tv::host::claims {

/// Read access to one failing claim entry and the record it belongs to.
class failure_view {
 public:
  /// `record`: a results.jsonl record (family, params, nodes); `entry`: one element of its
  /// `claims` list.  Both must outlive the view.
  failure_view(const nlohmann::json& record, const nlohmann::json& entry);

  const std::string& family() const { return family_; }
  const nlohmann::json& params() const { return params_; }
  /// @brief Integer parameter (e.g. "n"), or `fallback` when absent.
  long long param(const std::string& key, long long fallback = -1) const;
  /// @brief The record's node count (0 when absent).
  uint64_t nodes() const;

  // Copies, so a sentence may index them freely: a key the entry lacks reads as null
  // (operator[] on a const json with a missing key is undefined behaviour).
  nlohmann::json claimed() const { return field("claimed"); }
  nlohmann::json measured() const { return field("measured"); }
  nlohmann::json counterexample() const { return field("counterexample"); }
  /// @brief The entry's reason or note ("" when none).
  std::string reason() const;
  const std::string& id() const { return id_; }

  /// @brief The instance in the papers' notation: "PN_2(7)".
  std::string instance() const;
  /// @brief A label with its node index: "010 (node 2)"; "11000 (not a node)" for a string
  /// outside the instance; the string alone when the instance cannot be rebuilt.
  std::string node(const std::string& bits) const;
  /// @brief The same for a label given as an integer (printed with the instance's width).
  std::string node_of_label(uint64_t label) const;
  /// @brief The node index of a label, or nothing when it is not a node here.
  std::optional<uint64_t> index_of(uint64_t label) const;
  /// @brief The label width of the instance (0 when it cannot be rebuilt).
  int bits() const;

 private:
  const nlohmann::json& field(const char* key) const;
  const nlohmann::json& record_;
  const nlohmann::json& entry_;
  std::string family_, id_;
  nlohmann::json params_;
  std::optional<families::family> net_;  // rebuilt from family + params
};

/// @brief The failing claim's smallest witness as one sentence: the claim's own `explain`
/// (found by the entry's id), or the generic sentence when it has none or it throws.
/// Example: explain_failure(record of EFC_5, its efc.p6 entry) ->
/// "EFC_5: node 010 (node 2) has degree 1; Property 6 claims at least 2".
std::string explain_failure(const nlohmann::json& record, const nlohmann::json& claim_entry);

/// @brief The generic sentence: "<instance>: <id> fails: claimed A, measured B; witness C",
/// each value shortened to one line; for a part list, the failing part's claimed and
/// measured values.
std::string generic_sentence(const failure_view& f);

// ---- Helpers the claims' sentences share ---------------------------------------------------

/// @brief A JSON value as short text: strings bare, numbers as printed, short arrays and
/// objects compact; cut at `max` characters with "...".
std::string brief(const nlohmann::json& v, size_t max = 60);

/// @brief "12 parts fail" -> 12; 1 when the reason names no count (part lists write it).
int failing_parts(const failure_view& f);

/// @brief "1 step", "4 steps": a count with its unit.
std::string count_of(const nlohmann::json& n, const std::string& unit);

/// @brief " (and 3 more)" for others > 0, "" otherwise.
std::string and_more(int others, const std::string& what = "");

/// @brief A witness value in words: a label of the instance as "010 (node 2)", a list as
/// "a, b", an object as "key value, key value" (underscores read as spaces), cut at `max`.
std::string words(const failure_view& f, const nlohmann::json& v, size_t max = 90);

/// @brief "a pair 0000 (node 0), 1010 (node 5)" style: two labels of the instance named.
std::string pair_words(const failure_view& f, const nlohmann::json& a, const nlohmann::json& b);

/// @brief For part-list claims: "<instance>: <what> fails at "<part>": claimed X, found Y"
/// plus the part's witness in words and how many other parts fail.
std::string part_sentence(const failure_view& f, const std::string& what);

/// @brief "<instance>: <finding>; <claim>": the shape of every claim's sentence.
std::string sentence(const failure_view& f, const std::string& finding, const std::string& claim);

// Sentences of the checks several papers share (common.hpp).
/// @brief check_hamming_paths' witness: "d(s, t) = 3 but H(s, t) = 1; <source> claims ...".
std::string hamming_path_sentence(const failure_view& f, const std::string& source);
/// @brief check_diameter's witness: "the diameter is 5, <source> claims 4 (pair ...)".
std::string diameter_sentence(const failure_view& f, const std::string& source);
/// @brief A routing witness: {at, destination} (no admissible dimension left) or the
/// simulator's {choice, stuck, max_excess, first_stuck}.
std::string routing_sentence(const failure_view& f, const std::string& claim);
/// @brief A spanning-tree witness {problem, node, parent} in words: "node 01010 (node 7)
/// with parent 00000 (node 0): the tree edge to its parent is not an edge of the graph".
std::string tree_finding(const failure_view& f, const nlohmann::json& witness);
/// @brief The same as a whole sentence, for a claim whose counterexample is that witness.
std::string tree_sentence(const failure_view& f, const std::string& what);

}  // namespace tv::host::claims
