// Multicast on the enhanced Fibonacci cube (papers/001 Section 3.3), for seeded random
// destination sets, with time and traffic against simple lower bounds.
//  - eft_tree: the packet (msg, D) moves along EFT_n as in the broadcast: a node keeps the
//    copy for itself, sends to each child the destinations in that child's subtree, and
//    sends the rest (ancestors and unrelated nodes) to its parent.  All-port rounds: time
//    = the round in which the last destination receives it; traffic = messages sent.
//  - hamiltonian: after Lin and Ni (the paper's [6]), along a Hamiltonian cycle: the
//    destinations are visited in cycle order starting from the source, and each node
//    forwards to the neighbor closest in the cycle to the next destination without
//    passing it (one message at a time, so time = traffic = hops).
// Lower bounds: time >= the largest Hamming distance from the source to a destination
// (every edge flips one bit, so this holds whatever the distances are), traffic >= the
// number of destinations.
// The Hamiltonian cycle is built recursively (efc_hamiltonian_cycle) and checked.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/families/efc.hpp"

namespace tv::sim {

enum class multicast_scheme { eft_tree, hamiltonian };

struct multicast_options {
  multicast_scheme scheme = multicast_scheme::eft_tree;
  uint64_t instances = 1000;   // random (source, destination set) pairs
  uint32_t destinations = 8;   // per instance, distinct, not the source; 1..64
  uint64_t seed = 1;
  bool keep_instances = false;
};

struct multicast_instance {
  uint64_t source = 0;               // rank
  std::vector<uint64_t> destinations;  // ranks, in draw order
  uint32_t time = 0, traffic = 0;
  uint32_t time_bound = 0, traffic_bound = 0;
  uint32_t delivered = 0;
};

struct multicast_result {
  multicast_scheme scheme = multicast_scheme::eft_tree;
  uint64_t instances = 0;
  uint32_t destinations = 0;
  uint64_t delivered_all = 0;   // instances in which every destination got the message
  uint64_t undelivered = 0;     // destinations that did not, over all instances
  uint64_t time_sum = 0, traffic_sum = 0;
  uint64_t time_bound_sum = 0, traffic_bound_sum = 0;
  uint64_t time_at_bound = 0, traffic_at_bound = 0;  // instances meeting the bound
  uint32_t time_max = 0, traffic_max = 0;
  uint32_t max_time_gap = 0, max_traffic_gap = 0;    // largest (value - bound)
  std::vector<multicast_instance> per_instance;      // keep_instances
};

/// @brief A Hamiltonian cycle of EFC_n (n >= 6) as labels in cycle order: V_6 as listed
/// in Definition 1 closes into a cycle; for n > 6, 00||P and 10||P (P a Hamiltonian path
/// of EFC_{n-2}) close into one cycle through the bit that tells them apart, 0100||Q and
/// 0101||Q likewise (Q a path of EFC_{n-4}), and the two cycles are joined across a
/// square found by search.  std::runtime_error if the construction or its check fails.
std::vector<uint64_t> efc_hamiltonian_cycle(const families::enhanced_fibonacci_cube& f);

/// @brief Why multicast cannot run (e.g. too many destinations), "" when it can.
std::string multicast_unsupported(const families::enhanced_fibonacci_cube& f,
                                  const multicast_options& opt);

multicast_result multicast(core::backend b, const families::enhanced_fibonacci_cube& f,
                           const multicast_options& opt);

struct spanning_tree;

namespace detail {
/// One backend's entry point (core/dispatch.hpp): defined in multicast_impl.inl,
/// instantiated by multicast_cpu.cpp and multicast_cuda.cu, called by multicast.cpp with
/// the scheme's tree (eft_tree) or the cycle position of every node (hamiltonian).
template <core::backend B>
struct multicast_backend {
  static multicast_result run(const families::enhanced_fibonacci_cube& f,
                              const multicast_options& opt, const spanning_tree* tree,
                              const std::vector<uint64_t>* cycle_position);
};
}  // namespace detail

}  // namespace tv::sim
