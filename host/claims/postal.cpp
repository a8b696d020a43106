// Claims of papers/000 (J. Wu, Y. Yang, "The Postal Network"), section P of CLAIMS.md.
// Every check computes the paper's value from its printed definition or formula and the
// measured value from the network (label enumeration, the CSR graph, the all-pairs
// engine, the structural searches of structure.hpp), and compares them.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/sim_bridge.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims {

// ---- The paper's definitions and formulas ------------------------------------------------

std::vector<uint64_t> pn_definition1(int lambda, int n) {
  std::vector<uint64_t> v;
  if (n <= lambda) {  // 0_(n), 0_(n-1)1, ..., 010_(n-2), 10_(n-1)
    v.push_back(0);
    for (int i = 0; i < n; ++i) v.push_back(uint64_t{1} << i);
    return v;
  }
  v = pn_definition1(lambda, n - 1);                            // 0 || V(n-1)
  for (uint64_t y : pn_definition1(lambda, n - lambda))         // 10_(lambda-1) || V(n-lambda)
    v.push_back((uint64_t{1} << (n - 1)) | y);
  return v;
}

int distance_1(uint64_t x) {
  int best = distance_1_infinite, prev = -1;
  for (int p = 0; p < 64; ++p) {
    if (!((x >> p) & 1u)) continue;
    if (prev >= 0) best = std::min(best, p - prev);
    prev = p;
  }
  return best;
}

std::vector<uint64_t> pn_theorem7(int lambda, int n) {
  std::vector<uint64_t> v;
  for (uint64_t x = 0; x < (uint64_t{1} << n); ++x)
    if (distance_1(x) >= lambda) v.push_back(x);
  return v;
}

std::vector<uint64_t> fibonacci_cube_hsu(int order) {
  if (order <= 2) return {0};  // V(2) = the empty string only
  if (order == 3) return {0, 1};
  std::vector<uint64_t> v = fibonacci_cube_hsu(order - 1);  // 0 || V(k-1)
  const int width = order - 2;
  for (uint64_t y : fibonacci_cube_hsu(order - 2)) v.push_back((uint64_t{1} << (width - 1)) | y);
  return v;
}

long long pn_diameter_formula(int lambda, int n) {
  if (lambda == 1) return n;
  const long long c = ceil_div(n, lambda);
  return (n - 1) % lambda == 0 ? 2 * c - 1 : 2 * c;
}

namespace {
uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? ~uint64_t{0} : a + b; }
}  // namespace

uint64_t pn_nodes_recurrence(int lambda, int n) {
  std::vector<uint64_t> N(static_cast<size_t>(n) + 1, 0);
  for (int i = 1; i <= n; ++i)
    N[i] = i <= lambda ? static_cast<uint64_t>(i) + 1 : sat_add(N[i - 1], N[i - lambda]);
  return N[n];
}

uint64_t pn_links_recurrence(int lambda, int n) {
  std::vector<uint64_t> N(static_cast<size_t>(n) + 1, 0), L(static_cast<size_t>(n) + 1, 0);
  for (int i = 1; i <= n; ++i) {
    N[i] = i <= lambda ? static_cast<uint64_t>(i) + 1 : sat_add(N[i - 1], N[i - lambda]);
    L[i] = i <= lambda ? static_cast<uint64_t>(i)
                       : sat_add(sat_add(L[i - 1], L[i - lambda]), N[i - lambda]);
  }
  return L[n];
}

uint64_t postal_tree_parent_def2(int lambda, int n, uint64_t x) {
  while (true) {
    if (x == 0) return 0;            // the root
    if (n <= lambda) return 0;       // base: PT(n) = PN(n), a star at 0^n
    const uint64_t top = uint64_t{1} << (n - 1);
    if (!(x & top)) {                // x in 0 || PT(n-1)
      --n;
      continue;
    }
    const uint64_t y = x & core::low_mask(n - lambda);  // x = 10_(lambda-1) || y
    if (y == 0) return 0;            // root of PT(n-lambda): a child of PT(n-1)'s root
    return top | postal_tree_parent_def2(lambda, n - lambda, y);
  }
}

