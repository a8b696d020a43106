// Vertex and edge connectivity by maximum flow over a proved set of pairs (see
// connectivity.hpp).  Host code, one thread: the flows are short (a few BFS each), and
// automorphisms leave vertex-transitive graphs few pairs.
#include "kernels/graph/connectivity.hpp"

#include <algorithm>
#include <numeric>

#include "kernels/graph/label_automorphisms.hpp"
#include "kernels/graph/max_flow.hpp"
#include "kernels/graph/symmetry.hpp"

namespace tv::graph {

namespace {

bool has_arc(const csr_graph& g, uint32_t u, uint32_t v) {
  return std::binary_search(g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[u]),
                            g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[u + 1]), v);
}

uint64_t degree_without_loops(const csr_graph& g, uint64_t u) {
  uint64_t d = 0;
  for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) d += g.targets[e] != u;
  return d;
}

/// The partners w of r whose pairs (r, w) stand for all: with automorphisms, one w per
/// orbit under the maps fixing r (such a map h keeps r, so it carries a path system or a
/// cut between r and w onto one between r and h(w): the pairs' flows are equal); else
/// every w.  Never r itself.
std::vector<uint32_t> partners_of(const csr_graph& g, const proved_automorphisms& a, uint32_t r) {
  std::vector<uint32_t> out;
  const std::vector<uint32_t> rep = a.maps.empty() ? std::vector<uint32_t>{} : orbits_fixing(g, a, r);
  for (uint32_t w = 0; w < g.nodes; ++w)
    if (w != r && (rep.empty() || rep[w] == w)) out.push_back(w);
  return out;
}

/// The first node of least out-degree (loops aside).
uint32_t least_degree_node(const csr_graph& g) {
  uint32_t v = 0;
  for (uint32_t u = 1; u < g.nodes; ++u)
    if (degree_without_loops(g, u) < degree_without_loops(g, v)) v = u;
  return v;
}

/// Runs one flow below the best value so far and keeps its cut when it is smaller.
struct pair_search {
  const csr_graph& g;
  unit_flow_network net;
  const core::run_control& control;
  separating_set best;

  /// A graph that is not complete: a node v of least out-degree has some w it has no arc
  /// to, and its out-neighbors separate v from w, so the value is at most v's degree.
  void start_from_least_degree() {
    const uint32_t v = least_degree_node(g);
    best.value = static_cast<uint32_t>(degree_without_loops(g, v));
    best.source = v;
    best.from_pair = true;
    best.nodes.clear();
    for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
      if (g.targets[e] != v) best.nodes.push_back(g.targets[e]);
    for (uint32_t w = 0; w < g.nodes; ++w)
      if (w != v && !has_arc(g, v, w)) {
        best.target = w;
        break;
      }
  }

  void try_pair(uint32_t s, uint32_t t, bool vertices) {
    if (control.stop_requested()) throw core::interrupted("stopped during connectivity");
    ++best.flows;
    const uint32_t flow = net.max_flow(s, t, best.value);
    if (flow >= best.value) return;
    best.value = flow;
    best.source = s;
    best.target = t;
    best.from_pair = true;
    if (vertices) best.nodes = net.cut_nodes();
    else best.arcs = net.cut_arcs();
  }
};

/// The orbits' representatives, largest orbit first: they cover k + 1 nodes soonest.
std::vector<uint32_t> reps_by_size(const label_orbits& orbits) {
  std::vector<uint32_t> reps;
  for (uint32_t v = 0; v < orbits.rep.size(); ++v)
    if (orbits.rep[v] == v) reps.push_back(v);
  std::stable_sort(reps.begin(), reps.end(), [&](uint32_t x, uint32_t y) {
    return orbits.orbit_size[x] > orbits.orbit_size[y];
  });
  return reps;
}

