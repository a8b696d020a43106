// A set of parameter tuples written short and exactly, for the verdict summary's "ran on"
// and "fails at" and the report's domains: never a bounding box that claims more than ran.
//
//   {n = 3, 5}                                   -> "n = 3, 5"
//   {lambda in 2..4} x {n in 7..12}              -> "lambda = 2..4, n = 7..12"
//   {k = 1, m = 1..3} u {k = 2, m = 1..2}        -> "k = 1, m = 1..3; k = 2, m = 1, 2"
//   every tuple with presentation = class        -> "presentation = class: ..." once, up front
//
// Method: group the tuples on every parameter but the last, write each group's last values
// as runs, merge groups whose last values are equal and write their earlier parameters the
// same way (recursively); what comes out is a union of products, each exactly covered.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief Integers as runs ("1..3, 7, 9, 10": three or more consecutive values become
/// a..b), other values in order, text quoted when it holds ',', ';' or a space.
std::string format_value_set(std::vector<nlohmann::json> values);

/// @brief The tuples (objects holding at least `keys`) as a union of products, parts joined
/// by "; ", parameters in the order of `keys`; parameters constant over the whole set
/// written once ("lambda = 3, n = 1..20"; "lambda = 3: n = 1, 2; ..." when several parts
/// follow).  Duplicate tuples count once; "" for no tuples.
std::string describe_parameter_set(const std::vector<std::string>& keys,
                                   const std::vector<nlohmann::json>& params);

/// @brief The instances of records ({family, params}): one family's as
/// describe_parameter_set with the family's parameter order ("lambda = 3, n = 1..20");
/// several families: each part prefixed by its family, with every parameter written in it
/// ("dualcube m = 1..3; hypercube n = 2..5").
std::string describe_instances(const std::vector<const nlohmann::json*>& records);

}  // namespace tv::host
