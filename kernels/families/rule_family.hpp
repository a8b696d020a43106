// A network written as rules by its user (issue 32; docs/own-networks.md): nodes are the
// labels of `bits` bits that a membership predicate accepts (all of them without one),
// and a node x's neighbours are the values of its neighbour expressions, each one value
// or one per dimension i = 0 .. bits-1.  The struct is an ordinary TV_HD family: the
// lowered program (rule_program.hpp) travels inside it, its tables outside it in a block
// the host and the devices share (core::allocate_shared_block), so counting, the CSR, all
// pairs and everything on the CSR run on it unchanged.  rule_definition.hpp makes one.
//
// Ranking: a rule with a predicate keeps its member labels sorted (unrank = index).  Its
// rank is read from a bit-count directory when the labels are few enough (a word of
// membership bits per 64 labels and the count of members below them: two lookups and a
// popcount); otherwise it is a search in the sorted labels, narrowed to a few entries by
// a directory of the first member of each bucket of the labels' top bits.  A neighbour
// value that is x itself, no label, or a repeat of an earlier one is dropped.  An
// evaluation error (an overflow, a shift out of range) drops the value too and marks the
// smallest such label in `failed_label`; graph::build_csr and graph::count_degrees then
// refuse the instance with the error's column (rule_definition.hpp: rule_failure).
#pragma once
#include <cstdint>
#include <type_traits>

#include "kernels/core/atomics.hpp"
#include "kernels/core/hd.hpp"
#include "kernels/families/rule_program.hpp"

namespace tv::families {

/// What only the host reads of a rule family: its name and texts, for messages
/// (defined in rule_definition.hpp).
struct rule_host_side;

struct rule_family {
  rule_program program;
  int label_bits = 1;
  int degree_bound = 0;            // neighbour values per label, at most rule_max_degree
  bool hamming = false;            // every neighbour rule is x ^ (1 << E): an edge flips one bit
  bool symmetric_by_form = false;  // every neighbour rule is x ^ M, M not reading x: y ~ x when x ~ y
  bool may_repeat = true;          // two values of a label's rules may be equal
  uint64_t nodes = 0;
  const uint64_t* members = nullptr;    // sorted member labels; nullptr: every label
  const uint64_t* directory = nullptr;  // [b] = first member whose label >> shift is >= b
  int directory_shift = 0;
  // The bit-count directory, or nullptr (then `directory`): member_bits[w] has bit l set
  // when label 64w + l is a member, member_below[w] = the members below label 64w (apart,
  // and in 32 bits: most neighbour values are no member and need the bits alone, and the
  // counts are read at random, so the fewer cache lines they take the better).  Made
  // only up to 2^30 labels (rule_definition.hpp).
  const uint64_t* member_bits = nullptr;
  const uint32_t* member_below = nullptr;
  uint64_t* failed_label = nullptr;     // ~0: no evaluation failed
  const rule_host_side* host = nullptr;  // never read on a device

  TV_HD uint64_t size() const { return nodes; }
  TV_HD int bits() const { return label_bits; }
  TV_HD bool directed() const { return false; }
  TV_HD int max_degree() const { return degree_bound; }

  TV_HD uint64_t unrank(uint64_t i) const { return members ? members[i] : i; }

  /// @brief Whether `label` (of label_bits bits) is a member; `below` = the members
  /// below it (its rank when it is one).  With a predicate only.
  TV_HD bool find_member(uint64_t label, uint64_t& below) const {
    if (member_bits) {
      const uint64_t w = label >> 6, bits = member_bits[w];
      const int l = static_cast<int>(label & 63);
      if (!((bits >> l) & 1)) return false;
      below = member_below[w] + static_cast<uint64_t>(core::popcount64(bits & core::low_mask(l)));
      return true;
    }
    const uint64_t bucket = label >> directory_shift;
    uint64_t lo = directory[bucket], hi = directory[bucket + 1];
    while (lo < hi) {
      const uint64_t mid = lo + (hi - lo) / 2;
      if (members[mid] < label) lo = mid + 1;
      else hi = mid;
    }
    below = lo;
    return lo < nodes && members[lo] == label;
  }
  TV_HD uint64_t rank(uint64_t label) const {  // of a member
    if (!members) return label;
    uint64_t r = 0;
    find_member(label, r);
    return r;
  }
  TV_HD bool contains(uint64_t label) const {
    if ((label >> label_bits) != 0) return false;
    uint64_t r = 0;
    return !members || find_member(label, r);
  }

