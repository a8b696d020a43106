// The broadcast schemes' rules, written once against no backend (TV_HD functors): each
// rule's pull(v, word, ...) says which sources' copies node v receives this round from
// its in-neighbors, under flooding, a spanning tree (up and down copies), the hypercube's
// translated binomial trees, or the de Bruijn network's Rule 1.  The round driver that
// calls them for every node is broadcast_round.inl; the engine, broadcast_impl.inl.
#pragma once
#include <cstdint>

#include "kernels/core/hd.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/sim_common.hpp"

namespace tv::sim::detail {

/// Per-batch description shared by the rules.
struct batch_view {
  uint64_t nodes;
  uint64_t words;
  uint64_t first;        // aligned batches: rank of bit 0 (a multiple of 64)
  bool aligned;          // bit i <-> source rank first + i for every bit
  const uint64_t* src;   // [64 W] source rank per bit, ~0 for an empty bit
  TV_HD uint64_t word_base(uint64_t word) const { return first + 64 * word; }
};

// ---- Scheme rules: pull(v, word) -> received mask, up-tag mask, receptions ------------

struct flood_rule {
  static constexpr bool every_reception = false;  // acts on the first copy only
  batch_view bv;
  const uint64_t* frontier;
  const uint64_t* previous;  // frontier of the round before: who sent to whom
  const uint64_t* in_off;
  const uint32_t* in_src;
  const uint64_t* out_off;
  const uint32_t* out_tgt;
  bool directed;
  bool exclude_sender;

  TV_HD bool has_arc(uint64_t from, uint64_t to) const {
    uint64_t lo = out_off[from], hi = out_off[from + 1];
    while (lo < hi) {
      const uint64_t mid = (lo + hi) / 2;
      if (out_tgt[mid] < to) lo = mid + 1;
      else hi = mid;
    }
    return lo < out_off[from + 1] && out_tgt[lo] == to;
  }

  TV_HD void pull(uint64_t v, uint64_t word, uint64_t& recv, uint64_t& up, uint64_t& rec) const {
    const uint64_t base = word * bv.nodes;
    // u sent to v in the previous round iff v sent to u then: u is newly informed, so the
    // only copies it holds came from the previous round's senders (v among them).
    const uint64_t prev_v = exclude_sender ? previous[base + v] : 0;
    for (uint64_t a = in_off[v]; a < in_off[v + 1]; ++a) {
      const uint64_t u = in_src[a];
      uint64_t m = frontier[base + u];
      if (!m) continue;
      if (prev_v && (!directed || has_arc(v, u))) m &= ~prev_v;
      recv |= m;
      rec += static_cast<uint64_t>(core::popcount64(m));
    }
    (void)up;
  }
};

struct tree_rule {
  static constexpr bool every_reception = true;  // via_root: the down copy is forwarded too
  batch_view bv;
  const uint64_t* frontier;
  const uint64_t* up_tag;
  const uint32_t* parent;
  const uint64_t* child_off;
  const uint32_t* children;
  const uint32_t* pre;
  const uint32_t* sub;
  const uint32_t* batch_pre;  // [64 W] pre-order positions of the batch's sources, ascending
  uint64_t batch_bits;
  uint32_t root;
  bool via_root;

