// Families written as rules, as batch files and rule files give them (docs/own-networks.md):
// a `[[family]]` table holds a rule's name, parameters and expressions; each is parsed,
// type-checked and lowered when the file is read (kernels/families/rule_definition.hpp),
// before any work, and becomes a family every job and sweep of the run may name
// (define_family, host/families.hpp).  A rule file is a TOML file of such tables alone;
// a sweep names it in place of a family (`topoverify info rules/mobius.toml n=10`).
//
//   [[family]]
//   name = "mobius"
//   parameters = { n = "1..40" }
//   neighbors = ["if(bit(x, i + 1) == 1, x ^ ((2 << i) - 1), x ^ (1 << i))"]
#pragma once
#include <string>

#include "host/families.hpp"

namespace tv::host {

/// @brief True when a family argument names a rule file rather than a family (it ends
/// in ".toml").
bool is_rule_file(const std::string& family);

/// @brief The spec of a family, or of the family a rule file defines (read and defined
/// on first use; it must define exactly one); input_error as find_family, or naming the
/// file, line and column of a problem in the file.
const family_spec& resolve_family(const std::string& family_or_file);

}  // namespace tv::host