  /// Whether the rule is x ^ (1 << i) alone: its neighbours need no program and no
  /// check for repeats (the hypercube, and the subgraphs of it a predicate induces).
  TV_HD bool flips_dimensions_only() const {
    return program.neighbor_rules == 1 && program.neighbors[0].shape == rule_shape::flip_dimension;
  }

  /// @brief The number of neighbours of x (the CSR build and the degree count detect
  /// this form): x ^ (1 << i) alone counts members by their bits, without ranking them.
  TV_HD uint32_t degree(uint64_t x) const {
    uint32_t d = 0;
    if (flips_dimensions_only() && (!members || member_bits)) {
      const int bits = label_bits;
      if (!members) return static_cast<uint32_t>(bits);
      for (int i = 0; i < bits; ++i) {
        const uint64_t y = x ^ (uint64_t{1} << i);
        d += static_cast<uint32_t>((member_bits[y >> 6] >> (y & 63)) & 1);
      }
      return d;
    }
    for_each_neighbor_ranked(x, count_neighbors{&d});
    return d;
  }

  /// @brief f(y, rank of y) for each neighbour y of x: one search finds whether y is a
  /// member and its rank (the CSR build detects this form).
  template <class F>
  TV_HD void for_each_neighbor_ranked(uint64_t x, F&& f) const {
    if (flips_dimensions_only()) {  // the label's width and the tables read once, not per value
      const int bits = label_bits;
      for (int i = 0; i < bits; ++i) {
        const uint64_t y = x ^ (uint64_t{1} << i);
        uint64_t r = y;
        if (!members || find_member(y, r)) f(y, r);
      }
      return;
    }
    uint64_t given[rule_max_degree];
    int count = 0;
    auto offer = [&](uint64_t y) {
      if (y == x || (y >> label_bits) != 0) return;
      uint64_t r = y;
      if (members && !find_member(y, r)) return;
      if (may_repeat) {
        for (int k = 0; k < count; ++k)
          if (given[k] == y) return;
        given[count++] = y;
      }
      f(y, r);
    };
    for (int n = 0; n < program.neighbor_rules; ++n) {
      const rule_expression& e = program.neighbors[n];
      if (e.shape == rule_shape::flip_dimension) {
        for (int i = 0; i < label_bits; ++i) offer(x ^ (uint64_t{1} << i));
      } else if (e.per_dimension && !core::on_device()) {
        // A CPU core: every dimension at once, each operation one loop over the lanes.
        rule_lane_registers r;
        rule_run_lanes(program, e, x, 0, 1, label_bits, r);
        const int64_t* value = r.value[e.count - 1];
        const uint64_t poison = r.poison[e.count - 1];
        for (int i = 0; i < label_bits; ++i) {
          if ((poison >> i) & 1) core::atomic_min(failed_label, x);
          else offer(static_cast<uint64_t>(value[i]));
        }
      } else {
        rule_registers r;
        r.poison = 0;
        rule_run(program, e, 0, e.invariant, x, 0, r);
        const int dimensions = e.per_dimension ? label_bits : 1;
        for (int i = 0; i < dimensions; ++i) {
          rule_run(program, e, e.invariant, e.count, x, i, r);
          if (rule_failed(e, r)) core::atomic_min(failed_label, x);
          else offer(static_cast<uint64_t>(r.value[e.count - 1]));
        }
      }
    }
  }

  struct count_neighbors {
    uint32_t* d;
    TV_HD void operator()(uint64_t, uint64_t) const { ++*d; }
  };
  template <class F>
  struct drop_rank {
    F* f;
    TV_HD void operator()(uint64_t y, uint64_t) const { (*f)(y); }
  };
  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    for_each_neighbor_ranked(x, drop_rank<std::remove_reference_t<F>>{&f});
  }

  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return rank(nb); }
};

}  // namespace tv::families