  TV_HD uint64_t lower(uint32_t key) const {
    uint64_t lo = 0, hi = batch_bits;
    while (lo < hi) {
      const uint64_t mid = (lo + hi) / 2;
      if (batch_pre[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /// Sources of this word inside the subtree of v (pre-order interval).
  TV_HD uint64_t subtree_mask(uint64_t v, uint64_t word) const {
    return range_mask(word, lower(pre[v]), lower(pre[v] + sub[v]));
  }

  TV_HD void pull(uint64_t v, uint64_t word, uint64_t& recv, uint64_t& up, uint64_t& rec) const {
    const uint64_t base = word * bv.nodes;
    if (v != root) {
      const uint64_t p = parent[v];
      const uint64_t fp = frontier[base + p];
      if (fp) {
        const uint64_t tp = up_tag[base + p];
        uint64_t m;
        if (via_root) {
          m = p == root ? fp : (fp & ~tp);  // up-tagged copies only climb, but the root turns
        } else {
          m = fp;
          if (fp & tp) m &= ~(tp & subtree_mask(v, word));  // not back to the sending child
        }
        recv |= m;
        rec += static_cast<uint64_t>(core::popcount64(m));
      }
    }
    for (uint64_t a = child_off[v]; a < child_off[v + 1]; ++a) {
      const uint64_t c = children[a];
      const uint64_t m = frontier[base + c] & up_tag[base + c];
      if (!m) continue;
      recv |= m;
      up |= m;
      rec += static_cast<uint64_t>(core::popcount64(m));
    }
  }
};

/// Binomial tree of the hypercube rooted at each source: parent_s(x) = x xor lowbit(x xor s).
struct translated_rule {
  static constexpr bool every_reception = false;
  batch_view bv;
  const uint64_t* frontier;
  int bits;

  TV_HD void pull(uint64_t v, uint64_t word, uint64_t& recv, uint64_t& up, uint64_t& rec) const {
    const uint64_t base = word * bv.nodes;
    for (int j = 0; j < bits; ++j) {
      const uint64_t u = v ^ (uint64_t{1} << j);
      const uint64_t fu = frontier[base + u];
      if (!fu) continue;
      uint64_t mask = 0;
      if (bv.aligned) {
        // lowbit(v xor s) == 2^j  <=>  s mod 2^(j+1) == (v xor 2^j) mod 2^(j+1)
        mask = suffix_mask(bv.word_base(word), j + 1, u);
      } else {
        for (uint64_t bitsleft = fu; bitsleft; bitsleft &= bitsleft - 1) {
          const int i = core::ctz64(bitsleft);
          const uint64_t d = v ^ bv.src[word * 64 + i];
          if (d && core::ctz64(d) == j) mask |= uint64_t{1} << i;
        }
      }
      const uint64_t m = fu & mask;
      recv |= m;
      rec += static_cast<uint64_t>(core::popcount64(m));
    }
    (void)up;
  }
};

struct rule1_rule {
  static constexpr bool every_reception = false;  // a node acts on its first copy only
  batch_view bv;
  const uint64_t* frontier;
  const uint64_t* forward;  // aligned batches: rule1_forward_mask per node and word
  int k;

  TV_HD void pull(uint64_t y, uint64_t word, uint64_t& recv, uint64_t& up, uint64_t& rec) const {
    const uint64_t base = word * bv.nodes;
    for (unsigned b = 0; b < 2; ++b) {
      const uint64_t x = (y >> 1) | (static_cast<uint64_t>(b) << (k - 1));  // ShiftRight(y, b)
      const uint64_t fx = frontier[base + x];
      if (!fx) continue;
      uint64_t m = 0;
      if (bv.aligned) {
        m = fx & forward[base + x] & ~suffix_mask(bv.word_base(word), k, y);
      } else {
        for (uint64_t left = fx; left; left &= left - 1) {
          const int i = core::ctz64(left);
          const uint64_t r = bv.src[word * 64 + i];
          if (db_distance(r, x, k) < db_distance(r, y, k)) m |= uint64_t{1} << i;
        }
      }
      recv |= m;
      rec += static_cast<uint64_t>(core::popcount64(m));
    }
    (void)up;
  }
};

struct rule1_prepare_fn {
  batch_view bv;
  const uint64_t* valid;
  uint64_t* forward;
  int k;
  TV_HD void operator()(uint64_t i) const {
    const uint64_t word = i / bv.nodes, x = i % bv.nodes;
    forward[i] = rule1_forward_mask(bv.word_base(word), k, x) & valid[word];
  }
};

}  // namespace tv::sim::detail