// Edge connectivity.  A node v of least degree and its arcs are a cut (they cut v off),
// so the value is at most that degree.  Why pairs (v0, w) over every w suffice: a
// minimum cut splits the nodes into two sides, v0 on one; some w lies on the other, and
// the flow between v0 and w is at most the cut (directed: the cut's arcs run from v0's
// side to w's, or from w's to v0's, so both directions are tried).
separating_set edge_connectivity(const csr_graph& g, const proved_automorphisms& a,
                                 const core::run_control& control) {
  pair_search search{g, unit_flow_network::for_edges(g), control, {}};
  separating_set& best = search.best;
  uint64_t least = ~uint64_t{0};
  for (uint32_t v = 0; v < g.nodes; ++v) {
    const uint64_t out = degree_without_loops(g, v);
    uint64_t in = out;
    if (g.directed) {
      in = 0;
      for (uint64_t e = g.in_offsets[v]; e < g.in_offsets[v + 1]; ++e) in += g.in_sources[e] != v;
    }
    if (std::min(out, in) >= least) continue;
    least = std::min(out, in);
    best.value = static_cast<uint32_t>(least);
    best.arcs.clear();
    if (out == least)
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        if (g.targets[e] != v) best.arcs.emplace_back(v, g.targets[e]);
      }
    else
      for (uint64_t e = g.in_offsets[v]; e < g.in_offsets[v + 1]; ++e)
        if (g.in_sources[e] != v) best.arcs.emplace_back(g.in_sources[e], v);
  }
  const uint32_t v0 = 0;
  const std::vector<uint32_t> partners = partners_of(g, a, v0);
  for (size_t i = 0; i < partners.size() && best.value > 0; ++i) {
    search.try_pair(v0, partners[i], false);
    if (g.directed) search.try_pair(partners[i], v0, false);
    control.report(i + 1, partners.size());
  }
  return best;
}

// Vertex connectivity, Even's algorithm over orbits (directed graphs, and undirected ones
// with an orbit larger than the least degree).  A complete graph has n - 1 by
// convention (no pair can be separated).  Otherwise the value k is at most n - 2, and a
// minimum cut C (|C| = k) separates some x from some y.  Even: among any k + 1 nodes one,
// r, lies outside C; then r cannot reach y or x cannot reach r in G - C, and the flow of
// that pair, which has no arc in its direction, is at most k.  Over orbits: C cannot hold
// a whole set of more than k nodes, so once the orbits of the representatives tried hold
// more than k nodes, C misses some u in the orbit of a representative r; an automorphism
// g with g(r) = u carries the cut g^-1(C), which misses r, to C, so the pairs (r, w) and
// (w, r) over all w suffice, and over w one per orbit of the maps fixing r (partners_of).
separating_set vertex_connectivity(const csr_graph& g, const proved_automorphisms& a,
                                   const label_orbits& orbits, const core::run_control& control) {
  pair_search search{g, unit_flow_network::for_vertices(g), control, {}};
  separating_set& best = search.best;
  search.start_from_least_degree();
  const std::vector<uint32_t> reps = reps_by_size(orbits);
  uint64_t covered = 0;
  for (size_t i = 0; i < reps.size() && covered <= best.value; ++i) {
    const uint32_t r = reps[i];
    covered += orbits.orbit_size[r];
    for (uint32_t w : partners_of(g, a, r)) {
      if (!has_arc(g, r, w)) search.try_pair(r, w, true);
      if (g.directed && !has_arc(g, w, r)) search.try_pair(w, r, true);
    }
    control.report(i + 1, reps.size());
  }
  return best;
}

/// v's neighbors x whose pairs (x, y) stand for all: one per orbit of the maps fixing v.
std::vector<uint32_t> neighbor_reps(const csr_graph& g, const proved_automorphisms& a, uint32_t v) {
  const std::vector<uint32_t> fixing = a.maps.empty() ? std::vector<uint32_t>{} : orbits_fixing(g, a, v);
  std::vector<uint32_t> out;
  for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
    const uint32_t x = g.targets[e];
    if (x != v && (fixing.empty() || fixing[x] == x)) out.push_back(x);
  }
  return out;
}

