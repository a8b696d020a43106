// The state of the exact diameter and radius search on one backend (eccentricity_search<Exec>):
// every node's lower and upper eccentricity bounds in Exec's memory, the single-source BFS
// of a round (on the CPU one thread and a queue per BFS, the round's BFS side by side; on a
// device level by level), and the passes of eccentricity_bounds.hpp that apply them, pool
// them over orbits and pick the next sources (on one CPU thread, undirected, the
// vectorized passes of eccentricity_pass_cpu.hpp, and the first two BFS's distances
// standing in for the bound arrays).  exact_diameter.inl drives it.
#pragma once
#include <thrust/copy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "kernels/distance/bfs.inl"
#include "kernels/distance/eccentricity_bounds.hpp"
#include "kernels/distance/eccentricity_pass_cpu.hpp"

namespace tv::distance::detail {

/// One BFS of a round: from `source`, along out-arcs (forward) or in-arcs.
struct bfs_task {
  uint32_t source = 0;
  bool forward = true;
};
struct bfs_done {
  bfs_task task;
  bfs_outcome out;
};

template <class Exec>
class eccentricity_search {
  template <class T>
  using vec = typename Exec::template vector<T>;

 public:
  /// The most BFS a round runs: a directed graph's both directions from one node (the
  /// CPU runs them side by side), else one.
  static constexpr int max_round = 2;
  /// From this size on a BFS is direction-optimizing, and a BFS alone uses every thread
  /// for its bottom-up levels; below, the plain queue was faster (PN_2(20), EFC_20: the
  /// bottom-up levels' pass over every node costs more than the arcs it saves).
  static constexpr uint64_t hybrid_bfs_nodes = uint64_t{1} << 17;

  eccentricity_search(const graph::csr_graph& g, const diameter_options& opt)
      : g_(g),
        n_(g.nodes),
        kinds_(g.directed ? 2 : 1),
        level_bfs_(opt.level_bfs || Exec::kind != core::backend::cpu),
        hybrid_bfs_(opt.hybrid_bfs || n_ >= hybrid_bfs_nodes),
        one_thread_(Exec::kind == core::backend::cpu && !level_bfs_ && n_ < hybrid_bfs_nodes),
        deferred_(one_thread_ && kinds_ == 1) {
    // Every per-node array in one block: the first touch of its pages is much of a small
    // graph's time (1.3 µs a 4 KiB page on the 2-core machine), and one block of 256 KiB
    // or more is one run of huge pages (core/huge_pages.hpp) where five arrays of 300 KiB
    // took five 2 MiB pages.  Only what a round uses: a distance array (and a queue on
    // the CPU) per BFS of a round; the bounds not yet while they are deferred.
    const int queues = level_bfs_ ? 0 : kinds_;
    const int bound_arrays = deferred_ ? 0 : 2 * kinds_ + 1;
    // A queue has a slot past its n nodes (bfs_into_queue writes every arc's node there).
    block_ = vec<uint32_t>(n_ * static_cast<uint64_t>(bound_arrays + kinds_) + (n_ + 1) * queues, 0);
    uint32_t* next = Exec::ptr(block_);
    const auto take = [&](uint32_t value, uint64_t count = 0) {
      uint32_t* p = next;
      next += count ? count : n_;
      if (value != 0) fill(p, value);
      return p;
    };
    if (!deferred_) {
      for (int k = 0; k < kinds_; ++k) {
        lo_[k] = take(0);
        up_[k] = take(no_bound);
      }
      dsum_ = take(0);
    }
    // Not filled: every BFS sets its whole distance array first.
    for (int i = 0; i < kinds_; ++i) dist_[i] = take(0);
    for (int i = 0; i < queues; ++i) queue_[i] = take(0, n_ + 1);
    if (level_bfs_) {
      // Pull lists: a forward BFS pulls along in-arcs, a backward one along out-arcs.
      out_off_ = Exec::from_host(g.offsets);
      out_adj_ = Exec::from_host(g.targets);
      if (g.directed) {
        in_off_ = Exec::from_host(g.in_offsets);
        in_adj_ = Exec::from_host(g.in_sources);
      }
    }
  }
  // The arrays point into block_.
  eccentricity_search(const eccentricity_search&) = delete;
  eccentricity_search& operator=(const eccentricity_search&) = delete;

