// Single-source implementation of the multicast heuristics: one functor call per
// instance draws its source and destinations from hash4 and runs the heuristic with
// fixed-size local arrays (at most 64 destinations, so a destination set is one word and
// pending packets, whose sets are disjoint, never exceed 64).  Included by
// multicast_cpu.cpp and multicast_cuda.cu.
#pragma once
#include <algorithm>

#include "kernels/core/dispatch.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/sim_common.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::sim::detail {

constexpr int max_destinations = 64;

struct draw_fn {
  uint64_t nodes;
  uint32_t count;
  uint64_t seed;
  uint64_t* sources;
  uint64_t* dests;  // [instances * count]
  TV_HD void operator()(uint64_t inst) const {
    const uint64_t s = hash4(seed, inst, 0xD1, 0) % nodes;
    sources[inst] = s;
    uint64_t* d = dests + inst * count;
    uint64_t attempt = 0;
    for (uint32_t j = 0; j < count;) {
      const uint64_t x = hash4(seed, inst, 0xD2, attempt++) % nodes;
      bool taken = x == s;
      for (uint32_t i = 0; i < j && !taken; ++i) taken = d[i] == x;
      if (!taken) d[j++] = x;
    }
  }
};

struct outcome {
  uint32_t time, traffic, time_bound, delivered;
};

struct tree_multicast_fn {
  families::enhanced_fibonacci_cube fam;
  uint32_t count;
  const uint64_t* sources;
  const uint64_t* dests;
  const uint32_t* parent;
  const uint32_t* pre;
  const uint32_t* sub;
  const uint32_t* depth;
  uint32_t root;
  uint32_t* out;  // [instances * 4]: time, traffic, time bound, delivered

  TV_HD bool below(uint64_t d, uint64_t a) const {  // d a proper descendant of a
    return pre[a] < pre[d] && pre[d] < pre[a] + sub[a];
  }

  TV_HD void operator()(uint64_t inst) const {
    const uint64_t* d = dests + inst * count;
    const uint64_t src = sources[inst];
    uint64_t stack_node[max_destinations + 1];
    uint64_t stack_mask[max_destinations + 1];
    uint32_t stack_time[max_destinations + 1];
    int top = 0;
    const uint64_t all = count == 64 ? ~uint64_t{0} : ((uint64_t{1} << count) - 1);
    stack_node[0] = src;
    stack_mask[0] = all;
    stack_time[0] = 0;
    top = 1;
    uint64_t got = 0;
    uint32_t time = 0, traffic = 0;
    uint64_t child_id[max_destinations];
    uint64_t child_mask[max_destinations];
    while (top > 0) {
      --top;
      const uint64_t a = stack_node[top];
      const uint64_t mask = stack_mask[top];
      const uint32_t t = stack_time[top];
      int groups = 0;
      uint64_t up = 0;
      for (uint64_t left = mask; left; left &= left - 1) {
        const int i = core::ctz64(left);
        const uint64_t di = d[i];
        const uint64_t bit = uint64_t{1} << i;
        if (di == a) {  // a copy is kept here
          if (!(got & bit)) {
            got |= bit;
            if (t > time) time = t;
          }
        } else if (below(di, a)) {  // to the child whose subtree holds di
          uint64_t c = di;
          while (depth[c] > depth[a] + 1) c = parent[c];
          int g = 0;
          while (g < groups && child_id[g] != c) ++g;
          if (g == groups) {
            child_id[groups] = c;
            child_mask[groups++] = 0;
          }
          child_mask[g] |= bit;
        } else {
          up |= bit;
        }
      }
      for (int g = 0; g < groups; ++g) {
        stack_node[top] = child_id[g];
        stack_mask[top] = child_mask[g];
        stack_time[top++] = t + 1;
        ++traffic;
      }
      if (up && a != root) {
        stack_node[top] = parent[a];
        stack_mask[top] = up;
        stack_time[top++] = t + 1;
        ++traffic;
      }
    }
    uint32_t bound = 0;
    const uint64_t sl = fam.unrank(src);
    for (uint32_t i = 0; i < count; ++i) {
      const uint32_t h = static_cast<uint32_t>(core::popcount64(sl ^ fam.unrank(d[i])));
      if (h > bound) bound = h;
    }
    uint32_t* o = out + inst * 4;
    o[0] = time;
    o[1] = traffic;
    o[2] = bound;
    o[3] = static_cast<uint32_t>(core::popcount64(got));
  }
};

struct ham_multicast_fn {
  families::enhanced_fibonacci_cube fam;
  uint32_t count;
  const uint64_t* sources;
  const uint64_t* dests;
  const uint64_t* pos;  // rank -> position on the cycle
  uint64_t nodes;
  uint32_t* out;

  TV_HD uint64_t rel(uint64_t r, uint64_t ps) const { return (pos[r] + nodes - ps) % nodes; }

