// Unicast routing as a synchronous simulation: a next-hop rule per algorithm, run over
// every ordered pair of nodes (or a seeded sample), counting stuck pairs, hop counts and
// the excess of each route over the Hamming distance of its end points.
//
// Algorithms (all on families whose edges flip one label bit):
//  - pn_adaptive   papers/000 Section 4: at node t with r = t xor d, pick a dimension i
//                  with r(i) = 1 and distance_1(t^i) >= lambda (postal networks only).
//  - pn_nonminimal Section 4's extension: "spare dimensions" (r(i) = 0) may also be taken
//                  while the intermediate node stays legal; a spare set to 1 becomes a
//                  preferred dimension that must be cleared again.  The paper leaves the
//                  policy open; here a route may take at most `spare_limit` spares, each
//                  dimension at most once as a spare, and the choice rule picks among
//                  preferred and allowed spare dimensions together (so 100000 -> 000000
//                  in PN_4(6) can go 100000, 100001, 000001, 000000 as printed).
//  - efc_unicast   papers/001 Section 3.1: dim_to_hop_set = dim_differ_set intersected
//                  with dim_neighbor_exist_set; pick one dimension of it.
//  - ecube         dimension-ordered routing: always the first differing dimension in the
//                  order of the choice rule (lowest = leftmost first); stuck when that
//                  neighbor does not exist.
// Random choices come from hash4(seed, source, target, step), so the CPU and the GPU
// make the same choices.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/families/family.hpp"
#include "kernels/sim/sim_common.hpp"

