// The exact diameter and radius of a graph on one backend (run_exact_diameter<Exec>),
// without all pairs: single-source BFS from the nodes SumSweep would choose, in turn (the
// far one of largest upper bound, the central one of smallest lower bound), tighten
// every node's eccentricity bounds (eccentricity_search.inl) until no node can raise the
// diameter or lower the radius; orbits of proved label maps first on a regular graph (a
// vertex-transitive one is done after one BFS); when a round removes few candidates for
// its BFS, 64-source MS-BFS batches (msbfs_engine) give the rest their exact
// eccentricities.  Directed graphs: forward and backward bounds, both BFS from each source.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_run.inl"
#include "kernels/distance/eccentricity_search.inl"
#include "kernels/distance/msbfs_engine.inl"
#include "kernels/graph/symmetry.hpp"

namespace tv::distance::detail {

/// Every node of the same degree (and in-degree): a vertex-transitive graph is regular.
inline bool regular_graph(const graph::csr_graph& g) {
  for (uint64_t v = 1; v < g.nodes; ++v)
    if (g.degree(v) != g.degree(0)) return false;
  if (g.directed)
    for (uint64_t v = 1; v < g.nodes; ++v)
      if (g.in_offsets[v + 1] - g.in_offsets[v] != g.in_offsets[1] - g.in_offsets[0]) return false;
  return true;
}

/// The search's running answer: the best exact eccentricities so far and their witnesses.
struct eccentricity_answer {
  uint32_t diameter_lower = 0;  // largest exact eccentricity found
  uint32_t radius_upper = no_bound;  // smallest exact out-eccentricity found
  bool have_witness = false, witness_pending = false;  // pending: target not known yet
  uint32_t witness_source = 0, witness_target = 0, center = 0;