namespace {

using families::postal_network;

struct pn_params {
  int lambda, n;
};
pn_params pn_of(claim_env& env) {
  const auto* p = env.as<postal_network>();
  return {p->lambda, p->n};
}

std::vector<uint64_t> pn_labels(int lambda, int n) {
  return graph::enumerate_labels(core::backend::cpu, postal_network::make(lambda, n));
}

json bit_list(const std::vector<uint64_t>& v, int width) {
  json j = json::array();
  for (uint64_t x : v) j.push_back(bit_string(x, width));
  return j;
}

std::string pn_name(int lambda, int n) {
  return "PN_" + std::to_string(lambda) + "(" + std::to_string(n) + ")";
}

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

std::vector<uint64_t> sorted_unique(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
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
  const graph::csr_graph rg = hamming_graph(ref);
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

/// compare_with_reference's witness: a label in one set only, or an edge of one graph only.
std::string reference_difference(const failure_view& f) {
  auto w = f.counterexample();
  if (w.contains("label"))
    return "label " + words(f, w["label"]) + " is only in " + brief(w["only_in"]);
  std::string s = brief(w.value("problem", nlohmann::json("the graphs differ")), 70);
  if (w.contains("edge")) s = "edge " + pair_words(f, w["edge"][0], w["edge"][1]) + ": " + s;
  return s;
}

std::string explain_thm1(const failure_view& f) {
  return sentence(f, reference_difference(f), "Theorem 1 claims " + brief(f.claimed(), 70));
}

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
  const graph::csr_graph fg = hamming_graph(fc);
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

// ---- pn.thm2, pn.thm3 -----------------------------------------------------------------

void check_thm2(claim_env& env, claim_result& r) { check_hamming_paths(env, r); }

void check_thm3(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  check_diameter(env, r, static_cast<uint64_t>(pn_diameter_formula(lambda, n)));
}

std::string explain_thm2(const failure_view& f) { return hamming_path_sentence(f, "Theorem 2"); }
std::string explain_thm3(const failure_view& f) { return diameter_sentence(f, "Theorem 3"); }

// ---- pn.thm4, tables ------------------------------------------------------------------

void check_thm4(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  auto s = env.degrees();
  part_list parts;
  const uint64_t cn = pn_nodes_recurrence(lambda, n), cl = pn_links_recurrence(lambda, n);
  parts.add("N", cn, s.nodes, cn == s.nodes, json{{"N_recurrence", cn}, {"nodes", s.nodes}});
  parts.add("L", cl, s.edges, cl == s.edges, json{{"L_recurrence", cl}, {"edges", s.edges}});
  parts.finish(r);
}

std::string explain_thm4(const failure_view& f) {
  auto w = f.counterexample()["witness"];
  const bool nodes = f.counterexample().value("part", std::string()) == "N";
  return sentence(f, nodes ? "N = " + brief(w["nodes"]) + " nodes, the recurrence N(n) gives " + brief(w["N_recurrence"])
                           : "L = " + brief(w["edges"]) + " links, the recurrence L(n) gives " + brief(w["L_recurrence"]),
                  "Theorem 4 claims they agree" + and_more(failing_parts(f) - 1, "failing part"));
}

// Tables 1 and 2 as printed: rows lambda = 1..4, columns k = 1..9.
constexpr uint64_t table1[4][9] = {{2, 4, 8, 16, 32, 64, 128, 256, 512},
                                   {2, 3, 5, 8, 13, 21, 34, 55, 89},
                                   {2, 3, 4, 6, 9, 13, 19, 28, 41},
                                   {2, 3, 4, 5, 7, 10, 14, 19, 26}};
constexpr uint64_t table2[4][9] = {{1, 4, 12, 32, 80, 192, 448, 1024, 2304},
                                   {1, 2, 5, 10, 20, 38, 71, 130, 235},
                                   {1, 2, 3, 6, 11, 18, 30, 50, 81},
                                   {1, 2, 3, 4, 7, 12, 19, 28, 42}};

void check_table(claim_env& env, claim_result& r, bool links) {
  const auto [lambda, n] = pn_of(env);
  if (lambda > 4 || n > 9)
    return r.outside(std::string("Table ") + (links ? "2" : "1") +
                     " prints lambda = 1..4 and k = 1..9");
  const uint64_t printed = (links ? table2 : table1)[lambda - 1][n - 1];
  const auto& s = env.degrees();
  const uint64_t measured = links ? s.edges : s.nodes;
  r.claimed = printed;
  r.measured = measured;
  r.decide(printed == measured, json{{std::string(links ? "L_" : "N_") + std::to_string(lambda) +
                                          "(" + std::to_string(n) + ")",
                                      json{{"printed", printed}, {"measured", measured}}}});
}

std::string explain_table(const failure_view& f, const std::string& table) {
  auto w = f.counterexample();
  // An entry of another shape ({} or null has no first entry to read): the generic sentence.
  if (!w.is_object() || w.empty()) return {};
  const auto it = w.begin();  // the one entry, "N_2(3)" or "L_2(3)"
  return sentence(f, it.key() + " = " + brief((*it)["measured"]) + " by count",
                  table + " prints " + brief((*it)["printed"]));
}

// ---- pn.closed_form -------------------------------------------------------------------

void check_closed_form(claim_env& env, claim_result& r, uint64_t n1_value, uint64_t n2_value) {
  const auto [lambda, n] = pn_of(env);
  if (lambda != 2) return r.outside("the closed form is given for lambda = 2");
  // A1 r1 + A2 r2 = N(1), A1 r1^2 + A2 r2^2 = N(2).
  const long double s5 = std::sqrt(5.0L), r1 = (1 + s5) / 2, r2 = (1 - s5) / 2;
  const long double b1 = static_cast<long double>(n1_value), b2 = static_cast<long double>(n2_value);
  const long double det = r1 * r2 * r2 - r2 * r1 * r1;
  const long double a1 = (b1 * r2 * r2 - b2 * r2) / det;
  const long double a2 = (r1 * b2 - r1 * r1 * b1) / det;
  const long double value = a1 * std::pow(r1, n) + a2 * std::pow(r2, n);
  const uint64_t measured = env.degrees().nodes;
  const long double diff = std::fabs(value - static_cast<long double>(measured));
  json c;
  c["A1"] = static_cast<double>(a1);
  c["A2"] = static_cast<double>(a2);
  c["N_2(n)"] = static_cast<double>(value);
  r.claimed = c;
  r.measured = measured;
  r.decide(diff < 1e-3L * std::max<long double>(1, value) * 1e-6L + 1e-6L,
           json{{"n", n}, {"closed_form", static_cast<double>(value)}, {"nodes", measured}});
}

std::string explain_closed_form(const failure_view& f, const std::string& conditions) {
  auto w = f.counterexample();
  return sentence(f, "N_2(" + brief(w["n"]) + ") = " + brief(w["nodes"]) + " nodes",
                  "the closed form with " + conditions + " gives " + brief(w["closed_form"]));
}

// ---- pn.bounds, pn.thm5, pn.thm6 ------------------------------------------------------

void check_bounds(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  const uint64_t N = env.degrees().nodes;
  const unsigned __int128 lo = static_cast<unsigned __int128>(1) << (n / lambda);
  const unsigned __int128 hi = static_cast<unsigned __int128>(1) << n;
  auto num = [](unsigned __int128 v) { return static_cast<double>(v); };
  r.claimed = {{"lower", num(lo)}, {"upper", num(hi)}};
  r.measured = N;
  const bool ok = lo <= N && N <= hi;
  r.decide(ok, json{{"nodes", N}, {"lower", num(lo)}, {"upper", num(hi)}});
}

std::string explain_bounds(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "N = " + brief(w["nodes"]) + " nodes",
                  "Section 3 claims " + brief(w["lower"]) + " <= N <= " + brief(w["upper"]));
}

long double thm5_base(int lambda) { return 1.0L + 1.0L / std::sqrt(static_cast<long double>(lambda - 1)); }

void check_thm5(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  if (lambda < 2) return r.outside("Theorem 5 assumes lambda > 1");
  const long double bound = (lambda + 1) * std::pow(thm5_base(lambda), n - 1);
  const uint64_t N = env.degrees().nodes;
  r.claimed = {{"upper", static_cast<double>(bound)}};
  r.measured = N;
  r.decide(static_cast<long double>(N) <= bound * (1 + 1e-15L),
           json{{"nodes", N}, {"bound", static_cast<double>(bound)}});
}

std::string explain_thm5(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "N = " + brief(w["nodes"]) + " nodes", "Theorem 5 claims at most " + brief(w["bound"]));
}

void check_thm6(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  if (lambda < 2) return r.outside("Theorem 6 assumes lambda > 1");
  const auto& s = env.degrees();
  const uint64_t N = s.nodes, L = s.edges;
  part_list parts;
  // L < ((n-2)/(lambda+1) + 1) N  <=>  L (lambda+1) < (n + lambda - 1) N, in integers.
  const __int128 lhs = static_cast<__int128>(L) * (lambda + 1);
  const __int128 rhs = static_cast<__int128>(n + lambda - 1) * static_cast<__int128>(N);
  const long double middle = (static_cast<long double>(n - 2) / (lambda + 1) + 1) * N;
  parts.add("L < ((n-2)/(lambda+1)+1) N", static_cast<double>(middle), L, lhs < rhs,
            json{{"edges", L}, {"bound", static_cast<double>(middle)}});
  const long double upper = (n + lambda - 1) * std::pow(thm5_base(lambda), n - 1);
  parts.add("((n-2)/(lambda+1)+1) N <= (n+lambda-1)(1+1/sqrt(lambda-1))^(n-1)",
            static_cast<double>(upper), static_cast<double>(middle), middle <= upper * (1 + 1e-15L),
            json{{"middle", static_cast<double>(middle)}, {"bound", static_cast<double>(upper)}});
  parts.finish(r);
}

std::string explain_thm6(const failure_view& f) {
  auto w = f.counterexample()["witness"];
  const std::string finding = w.contains("edges")
                                  ? "L = " + brief(w["edges"]) + " links, not below ((n-2)/(lambda+1)+1) N = " + brief(w["bound"])
                                  : "((n-2)/(lambda+1)+1) N = " + brief(w["middle"]) + " is above (n+lambda-1)(1+1/sqrt(lambda-1))^(n-1) = " + brief(w["bound"]);
  return sentence(f, finding, "Theorem 6 claims the inequality" + and_more(failing_parts(f) - 1, "failing part"));
}

