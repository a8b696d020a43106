// papers/000 Section 4, routing: the adaptive minimal routing never gets stuck and takes
// H(s, d) hops (pn.routing, decided exhaustively and run on the simulator), the printed
// routing examples (pn.routing.examples) and Theorem 8's subcubes (pn.thm8).
#include <set>
#include <string>
#include <vector>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/postal/sections.hpp"
#include "kernels/core/hd.hpp"

namespace tv::host::claims::postal {

namespace {

/// Dimensions (bit indices) i the rule may take at node x: distance_1(x^i) >= lambda.
uint64_t admissible(uint64_t x, int lambda, int n) {
  uint64_t m = 0;
  for (int i = 0; i < n; ++i)
    if (distance_1(x ^ (uint64_t{1} << i)) >= lambda) m |= uint64_t{1} << i;
  return m;
}

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

}  // namespace

// ---- pn.routing -----------------------------------------------------------------------
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
  // The simulator's runs per choice rule, beside the exhaustive decision above.
  decide_with_routing_simulation(env, r, sim::routing_algorithm::pn_adaptive, std::move(m), stuck == 0,
                                 std::move(w));
}

std::string explain_routing(const failure_view& f) {
  return routing_sentence(f, "Section 4 claims the routing never gets stuck and takes H(s, d) hops");
}

const claim_logic pn_routing{"pn.routing", check_routing, explain_routing};

// ---- pn.routing.examples --------------------------------------------------------------

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
      for (uint64_t x : p) q.push_back(label_bits(x, 6));
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
        if (((at ^ d) & bit) && distance_1(at ^ bit) >= 4) nx.insert(label_bits(at ^ bit, 6));
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
          path.push_back(label_bits(x, 5));
          if (distance_1(x) < l) illegal.push_back(label_bits(x, 5));
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

const claim_logic pn_routing_examples{"pn.routing.examples", check_routing_examples,
                                      explain_routing_examples};

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

const claim_logic pn_thm8{"pn.thm8", check_thm8, explain_thm8};

}  // namespace tv::host::claims::postal