  /// A BFS from x: its eccentricity is exact, and its farthest node is a witness.
  void take(const bfs_done& d, bool directed) {
    const uint32_t x = d.task.source, far = d.out.farthest, e = d.out.ecc;
    if (!have_witness || e > diameter_lower) {
      diameter_lower = e;
      have_witness = true;
      witness_pending = false;
      witness_source = d.task.forward ? x : far;
      witness_target = d.task.forward ? far : x;
    }
    if ((d.task.forward || !directed) && e < radius_upper) {
      radius_upper = e;
      center = x;
    }
  }
  /// The largest eccentricity among a batch's sources: the node that far is named after
  /// the batches (diameter_in_batches), its far end by one more BFS.
  void take_batch_max(uint32_t e) {
    if (!have_witness || e > diameter_lower) {
      diameter_lower = e;
      have_witness = witness_pending = true;
    }
  }
  /// x's exact out-eccentricity, from a batch.
  void take_center(uint32_t x, uint32_t e) {
    if (e < radius_upper) {
      radius_upper = e;
      center = x;
    }
  }
};

/// The batches' phase, when the bounds stop closing.  The diameter: its candidates run as
/// sources of the all-pairs engine, 64 W at a time (most promising first), pulling along
/// out-arcs, so each node's last level is its largest distance to a source; the largest
/// over every node is the largest (in-)eccentricity among the sources, and the node that
/// has it is far enough from everything to witness it.  Every node's last level is also a
/// lower bound on its out-eccentricity, for the radius.  Returns false when max_bfs stops it.
template <class Exec>
bool diameter_in_batches(const graph::csr_graph& g, const core::run_control& control, level_mode mode,
                         int word_cap, const diameter_options& opt, const std::vector<uint32_t>* rep,
                         const std::vector<uint32_t>& up, std::vector<uint32_t>& lo_out,
                         eccentricity_answer& a, diameter_result& r) {
  std::vector<uint32_t> far;
  for (uint64_t v = 0; v < g.nodes; ++v)
    if ((!rep || (*rep)[v] == v) && up[v] > a.diameter_lower) far.push_back(static_cast<uint32_t>(v));
  std::stable_sort(far.begin(), far.end(), [&](uint32_t x, uint32_t y) { return up[x] > up[y]; });
  const int W = choose_words<Exec>(g, 0, far.size(), mode, word_cap);
  msbfs_engine<Exec> eng(g, W, mode);
  const uint64_t per_batch = 64ull * static_cast<uint64_t>(W);
  std::vector<uint32_t> batch;
  for (size_t first = 0; first < far.size();) {
    if (control.stop_requested()) throw core::interrupted("exact diameter stopped");
    batch.clear();
    // Candidates whose upper bound the diameter found so far reaches are settled.
    for (; first < far.size() && batch.size() < per_batch; ++first)
      if (up[far[first]] > a.diameter_lower) batch.push_back(far[first]);
    if (batch.empty()) break;
    if (opt.max_bfs && r.bfs_runs + batch.size() > opt.max_bfs) return false;
    std::vector<uint64_t> counts;
    if (!eng.run_batch(batch, counts, nullptr, nullptr, &control)) throw core::interrupted("exact diameter stopped");
    r.bfs_runs += batch.size();
    r.batched_bfs += batch.size();
    a.take_batch_max(static_cast<uint32_t>(counts.size() - 1));
    control.report(first, far.size());
  }
  const std::vector<uint32_t> last = eng.lastlevel();
  uint32_t far_node = 0;
  for (uint64_t v = 0; v < g.nodes; ++v) {
    if (last[v] > last[far_node]) far_node = static_cast<uint32_t>(v);
    const uint32_t r_v = rep ? (*rep)[v] : static_cast<uint32_t>(v);
    lo_out[r_v] = std::max(lo_out[r_v], last[v]);
  }
  if (a.witness_pending) a.witness_source = far_node;
  return true;
}

/// The radius's candidates left (out-eccentricity's lower bound below the best exact one)
/// get exact out-eccentricities 64 at a time (a batch's per-source growth masks), the
/// lowest bounds first.  Returns false when max_bfs stops it.
template <class Exec>
bool radius_in_batches(const graph::csr_graph& g, const core::run_control& control, level_mode mode,
                       const diameter_options& opt, const std::vector<uint32_t>* rep,
                       std::vector<uint32_t>& lo, eccentricity_answer& a, diameter_result& r) {
  std::vector<uint32_t> central;
  for (uint64_t v = 0; v < g.nodes; ++v)
    if ((!rep || (*rep)[v] == v) && lo[v] < a.radius_upper) central.push_back(static_cast<uint32_t>(v));
  if (central.empty()) return true;
  std::stable_sort(central.begin(), central.end(), [&](uint32_t x, uint32_t y) { return lo[x] < lo[y]; });
  // The engine pulls along its graph's out-arcs, so a source's growth is its
  // in-eccentricity; on the transposed graph, its out-eccentricity.
  graph::csr_graph transposed;
  if (g.directed) {
    transposed.nodes = g.nodes;
    transposed.offsets = g.in_offsets;
    transposed.targets = g.in_sources;
  }
  msbfs_engine<Exec> eng(g.directed ? transposed : g, 1, mode);
  std::vector<uint32_t> batch;
  for (size_t first = 0; first < central.size();) {
    if (control.stop_requested()) throw core::interrupted("exact diameter stopped");
    batch.clear();
    for (; first < central.size() && batch.size() < 64; ++first)
      if (lo[central[first]] < a.radius_upper) batch.push_back(central[first]);
    if (batch.empty()) break;
    if (opt.max_bfs && r.bfs_runs + batch.size() > opt.max_bfs) return false;
    std::vector<uint64_t> counts, grew;
    if (!eng.run_batch(batch, counts, &grew, nullptr, &control)) throw core::interrupted("exact diameter stopped");
    r.bfs_runs += batch.size();
    r.batched_bfs += batch.size();
    for (size_t k = 0; k < batch.size(); ++k) {
      uint32_t ecc = 0;
      for (uint32_t level = 0; level < grew.size(); ++level)
        if ((grew[level] >> k) & 1u) ecc = level;
      lo[batch[k]] = ecc;
      a.take_center(batch[k], ecc);
    }
    control.report(first, central.size());
  }
  return true;
}

template <class Exec>
diameter_result run_exact_diameter(const graph::csr_graph& g, const core::run_control& control,
                                   level_mode mode, int word_cap, const diameter_options& opt) {
  diameter_result r;
  const uint64_t n = g.nodes;
  r.orbits = n;
  r.method = "bounds";
  if (n == 0) return r;
  eccentricity_search<Exec> s(g, opt);
  graph::label_orbits orb;
  bool tried_orbits = false, have_orbits = false;
  auto try_orbits = [&] {
    tried_orbits = true;
    if (!opt.symmetry) return;
    orb = graph::find_label_orbits_xor_first(g);
    if (orb.orbits == n) return;
    have_orbits = true;
    r.orbits = orb.orbits;
    r.automorphisms = orb.automorphisms;
    s.use_orbits(orb.rep);
  };
  if (opt.symmetry && regular_graph(g)) try_orbits();

  // The first source: a node of largest (out-)degree, as NetworKit and iFUB start.
  uint32_t x = 0;
  for (uint64_t v = 1; v < n; ++v)
    if (g.degree(v) > g.degree(x)) x = static_cast<uint32_t>(v);
  if (have_orbits) x = orb.rep[x];
  std::vector<bfs_task> tasks{{x, true}};
  if (g.directed) tasks.push_back({x, false});

  eccentricity_answer a;
  bound_scan scan;
  scan.max_up[0] = scan.max_up[1] = no_bound;  // nothing known before the first BFS
  scan.min_lo = 0;
  bool diameter_done = false, radius_done = false, stopped = false;
  uint64_t left_before = 0, left_two_ago = 0;
  for (uint64_t round = 0;; ++round) {
    if (control.stop_requested()) throw core::interrupted("exact diameter stopped");
    if (opt.max_bfs && r.bfs_runs + tasks.size() > opt.max_bfs) {
      stopped = true;
      break;
    }
    const std::vector<bfs_done> done = s.run(tasks);
    r.bfs_runs += done.size();
    r.single_bfs += done.size();
    if (round == 0) {
      for (const bfs_done& d : done) r.connected = r.connected && d.out.reached == n;
      if (g.directed && !r.connected) {
        // Bounds through a source hold only where every node reaches it and back.
        r.exact = false;
        r.method = "not strongly connected: all pairs needed";
        for (const bfs_done& d : done) a.take(d, true);
        r.diameter = r.lower_bound = a.diameter_lower;
        return r;
      }
    }
    for (const bfs_done& d : done) a.take(d, g.directed);
    scan = s.apply_and_scan(done, a.diameter_lower, a.radius_upper);
    const uint64_t far_left = std::min(scan.diameter_candidates[0],
                                       scan.diameter_candidates[s.kinds() - 1]);
    diameter_done = far_left == 0;
    radius_done = scan.radius_candidates == 0;
    if (diameter_done && radius_done) break;
    const uint64_t left = (diameter_done ? 0 : far_left) + (radius_done ? 0 : scan.radius_candidates);
    control.report(n - std::min<uint64_t>(n, left), n);
    // Bounds that stopped closing over the last two rounds (a far and a central node):
    // the rest in batches (orbits tried first).
    const uint64_t gain = left_two_ago > left ? left_two_ago - left : 0;
    left_two_ago = left_before;
    left_before = left;
    // With many left, wide batches (64 W sources) settle more per BFS's cost.
    const uint64_t wanted = std::max<uint64_t>(opt.min_gain_per_bfs, left / 256);
    const bool closing_slowly = round >= 2 && left >= 32 && gain < wanted * 2 * done.size();
    if (closing_slowly || (round >= 1 && opt.min_gain_per_bfs == 0)) break;
    // The next round: both BFS from one node when directed.
    const int kind = s.kinds() == 2 && round % 3 == 2 ? 1 : 0;
    node_pick far = scan.far[kind].node != no_bound ? scan.far[kind] : scan.far[0];
    if (diameter_done) far = node_pick{};
    // One node a round, far and central in turn (a directed graph: far-in as well), so
    // that the search can end after any BFS (PN_2(n): the first node is central, the far
    // one then settles both bounds: 2 BFS).  A large BFS alone has every thread.
    const bool central_turn = g.directed ? round % 3 == 1 : round % 2 == 1;
    std::vector<uint32_t> next{central_turn && scan.central.node != no_bound ? scan.central.node : far.node};
    if (next.back() == no_bound) next.back() = scan.central.node;
    tasks.clear();
    for (uint32_t v : next) {
      if (v == no_bound) continue;
      tasks.push_back({v, true});
      if (g.directed) tasks.push_back({v, false});
    }
    if (tasks.empty()) break;
  }

  if (!stopped && !(diameter_done && radius_done)) {
    if (!tried_orbits && opt.symmetry) {
      try_orbits();
      if (have_orbits) scan = s.scan(a.diameter_lower, a.radius_upper);
    }
    r.method = "bounds + MS-BFS";
    const std::vector<uint32_t>* reps = have_orbits ? &orb.rep : nullptr;
    std::vector<uint32_t> lo_out = s.lower_out();
    // A directed graph's batches run its in-eccentricity candidates (the engine pulls
    // along out-arcs); their last levels bound out-eccentricities, for the radius.
    if (!diameter_done)
      stopped = !diameter_in_batches<Exec>(g, control, mode, word_cap, opt, reps,
                                           g.directed ? s.upper_in() : s.upper_out(), lo_out, a, r);
    if (!stopped) stopped = !radius_in_batches<Exec>(g, control, mode, opt, reps, lo_out, a, r);
    if (!stopped) diameter_done = radius_done = true;
  }
  if (a.witness_pending && !stopped) {
    // A batch found the diameter: one BFS from the node that far names the far end.
    const std::vector<bfs_done> done = s.run({{a.witness_source, true}});
    ++r.bfs_runs;
    ++r.single_bfs;
    a.witness_target = done[0].out.farthest;
    a.witness_pending = false;
  }
  if (have_orbits) r.method += orb.orbits == 1 ? " (one orbit)" : " (orbits)";
  r.diameter = a.diameter_lower;
  r.radius = a.radius_upper == no_bound ? 0 : a.radius_upper;
  r.witness_source = a.witness_source;
  r.witness_target = a.witness_target;
  r.center = a.center;
  r.lower_bound = r.diameter;
  r.radius_upper_bound = r.radius;
  if (stopped) {
    r.exact = false;
    r.upper_bound = std::max(r.diameter, std::min(scan.max_up[0], scan.max_up[s.kinds() - 1]));
    r.radius_lower_bound = std::min(r.radius, scan.min_lo);
  } else {
    r.upper_bound = r.diameter;
    r.radius_lower_bound = r.radius;
  }
  return r;
}

}  // namespace tv::distance::detail