// ---- pn.routing -----------------------------------------------------------------------

/// Dimensions (bit indices) i the rule may take at node x: distance_1(x^i) >= lambda.
uint64_t admissible(uint64_t x, int lambda, int n) {
  uint64_t m = 0;
  for (int i = 0; i < n; ++i)
    if (distance_1(x ^ (uint64_t{1} << i)) >= lambda) m |= uint64_t{1} << i;
  return m;
}

void check_routing(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  r.claimed = "no ordered pair gets stuck, every route has length H(s, d), for every choice rule";
  const auto& g = env.graph();
  const double work = static_cast<double>(g.nodes) * g.nodes + static_cast<double>(g.nodes) * n * n;
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "checking every ordered pair"));
  // The rule at node t toward d takes a dimension i with r(i) = 1 and distance_1(t^i) >=
  // lambda, and every hop clears one bit of r.  So routes never get stuck and all have
  // length H(s, d), whatever rule chooses among the dimensions, exactly when every ordered
  // pair (t, d), t != d, has such a dimension: t is a route's source for the pair (t, d).
  std::vector<uint64_t> adm(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) adm[v] = admissible(g.labels[v], lambda, n);
  uint64_t stuck = 0, first_t = 0, first_d = 0;
  for (uint64_t t = 0; t < g.nodes; ++t)
    for (uint64_t d = 0; d < g.nodes; ++d) {
      if (t == d || ((g.labels[t] ^ g.labels[d]) & adm[t])) continue;
      if (!stuck++) {
        first_t = t;
        first_d = d;
      }
    }
  json m;
  m["ordered_pairs"] = g.nodes * (g.nodes - 1);
  m["pairs_without_admissible_dimension"] = stuck;
  json w = stuck ? json{{"at", env.label(g.labels[first_t])}, {"destination", env.label(g.labels[first_d])}}
                 : json();
  bool ok = stuck == 0;
#if TV_CLAIMS_HAVE_SIM
  // The simulator's runs per choice rule, beside the exhaustive decision above.
  json sims;
  json sim_witness;
  const bool sim_ok = simulate_routing_rules(env, sim::routing_algorithm::pn_adaptive, &sims, &sim_witness);
  m["simulated"] = sims;
  if (ok && !sim_ok) w = sim_witness;
  ok = ok && sim_ok;
#endif
  r.measured = m;
  r.decide(ok, w);
#if !TV_CLAIMS_HAVE_SIM
  r.reason = std::string("decided by the exhaustive check; the per-rule route simulation: ") +
             sim_unavailable;
#endif
}

std::string explain_routing(const failure_view& f) {
  return routing_sentence(f, "Section 4 claims the routing never gets stuck and takes H(s, d) hops");
}

// ---- pn.routing.examples --------------------------------------------------------------

/// Every route the adaptive rule can take from s to d (each hop clears one bit of s^d and
/// keeps distance_1 >= lambda), as label lists.
void all_routes(uint64_t at, uint64_t d, int lambda, int n, std::vector<uint64_t>& path,
                std::vector<std::vector<uint64_t>>& out) {
  path.push_back(at);
  if (at == d) {
    out.push_back(path);
  } else {
    const uint64_t rr = at ^ d;
    for (int i = n - 1; i >= 0; --i) {  // leftmost dimension first
      const uint64_t bit = uint64_t{1} << i;
      if ((rr & bit) && distance_1(at ^ bit) >= lambda) all_routes(at ^ bit, d, lambda, n, path, out);
    }
  }
  path.pop_back();
}

/// Dimension-ordered path resolving the bits of s^d leftmost first (increasing) or
/// rightmost first (decreasing).
std::vector<uint64_t> ordered_path(uint64_t s, uint64_t d, int n, bool leftmost_first) {
  std::vector<uint64_t> p{s};
  uint64_t at = s;
  for (int k = 0; k < n; ++k) {
    const int i = leftmost_first ? n - 1 - k : k;
    const uint64_t bit = uint64_t{1} << i;
    if ((s ^ d) & bit) p.push_back(at ^= bit);
  }
  return p;
}

void check_routing_examples(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  if (lambda != 4 || n != 6)
    return r.outside("the examples run once, on postal lambda=4 n=6 (the network Section 4 names); "
                     "the 5-bit example builds its networks inside");
  part_list parts;
  // (a) (s, d) = (100010, 000001) in PN_4(6): exactly the three printed minimal paths.
  {
    const uint64_t s = parse_bits("100010"), d = parse_bits("000001");
    std::vector<std::vector<uint64_t>> routes;
    std::vector<uint64_t> path;
    all_routes(s, d, 4, 6, path, routes);
    std::set<std::vector<std::string>> found, printed;
    for (const auto& p : routes) {
      std::vector<std::string> q;
      for (uint64_t x : p) q.push_back(bit_string(x, 6));
      found.insert(q);
    }
    printed.insert({"100010", "100000", "100001", "000001"});
    printed.insert({"100010", "100000", "000000", "000001"});
    printed.insert({"100010", "000010", "000000", "000001"});
    json fj = json::array(), pj = json::array();
    for (const auto& p : found) fj.push_back(p);
    for (const auto& p : printed) pj.push_back(p);
    parts.add("PN_4(6) (100010, 000001): the minimal paths", pj, fj, found == printed);
    // The printed first and second steps.
    auto next_of = [&](uint64_t at) {
      std::set<std::string> nx;
      for (int i = 0; i < 6; ++i) {
        const uint64_t bit = uint64_t{1} << i;
        if (((at ^ d) & bit) && distance_1(at ^ bit) >= 4) nx.insert(bit_string(at ^ bit, 6));
      }
      return nx;
    };
    const std::set<std::string> p1{"100000", "000010"}, p2a{"100001", "000000"}, p2b{"000000"};
    parts.add("first step from 100010", json(p1), json(next_of(s)), next_of(s) == p1);
    parts.add("second step from 100000", json(p2a), json(next_of(parse_bits("100000"))),
              next_of(parse_bits("100000")) == p2a);
    parts.add("second step from 000010", json(p2b), json(next_of(parse_bits("000010"))),
              next_of(parse_bits("000010")) == p2b);
    const bool illegal = distance_1(parse_bits("100011")) < 4;
    parts.add("100011 is an illegal neighbor in PN_4(6)", true, illegal, illegal);
  }
  // (b) s = 01000, d = 10010: increasing and decreasing dimension orders each pass an
  // illegal node, for every lambda where both are nodes of PN_lambda(5).
  {
    const uint64_t s = parse_bits("01000"), d = parse_bits("10010");
    for (int l = 1; l <= 5; ++l) {
      if (distance_1(s) < l || distance_1(d) < l) continue;
      for (bool inc : {true, false}) {
        const auto p = ordered_path(s, d, 5, inc);
        std::vector<std::string> illegal, path;
        for (uint64_t x : p) {
          path.push_back(bit_string(x, 5));
          if (distance_1(x) < l) illegal.push_back(bit_string(x, 5));
        }
        json mj = {{"path", path}, {"illegal_nodes", illegal}};
        parts.add(std::string(inc ? "increasing" : "decreasing") + " order in PN_" +
                      std::to_string(l) + "(5) passes an illegal node",
                  inc ? json{{"illegal_node", "11000"}} : json("an illegal intermediate node"), mj,
                  !illegal.empty(), mj);
      }
    }
  }
  // (c) The non-minimal path 100000 -> 100001 -> 000001 -> 000000 is valid in PN_4(6).
  {
    const std::vector<std::string> p{"100000", "100001", "000001", "000000"};
    bool ok = true;
    std::string why;
    for (size_t i = 0; i < p.size(); ++i) {
      const uint64_t x = parse_bits(p[i]);
      if (distance_1(x) < 4) {
        ok = false;
        why = p[i] + " is not a node";
        break;
      }
      if (i && core::popcount64(x ^ parse_bits(p[i - 1])) != 1) {
        ok = false;
        why = p[i - 1] + " and " + p[i] + " are not adjacent";
        break;
      }
    }
    parts.add("non-minimal path 100000 -> 100001 -> 000001 -> 000000 in PN_4(6)", "valid",
              ok ? "valid" : why, ok);
  }
  parts.finish(r);
}

