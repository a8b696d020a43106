// Single-source implementation of the postal-model evaluation on a tree, level by level:
// bottom-up (needs and send slots, then gather ready times), top-down (receive times).
// One functor call per node of a level; each sorts its own segment of a scratch copy of
// the children array in place (no allocation).  Included by postal_cpu.cpp and
// postal_cuda.cu.
#pragma once
#include <thrust/extrema.h>

#include <algorithm>

#include "kernels/core/dispatch.hpp"
#include "kernels/sim/postal.hpp"

namespace tv::sim::detail {

struct need_fn {
  const uint32_t* level_nodes;
  const uint64_t* child_off;
  uint32_t* kids;  // scratch: sorted in place, per node
  uint64_t* need;
  uint64_t* slot;
  uint64_t lambda;
  TV_HD void operator()(uint64_t i) const {
    const uint32_t v = level_nodes[i];
    uint32_t* c = kids + child_off[v];
    const uint64_t m = child_off[v + 1] - child_off[v];
    // Insertion sort: need descending, then rank ascending (a fixed order for ties).
    for (uint64_t a = 1; a < m; ++a) {
      const uint32_t x = c[a];
      uint64_t b = a;
      while (b > 0 && (need[c[b - 1]] < need[x] || (need[c[b - 1]] == need[x] && c[b - 1] > x))) {
        c[b] = c[b - 1];
        --b;
      }
      c[b] = x;
    }
    uint64_t best = 0;
    for (uint64_t a = 0; a < m; ++a) {
      const uint64_t t = a + lambda + need[c[a]];
      if (t > best) best = t;
      slot[c[a]] = a;
    }
    need[v] = best;
  }
};

struct receive_fn {
  const uint32_t* level_nodes;
  const uint32_t* parent;
  const uint64_t* slot;
  uint64_t* recv;
  uint64_t lambda;
  TV_HD void operator()(uint64_t i) const {
    const uint32_t v = level_nodes[i];
    recv[v] = recv[parent[v]] + slot[v] + lambda;
  }
};

struct gather_fn {
  const uint32_t* level_nodes;
  const uint64_t* child_off;
  uint32_t* kids;
  uint64_t* ready;
  uint64_t lambda;
  TV_HD void operator()(uint64_t i) const {
    const uint32_t v = level_nodes[i];
    uint32_t* c = kids + child_off[v];
    const uint64_t m = child_off[v + 1] - child_off[v];
    for (uint64_t a = 1; a < m; ++a) {  // ready ascending, then rank ascending
      const uint32_t x = c[a];
      uint64_t b = a;
      while (b > 0 && (ready[c[b - 1]] > ready[x] || (ready[c[b - 1]] == ready[x] && c[b - 1] > x))) {
        c[b] = c[b - 1];
        --b;
      }
      c[b] = x;
    }
    uint64_t port_free = 0;  // first time the parent's port can take a message
    uint64_t last = 0;
    for (uint64_t a = 0; a < m; ++a) {
      const uint64_t arrival = ready[c[a]] + lambda;
      const uint64_t at = arrival > port_free ? arrival : port_free;
      last = at;
      port_free = at + 1;
    }
    ready[v] = last;  // a leaf is ready at 0
  }
};

template <class Exec>
postal_result postal_model(const spanning_tree& t, uint64_t lambda, bool keep_times) {
  using u64vec = typename Exec::template vector<uint64_t>;
  using u32vec = typename Exec::template vector<uint32_t>;
  postal_result res;
  res.nodes = t.nodes;
  res.lambda = lambda;
  res.optimum = postal_optimum(t.nodes, lambda);
  if (t.nodes <= 1) {
    if (keep_times) {
      res.receive_time.assign(t.nodes, 0);
      res.ready_time.assign(t.nodes, 0);
    }
    return res;
  }
  // Nodes grouped by depth (host counting sort), one launch per level.
  std::vector<uint64_t> level_off(t.height + 2, 0);
  for (uint64_t v = 0; v < t.nodes; ++v) ++level_off[t.depth[v] + 1];
  for (uint32_t d = 0; d <= t.height; ++d) level_off[d + 1] += level_off[d];
  std::vector<uint32_t> by_level(t.nodes);
  {
    std::vector<uint64_t> fill(level_off.begin(), level_off.end() - 1);
    for (uint64_t v = 0; v < t.nodes; ++v) by_level[fill[t.depth[v]]++] = static_cast<uint32_t>(v);
  }
  const u32vec levels = Exec::from_host(by_level);
  const u64vec child_off = Exec::from_host(t.child_offsets);
  const u32vec parent = Exec::from_host(t.parent);
  u32vec kids = Exec::from_host(t.children);
  u64vec need(t.nodes, 0), slot(t.nodes, 0), recv(t.nodes, 0), ready(t.nodes, 0);
  const uint32_t* lv = Exec::ptr(levels);
  for (uint32_t d = t.height + 1; d-- > 0;)
    core::for_each_index(Exec{}, level_off[d + 1] - level_off[d],
                         need_fn{lv + level_off[d], Exec::ptr(child_off), Exec::ptr(kids),
                                 Exec::ptr(need), Exec::ptr(slot), lambda});
  for (uint32_t d = 1; d <= t.height; ++d)
    core::for_each_index(Exec{}, level_off[d + 1] - level_off[d],
                         receive_fn{lv + level_off[d], Exec::ptr(parent), Exec::ptr(slot),
                                    Exec::ptr(recv), lambda});
  for (uint32_t d = t.height + 1; d-- > 0;)
    core::for_each_index(Exec{}, level_off[d + 1] - level_off[d],
                         gather_fn{lv + level_off[d], Exec::ptr(child_off), Exec::ptr(kids),
                                   Exec::ptr(ready), lambda});
  res.broadcast_time = *thrust::max_element(Exec::par(), recv.begin(), recv.end());
  const std::vector<uint64_t> ready_h = Exec::to_host(ready);
  res.gather_time = ready_h[t.root];
  res.barrier_time = res.gather_time + res.broadcast_time;
  if (keep_times) {
    res.receive_time = Exec::to_host(recv);
    res.ready_time = ready_h;
  }
  return res;
}

template <core::backend B>
postal_result postal_backend<B>::postal_model(const spanning_tree& t, uint64_t lambda,
                                              bool keep_times) {
  return detail::postal_model<core::exec_of<B>>(t, lambda, keep_times);
}

}  // namespace tv::sim::detail