  int kinds() const { return kinds_; }

  /// Runs a round's BFS; task i's distances stay in dist_[i] for apply_and_scan().
  std::vector<bfs_done> run(const std::vector<bfs_task>& tasks) {
    if (tasks.size() > static_cast<size_t>(kinds_))
      throw std::logic_error("eccentricity search: too many BFS in one round");
    std::vector<bfs_done> done(tasks.size());
    for (size_t i = 0; i < tasks.size(); ++i) done[i].task = tasks[i];
    if (deferred_) {
      // The distances held stay; a third BFS needs the bound arrays.
      if (held_ == 2) {
        store_bounds();
      } else if (held_ == 1) {
        if (second_dist_.empty()) second_dist_ = vec<uint32_t>(n_);
        dist_[0] = Exec::ptr(second_dist_);
      }
    }
    if (level_bfs_) {
      for (size_t i = 0; i < tasks.size(); ++i) {
        const bool in_pull = tasks[i].forward && g_.directed;
        done[i].out = bfs_into_levels<Exec>(
            Exec::ptr(in_pull ? in_off_ : out_off_), Exec::ptr(in_pull ? in_adj_ : out_adj_), n_,
            tasks[i].source, dist_[i]);
      }
      return done;
    }
    if constexpr (Exec::kind == core::backend::cpu) {
      // Two BFS side by side, one thread each; a large BFS alone has every thread for
      // its bottom-up levels.
      const int count = static_cast<int>(tasks.size());
#pragma omp parallel for num_threads(count) schedule(static, 1) if (count > 1 && !one_thread_)
      for (int i = 0; i < count; ++i) {
        const bool along_in = !tasks[i].forward && g_.directed;
        const auto& td_off = along_in ? g_.in_offsets : g_.offsets;
        const auto& td_adj = along_in ? g_.in_sources : g_.targets;
        const auto& bu_off = g_.directed && !along_in ? g_.in_offsets : g_.offsets;
        const auto& bu_adj = g_.directed && !along_in ? g_.in_sources : g_.targets;
        done[i].out = !hybrid_bfs_
                          ? bfs_into_queue(td_off.data(), td_adj.data(), n_, tasks[i].source,
                                           dist_[i], queue_[i])
                          : bfs_into_hybrid(td_off.data(), td_adj.data(), bu_off.data(), bu_adj.data(),
                                            n_, tasks[i].source, dist_[i], queue_[i],
                                            count == 1);
      }
    }
    return done;
  }

  /// Tightens every node's bounds with the round's BFS (done[i]'s distances in dist_[i]),
  /// then counts the candidates left and picks the next sources, given the best exact
  /// eccentricities so far.  A directed round holds both BFS from its source, so each
  /// knows the other's eccentricity exactly.
  bound_scan apply_and_scan(const std::vector<bfs_done>& done, uint32_t diameter_lower,
                            uint32_t radius_upper) {
    if (deferred_ && done.size() == 1 && held_ < 2) {
      // Held, not applied: the scan computes every node's bounds from the distances.
      held_dist_[held_] = dist_[0];
      held_ecc_[held_] = done[0].out.ecc;
      ++held_;
      return scan_held(diameter_lower, radius_upper);
    }
    store_bounds();
    if (one_thread_ && kinds_ == 1) {
      for (size_t i = 0; i < done.size(); ++i)
        apply_bfs_to_arrays(n_, dist_[i], done[i].out.ecc, lo_[0], up_[0], dsum_);
      if (rep_size_) pool();
      return scan(diameter_lower, radius_upper);
    }
    std::vector<bfs_bounds_fn> steps;
    for (size_t i = 0; i < done.size(); ++i) {
      const bfs_task& t = done[i].task;
      uint32_t opp_upper = done[i].out.ecc;  // undirected: the same eccentricity
      if (g_.directed) {
        opp_upper = no_bound;
        for (const bfs_done& o : done)
          if (o.task.source == t.source && o.task.forward != t.forward) opp_upper = o.out.ecc;
      }
      const int same = t.forward ? 0 : 1 % kinds_, opp = t.forward ? 1 % kinds_ : 0;
      steps.push_back(bfs_bounds_fn{dist_[i], t.source, done[i].out.ecc, opp_upper, lo_[same],
                                    up_[same], lo_[opp], up_[opp], dsum_});
    }
    const bound_scan_fn f = scan_fn(diameter_lower, radius_upper);
    if (one_thread_ && !rep_size_) {
      // One pass: each node's bounds are read back while still in cache.
      bound_scan s;
      for (uint64_t v = 0; v < n_; ++v) {
        for (const bfs_bounds_fn& step : steps) step(v);
        f.add(s, v);
      }
      return s;
    }
    for (const bfs_bounds_fn& step : steps) each(n_, step);
    if (rep_size_) pool();
    return scan(diameter_lower, radius_upper);
  }