std::string explain_routing_examples(const failure_view& f) {
  auto cex = f.counterexample();
  const std::string part = cex.value("part", std::string());
  if (cex.contains("witness") && cex["witness"].contains("path")) {  // a dimension order
    auto w = cex["witness"];
    std::string path;
    for (auto x : w["path"]) path += (path.empty() ? "" : " -> ") + x.get<std::string>();
    return sentence(f, part.substr(0, part.find(" passes")) + ", " + path + ", passes no illegal node",
                    "Section 4 claims it passes one" + and_more(failing_parts(f) - 1, "failing parts"));
  }
  return part_sentence(f, "Section 4's routing examples");
}

// ---- pn.thm8 --------------------------------------------------------------------------

void check_thm8(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  r.claimed = "if distance_1(s xor d) >= lambda, the cube with stars at the 1-bits of s xor d "
              "and s's bits elsewhere (dimension H(s, d)) lies inside PN_lambda(n)";
  const auto& g = env.graph();
  const auto& net = env.net();
  uint64_t pairs = 0, in_domain = 0, points = 0;
  double work = 0;
  for (uint64_t a = 0; a < g.nodes; ++a)
    for (uint64_t b = a + 1; b < g.nodes; ++b) {
      ++pairs;
      const uint64_t s = g.labels[a], x = s ^ g.labels[b];
      work += 1;
      if (distance_1(x) < lambda) continue;
      ++in_domain;
      // Every subset of the free coordinates, with s's bits elsewhere.
      const uint64_t fixed = s & ~x;
      uint64_t sub = x;
      while (true) {
        ++points;
        work += 1;
        if (!families::contains(net, fixed | sub)) {
          r.measured = {{"pairs_examined", pairs}, {"pairs_with_distance_1_at_least_lambda", in_domain}};
          r.decide(false, json{{"s", env.label(s)}, {"d", env.label(g.labels[b])},
                               {"cube_point_not_a_node", env.label(fixed | sub)}});
          return;
        }
        if (sub == 0) break;
        sub = (sub - 1) & x;
      }
      if (!env.affordable(work)) {
        r.measured = {{"pairs_examined", pairs}, {"cube_points_checked", points}};
        return r.skip(env.over_budget(static_cast<double>(g.nodes) * g.nodes / 2,
                                      "checking every pair's cube") +
                      "; every pair examined so far holds");
      }
    }
  r.measured = {{"pairs", pairs}, {"pairs_with_distance_1_at_least_lambda", in_domain},
                {"cube_points_checked", points}};
  r.decide(true);
}

std::string explain_thm8(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "the cube of s = " + words(f, w["s"]) + ", d = " + words(f, w["d"]) + " holds " +
                         words(f, w["cube_point_not_a_node"]),
                  "Theorem 8 claims the whole cube lies inside");
}

// ---- Containment: pn.thm9, pn.thm10, pn.thm11 -----------------------------------------

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