namespace tv::sim {

enum class routing_algorithm { pn_adaptive, pn_nonminimal, efc_unicast, ecube };

/// The rule parameters, small and trivially copyable (passed into kernels).
struct routing_params {
  routing_algorithm algorithm = routing_algorithm::efc_unicast;
  choice_rule choice = choice_rule::lowest;
  uint64_t seed = 1;
  int spare_limit = 1;  // pn_nonminimal only
};

struct routing_options {
  routing_params rule;
  uint64_t sample_pairs = 0;  // 0: every ordered pair (s, t), s != t; else this many, seeded
  uint64_t sample_seed = 1;
  core::run_control control;
};

struct stuck_pair {
  uint64_t source = 0, target = 0;  // labels
  uint64_t at = 0;                  // the node where no admissible dimension was left
  uint32_t hops = 0;                // hops taken before getting stuck
};

struct routing_result {
  uint64_t pairs = 0;      // routes attempted
  uint64_t delivered = 0;  // routes that reached their target
  uint64_t stuck = 0;      // routes that stopped at a node with no admissible move
  std::optional<stuck_pair> first_stuck;  // smallest (source rank, target rank) stuck
  uint64_t hops_sum = 0;                  // over delivered routes
  uint64_t excess_sum = 0;                // sum of (hops - Hamming distance), delivered
  uint32_t max_excess = 0;
  std::vector<uint64_t> hop_histogram;     // [h] = delivered routes of h hops
  std::vector<uint64_t> excess_histogram;  // [e] = delivered routes with excess e
};

/// @brief Why an algorithm cannot run on a family ("" when it can).
std::string routing_unsupported(const families::family& f, const routing_params& p);

/// @brief Routes every ordered pair (or the sample) on the backend: run_routing_range
/// over every source, then finish (routing_partial.hpp).  Raises std::invalid_argument
/// when routing_unsupported() says so, core::interrupted on a stop.
routing_result route_all(core::backend b, const families::family& f, const routing_options& opt);

/// @brief The node sequence of one route, source first; ends at the target or at the node
/// where the route got stuck (host only, for examples and tests).
std::vector<uint64_t> route_path(const families::family& f, const routing_params& p,
                                 uint64_t source, uint64_t target);

// ---- The next-hop rules (host and device) -------------------------------------------

namespace detail {
struct dim_collector {
  uint64_t x;
  uint64_t* mask;
  TV_HD void operator()(uint64_t y) const { *mask |= x ^ y; }
};
}  // namespace detail

/// @brief Mask of dimensions b along which x has a neighbor (Hamming-edge families).
template <class Fam>
TV_HD uint64_t neighbor_dims(const Fam& f, uint64_t x) {
  uint64_t m = 0;
  f.for_each_neighbor(x, detail::dim_collector{x, &m});
  return m;
}
TV_HD inline uint64_t neighbor_dims(const families::hypercube& f, uint64_t) {
  return core::low_mask(f.n);
}

/// @brief Dimensions i with distance_1(x^i) >= lambda (families::distance_1) inside
/// PN_lambda(n) (x a node): clearing a 1 never shrinks distance_1; setting bit b needs no
/// 1 within lambda-1 positions of b.  Equal, bit for bit, to testing distance_1(x^i) for every i (the tests
/// check this exhaustively on small networks); computed with O(log lambda) shifts.
TV_HD inline uint64_t pn_admissible_dims(const families::postal_network& p, uint64_t x) {
  uint64_t l = x, r = x;
  int c = 1;
  while (c < p.lambda) {
    const int s = c < p.lambda - c ? c : p.lambda - c;
    l |= l << s;
    r |= r >> s;
    c += s;
  }
  const uint64_t all = core::low_mask(p.n);
  return (x | ~(l | r)) & all;
}
TV_HD inline uint64_t neighbor_dims(const families::postal_network& f, uint64_t x) {
  return pn_admissible_dims(f, x);
}

struct route_state {
  uint64_t at = 0;          // current node (label)
  uint64_t used_spares = 0; // pn_nonminimal: dimensions already taken as spares
  int spares_left = 0;
  uint32_t hops = 0;
};

/// @brief One hop of algorithm p from st.at toward `target` (st.at != target); returns
/// false, leaving st unchanged, when the node has no admissible dimension (stuck).
template <class Fam>
TV_HD bool route_step(const Fam& f, const routing_params& p, uint64_t source, uint64_t target,
                      route_state& st) {
  const uint64_t r = st.at ^ target;
  const uint64_t adm = neighbor_dims(f, st.at);
  uint64_t bit = 0;
  switch (p.algorithm) {
    case routing_algorithm::ecube: {
      const choice_rule rule = p.choice == choice_rule::highest ? choice_rule::highest
                                                                : choice_rule::lowest;
      bit = uint64_t{1} << choose_bit(r, rule, p.seed, source, target, st.hops);
      if (!(adm & bit)) return false;
      break;
    }
    case routing_algorithm::pn_nonminimal: {
      const uint64_t pref = r & adm;
      const uint64_t spare =
          st.spares_left > 0 ? (~r & adm & ~st.used_spares & core::low_mask(f.bits())) : 0;
      const uint64_t cand = pref | spare;
      if (!cand) return false;
      bit = uint64_t{1} << choose_bit(cand, p.choice, p.seed, source, target, st.hops);
      if (spare & bit) {
        st.used_spares |= bit;
        --st.spares_left;
      }
      break;
    }
    default: {  // pn_adaptive, efc_unicast: a preferred dimension with a neighbor
      const uint64_t cand = r & adm;
      if (!cand) return false;
      bit = uint64_t{1} << choose_bit(cand, p.choice, p.seed, source, target, st.hops);
      break;
    }
  }
  st.at ^= bit;
  ++st.hops;
  return true;
}

/// @brief Longest route the rules can produce: every step clears a differing bit or
/// spends a spare (which later costs one more step), so bits + 2 * spare_limit.
TV_HD inline uint32_t route_step_limit(int bits, const routing_params& p) {
  return static_cast<uint32_t>(bits) +
         (p.algorithm == routing_algorithm::pn_nonminimal ? 2u * p.spare_limit : 0u) + 1u;
}

struct routing_partial;  // routing_partial.hpp: a run over a range of the sources

namespace detail {
/// One backend's entry point (core/dispatch.hpp): defined in routing_impl.inl,
/// instantiated by routing_cpu.cpp and routing_cuda.cu, called by routing.cpp: the pairs
/// of indices [pair_begin, pair_end), identity and covered range left to the caller.
template <core::backend B>
struct routing_backend {
  static routing_partial route_pairs(const families::family& f, const routing_options& opt,
                                     uint64_t pair_begin, uint64_t pair_end);
};
}  // namespace detail

}  // namespace tv::sim
