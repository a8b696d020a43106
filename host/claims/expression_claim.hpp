// Claims written as expressions (issue 32, docs/own-theorems.md): a user's theorem, from
// a batch file's [[claim]] table or `check --claim`, checked like the papers' claims.
// This file holds what is known before any work: the claim as data, the names its
// expressions may read on a family (the instance's parameters, N, the record's
// statistics of host/records/record_statistics.hpp, the per-node vectors), its validation
// (exit 2 with the column and the nearest names) and the checks its names need.  Its
// verdict on an instance is expression_verdict.hpp's.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/expr/ast.hpp"
#include "kernels/expr/names.hpp"

namespace tv::host::claims {

/// One claim as the user wrote it; carried to every instance in the claims check's
/// options ("expressions"), so a change to it changes the instance's content (resume
/// reruns it).
struct expression_claim_spec {
  std::string id;                     // "radius-efc"; the command line's are claim.1, claim.2, ...
  std::string statement;              // the claim in words ("" on the command line)
  std::vector<std::string> families;  // instance families it runs on
  std::string when;                   // its domain as a condition ("" = every instance)
  std::string holds;                  // the predicate

  nlohmann::json to_json() const;
  /// @brief The spec from its JSON; input_error on a malformed object.
  static expression_claim_spec from_json(const nlohmann::json& j);
};

/// The per-node vectors an expression may read: per node of the instance, its degree
/// (out-degree when directed), eccentricity, weight (ones in its label) and label.
inline constexpr const char* per_node_names[] = {"degree", "eccentricity", "weight", "label"};

/// @brief The names an expression may read on an instance of `family`, with their types:
/// the family's integer and boolean parameters, N and nodes, every field of
/// record_statistics(), and the per-node vectors.
expr::name_table claim_names(const std::string& family);

/// The parsed expressions of a claim on one family.
struct parsed_claim {
  expr::name_table names;
  std::optional<expr::expression> when;
  expr::expression holds;
};

/// @brief Parses the claim's `when` and `holds` against the names of `family`, each a
/// condition (one bool).  input_error, one line: `claim 'ID' holds = "TEXT": column C:
/// MESSAGE (did you mean: a, b?)`, after `where` (a file position) when given; where =
/// "--claim" (the command line) writes `--claim "TEXT": column C: ...` (`--when` for when).
parsed_claim parse_claim(const expression_claim_spec& c, const std::string& family, const std::string& where = "");

/// @brief Checks the claim's own fields (an id of letters, digits, '.', '_', '-'; no
/// catalog id; a known family; a predicate) and parses it on each of its families.
void validate_expression_claim(const expression_claim_spec& c, const std::string& where = "");

/// @brief Adds to `checks` the checks the claim's names need on `family` (none already
/// there that writes a name: `diameter` or `distances` for the diameter; `distances` for
/// eccentricity), and to `check_options` the effective-diameter percentiles it reads
/// (metrics.percentiles, with the defaults 50 and 90 kept); "claims" itself too.
void add_needed_checks(const expression_claim_spec& c, const std::string& family,
                       std::vector<std::string>& checks, nlohmann::json& check_options);

/// @brief Whether any claim in the claims check's options reads per-node eccentricities
/// (the distances check then keeps its per-node results for it).
bool reads_eccentricity(const nlohmann::json& claim_options);

}  // namespace tv::host::claims
