// A claim written as an expression on one instance (expression_claim.hpp has the claim
// before any work): its names bound to the instance's parameters, the record's fields
// the checks before it wrote, and the per-node vectors of its graph and all-pairs run;
// its `when` decides "outside its domain", its `holds` the verdict.  The record entry
// shows both sides of the claim with their values, and a failing per-node statement its
// first failing node, which the sentence of the smallest counterexample reads:
//   "EFC_7: radius = 3; ceil(n/2) = 4"
//   "EFC_6: at node 0000 (node 0): eccentricity = 2; n / 2 = 3"
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "host/claims/claim.hpp"
#include "host/claims/expression_claim.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims {

/// @brief The claim's result on the instance of `env`, whose record so far is `record`
/// (the fields of the checks that ran before the claims).  Not checked, with the reason,
/// when a name it reads has no value here or the evaluation meets an overflow, a division
/// by zero or a value outside a function's domain.
claim_result run_expression_claim(const expression_claim_spec& c, claim_env& env,
                                  const nlohmann::ordered_json& record);

/// @brief Adds what identifies an expression claim to its record entry: statement,
/// holds, when (the summary and the report show them).
void describe_expression_entry(const expression_claim_spec& c, nlohmann::ordered_json& entry);

/// @brief True for the record entry of a claim written as an expression.
bool is_expression_entry(const nlohmann::json& entry);

/// @brief The smallest counterexample of an expression claim as one sentence: the
/// instance, the failing node when there is one, and each side with its value.
std::string expression_sentence(const failure_view& f);

}  // namespace tv::host::claims
