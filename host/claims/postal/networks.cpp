// papers/000 Sections 2 and 3, what PN_lambda(n) is: Definition 1 against Theorem 7's set
// (pn.def1), Theorem 1 (PN_1 = Q, PN_2 = the Fibonacci cube; pn.thm1, pn.thm1.alt), the
// Lemma on the two terms of the recursion, Theorem 2 (Hamming distance paths) and Theorem 3
// (the diameter).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/postal/sections.hpp"

namespace tv::host::claims::postal {

namespace {

/// Smallest label in the symmetric difference of two sorted sets, with the side holding it.
bool first_difference(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b,
                      uint64_t* x, bool* in_a) {
  std::vector<uint64_t> only_a, only_b;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_a));
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_b));
  if (only_a.empty() && only_b.empty()) return false;
  if (!only_a.empty() && (only_b.empty() || only_a[0] < only_b[0])) {
    *x = only_a[0];
    *in_a = true;
  } else {
    *x = only_b[0];
    *in_a = false;
  }
  return true;
}

/// The instance graph against a reference label set under the identity on labels.
void compare_with_reference(claim_env& env, claim_result& r, const std::vector<uint64_t>& ref_in,
                            const std::string& ref_name) {
  const auto& g = env.graph();
  const std::vector<uint64_t> ref = sorted_unique(ref_in);
  json m;
  m["reference"] = ref_name;
  m["nodes"] = g.nodes;
  m["reference_nodes"] = ref.size();
  uint64_t x = 0;
  bool in_instance = false;
  if (first_difference(g.labels, ref, &x, &in_instance)) {
    m["same_graph"] = false;
    r.measured = m;
    r.decide(false, json{{"label", env.label(x)},
                         {"only_in", in_instance ? "the instance" : ref_name}});
    return;
  }
  const graph::csr_graph rg = graph::hamming_graph(ref);
  std::vector<uint64_t> map(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) map[v] = rank_of(rg, g.labels[v]);
  const mapping_report rep = check_mapped_isomorphism(g, rg, map);
  m["same_graph"] = rep.isomorphic;
  r.measured = m;
  json w;
  if (!rep.isomorphic) {
    w["problem"] = rep.problem;
    if (rep.arc) w["edge"] = {env.label(g.labels[rep.arc->first]), env.label(g.labels[rep.arc->second])};
  }
  r.decide(rep.isomorphic, w);
}

/// compare_with_reference's witness: a label in one set only, or an edge of one graph only.
std::string reference_difference(const failure_view& f) {
  auto w = f.counterexample();
  if (w.contains("label"))
    return "label " + words(f, w["label"]) + " is only in " + brief(w["only_in"]);
  std::string s = brief(w.value("problem", nlohmann::json("the graphs differ")), 70);
  if (w.contains("edge")) s = "edge " + pair_words(f, w["edge"][0], w["edge"][1]) + ": " + s;
  return s;
}

}  // namespace

// ---- pn.def1 --------------------------------------------------------------------------

void check_def1(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  r.claimed = "V_lambda(n) of Definition 1 = the n-bit strings whose 1-bits are >= lambda apart";
  const double work = std::ldexp(1.0, n) * 2;
  if (n > 30 || !env.affordable(work)) {
    r.skip(env.over_budget(work, "enumerating all 2^" + std::to_string(n) + " strings"));
    return;
  }
  const std::vector<uint64_t> raw = pn_definition1(lambda, n);
  const std::vector<uint64_t> d1 = sorted_unique(raw);
  const std::vector<uint64_t> t7 = pn_theorem7(lambda, n);
  json m;
  m["definition_1_terms"] = raw.size();
  m["definition_1_nodes"] = d1.size();
  m["theorem_7_nodes"] = t7.size();
  uint64_t x = 0;
  bool in_d1 = false;
  const bool differ = first_difference(d1, t7, &x, &in_d1);
  m["equal"] = !differ;
  r.measured = m;
  r.decide(!differ, differ ? json{{"label", env.label(x)},
                                  {"only_in", in_d1 ? "Definition 1" : "Theorem 7"}}
                           : json());
}

std::string explain_def1(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "label " + words(f, w["label"]) + " is only in " + brief(w["only_in"]) + "'s set",
                  "Definition 1 and Theorem 7 claim the same set");
}

const claim_logic pn_def1{"pn.def1", check_def1, explain_def1};

// ---- pn.thm1 --------------------------------------------------------------------------

void check_thm1(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  if (lambda == 1) {
    r.claimed = "PN_1(" + std::to_string(n) + ") is Q(" + std::to_string(n) + ")";
    const double work = std::ldexp(1.0, n) * n;
    if (n > 26 || !env.affordable(work)) {
      r.skip(env.over_budget(work, "building Q(n)"));
      return;
    }
    std::vector<uint64_t> all(uint64_t{1} << n);
    for (uint64_t i = 0; i < all.size(); ++i) all[i] = i;
    compare_with_reference(env, r, all, "Q(" + std::to_string(n) + ")");
  } else if (lambda == 2) {
    r.claimed = "PN_2(" + std::to_string(n) + ") is the Fibonacci cube on " + std::to_string(n) +
                "-bit labels (Hsu's FC of order " + std::to_string(n + 2) + ")";
    if (!env.affordable(static_cast<double>(env.nodes()) * n * 4)) {
      r.skip(env.over_budget(static_cast<double>(env.nodes()) * n * 4, "building FC"));
      return;
    }
    compare_with_reference(env, r, fibonacci_cube_hsu(n + 2),
                           "FC of order " + std::to_string(n + 2) + " (Theorem 1's recursion)");
  } else {
    r.outside("Theorem 1 speaks of lambda = 1 and lambda = 2");
  }
}

