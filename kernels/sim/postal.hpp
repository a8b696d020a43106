// The postal model (papers/000 Section 6, after Bar-Noy and Kipnis): latency lambda, a
// node sends one message per time unit and receives one per time unit (one port); a
// message sent at time t arrives at t + lambda, and a node informed at time r can send
// at r, r+1, ...
//
// On a given rooted tree:
//  - broadcast: the root is informed at 0; each node sends to its children in the order
//    of their subtree need (largest first; need = time a subtree takes once its root is
//    informed), which is the best order for that tree: need(v) = max_i (i + lambda +
//    need(c_i)) over children sorted by need, descending.
//  - gather: every node is ready at 0; a node sends one message to its parent once it has
//    heard from all its children; a parent accepts one message per time unit, earliest
//    arrival first (optimal for unit jobs with release times).
//  - barrier = gather + broadcast (the reduction then the distribution phase).
// The optimum f_lambda: f(t) = 1 for t < lambda, f(t) = f(t-1) + f(t-lambda) otherwise, the
// most nodes informed by time t; the optimal broadcast time for N nodes is the least t
// with f(t) >= N.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::sim {

struct postal_result {
  uint64_t nodes = 0;
  uint64_t lambda = 1;
  uint64_t broadcast_time = 0;
  uint64_t gather_time = 0;
  uint64_t barrier_time = 0;
  uint64_t optimum = 0;                  // least t with f_lambda(t) >= nodes
  std::vector<uint64_t> receive_time;    // keep_times: broadcast receive time per node
  std::vector<uint64_t> ready_time;      // keep_times: gather ready time per node
};

/// @brief f_lambda(t) for t = 0..tmax (saturating at 2^64 - 1).
std::vector<uint64_t> postal_reach(uint64_t lambda, uint64_t tmax);

/// @brief Least t with f_lambda(t) >= nodes.
uint64_t postal_optimum(uint64_t nodes, uint64_t lambda);

/// @brief Broadcast, gather and barrier times of a tree in the postal model.
postal_result postal_model(core::backend b, const spanning_tree& tree, uint64_t lambda,
                           bool keep_times = false);

/// @brief The greedy schedule tree on a fully connected network of `nodes` nodes: every
/// informed node sends to a new node at every time unit until all are informed (node i
/// informed in order of time; ties by sender order).  Its broadcast time is the optimum.
spanning_tree optimal_postal_tree(uint64_t nodes, uint64_t lambda);

/// @brief The binomial tree on nodes 0..N-1 of a fully connected network: parent(i) = i
/// with its rightmost 1 cleared (papers/000 Figure 4 (a), PT_1(3) for N = 8).
spanning_tree complete_binomial_tree(uint64_t nodes);

namespace detail {
/// One backend's entry point (core/dispatch.hpp): defined in postal_impl.inl,
/// instantiated by postal_cpu.cpp and postal_cuda.cu, called by postal.cpp.
template <core::backend B>
struct postal_backend {
  static postal_result postal_model(const spanning_tree& t, uint64_t lambda, bool keep_times);
};
}  // namespace detail

}  // namespace tv::sim
