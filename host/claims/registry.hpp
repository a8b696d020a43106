// The claims catalog: every claim of the five papers (their words in host/claims/*/catalog.toml), one list per paper
// (each paper's catalog.toml bound to its code by its catalog.cpp), gathered here;
// selection by glob patterns; and the `claims` check that runs the selected claims on one
// instance.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"
#include "host/claims/claim.hpp"

namespace tv::host::claims {

// One list per paper, papers in the order of their numbers.
std::vector<claim_spec> postal_claims();    // papers/000, section P
std::vector<claim_spec> efc_claims();       // papers/001, section E
std::vector<claim_spec> metacube_claims();  // papers/002, section M
std::vector<claim_spec> debruijn_claims();  // papers/003, section D
std::vector<claim_spec> lrn_claims();       // papers/004, section L

/// @brief Every claim, paper by paper, each in its paper's order.
const std::vector<claim_spec>& catalog();

/// @brief Shell-style match of an id against a pattern with `*` (any run) and `?` (one
/// character); "pn.*" matches "pn.thm3", "*.alt" every alternative reading.
bool glob_match(const std::string& pattern, const std::string& id);

/// @brief The claims matching any of the patterns (all claims for an empty list), in
/// catalog order; input_error names the first pattern that matches no claim.
std::vector<const claim_spec*> select_claims(const std::vector<std::string>& patterns);

/// @brief Refuses (input_error) a pattern that matches no claim running on `family`: when
/// it matches claims of other families only, the message names those families, e.g.
/// "claim pattern 'efc.*' matches no claim of family 'postal' (its claims apply to: efc)".
void require_claims_of_family(const std::vector<std::string>& patterns, const std::string& family);

/// @brief The `claims` check: runs every selected claim whose families include the
/// instance's and appends `claims: [{id, verdict, claimed, measured, counterexample,
/// reason}]` to the record.
void run_claims(check_context& ctx, nlohmann::ordered_json& record);

/// @brief Validates the `claims` check's options before any work (input_error).
void validate_claim_options(const nlohmann::json& options);

}  // namespace tv::host::claims
