// papers/000 Section 5, embedding: which postal networks contain which (Theorems 9, 10 and
// 11 and their readings) and the largest hypercube a postal network contains (the
// Corollary), by the structural searches of host/claims/structure.hpp.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "host/claims/common.hpp"
#include "host/claims/postal/sections.hpp"

namespace tv::host::claims::postal {

namespace {

std::string pn_name(int lambda, int n) {
  return "PN_" + std::to_string(lambda) + "(" + std::to_string(n) + ")";
}

struct containment_case {
  int lambda2, n2;
  bool claimed;
};

/// Runs containment of PN_lambda2(n2) in the instance for each case; the claim holds when
/// every case's measured containment equals the claimed one.  `proper`: the guest must
/// also differ from the host (a proper subgraph).
void run_containment(claim_env& env, claim_result& r, const std::vector<containment_case>& cases,
                     containment_rule rule, bool proper) {
  const auto [lambda, n] = pn_of(env);
  const std::vector<uint64_t>& host = env.graph().labels;
  json table = json::array();
  json witness;
  bool ok = true, unchecked = false;
  std::string skipped;
  for (const auto& c : cases) {
    const std::vector<uint64_t> guest = pn_labels(c.lambda2, c.n2);
    const containment_report rep = find_containment(host, n, guest, c.n2, rule, env.options().budget);
    json row;
    row["guest"] = pn_name(c.lambda2, c.n2);
    row["claimed"] = c.claimed;
    if (!rep.contains) {
      row["contains"] = nullptr;
      unchecked = true;
      if (skipped.empty()) skipped = pn_name(c.lambda2, c.n2) + ": search over the budget";
      table.push_back(row);
      continue;
    }
    bool contains = *rep.contains;
    if (proper) contains = contains && !(c.n2 == n && guest == host);
    row["contains"] = contains;
    row["how"] = proper && *rep.contains && !contains ? "the guest is the host itself" : rep.how;
    table.push_back(row);
    if (contains != c.claimed && ok) {
      ok = false;
      witness = row;
    }
  }
  r.measured = table;
  if (!ok) return r.decide(false, witness);
  if (unchecked) return r.skip(skipped + " (raise claims.budget); every decided case agrees");
  r.decide(true);
}

}  // namespace

// ---- Containment: pn.thm9, pn.thm10, pn.thm11 -----------------------------------------
/// run_containment's witness, the first case whose containment differs from the claim.
/// The failure hangs on the domain's edge alone when every guest whose containment
/// differs from the claim is the instance itself (Theorem 9 at n2 = n1, Theorem 10 at
/// lambda2 = lambda): whether a network "contains" itself is a reading, not a finding.
std::string explain_containment(const failure_view& f, const std::string& theorem) {
  auto w = f.counterexample();
  const bool contains = w.value("contains", false);
  const std::string guest = brief(w["guest"]);
  size_t differing = 0, itself = 0;
  for (const auto& row : f.measured())
    if (row.is_object() && row.value("contains", nlohmann::json()).is_boolean() &&
        row["contains"] != row.value("claimed", nlohmann::json())) {
      ++differing;
      itself += row.value("guest", std::string()) == f.instance();
    }
  const bool alt = f.id().size() > 4 && f.id().compare(f.id().size() - 4, 4, ".alt") == 0;
  const std::string edge =
      differing > 0 && itself == differing
          ? "; it fails only where the guest is the network itself, the edge of the domain" +
                (alt ? std::string() : " (" + f.id() + ".alt reads it as proper containment)")
          : "";
  return sentence(f, std::string(contains ? "contains " : "does not contain ") + guest + " (" +
                         brief(w.value("how", nlohmann::json("")), 70) + ")",
                  theorem + " claims it " + (contains ? "does not" : "does")) + edge;
}

void check_thm9(claim_env& env, claim_result& r, bool proper) {
  const auto [lambda, n] = pn_of(env);
  r.claimed = pn_name(lambda, n) + " contains PN_" + std::to_string(lambda) + "(n2) iff " +
              std::to_string(n) + " > n2, for n2 = 1.." + std::to_string(n + 1);
  std::vector<containment_case> cases;
  for (int n2 = 1; n2 <= std::min(n + 1, 64); ++n2) cases.push_back({lambda, n2, n > n2});
  run_containment(env, r, cases, containment_rule::conditions_1_or_2, proper);
}

void check_thm10(claim_env& env, claim_result& r, bool proper) {
  const auto [lambda, n] = pn_of(env);
  const int top = std::min(std::max(n, lambda) + 1, 64);
  r.claimed = pn_name(lambda, n) + " contains PN_lambda2(" + std::to_string(n) + ") iff " +
              std::to_string(lambda) + " < lambda2, for lambda2 = 1.." + std::to_string(top);
  std::vector<containment_case> cases;
  for (int l2 = 1; l2 <= top; ++l2) cases.push_back({l2, n, lambda < l2});
  run_containment(env, r, cases, containment_rule::conditions_1_or_2, proper);
}

const claim_logic pn_thm9 =
    with_reading("pn.thm9", check_thm9, false, explain_containment, "Theorem 9");
const claim_logic pn_thm9_alt =
    with_reading("pn.thm9.alt", check_thm9, true, explain_containment,
                 "Theorem 9 (proper subgraphs)");

const claim_logic pn_thm10 =
    with_reading("pn.thm10", check_thm10, false, explain_containment, "Theorem 10");
const claim_logic pn_thm10_alt =
    with_reading("pn.thm10.alt", check_thm10, true, explain_containment,
                 "Theorem 10 (proper subgraphs)");

void check_thm11(claim_env& env, claim_result& r, containment_rule rule) {
  const auto [l1, n1] = pn_of(env);
  if (l1 < 2) return r.outside("Theorem 11 needs a lambda2 < lambda1 = " + std::to_string(l1));
  const int g1 = static_cast<int>(ceil_div(n1, l1));
  std::vector<containment_case> cases;
  for (int l2 = 1; l2 < l1; ++l2)
    for (int n2 = 1; n2 <= std::min(g1 * l2, 64); ++n2) {
      const int g2 = static_cast<int>(ceil_div(n2, l2));
      const bool case1 = g1 > g2;
      const bool case2 = g1 == g2 && n1 - (g1 - 1) * l1 >= n2 - (g2 - 1) * l2;
      if (case1 || case2) cases.push_back({l2, n2, true});
    }
  r.claimed = "PN_" + std::to_string(l1) + "(" + std::to_string(n1) +
              ") contains every PN_lambda2(n2) with lambda2 < lambda1 meeting case 1 or case 2 (" +
              std::to_string(cases.size()) + " networks)";
  run_containment(env, r, cases, rule, false);
}

const claim_logic pn_thm11 =
    with_reading("pn.thm11", check_thm11, containment_rule::conditions_1_or_2, explain_containment,
                 "Theorem 11");
const claim_logic pn_thm11_cond1 =
    with_reading("pn.thm11.cond1", check_thm11, containment_rule::condition_1_only,
                 explain_containment, "Theorem 11 (condition 1)");

// ---- pn.corollary ---------------------------------------------------------------------

void check_corollary(claim_env& env, claim_result& r) {
  const auto [lambda, n1] = pn_of(env);
  const long long f = n1 + ceil_div(n1, lambda) * (1 - lambda);
  const auto& labels = env.graph().labels;
  part_list parts;
  const subcube_report sc = largest_subcubes(labels, n1, env.options().budget);
  const long long claimed_largest = std::max<long long>(f, 0);
  if (!sc.dimension) {
    parts.skip("largest hypercube", claimed_largest, "the subcube search is over the budget");
  } else {
    // Condition-2 containment of Q(n2), the paper's notion of a subgraph, as a cross-check.
    int largest_c2 = 0;
    for (int n2 = 1; n2 <= n1; ++n2) {
      std::vector<uint64_t> q(uint64_t{1} << n2);
      for (uint64_t i = 0; i < q.size(); ++i) q[i] = i;
      const auto rep = find_containment(labels, n1, q, n2, containment_rule::conditions_1_or_2,
                                        env.options().budget);
      if (!rep.contains || !*rep.contains) break;
      largest_c2 = n2;
    }
    json m;
    m["largest_subcube"] = *sc.dimension;
    m["largest_Q_by_conditions_1_2"] = largest_c2;
    m["formula"] = f;
    json w = json{{"largest_subcube", *sc.dimension},
                  {"example", sc.largest.empty() ? json() : json(subcube_pattern(sc.largest[0], n1))},
                  {"formula_n1+ceil(n1/lambda)(1-lambda)", f}};
    parts.add("Q(n2) contained iff n2 <= n1 + ceil(n1/lambda)(1-lambda)", claimed_largest, m,
              *sc.dimension == claimed_largest, w);
    if (lambda == 2 && n1 == 9)
      parts.add("PN_2(9): the largest hypercube is Q(4)", 4, *sc.dimension, *sc.dimension == 4);
    if (lambda == 4 && n1 == 6) {
      std::set<std::string> found, printed{"*0000*", "0*000*", "*000*0"};
      for (const auto& c : sc.largest) found.insert(subcube_pattern(c, 6));
      parts.add("PN_4(6): the largest subcube is a 2-cube", 2, *sc.dimension, *sc.dimension == 2);
      parts.add("PN_4(6): all the 2-cubes", json(printed), json(found),
                *sc.dimension == 2 && found == printed);
    }
  }
  parts.finish(r);
}

std::string explain_corollary(const failure_view& f) {
  auto cex = f.counterexample();
  if (cex.value("part", std::string()).rfind("Q(n2) contained iff", 0) == 0 && cex.contains("witness")) {
    auto w = cex["witness"];
    return sentence(f, "the largest subcube is Q(" + brief(w["largest_subcube"]) + ")" +
                           (w["example"].is_string() ? ", e.g. " + w["example"].get<std::string>() : ""),
                    "the Corollary's n1 + ceil(n1/lambda)(1-lambda) gives " +
                        brief(w["formula_n1+ceil(n1/lambda)(1-lambda)"]) + and_more(failing_parts(f) - 1, "failing parts"));
  }
  return part_sentence(f, "the Corollary");
}

const claim_logic pn_corollary{"pn.corollary", check_corollary, explain_corollary};

}  // namespace tv::host::claims::postal