  /// From now on the search runs over orbit representatives (rep[v] = v's); the bounds
  /// found so far are pooled at once.
  void use_orbits(const std::vector<uint32_t>& rep) {
    store_bounds();
    rep_ = Exec::from_host(rep);
    rep_size_ = rep.size();
    // Members by orbit (a counting sort on the representatives, which come first as
    // the smallest node of their orbit).
    std::vector<uint64_t> begin(n_ + 1, 0);
    for (uint64_t v = 0; v < n_; ++v) ++begin[rep[v] + 1];
    std::vector<uint64_t> orbit_begin{0};
    for (uint64_t v = 0; v < n_; ++v)
      if (rep[v] == v) orbit_begin.push_back(orbit_begin.back() + begin[v + 1]);
    std::vector<uint64_t> slot(n_, 0);
    for (uint64_t v = 0, o = 0; v < n_; ++v)
      if (rep[v] == v) slot[v] = orbit_begin[o++];
    std::vector<uint32_t> members(n_);
    for (uint64_t v = 0; v < n_; ++v) members[slot[rep[v]]++] = static_cast<uint32_t>(v);
    orbits_ = orbit_begin.size() - 1;
    orbit_begin_ = Exec::from_host(orbit_begin);
    orbit_members_ = Exec::from_host(members);
    pool();
  }

  /// Candidates left and the next sources, given the best exact eccentricities so far.
  bound_scan scan(uint32_t diameter_lower, uint32_t radius_upper) {
    if (deferred_) return scan_held(diameter_lower, radius_upper);
    if (one_thread_ && kinds_ == 1)
      return scan_arrays(diameter_lower, radius_upper);
    const bound_scan_fn f = scan_fn(diameter_lower, radius_upper);
    if (one_thread_) {
      bound_scan s;
      for (uint64_t v = 0; v < n_; ++v) f.add(s, v);
      return s;
    }
    return thrust::transform_reduce(Exec::par(), thrust::counting_iterator<uint64_t>(0),
                                    thrust::counting_iterator<uint64_t>(n_), f, bound_scan{},
                                    bound_scan_join{});
  }

  /// The out-eccentricity bounds (the undirected graph's only ones), on the host.
  std::vector<uint32_t> lower_out() {
    store_bounds();
    return to_host(lo_[0]);
  }
  std::vector<uint32_t> upper_out() {
    store_bounds();
    return to_host(up_[0]);
  }
  /// The in-eccentricity upper bounds (a directed graph's).
  std::vector<uint32_t> upper_in() {
    store_bounds();
    return to_host(up_[kinds_ - 1]);
  }