  TV_HD void operator()(uint64_t inst) const {
    const uint64_t* d = dests + inst * count;
    const uint64_t src = sources[inst];
    const uint64_t ps = pos[src];
    // Destinations in cycle order from the source.
    uint64_t order[max_destinations];
    for (uint32_t i = 0; i < count; ++i) order[i] = i;
    for (uint32_t a = 1; a < count; ++a) {
      const uint64_t x = order[a];
      uint32_t b = a;
      while (b > 0 && rel(d[order[b - 1]], ps) > rel(d[x], ps)) {
        order[b] = order[b - 1];
        --b;
      }
      order[b] = x;
    }
    uint64_t cur = src, cur_label = fam.unrank(src);
    uint32_t hops = 0, delivered = 0;
    const uint32_t limit = static_cast<uint32_t>(nodes);
    for (uint32_t a = 0; a < count; ++a) {
      const uint64_t target = d[order[a]];
      const uint64_t rt = rel(target, ps);
      while (cur != target && hops <= limit) {
        const uint64_t rc = rel(cur, ps);
        uint64_t best = ~uint64_t{0}, best_rel = rc, best_label = 0;
        for (int bit = 0; bit < fam.len; ++bit) {
          const uint64_t y = cur_label ^ (uint64_t{1} << bit);
          const uint64_t ry = fam.rank_or_none(y);
          if (ry == ~uint64_t{0}) continue;
          const uint64_t r = rel(ry, ps);
          if (r > best_rel && r <= rt) {
            best = ry;
            best_rel = r;
            best_label = y;
          }
        }
        if (best == ~uint64_t{0}) break;  // no neighbor moves forward: cannot happen on a cycle
        cur = best;
        cur_label = best_label;
        ++hops;
      }
      if (cur != target) break;
      ++delivered;
    }
    uint32_t bound = 0;
    const uint64_t sl = fam.unrank(src);
    for (uint32_t i = 0; i < count; ++i) {
      const uint32_t h = static_cast<uint32_t>(core::popcount64(sl ^ fam.unrank(d[i])));
      if (h > bound) bound = h;
    }
    uint32_t* o = out + inst * 4;
    o[0] = hops;
    o[1] = hops;
    o[2] = bound;
    o[3] = delivered;
  }
};

template <class Exec>
multicast_result run_multicast(const families::enhanced_fibonacci_cube& fam,
                               const multicast_options& opt, const spanning_tree* tree,
                               const std::vector<uint64_t>* positions) {
  using u64vec = typename Exec::template vector<uint64_t>;
  using u32vec = typename Exec::template vector<uint32_t>;
  const uint64_t inst = opt.instances;
  const uint32_t count = opt.destinations;
  u64vec sources(inst), dests(inst * count);
  u32vec out(inst * 4, 0);
  core::for_each_index(Exec{}, inst,
                       draw_fn{fam.size(), count, opt.seed, Exec::ptr(sources), Exec::ptr(dests)});
  if (opt.scheme == multicast_scheme::eft_tree) {
    const u32vec parent = Exec::from_host(tree->parent), pre = Exec::from_host(tree->preorder),
                 sub = Exec::from_host(tree->subtree), depth = Exec::from_host(tree->depth);
    core::for_each_index(Exec{}, inst,
                         tree_multicast_fn{fam, count, Exec::ptr(sources), Exec::ptr(dests),
                                           Exec::ptr(parent), Exec::ptr(pre), Exec::ptr(sub),
                                           Exec::ptr(depth), tree->root, Exec::ptr(out)});
  } else {
    const u64vec pos = Exec::from_host(*positions);
    core::for_each_index(Exec{}, inst,
                         ham_multicast_fn{fam, count, Exec::ptr(sources), Exec::ptr(dests),
                                          Exec::ptr(pos), fam.size(), Exec::ptr(out)});
  }
  const std::vector<uint32_t> o = Exec::to_host(out);
  multicast_result r;
  r.scheme = opt.scheme;
  r.instances = inst;
  r.destinations = count;
  std::vector<uint64_t> s_h, d_h;
  if (opt.keep_instances) {
    s_h = Exec::to_host(sources);
    d_h = Exec::to_host(dests);
  }
  for (uint64_t i = 0; i < inst; ++i) {
    const uint32_t time = o[4 * i], traffic = o[4 * i + 1], tb = o[4 * i + 2], del = o[4 * i + 3];
    r.delivered_all += del == count;
    r.undelivered += count - del;
    r.time_sum += time;
    r.traffic_sum += traffic;
    r.time_bound_sum += tb;
    r.traffic_bound_sum += count;
    r.time_at_bound += time == tb;
    r.traffic_at_bound += traffic == count;
    r.time_max = std::max(r.time_max, time);
    r.traffic_max = std::max(r.traffic_max, traffic);
    r.max_time_gap = std::max(r.max_time_gap, time > tb ? time - tb : 0u);
    r.max_traffic_gap = std::max(r.max_traffic_gap, traffic > count ? traffic - count : 0u);
    if (opt.keep_instances) {
      multicast_instance mi;
      mi.source = s_h[i];
      mi.destinations.assign(d_h.begin() + i * count, d_h.begin() + (i + 1) * count);
      mi.time = time;
      mi.traffic = traffic;
      mi.time_bound = tb;
      mi.traffic_bound = count;
      mi.delivered = del;
      r.per_instance.push_back(std::move(mi));
    }
  }
  return r;
}

template <core::backend B>
multicast_result multicast_backend<B>::run(const families::enhanced_fibonacci_cube& f,
                                           const multicast_options& opt,
                                           const spanning_tree* tree,
                                           const std::vector<uint64_t>* cycle_position) {
  return detail::run_multicast<core::exec_of<B>>(f, opt, tree, cycle_position);
}

}  // namespace tv::sim::detail