/// run_containment's witness, the first case whose containment differs from the claim.
std::string explain_containment(const failure_view& f, const std::string& theorem) {
  auto w = f.counterexample();
  const bool contains = w.value("contains", false);
  const std::string guest = brief(w["guest"]);
  return sentence(f, std::string(contains ? "contains " : "does not contain ") + guest + " (" +
                         brief(w.value("how", nlohmann::json("")), 70) + ")",
                  theorem + " claims it " + (contains ? "does not" : "does"));
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

// ---- pn.examples ----------------------------------------------------------------------

std::vector<uint64_t> parse_all(const std::vector<std::string>& v) {
  std::vector<uint64_t> out;
  for (const auto& s : v) out.push_back(parse_bits(s));
  return sorted_unique(out);
}

void check_examples(claim_env& env, claim_result& r, bool alt) {
  const auto [lambda, n] = pn_of(env);
  if (lambda != 4 || n != 6)
    return r.outside("the examples run once, on postal lambda=4 n=6 (the first network Section 4 "
                     "names); the other networks they name are built inside");
  part_list parts;
  auto set_part = [&](const std::string& name, const std::vector<std::string>& printed, int l, int k) {
    const std::vector<uint64_t> p = parse_all(printed), m = pn_labels(l, k);
    parts.add(name, bit_list(p, k), bit_list(m, k), p == m);
  };
  const std::vector<std::string> pn46{"000000", "000001", "000010", "000100", "001000",
                                      "010000", "100000", "010001", "100001", "100010"};
  const std::vector<std::string> pn26_extra{"000101", "001001", "001010", "010010",
                                            "010100", "100100", "101000", "010101",
                                            "100101", "101001", "101010"};
  set_part("V(PN_4(6))", pn46, 4, 6);
  {
    std::vector<std::string> all = pn46;
    all.insert(all.end(), pn26_extra.begin(), pn26_extra.end());
    set_part("V(PN_2(6)) = V(PN_4(6)) plus the 11 listed", all, 2, 6);
  }
  {
    bool ok = true;
    for (const auto& s : pn46) {
      const uint64_t x = parse_bits(s);
      ok = ok && core::popcount64(x) <= 2 && distance_1(x) >= 4;
    }
    parts.add("PN_4(6) labels have at most two 1-bits, >= 4 apart", true, ok, ok);
  }
  auto d1_part = [&](const std::string& arg, int printed) {
    const int m = distance_1(parse_bits(arg));
    const json pj = printed >= distance_1_infinite ? json("infinity") : json(printed);
    const json mj = m >= distance_1_infinite ? json("infinity") : json(m);
    parts.add("distance_1(" + arg + ")", pj, mj, m == printed);
  };
  d1_part("000100", distance_1_infinite);
  d1_part("010001", 4);
  d1_part("100101", 2);
  // "100011 is an illegal neighbor, since its distance_1(10001) = 1": the argument as
  // printed (10001), or, in the alternative reading, the neighbor the sentence names.
  d1_part(alt ? "100011" : "10001", 1);
  auto xor_part = [&](const std::string& a, const std::string& b, const std::string& printed) {
    const uint64_t m = parse_bits(a) ^ parse_bits(b);
    parts.add(a + " xor " + b, printed, bit_string(m, static_cast<int>(a.size())),
              m == parse_bits(printed));
  };
  xor_part("01000", "10010", "11010");
  xor_part("100010", "000001", "100011");
  xor_part("11011", "01001", "10010");
  {
    const bool illegal = distance_1(parse_bits("11000")) < 2;
    parts.add("11000 is illegal in the Fibonacci cube PN_2(5)", true, illegal, illegal);
    const uint64_t c = parse_bits("10010") ^ (uint64_t{1} << (5 - 2));
    parts.add("10010^2 (complement bit 2)", "11010", bit_string(c, 5), c == parse_bits("11010"));
  }
  {
    // (10000, 00001) in PN_3(5): distance_1(10001) >= 3; the 2-cube *000* holds 00000,
    // 00001, 10000, 10001, all nodes.
    const int d = distance_1(parse_bits("10001"));
    parts.add("distance_1(10001) >= 3", ">= 3", d, d >= 3);
    const std::vector<uint64_t> cube = parse_all({"00000", "00001", "10000", "10001"});
    std::vector<uint64_t> pts;
    const subcube sc{0, parse_bits("10001")};
    for (uint64_t sub = sc.free;; sub = (sub - 1) & sc.free) {
      pts.push_back(sc.base | sub);
      if (!sub) break;
    }
    const std::vector<uint64_t> p35 = pn_labels(3, 5);
    bool inside = true;
    for (uint64_t x : cube) inside = inside && std::binary_search(p35.begin(), p35.end(), x);
    parts.add("*000* = {00000, 00001, 10000, 10001} inside PN_3(5)", bit_list(cube, 5),
              bit_list(sorted_unique(pts), 5), sorted_unique(pts) == cube && inside);
  }
  {
    // The smallest cube holding s = 11011 and d = 01001: stars at the 1-bits of s xor d.
    const uint64_t s = parse_bits("11011"), d = parse_bits("01001");
    const std::string pat = subcube_pattern({s & ~(s ^ d), s ^ d}, 5);
    parts.add("smallest cube holding 11011 and 01001", "*10*1", pat, pat == "*10*1");
  }
  set_part("V(PN_2(4))", {"0000", "0001", "0010", "0100", "0101", "1000", "1001", "1010"}, 2, 4);
  set_part("V(PN_3(4))", {"0000", "0001", "0010", "0100", "1000", "1001"}, 3, 4);
  set_part("V(PN_2(3))", {"000", "001", "010", "100", "101"}, 2, 3);
  auto contains_part = [&](const std::string& name, int lh, int nh, int lg, int ng, containment_rule rule) {
    const auto rep = find_containment(pn_labels(lh, nh), nh, pn_labels(lg, ng), ng, rule,
                                      env.options().budget);
    parts.add(name, true, rep.contains ? json(rep.how) : json(nullptr),
              rep.contains && *rep.contains);
  };
  contains_part("PN_2(4) contains PN_3(4) by condition 1", 2, 4, 3, 4, containment_rule::condition_1_only);
  {
    const std::vector<uint64_t> v24 = pn_labels(2, 4), v23 = pn_labels(2, 3);
    for (int pos : {1, 4}) {
      std::vector<uint64_t> proj;
      for (uint64_t x : v24) proj.push_back(delete_positions(x, 4, {pos}));
      proj = sorted_unique(proj);
      parts.add("V(PN_2(3)) = V(PN_2(4)) with bit " + std::to_string(pos) + " removed",
                bit_list(v23, 3), bit_list(proj, 3), proj == v23);
    }
  }
  contains_part("PN_3(5) contains PN_3(4)", 3, 5, 3, 4, containment_rule::conditions_1_or_2);
  contains_part("PN_3(5) contains PN_4(5)", 3, 5, 4, 5, containment_rule::conditions_1_or_2);
  contains_part("PN_4(5) contains PN_3(3)", 4, 5, 3, 3, containment_rule::conditions_1_or_2);
  contains_part("PN_4(5) contains PN_3(4)", 4, 5, 3, 4, containment_rule::conditions_1_or_2);
  auto group = [](int l, int k) { return ceil_div(k, l); };
  auto rank_in_group = [&](int l, int k) { return k - (group(l, k) - 1) * l; };
  parts.add("PN_4(5): series 4, group 2", json{4, 2}, json{4, group(4, 5)}, group(4, 5) == 2);
  parts.add("PN_3(3): series 3, group 1", json{3, 1}, json{3, group(3, 3)}, group(3, 3) == 1);
  parts.add("PN_4(5) and PN_3(4): group 2, ranks 1 and 1", json{2, 2, 1, 1},
            json{group(4, 5), group(3, 4), rank_in_group(4, 5), rank_in_group(3, 4)},
            group(4, 5) == 2 && group(3, 4) == 2 && rank_in_group(4, 5) == 1 &&
                rank_in_group(3, 4) == 1);
  {
    json groups = json::array();
    bool ok = true;
    for (int k = 1; k <= 6; ++k) {
      groups.push_back(group(3, k));
      ok = ok && group(3, k) == (k <= 3 ? 1 : 2);
    }
    parts.add("PN_3(1..3) form group 1, PN_3(4..6) group 2", json{1, 1, 1, 2, 2, 2}, groups, ok);
  }
  {
    const long long v = 9 + ceil_div(9, 2) * (1 - 2);
    parts.add("9 + ceil(9/2)(1 - 2)", 4, v, v == 4);
  }
  {
    const std::vector<uint64_t> listed = parse_all({"000000", "000001", "010000", "010001"});
    std::vector<uint64_t> pts;
    const uint64_t fr = parse_bits("010001");
    for (uint64_t sub = fr;; sub = (sub - 1) & fr) {
      pts.push_back(sub);
      if (!sub) break;
    }
    pts = sorted_unique(pts);
    const std::vector<uint64_t> v46 = pn_labels(4, 6);
    bool inside = true;
    for (uint64_t x : pts) inside = inside && std::binary_search(v46.begin(), v46.end(), x);
    parts.add("0*000* = {000000, 000001, 010000, 010001} inside PN_4(6)", bit_list(listed, 6),
              bit_list(pts, 6), pts == listed && inside);
  }
  parts.finish(r);
}

std::string explain_examples(const failure_view& f) { return part_sentence(f, "Sections 4-5's printed examples"); }

// ---- pt.def2 --------------------------------------------------------------------------

void check_pt_def2(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  r.claimed = "PT_lambda(n) of Definition 2 is a spanning tree of PN_lambda(n)";
  auto g = env.graph();
  part_list parts;
  // Definition 2's base takes the graph PN_lambda(n') itself as the tree (n' <= lambda):
  // it must be a tree, N - 1 edges and connected.
  {
    json m = json::array();
    bool ok = true;
    for (int k = 1; k <= std::min(lambda, n); ++k) {
      const graph::csr_graph b = graph::build_csr(core::backend::cpu, postal_network::make(lambda, k));
      std::vector<uint64_t> par(b.nodes, 0);  // every node's neighbor toward 0 (a star)
      for (uint64_t v = 1; v < b.nodes; ++v) par[v] = b.targets[b.offsets[v]];
      const tree_report t = check_spanning_tree(b, par, 0);
      const bool is_tree = t.spanning_tree && b.arcs() / 2 == b.nodes - 1;
      m.push_back({{"n", k}, {"nodes", b.nodes}, {"edges", b.arcs() / 2}, {"tree", is_tree}});
      ok = ok && is_tree;
    }
    if (!m.empty()) parts.add("base PT(n') = PN(n') is a tree, n' <= lambda", true, m, ok);
  }
  std::vector<uint64_t> parent(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) {
    const uint64_t p = postal_tree_parent_def2(lambda, n, g.labels[v]);
    parent[v] = rank_of(g, p);
  }
  const tree_report t = check_spanning_tree(g, parent, 0);
  json m{{"spanning_tree", t.spanning_tree}, {"tree_edges", t.tree_edges}, {"height", t.height}};
  json w;
  if (!t.spanning_tree) {
    w["problem"] = t.problem;
    if (t.node) w["node"] = env.label(g.labels[*t.node]);
    if (t.node) w["parent"] = env.label(postal_tree_parent_def2(lambda, n, g.labels[*t.node]));
  }
  parts.add("PT_lambda(n) spans PN_lambda(n)", true, m, t.spanning_tree, w);
  parts.finish(r);
}

std::string explain_pt_def2(const failure_view& f) {
  auto cex = f.counterexample();
  if (cex.contains("witness") && cex["witness"].contains("problem"))
    return sentence(f, tree_finding(f, cex["witness"]), "Definition 2 claims PT_lambda(n) is a spanning tree");
  return part_sentence(f, "Definition 2");
}

// ---- Postal-model claims (simulator) ---------------------------------------------------

/// PT_lambda(n) of Definition 2 as a parent array over the ranks of PN_lambda(n).
[[maybe_unused]] std::vector<uint64_t> pt_parent_ranks(int lambda, int n) {
  const std::vector<uint64_t> labels = pn_labels(lambda, n);
  std::vector<uint64_t> parent(labels.size());
  for (uint64_t v = 0; v < labels.size(); ++v) {
    const uint64_t p = postal_tree_parent_def2(lambda, n, labels[v]);
    parent[v] = static_cast<uint64_t>(std::lower_bound(labels.begin(), labels.end(), p) - labels.begin());
  }
  return parent;
}

/// The paper's f_lambda(t): 1 for t < lambda, f(t-1) + f(t-lambda) otherwise; returns the
/// least t with f(t) >= nodes.
uint64_t postal_optimum_time(uint64_t nodes, int lambda) {
  std::vector<uint64_t> f;
  for (uint64_t t = 0;; ++t) {
    const uint64_t v = t < static_cast<uint64_t>(lambda) ? 1 : sat_add(f[t - 1], f[t - lambda]);
    f.push_back(v);
    if (v >= nodes) return t;
  }
}

#if TV_CLAIMS_HAVE_SIM
sim::spanning_tree to_sim_tree(const std::vector<uint64_t>& parent) {
  std::vector<uint32_t> p(parent.begin(), parent.end());
  return sim::tree_from_parents(std::move(p), 0);
}
#endif

void check_pt_optimal(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  const uint64_t N = env.nodes();
  const uint64_t t = postal_optimum_time(N, lambda);
  r.claimed = {{"broadcast", t}, {"gather", t}, {"barrier", 2 * t}};
#if TV_CLAIMS_HAVE_SIM
  const sim::spanning_tree tree = to_sim_tree(pt_parent_ranks(lambda, n));
  const sim::postal_result p = sim::postal_model(env.backend(), tree, static_cast<uint64_t>(lambda));
  r.measured = {{"broadcast", p.broadcast_time}, {"gather", p.gather_time}, {"barrier", p.barrier_time}};
  const bool ok = p.broadcast_time == t && p.gather_time == t &&
                  p.barrier_time == p.gather_time + p.broadcast_time;
  r.decide(ok, json{{"nodes", N}, {"optimum", t}, {"broadcast", p.broadcast_time},
                    {"gather", p.gather_time}, {"barrier", p.barrier_time}});
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_pt_optimal(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "on PT the broadcast takes " + brief(w["broadcast"]) + ", the gather " + brief(w["gather"]) +
                         ", the barrier " + brief(w["barrier"]) + " units",
                  "Section 6 claims " + brief(w["optimum"]) + ", " + brief(w["optimum"]) + " and their sum");
}

void check_pt_fig4(claim_env& env, claim_result& r, bool literal_pt66) {
  const auto [lambda, n] = pn_of(env);
  if (!literal_pt66 && (lambda != 1 || n != 3))
    return r.outside("the figure's example runs once, on postal lambda=1 n=3 (its binomial tree PT_1(3))");
  if (literal_pt66 && (lambda != 6 || n != 6))
    return r.outside("this reading runs once, on postal lambda=6 n=6 (the tree PT_6(6) the caption names)");
  r.claimed = {{"binomial_tree", 18}, {"optimal_tree", 12}};
#if TV_CLAIMS_HAVE_SIM
  const sim::spanning_tree binomial = to_sim_tree(pt_parent_ranks(1, 3));
  const sim::spanning_tree optimal =
      literal_pt66 ? to_sim_tree(pt_parent_ranks(6, 6)) : sim::optimal_postal_tree(8, 6);
  const uint64_t tb = sim::postal_model(env.backend(), binomial, 6).broadcast_time;
  const uint64_t to = sim::postal_model(env.backend(), optimal, 6).broadcast_time;
  r.measured = {{"binomial_tree", tb}, {"optimal_tree", to}, {"optimal_tree_nodes", optimal.nodes},
                {"f_6_optimum_for_8_nodes", postal_optimum_time(8, 6)}};
  r.decide(tb == 18 && to == 12, json{{"binomial_tree", tb}, {"optimal_tree", to}});
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_pt_fig4(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "the binomial tree takes " + brief(w["binomial_tree"]) + " units, the optimal tree " +
                         brief(w["optimal_tree"]),
                  "Figure 4 claims 18 and 12");
}

void check_pt_selection(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  if (lambda != 1 || n != 3)
    return r.outside("the comparison runs once, on postal lambda=1 n=3 (PN_2(4) is built inside)");
  r.claimed = "with lambda = 1, broadcast on PN_1(3) (its postal tree) ends before broadcast on PN_2(4)";
#if TV_CLAIMS_HAVE_SIM
  const uint64_t a = sim::postal_model(env.backend(), to_sim_tree(pt_parent_ranks(1, 3)), 1).broadcast_time;
  const uint64_t b = sim::postal_model(env.backend(), to_sim_tree(pt_parent_ranks(2, 4)), 1).broadcast_time;
  r.measured = {{"PN_1(3)", a}, {"PN_2(4)", b}};
  r.decide(a < b, json{{"PN_1(3)", a}, {"PN_2(4)", b}});
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_pt_selection(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "broadcast takes " + brief(w["PN_1(3)"]) + " units on PN_1(3) and " + brief(w["PN_2(4)"]) +
                         " on PN_2(4)",
                  "Section 6 claims PN_1(3) finishes first");
}

}  // namespace