std::string explain_thm1(const failure_view& f) {
  return sentence(f, reference_difference(f), "Theorem 1 claims " + brief(f.claimed(), 70));
}

const claim_logic pn_thm1{"pn.thm1", check_thm1, explain_thm1};

void check_thm1_alt(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  if (lambda != 2) return r.outside("the reading concerns PN_2(n) and FC(n)");
  if (n < 2) return r.outside("FC(n) of Theorem 1's recursion starts at n = 2");
  r.claimed = "PN_2(" + std::to_string(n) + ") is FC(" + std::to_string(n) + ") with FC(" +
              std::to_string(n) + ") built by the printed recursion (V(2) = {}, V(3) = {0, 1})";
  if (!env.affordable(static_cast<double>(env.nodes()) * n * 4)) {
    r.skip(env.over_budget(static_cast<double>(env.nodes()) * n * 4, "building FC"));
    return;
  }
  const std::vector<uint64_t> fc = sorted_unique(fibonacci_cube_hsu(n));
  const auto& g = env.graph();
  json m;
  m["nodes"] = g.nodes;
  m["fc_nodes"] = fc.size();
  m["fc_label_bits"] = n - 2;
  if (fc.size() != g.nodes) {
    r.measured = m;
    r.decide(false, json{{"nodes", g.nodes}, {"fc_nodes", fc.size()}});
    return;
  }
  // Same size: compare the graphs under the increasing-label order of both.
  const graph::csr_graph fg = graph::hamming_graph(fc);
  std::vector<uint64_t> map(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) map[v] = v;
  const mapping_report rep = check_mapped_isomorphism(g, fg, map);
  m["isomorphic_in_label_order"] = rep.isomorphic;
  r.measured = m;
  r.decide(rep.isomorphic, json{{"problem", rep.problem}});
}

std::string explain_thm1_alt(const failure_view& f) {
  auto w = f.counterexample();
  const long long n = f.param("n");
  const std::string fc = "FC(" + std::to_string(n) + ")";
  if (w.contains("fc_nodes"))
    return sentence(f, "it has " + brief(w["nodes"]) + " nodes, " + fc + " of the printed recursion " +
                           brief(w["fc_nodes"]),
                    "Theorem 1 read literally claims they are the same graph");
  return sentence(f, "differs from " + fc + " in label order: " + brief(w.value("problem", nlohmann::json()), 60),
                  "Theorem 1 read literally claims they are the same graph");
}

const claim_logic pn_thm1_alt{"pn.thm1.alt", check_thm1_alt, explain_thm1_alt};

// ---- pn.lemma -------------------------------------------------------------------------

void check_lemma(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  if (n <= lambda) return r.outside("the partition 0||V(k-1), 10_(lambda-1)||V(k-lambda) exists for k > lambda");
  r.claimed = "every node of 10_(lambda-1)||V(n-lambda) has exactly 1 neighbor in 0||V(n-1)";
  const auto& g = env.graph();
  const uint64_t top = uint64_t{1} << (n - 1);
  uint64_t second = 0, lo = ~uint64_t{0}, hi = 0, bad = no_node, bad_count = 0;
  for (uint64_t v = 0; v < g.nodes; ++v) {
    if (!(g.labels[v] & top)) continue;
    ++second;
    uint64_t c = 0;
    for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
      if (!(g.labels[g.targets[e]] & top)) ++c;
    lo = std::min(lo, c);
    hi = std::max(hi, c);
    if (c != 1 && bad == no_node) {
      bad = v;
      bad_count = c;
    }
  }
  r.measured = {{"second_term_nodes", second}, {"neighbors_min", lo}, {"neighbors_max", hi}};
  r.decide(bad == no_node, bad == no_node ? json() : json{{"node", env.label(g.labels[bad])},
                                                          {"neighbors_in_first_term", bad_count}});
}

std::string explain_lemma(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "node " + words(f, w["node"]) + " has " + brief(w["neighbors_in_first_term"]) +
                         " neighbors in 0||V(n-1)",
                  "the Lemma claims exactly one");
}

const claim_logic pn_lemma{"pn.lemma", check_lemma, explain_lemma};

// ---- pn.thm2, pn.thm3 -----------------------------------------------------------------

void check_thm2(claim_env& env, claim_result& r) { check_hamming_paths(env, r); }

void check_thm3(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  check_diameter(env, r, static_cast<uint64_t>(pn_diameter_formula(lambda, n)));
}

std::string explain_thm2(const failure_view& f) { return hamming_path_sentence(f, "Theorem 2"); }

const claim_logic pn_thm2{"pn.thm2", check_thm2, explain_thm2};
std::string explain_thm3(const failure_view& f) { return diameter_sentence(f, "Theorem 3"); }

const claim_logic pn_thm3{"pn.thm3", check_thm3, explain_thm3};

}  // namespace tv::host::claims::postal