 private:
  /// The one-thread passes (eccentricity_pass_cpu.hpp): over the bounds the held
  /// distances give, or over the bound arrays.
  bound_scan scan_held(uint32_t diameter_lower, uint32_t radius_upper) const {
    const uint32_t* const d[2] = {held_dist_[0], held_dist_[1]};
    if (held_ == 1)
      return scan_bounds<false>(n_, nullptr, bounds_from_distances<1>{{d[0], d[1]}, {held_ecc_[0], 0}},
                                diameter_lower, radius_upper);
    return scan_bounds<false>(n_, nullptr,
                              bounds_from_distances<2>{{d[0], d[1]}, {held_ecc_[0], held_ecc_[1]}},
                              diameter_lower, radius_upper);
  }
  bound_scan scan_arrays(uint32_t diameter_lower, uint32_t radius_upper) const {
    const bounds_in_arrays at{lo_[0], up_[0], dsum_};
    if (rep_size_) return scan_bounds<true>(n_, Exec::ptr(rep_), at, diameter_lower, radius_upper);
    return scan_bounds<false>(n_, nullptr, at, diameter_lower, radius_upper);
  }
  /// The bound arrays from now on, with the held BFS applied in their order.
  void store_bounds() {
    if (!deferred_) return;
    deferred_ = false;
    bounds_ = vec<uint32_t>(3 * n_, 0);
    lo_[0] = Exec::ptr(bounds_);
    up_[0] = lo_[0] + n_;
    dsum_ = up_[0] + n_;
    std::fill(up_[0], up_[0] + n_, no_bound);
    for (int i = 0; i < held_; ++i) apply_bfs_to_arrays(n_, held_dist_[i], held_ecc_[i], lo_[0], up_[0], dsum_);
    held_ = 0;
  }

  /// n_ entries of block_ from p set to value.
  void fill(uint32_t* p, uint32_t value) {
    if constexpr (Exec::kind == core::backend::cpu) {
      std::fill(p, p + n_, value);
    } else {
      core::for_each_index(Exec{}, n_, fill_u32_fn{p, value});
    }
  }
  /// n_ entries of block_ from p, on the host.
  std::vector<uint32_t> to_host(const uint32_t* p) const {
    if constexpr (Exec::kind == core::backend::cpu) {
      return std::vector<uint32_t>(p, p + n_);
    } else {
      // Only this array's slice crosses to the host, not the whole block.
      std::vector<uint32_t> out(n_);
      const auto at = block_.begin() + (p - Exec::ptr(block_));
      thrust::copy(at, at + static_cast<std::ptrdiff_t>(n_), out.begin());
      return out;
    }
  }

  bound_scan_fn scan_fn(uint32_t diameter_lower, uint32_t radius_upper) const {
    return bound_scan_fn{rep_size_ ? Exec::ptr(rep_) : nullptr,
                         {lo_[0], lo_[kinds_ - 1]}, {up_[0], up_[kinds_ - 1]},
                         dsum_, kinds_, diameter_lower, radius_upper};
  }

  /// f(i) for i in [0, n): on Exec, or a plain loop on the calling thread.
  template <class F>
  void each(uint64_t n, const F& f) {
    if (one_thread_) {
      for (uint64_t i = 0; i < n; ++i) f(i);
    } else {
      core::for_each_index(Exec{}, n, f);
    }
  }

  void pool() {
    each(orbits_,
                         pool_orbit_bounds_fn{Exec::ptr(orbit_begin_), Exec::ptr(orbit_members_),
                                              {lo_[0], lo_[kinds_ - 1]},
                                              {up_[0], up_[kinds_ - 1]},
                                              kinds_});
  }

  const graph::csr_graph& g_;
  uint64_t n_;
  int kinds_;  // 1: one eccentricity; 2: out (0) and in (1)
  bool level_bfs_, hybrid_bfs_;
  // Small graphs on the CPU: every step on the calling thread, since waking a second
  // thread for a pass costs more than the pass.
  bool one_thread_;
  // One thread, undirected: the first two BFS's distances stand for the bound arrays
  // (bounds_from_distances) until a third BFS, orbits or the batches need them, so a
  // search done after two BFS never touches the arrays' pages.
  bool deferred_;
  int held_ = 0;
  const uint32_t* held_dist_[2] = {};
  uint32_t held_ecc_[2] = {};
  vec<uint32_t> second_dist_, bounds_;  // the second BFS's distances; the bound arrays
  vec<uint32_t> block_, rep_;
  uint32_t *lo_[2] = {}, *up_[2] = {}, *dsum_ = nullptr;
  uint64_t rep_size_ = 0, orbits_ = 0;
  vec<uint64_t> orbit_begin_;
  vec<uint32_t> orbit_members_;
  uint32_t* dist_[max_round] = {};
  uint32_t* queue_[max_round] = {};  // the CPU's BFS only
  vec<uint64_t> out_off_, in_off_;
  vec<uint32_t> out_adj_, in_adj_;
};

}  // namespace tv::distance::detail
