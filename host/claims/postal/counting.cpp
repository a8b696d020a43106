// papers/000 Section 3, counting nodes and links: Theorem 4's recurrences (pn.thm4), the
// printed Tables 1 and 2, the closed form for lambda = 2, the bounds before Theorem 5 and
// Theorems 5 and 6.
#include <algorithm>
#include <cmath>
#include <string>

#include "host/claims/papers.hpp"
#include "host/claims/postal/sections.hpp"

namespace tv::host::claims::postal {

namespace {

// Tables 1 and 2 as printed: rows lambda = 1..4, columns k = 1..9.
constexpr uint64_t table1[4][9] = {{2, 4, 8, 16, 32, 64, 128, 256, 512},
                                   {2, 3, 5, 8, 13, 21, 34, 55, 89},
                                   {2, 3, 4, 6, 9, 13, 19, 28, 41},
                                   {2, 3, 4, 5, 7, 10, 14, 19, 26}};
constexpr uint64_t table2[4][9] = {{1, 4, 12, 32, 80, 192, 448, 1024, 2304},
                                   {1, 2, 5, 10, 20, 38, 71, 130, 235},
                                   {1, 2, 3, 6, 11, 18, 30, 50, 81},
                                   {1, 2, 3, 4, 7, 12, 19, 28, 42}};

long double thm5_base(int lambda) { return 1.0L + 1.0L / std::sqrt(static_cast<long double>(lambda - 1)); }

}  // namespace

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

const claim_logic pn_thm4{"pn.thm4", check_thm4, explain_thm4};

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

const claim_logic pn_table1 =
    with_reading("pn.table1", check_table, false, explain_table, "Table 1");
const claim_logic pn_table2 =
    with_reading("pn.table2", check_table, true, explain_table, "Table 2");

// ---- pn.closed_form -------------------------------------------------------------------

/// The boundary conditions the closed form's A1, A2 are fitted to: N_2(1), N_2(2).
struct boundary_values {
  uint64_t n1_value, n2_value;
};

void check_closed_form(claim_env& env, claim_result& r, boundary_values boundary) {
  const auto [n1_value, n2_value] = boundary;
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

const claim_logic pn_closed_form =
    with_reading("pn.closed_form", check_closed_form, boundary_values{1, 2}, explain_closed_form,
                 "N_2(1) = 1, N_2(2) = 2");
const claim_logic pn_closed_form_alt =
    with_reading("pn.closed_form.alt", check_closed_form, boundary_values{2, 3},
                 explain_closed_form,
                 "N_2(1) = 2, N_2(2) = 3");

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

const claim_logic pn_bounds{"pn.bounds", check_bounds, explain_bounds};

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

const claim_logic pn_thm5{"pn.thm5", check_thm5, explain_thm5};

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

const claim_logic pn_thm6{"pn.thm6", check_thm6, explain_thm6};

}  // namespace tv::host::claims::postal
