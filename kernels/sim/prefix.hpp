// Parallel prefix as message passing (papers/002 Section 4): Algorithm 1 (prefix_HC on a
// d-cube) and Algorithm 2 (prefix_MC on the Metacube MC(k, m), class-cube presentation
// addresses: class = the k low bits).  Every node runs the pseudocode in lock step; a
// message is modelled by the receiver reading the sender's variable in the same step.
// Every message is checked to travel along an edge of the network given (a Metacube in
// the cluster presentation is addressed through to_cluster), and for Algorithm 2 the
// text's claim that the node owning the link of bit i satisfies ((i - k) MOD m) == c is
// evaluated.  Communication steps = synchronous steps in which some message moves;
// computation steps = steps of (*) applications (total, then p where it applies).
//
// Readings of the printed pseudocode (the tests and checks run both where they differ):
//  - operand order: `printed` evaluates total <- total (*) number and p <- p (*) number as
//    written; `address` puts the operand from the lower addresses first (number (*) total
//    and number (*) p when partner < my_id), which a non-commutative operator needs.
//  - partner in Algorithm 2: the pseudocode assigns `partner` only inside if (i = c) but
//    every node then tests partner < my_id.  `owner` (default) reads it as the partner of
//    the link used in this step, my_id XOR 2^b: all nodes of a k-cube agree on bit b, and
//    the proof of Theorem 1 maps the k-cube onto one node of Q_{m 2^k} comparing bit b.
//    `stale` keeps the variable's last assigned value per node, as a program would
//    (from prefix_HC or from the node's own last exchange).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/families/family.hpp"

namespace tv::sim {

enum class prefix_algorithm { hypercube, metacube };
enum class prefix_operator { add, max, bxor, affine };
enum class operand_order { printed, address };
enum class partner_reading { owner, stale };
enum class prefix_input { index, random };

struct prefix_options {
  prefix_algorithm algorithm = prefix_algorithm::metacube;
  prefix_operator op = prefix_operator::add;
  operand_order order = operand_order::printed;
  partner_reading partner = partner_reading::owner;
  prefix_input input = prefix_input::index;  // index: a_i = i (affine: x -> (2i+1) x + i+1;
                                             // these maps do not commute pairwise)
  uint64_t seed = 1;                         // random inputs
  bool keep_values = false;                  // fill values (p in address order)
};

struct prefix_result {
  prefix_algorithm algorithm = prefix_algorithm::metacube;
  prefix_operator op = prefix_operator::add;
  operand_order order = operand_order::printed;
  partner_reading partner = partner_reading::owner;
  uint64_t nodes = 0;
  bool correct = false;          // p equals an inclusive scan of the inputs in address order
  uint64_t mismatches = 0;
  std::optional<uint64_t> first_mismatch;  // smallest address whose p is wrong
  uint64_t comm_steps = 0;
  uint64_t comp_steps = 0;
  uint64_t messages = 0;
  uint64_t non_edge_messages = 0;
  std::optional<std::pair<uint64_t, uint64_t>> first_non_edge;  // (from, to) addresses
  uint64_t text_condition_false = 0;     // Algorithm 2 exchanges whose owner violates the text
  uint64_t text_condition_mismatches = 0;  // (bit, class) pairs where text and links differ
  std::vector<uint64_t> values;  // keep_values: p per address (affine: a, b interleaved)
};

/// @brief Why the algorithm cannot run on the network ("" when it can): Algorithm 1 needs
/// a hypercube or Metacube address space, Algorithm 2 a Metacube.
std::string prefix_unsupported(const families::family& network, prefix_algorithm a);

/// @brief Runs the algorithm on every node of `network` (at most 2^40 nodes).  Raises
/// std::invalid_argument when unsupported, graph::graph_too_large when it cannot fit.
prefix_result prefix(core::backend b, const families::family& network, const prefix_options& opt);

// ---- Operators (host and device) -------------------------------------------------------

/// x -> a x + b (mod 2^64); x (*) y = "x then y", associative and not commutative.
struct affine64 {
  uint64_t a = 1, b = 0;
  TV_HD bool operator==(const affine64& o) const { return a == o.a && b == o.b; }
  TV_HD bool operator!=(const affine64& o) const { return !(*this == o); }
};

struct op_add {
  using value = uint64_t;
  TV_HD uint64_t operator()(uint64_t x, uint64_t y) const { return x + y; }
};
struct op_max {
  using value = uint64_t;
  TV_HD uint64_t operator()(uint64_t x, uint64_t y) const { return x > y ? x : y; }
};
struct op_xor {
  using value = uint64_t;
  TV_HD uint64_t operator()(uint64_t x, uint64_t y) const { return x ^ y; }
};
struct op_affine {
  using value = affine64;
  TV_HD affine64 operator()(const affine64& f, const affine64& g) const {
    return affine64{f.a * g.a, g.a * f.b + g.b};  // g(f(x)) = g.a (f.a x + f.b) + g.b
  }
};

namespace detail {
/// One backend's entry point (core/dispatch.hpp): defined in prefix_impl.inl,
/// instantiated by prefix_cpu.cpp and prefix_cuda.cu, called by prefix.cpp.
template <core::backend B>
struct prefix_backend {
  static prefix_result prefix(const families::family& network, const prefix_options& opt);
};
}  // namespace detail

}  // namespace tv::sim