// ---- The catalog, section P ---------------------------------------------------------------

std::vector<claim_spec> postal_claims() {
  const std::vector<std::string> pn{"postal"};
  const std::string paper = "papers/000 (Wu, Yang: The Postal Network)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  const std::string containment_reading =
      "\"Contains as a subgraph\" is Section 5's notion: condition 1 (V(H) contains V(G)) or "
      "condition 2 (V(H) with some bit positions deleted contains V(G)), decided by search "
      "over every set of n1 - n2 deleted positions.";
  std::vector<claim_spec> v = {
      {"pn.def1", src("Definition 1 and Theorem 7"),
       "Definition 1's recursive V_lambda(n) = 0||V_lambda(n-1) u 10_(lambda-1)||V_lambda(n-lambda) "
       "(base 0^n and the weight-one strings for n <= lambda) equals Theorem 7's set of n-bit "
       "strings whose 1-bits are at least lambda positions apart.",
       "every postal instance with 2^n within the budget",
       "\"Separated by at least lambda bit positions\" is a difference of positions >= lambda "
       "(Section 4's examples: 010001 is a node of PN_4(6) with distance_1 = 4).",
       pn, check_def1, explain_def1},
      {"pn.thm1", src("Theorem 1"),
       "PN_1(n) is the hypercube Q(n); PN_2(n) is the Fibonacci cube.",
       "postal instances with lambda = 1 or 2",
       "The Fibonacci cube on n-bit labels: FC of order n+2 by the proof's recursion V(k) = "
       "0||V(k-1) u 10||V(k-2), V(2) = {empty}, V(3) = {0, 1}; graphs compared label by label.",
       pn, check_thm1, explain_thm1},
      {"pn.thm1.alt", src("Theorem 1"),
       "PN_2(n) is the n-dimensional Fibonacci cube FC(n) as the proof defines it.",
       "postal instances with lambda = 2, n >= 2",
       "The index read literally: FC(n) of the printed recursion (labels of n-2 bits) against "
       "PN_2(n) (labels of n bits).",
       pn, check_thm1_alt, explain_thm1_alt},
      {"pn.lemma", src("Lemma (Section 3)"),
       "Every node of 10_(lambda-1)||V_lambda(k-lambda) has exactly one neighbor in 0||V_lambda(k-1).",
       "postal instances with n > lambda (k = n)", "", pn, check_lemma, explain_lemma},
      {"pn.thm2", src("Theorem 2"),
       "There is a Hamming distance path between any two nodes of PN_lambda(n).",
       "postal instances within the all-pairs limit", "", pn, check_thm2, explain_thm2},
      {"pn.thm3", src("Theorem 3"),
       "The diameter of PN_lambda(n) is n if lambda = 1; 2 ceil(n/lambda) - 1 if lambda != 1 and "
       "(n-1) mod lambda = 0; 2 ceil(n/lambda) otherwise.",
       "every postal instance (all pairs, or iFUB above the all-pairs limit)", "", pn, check_thm3, explain_thm3},
      {"pn.thm4", src("Theorem 4"),
       "N(n) = n+1 (n <= lambda), N(n-1) + N(n-lambda) otherwise; L(n) = n (n <= lambda), "
       "L(n-1) + L(n-lambda) + N(n-lambda) otherwise.",
       "every postal instance within the enumeration limit (nodes and edges counted)", "", pn,
       check_thm4, explain_thm4},
      {"pn.table1", src("Table 1"), "The printed N_lambda(k), lambda = 1..4, k = 1..9.",
       "postal instances with lambda <= 4 and n <= 9 (the entry of the instance)", "", pn,
       [](claim_env& e, claim_result& r) { check_table(e, r, false); },
       [](const failure_view& f) { return explain_table(f, "Table 1"); }},
      {"pn.table2", src("Table 2"), "The printed L_lambda(k), lambda = 1..4, k = 1..9.",
       "postal instances with lambda <= 4 and n <= 9 (the entry of the instance)", "", pn,
       [](claim_env& e, claim_result& r) { check_table(e, r, true); },
       [](const failure_view& f) { return explain_table(f, "Table 2"); }},
      {"pn.closed_form", src("Section 3, closed form for lambda = 2"),
       "N_2(n) = A1 ((1+sqrt 5)/2)^n + A2 ((1-sqrt 5)/2)^n with A1, A2 from the boundary "
       "conditions N_2(1) = 1 and N_2(2) = 2.",
       "postal instances with lambda = 2 (the value at n against the node count)",
       "The boundary conditions as printed (N_2(1) = 1, N_2(2) = 2).", pn,
       [](claim_env& e, claim_result& r) { check_closed_form(e, r, 1, 2); },
       [](const failure_view& f) { return explain_closed_form(f, "N_2(1) = 1, N_2(2) = 2"); }},
      {"pn.closed_form.alt", src("Section 3, closed form for lambda = 2"),
       "The same closed form with A1, A2 fitted to N_2(1) = 2 and N_2(2) = 3.",
       "postal instances with lambda = 2",
       "The boundary conditions taken from Table 1 / Theorem 4 instead of the printed ones.", pn,
       [](claim_env& e, claim_result& r) { check_closed_form(e, r, 2, 3); },
       [](const failure_view& f) { return explain_closed_form(f, "N_2(1) = 2, N_2(2) = 3"); }},
      {"pn.bounds", src("Section 3, before Theorem 5"), "2^floor(n/lambda) <= N_lambda(n) <= 2^n.",
       "every postal instance within the enumeration limit", "", pn, check_bounds, explain_bounds},
      {"pn.thm5", src("Theorem 5"),
       "For lambda > 1: N_lambda(n) <= (lambda+1)(1 + 1/sqrt(lambda-1))^(n-1).",
       "postal instances with lambda > 1", "", pn, check_thm5, explain_thm5},
      {"pn.thm6", src("Theorem 6"),
       "For lambda > 1: L_lambda(n) < ((n-2)/(lambda+1) + 1) N_lambda(n) <= (n+lambda-1)(1 + "
       "1/sqrt(lambda-1))^(n-1).",
       "postal instances with lambda > 1", "Both inequalities are checked.", pn, check_thm6, explain_thm6},
      {"pn.routing", src("Section 4, adaptive minimal routing"),
       "The adaptive minimal routing never gets stuck and every route has length H(s, d), for "
       "every ordered pair and every choice rule (random with a seed, lowest, highest "
       "admissible dimension).",
       "every postal instance with N^2 within the budget",
       "Decided for every choice rule at once: every ordered pair (t, d) must have a dimension "
       "i with r(i) = 1 and distance_1(t^i) >= lambda; the simulator's runs per rule are added "
       "when this build has it.",
       pn, check_routing, explain_routing},
      {"pn.routing.examples", src("Section 4, routing examples"),
       "In PN_4(6), (s, d) = (100010, 000001) has exactly the three minimal paths listed; for "
       "s = 01000, d = 10010 resolving dimensions in increasing and in decreasing order each "
       "passes through an illegal node; 100000 -> 100001 -> 000001 -> 000000 is a valid path "
       "in PN_4(6).",
       "runs once, on postal lambda=4 n=6; the 5-bit example is checked for every lambda "
       "(1..5) for which 01000 and 10010 are both nodes of PN_lambda(5)",
       "Dimension i is the i-th bit from the left; the minimal paths are every route of the "
       "rule (all choices).",
       pn, check_routing_examples, explain_routing_examples},
      {"pn.thm8", src("Theorem 8"),
       "If distance_1(s xor d) >= lambda, s and d lie in a k-cube inside PN_lambda(n) with "
       "k >= H(s, d): the cube with stars at the 1-bits of s xor d and s's bits elsewhere.",
       "every pair of nodes of a postal instance, within the budget", "", pn, check_thm8, explain_thm8},
      {"pn.thm9", src("Theorem 9"),
       "PN_lambda(n1) contains PN_lambda(n2) as a subgraph iff n1 > n2.",
       "the instance is the host PN_lambda(n1); guests n2 = 1..n1+1", containment_reading, pn,
       [](claim_env& e, claim_result& r) { check_thm9(e, r, false); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 9"); }},
      {"pn.thm9.alt", src("Theorem 9"),
       "PN_lambda(n1) contains PN_lambda(n2) as a proper subgraph iff n1 > n2.",
       "the instance is the host PN_lambda(n1); guests n2 = 1..n1+1",
       containment_reading + " Read as proper containment: a network does not contain itself.",
       pn, [](claim_env& e, claim_result& r) { check_thm9(e, r, true); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 9 (proper subgraphs)"); }},
      {"pn.thm10", src("Theorem 10"),
       "PN_lambda1(n) contains PN_lambda2(n) as a subgraph iff lambda1 < lambda2.",
       "the instance is the host PN_lambda1(n); guests lambda2 = 1..max(n, lambda1)+1 (beyond "
       "n every PN_lambda2(n) is the same star)",
       containment_reading, pn, [](claim_env& e, claim_result& r) { check_thm10(e, r, false); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 10"); }},
      {"pn.thm10.alt", src("Theorem 10"),
       "PN_lambda1(n) contains PN_lambda2(n) as a proper subgraph iff lambda1 < lambda2.",
       "the instance is the host PN_lambda1(n); guests lambda2 = 1..max(n, lambda1)+1",
       containment_reading + " Read as proper containment: a network does not contain itself.",
       pn, [](claim_env& e, claim_result& r) { check_thm10(e, r, true); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 10 (proper subgraphs)"); }},
      {"pn.thm11", src("Theorem 11"),
       "For lambda1 > lambda2: case 1 (ceil(n1/lambda1) > ceil(n2/lambda2)) and case 2 (equal "
       "groups c and n1 - (c-1) lambda1 >= n2 - (c-1) lambda2) imply that PN_lambda1(n1) "
       "contains PN_lambda2(n2).",
       "the instance is the host PN_lambda1(n1); every (lambda2 < lambda1, n2) meeting case 1 "
       "or 2 (finitely many)",
       containment_reading, pn,
       [](claim_env& e, claim_result& r) { check_thm11(e, r, containment_rule::conditions_1_or_2); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 11"); }},
      {"pn.thm11.cond1", src("Theorem 11"),
       "Theorem 11 with containment read as condition 1 alone.",
       "as pn.thm11",
       "Containment is label-set containment (condition 1), labels compared as numbers (the "
       "guest's labels zero-padded on the left).",
       pn,
       [](claim_env& e, claim_result& r) { check_thm11(e, r, containment_rule::condition_1_only); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 11 (condition 1)"); }},
      {"pn.corollary", src("Corollary (Section 5)"),
       "PN_lambda(n1) contains Q(n2) iff n1 + ceil(n1/lambda)(1-lambda) >= n2; PN_2(9)'s "
       "largest hypercube is Q(4); PN_4(6)'s largest subcubes are the 2-cubes *0000*, 0*000*, "
       "*000*0.",
       "every postal instance within the budget; the examples on PN_2(9) and PN_4(6)",
       "Measured: the largest subcube found by search over sets of free coordinates (any "
       "base), compared with the formula (n2 >= 1; a formula value <= 0 claims no Q(1)); the "
       "largest Q(n2) contained by conditions 1 or 2 is reported beside it.",
       pn, check_corollary, explain_corollary},
      {"pn.examples", src("Sections 4 and 5, printed label sets and distance_1 values"),
       "Every label set and distance_1 value printed in Sections 4-5.",
       "runs once, on postal lambda=4 n=6; the other networks named are built inside",
       "\"its distance_1(10001) = 1\" is read with the argument as printed (10001).", pn,
       [](claim_env& e, claim_result& r) { check_examples(e, r, false); }, explain_examples},
      {"pn.examples.alt", src("Sections 4 and 5, printed label sets and distance_1 values"),
       "Every label set and distance_1 value printed in Sections 4-5.",
       "runs once, on postal lambda=4 n=6",
       "\"its distance_1(10001) = 1\" is read as distance_1(100011), the neighbor the sentence "
       "names.",
       pn, [](claim_env& e, claim_result& r) { check_examples(e, r, true); }, explain_examples},
      {"pt.def2", src("Definition 2"),
       "The postal tree PT_lambda(n) is a spanning tree of PN_lambda(n).",
       "every postal instance",
       "PT(n) = PT(n-1) on 0||V(n-1) plus PT(n-lambda) on 10_(lambda-1)||V(n-lambda), the "
       "latter's root a child of the former's; PT(n) = PN(n) for n <= lambda (checked to be a "
       "tree).",
       pn, check_pt_def2, explain_pt_def2},
      {"pt.optimal", src("Section 6, postal trees and the postal model"),
       "Broadcast on PT_lambda(n) in the postal model (latency lambda, one send per time unit, "
       "one port) finishes at the earliest time t with f_lambda(t) >= N, f(t) = 1 for t < "
       "lambda, f(t) = f(t-1) + f(t-lambda); the gather on the same tree takes as long; the "
       "barrier is gather + broadcast.",
       "every postal instance",
       "The postal model of kernels/sim/postal.hpp on the Definition 2 tree; claimed: broadcast "
       "= gather = the optimum t, barrier = 2t.",
       pn, check_pt_optimal, explain_pt_optimal},
      {"pt.fig4", src("Section 6, Figure 4"),
       "On a fully connected network of 8 nodes with lambda = 6, the binomial tree PT_1(3) "
       "takes 18 units and the optimal tree 12.",
       "runs once, on postal lambda=1 n=3",
       "The optimal tree is the greedy postal schedule on 8 nodes (every informed node sends "
       "each time unit).",
       pn, [](claim_env& e, claim_result& r) { check_pt_fig4(e, r, false); }, explain_pt_fig4},
      {"pt.fig4.alt", src("Section 6, Figure 4"),
       "As pt.fig4, with tree (b) read as the caption names it, PT_6(6).",
       "runs once, on postal lambda=6 n=6",
       "The caption's \"optimal spanning tree PT_6(6)\" read literally: the Definition 2 tree of "
       "PN_6(6) (7 nodes).",
       pn, [](claim_env& e, claim_result& r) { check_pt_fig4(e, r, true); }, explain_pt_fig4},
      {"pt.selection", src("Section 6, selection of lambda"),
       "With lambda = 1, PN_1(3) is better than PN_2(4) (eight nodes each): its broadcast "
       "finishes earlier.",
       "runs once, on postal lambda=1 n=3",
       "Broadcast time in the postal model with lambda = 1 on each network's postal tree.", pn,
       check_pt_selection, explain_pt_selection},
  };
  return v;
}

}  // namespace tv::host::claims
