// The catalog, selection by id patterns, and the `claims` check.
#include "host/claims/registry.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include "host/claims/expression_verdict.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"

namespace tv::host::claims {

const std::vector<claim_spec>& catalog() {
  static const std::vector<claim_spec> all = [] {
    std::vector<claim_spec> v;
    for (auto* part : {&postal_claims, &efc_claims, &metacube_claims, &debruijn_claims,
                       &lrn_claims})
      for (auto& c : (*part)()) v.push_back(std::move(c));
    std::set<std::string> ids;
    for (const auto& c : v)
      if (!ids.insert(c.id).second) throw std::logic_error("claim id '" + c.id + "' is defined twice");
    return v;
  }();
  return all;
}

bool glob_match(const std::string& pattern, const std::string& id) {
  // Iterative wildcard match with backtracking to the last '*'.
  size_t p = 0, s = 0, star = std::string::npos, mark = 0;
  while (s < id.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == id[s])) {
      ++p;
      ++s;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = s;
    } else if (star != std::string::npos) {
      p = star + 1;
      s = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::vector<const claim_spec*> select_claims(const std::vector<std::string>& patterns) {
  const auto& all = catalog();
  for (const auto& pat : patterns) {
    if (pat.empty()) throw input_error("claims: an id pattern is empty");
    bool any = false;
    for (const auto& c : all) any = any || glob_match(pat, c.id);
    if (!any)
      throw input_error("claims: no claim matches '" + echo_value(pat) +
                        "' (see `topoverify claims` for the ids)");
  }
  std::vector<const claim_spec*> out;
  for (const auto& c : all) {
    bool wanted = patterns.empty();
    for (const auto& pat : patterns) wanted = wanted || glob_match(pat, c.id);
    if (wanted) out.push_back(&c);
  }
  return out;
}

void require_claims_of_family(const std::vector<std::string>& patterns, const std::string& family) {
  select_claims(patterns);  // a pattern that matches nothing at all is named first
  for (const auto& pat : patterns) {
    std::vector<std::string> elsewhere;  // families of the matching claims, catalog order
    bool here = false;
    for (const auto& c : catalog()) {
      if (!glob_match(pat, c.id)) continue;
      for (const auto& f : c.families) {
        here = here || f == family;
        if (std::find(elsewhere.begin(), elsewhere.end(), f) == elsewhere.end()) elsewhere.push_back(f);
      }
    }
    if (here) continue;
    std::string names;
    for (const auto& f : elsewhere) names += (names.empty() ? "" : ", ") + f;
    throw input_error("claim pattern '" + pat + "' matches no claim of family '" + family +
                      "' (its claims apply to: " + names + ")");
  }
}

void validate_claim_options(const nlohmann::json& options) { parse_claim_options(options); }

void run_claims(check_context& ctx, nlohmann::ordered_json& record) {
  const claim_options opt = parse_claim_options(ctx.options);
  require_claims_of_family(opt.ids, ctx.inst.family);  // e.g. `info` with --set claims.ids=...
  claim_env env(ctx, opt);
  json list = json::array();
  for (const claim_spec* c : opt.papers ? select_claims(opt.ids) : std::vector<const claim_spec*>{}) {
    if (std::find(c->families.begin(), c->families.end(), ctx.inst.family) == c->families.end())
      continue;
    claim_result r;
    r.id = c->id;
    const auto started = std::chrono::steady_clock::now();
    try {
      c->check(env, r);
    } catch (const core::interrupted&) {
      throw;  // the run was asked to stop: the instance is not finished
    } catch (const graph::graph_too_large& e) {
      r.skip(std::string("the instance does not fit: ") + e.what());
    } catch (const std::exception& e) {
      r.skip(std::string("the check raised an error: ") + e.what());
    }
    json entry = r.to_json();
    entry["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    list.push_back(std::move(entry));
  }
  for (const expression_claim_spec& c : opt.expressions) {
    if (std::find(c.families.begin(), c.families.end(), ctx.inst.family) == c.families.end()) continue;
    claim_result r;
    r.id = c.id;
    const auto started = std::chrono::steady_clock::now();
    try {
      r = run_expression_claim(c, env, record);
    } catch (const core::interrupted&) {
      throw;
    } catch (const graph::graph_too_large& e) {
      r.skip(std::string("the instance does not fit: ") + e.what());
    } catch (const std::exception& e) {
      r.skip(std::string("the check raised an error: ") + e.what());
    }
    json entry = r.to_json();
    describe_expression_entry(c, entry);
    entry["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    list.push_back(std::move(entry));
  }
  record["claims"] = list;
}

}  // namespace tv::host::claims
