// A batch file's [[claim]] tables: a user's theorems written as expressions (issue 32,
// docs/own-theorems.md), attached to the job instances of their families.
//
//   [[claim]]
//   id = "radius-efc"
//   statement = "The radius of EFC_n is ceil(n/2)."
//   families = ["efc"]
//   when = "n >= 4"                    # optional: the claim's domain
//   holds = "radius == ceil(n/2)"
#include <algorithm>
#include <set>

#include "host/batch/batch_toml.hpp"
#include "host/batch/config.hpp"
#include "host/claims/expression_claim.hpp"
#include "host/errors.hpp"

namespace tv::host {

namespace {

std::vector<std::string> family_list(const std::string& source, const toml::node& node) {
  using namespace batch_toml;
  std::vector<std::string> out;
  if (node.is_string()) return {node.as_string()->get()};
  if (!node.is_array() || node.as_array()->empty())
    fail(source, node, "'families' must be a family name or a non-empty list of them, e.g. [\"efc\"]");
  for (const auto& v : *node.as_array()) {
    const std::string f = get_string(source, v, "families");
    if (std::find(out.begin(), out.end(), f) != out.end()) fail(source, v, "family '" + f + "' is listed twice");
    out.push_back(f);
  }
  return out;
}

}  // namespace

void parse_claim_tables(const std::string& source, const toml::node& claims, batch_config& cfg) {
  using namespace batch_toml;
  if (!claims.is_array_of_tables()) fail(source, claims, "'claim' must be an array of tables ([[claim]])");
  static const std::set<std::string> keys = {"id", "statement", "families", "when", "holds"};
  std::set<std::string> ids;
  for (const auto& cn : *claims.as_array()) {
    const toml::table& t = *cn.as_table();
    refuse_unknown_keys(source, t, keys, "[[claim]]");
    claims::expression_claim_spec c;
    const std::string at = where(source, cn.source());
    if (const toml::node* n = t.get("id")) c.id = get_string(source, *n, "id");
    if (const toml::node* n = t.get("statement")) c.statement = get_string(source, *n, "statement");
    if (const toml::node* n = t.get("when")) c.when = get_string(source, *n, "when");
    if (const toml::node* n = t.get("holds")) c.holds = get_string(source, *n, "holds");
    if (const toml::node* n = t.get("families")) c.families = family_list(source, *n);
    if (!ids.insert(c.id).second && !c.id.empty()) fail(source, *t.get("id"), "claim id '" + c.id + "' is used twice");
    // The expressions' own errors point into the file at the key that holds them.
    const toml::node* holds = t.get("holds");
    const toml::node* when = t.get("when");
    try {
      claims::validate_expression_claim(c);
    } catch (const input_error& e) {
      const std::string msg = e.what();
      const toml::node* place = msg.find(" when = \"") != std::string::npos && when ? when : holds;
      if (place) fail(source, *place, msg);
      throw input_error(at + ": " + msg);
    }
    for (const std::string& family : c.families) {
      bool any = false;
      for (job_instance& ji : cfg.instances) {
        if (ji.inst.family != family || !ji.comparison.empty()) continue;
        any = true;
        claims::add_needed_checks(c, family, ji.checks, ji.check_options);
        ji.check_options["claims"]["expressions"].push_back(c.to_json());
      }
      if (!any)
        fail(source, *t.get("families"), "claim '" + c.id + "' names family '" + family +
                                             "', which no [[job]] of this file runs");
    }
  }
}

}  // namespace tv::host
