// papers/004 (linear recursive networks), congruent LRNs: distance equals Hamming
// distance, with the index of the seeds or word (lrn.clrn), and min-degree many
// node-disjoint paths between any two nodes (lrn.disjoint_paths, by max-flow).
#include <algorithm>

#include "host/claims/common.hpp"
#include "host/claims/lrn/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims::lrn {

// ---- lrn.clrn -------------------------------------------------------------------------

void check_clrn(claim_env& env, claim_result& r) {
  const lrn_info info = info_of(env);
  const int n = env.bits();
  r.claimed = "distance = Hamming distance (isometric) for congruent LRNs";
  std::string why;
  const auto* a = env.all_pairs(&why);
  if (!a) return r.skip(why);
  const bool iso = a->hamming_paths.value_or(false) && a->unreachable_pairs == 0;
  // The index: the least dimension n' <= n at which the same seeds / word fail.
  json index = nullptr;
  for (int k = 1; k <= n; ++k) {
    const linear_recursive f = info.at(k);
    if (f.size() > env.options().all_pairs_max_nodes) {
      index = "not determined beyond n = " + std::to_string(k - 1);
      break;
    }
    distance::all_pairs_options o;
    o.hamming = true;
    const graph::csr_graph gk = graph::build_csr(core::backend::cpu, f);
    const auto ak = distance::all_pairs(core::backend::cpu, gk, o);
    if (!ak.hamming_paths.value_or(false) || ak.unreachable_pairs) {
      index = k;
      break;
    }
  }
  json m;
  m["network"] = info.given;
  m["named_congruent_lrn"] = info.named_clrn;
  m["isometric"] = iso;
  m["index_least_failing_n"] = index;
  r.measured = m;
  if (!info.named_clrn)
    return r.skip("congruence of " + info.given + " is not decidable from the paper's text (the "
                  "definition is lost in this copy); reported for information");
  r.decide(iso, hamming_witness(env, *a));
}

std::string explain_clrn(const failure_view& f) {
  std::string s = hamming_path_sentence(f, "the lemma on congruent LRNs");
  auto index = f.measured().value("index_least_failing_n", nlohmann::json());
  if (index.is_number()) s += " (first at n = " + brief(index) + ")";
  return s;
}

const claim_logic lrn_clrn{"lrn.clrn", check_clrn, explain_clrn};

// ---- lrn.disjoint_paths ---------------------------------------------------------------

void check_disjoint_paths(claim_env& env, claim_result& r) {
  const lrn_info info = info_of(env);
  if (!info.named_clrn)
    return r.outside("the claim is for congruent LRNs (hypercubes and generalized Fibonacci cubes "
                     "as the paper names them); " + info.given + " is not one of those");
  r.claimed = "node-disjoint paths between x and y >= min(deg x, deg y) for every pair";
  const auto& g = env.graph();
  disjoint_paths flow(g);
  const double per_pair = static_cast<double>(g.arcs() + 2 * g.nodes) * 2 * (env.degrees().degree_max + 1);
  const uint64_t total = g.nodes * (g.nodes - 1) / 2;
  double work = 0;
  uint64_t pairs = 0;
  for (uint64_t x = 0; x < g.nodes; ++x)
    for (uint64_t y = x + 1; y < g.nodes; ++y) {
      if (!env.affordable(work + per_pair)) {
        r.measured = {{"pairs_checked", pairs}, {"pairs", total}};
        return r.skip(env.over_budget(per_pair * static_cast<double>(total), "max-flow on every pair") +
                      "; the " + std::to_string(pairs) + " pairs checked (in label order) all hold");
      }
      work += per_pair;
      ++pairs;
      const uint32_t k = flow.count(x, y), bound = std::min(g.degree(x), g.degree(y));
      if (k < bound) {
        r.measured = {{"pairs_checked", pairs}, {"pairs", total}};
        return r.decide(false, json{{"x", env.label(g.labels[x])}, {"y", env.label(g.labels[y])},
                                    {"disjoint_paths", k}, {"min_degree", bound}});
      }
    }
  r.measured = {{"pairs_checked", pairs}, {"pairs", total}};
  r.decide(true);
}

std::string explain_disjoint_paths(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, pair_words(f, w["x"], w["y"]) + " are joined by " + brief(w["disjoint_paths"]) + " node-disjoint paths",
                  "the lemma on congruent LRNs claims min degree = " + brief(w["min_degree"]));
}

const claim_logic lrn_disjoint_paths{"lrn.disjoint_paths", check_disjoint_paths,
                                     explain_disjoint_paths};

}  // namespace tv::host::claims::lrn