// Vertex connectivity of an undirected graph, Esfahanian and Hakimi: any node v will do.
// A minimum cut C either misses v, and then some w in another component of G - C is no
// neighbor of v and the flow (v, w) is at most |C|; or holds v, and then v has neighbors
// x, y in two components of G - C (were one component free of v's neighbors, C - {v} would
// still cut it off, a smaller cut), not adjacent, and the flow (x, y) is at most |C|.
// Over orbits: w one per orbit of the maps fixing v (partners_of); such a map keeps N(v),
// so x one per such orbit within N(v), y over N(v).  About N + deg(v)^2 flows, against
// Even's (k + 1) N where no orbit holds more than k nodes.
separating_set vertex_connectivity_by_neighbors(const csr_graph& g, const proved_automorphisms& a,
                                                const core::run_control& control) {
  pair_search search{g, unit_flow_network::for_vertices(g), control, {}};
  separating_set& best = search.best;
  search.start_from_least_degree();
  const uint32_t v = least_degree_node(g);  // the fewest neighbor pairs
  for (uint32_t w : partners_of(g, a, v))
    if (!has_arc(g, v, w)) search.try_pair(v, w, true);
  const std::vector<uint32_t> firsts = neighbor_reps(g, a, v);
  for (size_t i = 0; i < firsts.size(); ++i) {
    const uint32_t x = firsts[i];
    for (uint64_t f = g.offsets[v]; f < g.offsets[v + 1]; ++f) {
      const uint32_t y = g.targets[f];
      if (y != v && y != x && !has_arc(g, x, y)) search.try_pair(x, y, true);
    }
    control.report(i + 1, firsts.size());
  }
  return best;
}

/// Which vertex pair set a run uses.  Even's algorithm needs a single representative when
/// an orbit holds more nodes than the least degree (which bounds the connectivity): then
/// it is the cheaper of the two; on digraphs it is the one proved here.
bool use_even(const csr_graph& g, const label_orbits& orbits) {
  const uint64_t largest = *std::max_element(orbits.orbit_size.begin(), orbits.orbit_size.end());
  return g.directed || largest > degree_without_loops(g, least_degree_node(g));
}

/// At most the flows a run makes (the same pair sets, counted before any flow; Even's
/// representatives up to the least degree, which bounds the value they are tried against).
uint64_t flows_planned(const csr_graph& g, const proved_automorphisms& a, const label_orbits& orbits,
                       bool complete) {
  const uint64_t directions = g.directed ? 2 : 1;
  uint64_t flows = partners_of(g, a, 0).size() * directions;  // edges
  if (complete) return flows;
  const uint32_t v = least_degree_node(g);
  const uint64_t degree = degree_without_loops(g, v);
  if (!use_even(g, orbits)) return flows + partners_of(g, a, v).size() + neighbor_reps(g, a, v).size() * degree;
  uint64_t covered = 0;
  for (uint32_t r : reps_by_size(orbits)) {
    if (covered > degree) break;
    covered += orbits.orbit_size[r];
    flows += partners_of(g, a, r).size() * directions;
  }
  return flows;
}

}  // namespace

connectivity_result connectivity(const csr_graph& g, const connectivity_options& opt) {
  connectivity_result r;
  r.orbits = g.nodes;
  if (g.nodes <= 1) {
    r.complete = true;
    r.vertex_method = "complete graph";
    return r;
  }
  r.complete = true;
  for (uint64_t v = 0; v < g.nodes && r.complete; ++v)
    r.complete = degree_without_loops(g, v) == g.nodes - 1;
  proved_automorphisms a;
  label_orbits orbits;
  if (opt.symmetry) {
    a = find_label_automorphisms(g);
    orbits = find_label_orbits(g);
    r.automorphisms = a.names();
    r.orbits = orbits.orbits;
  } else {
    orbits.rep.resize(g.nodes);
    std::iota(orbits.rep.begin(), orbits.rep.end(), uint32_t{0});
    orbits.orbit_size.assign(g.nodes, 1);
    orbits.orbits = g.nodes;
  }
  r.flows_planned = flows_planned(g, a, orbits, r.complete);
  if (r.flows_planned > opt.max_flows) {
    r.skipped = true;
    return r;
  }
  r.edge = edge_connectivity(g, a, opt.control);
  if (r.complete) {
    r.vertex_method = "complete graph";
    r.vertex.value = static_cast<uint32_t>(g.nodes - 1);
    for (uint32_t v = 1; v < g.nodes; ++v) r.vertex.nodes.push_back(v);
  } else if (use_even(g, orbits)) {
    r.vertex_method = "Even over orbits";
    r.vertex = vertex_connectivity(g, a, orbits, opt.control);
  } else {
    r.vertex_method = "Esfahanian-Hakimi";
    r.vertex = vertex_connectivity_by_neighbors(g, a, opt.control);
  }
  return r;
}

}  // namespace tv::graph
