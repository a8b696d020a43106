// Member labels of a rule family (see rule_members.hpp).  The labels are cut into chunks
// the threads take as they come free.  A chunk is a block of labels with its high bits
// fixed: the predicate is first run on what is known of the whole block
// (rule_bounds.hpp), which may settle it at once (false at every label, or true at
// every one); a block left open is halved and each half asked again, down to blocks of
// 2^leaf_bits labels, which are tried label by label: 64 consecutive labels run through
// the predicate's operations together, one loop over the lanes per operation, which the
// compiler vectorizes for the build machine's vectors (kernels/CMakeLists.txt: AVX-512
// or AVX2 where it has them).
#include "kernels/families/rule_members.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/core/atomics.hpp"
#include "kernels/families/rule_bounds.hpp"

// The block loop takes the interpreter inline, so that its lanes' loops know they step
// one label at a time.
#if defined(__GNUC__)
#define TV_INLINE_ALL __attribute__((flatten))
#else
#define TV_INLINE_ALL
#endif

namespace tv::families {

namespace {

constexpr int lanes = rule_lanes;

/// Runs predicate e on the labels [first, end) (first a multiple of 64), 64 at a time:
/// bit l of accepted[b] says whether label first + 64 b + l is a member.  Returns the
/// smallest label where the predicate failed, ~0 when none did.
/// `constants_kept`: r holds an earlier block's run already, its constants with it.
TV_INLINE_ALL uint64_t evaluate_blocks(const rule_program& p, const rule_expression& e, uint64_t first,
                                           uint64_t end, uint64_t* accepted, rule_lane_registers& r,
                                           bool constants_kept) {
  uint64_t first_failure = ~uint64_t{0};
  for (uint64_t x = first, b = 0; x < end; x += lanes, ++b) {
    rule_run_lanes(p, e, x, 1, 0, lanes, r, constants_kept || x != first);
    const int64_t* result = r.value[e.count - 1];
    uint8_t yes[lanes];
    for (int l = 0; l < lanes; ++l) yes[l] = result[l] != 0;
    const uint64_t inside = end - x >= lanes ? ~uint64_t{0} : core::low_mask(static_cast<int>(end - x));
    const uint64_t failed = r.poison[e.count - 1] & inside;
    accepted[b] = rule_detail::pack_flags(yes) & ~failed & inside;
    if (failed && first_failure == ~uint64_t{0}) first_failure = x + static_cast<uint64_t>(core::ctz64(failed));
  }
  return first_failure;
}

/// Labels per chunk: at least 2^16, and at most 2^20 chunks (their counts are kept).
uint64_t chunk_labels(int bits) {
  const int shift = std::max(16, bits - 20);
  return uint64_t{1} << std::min(shift, bits);
}

/// The smallest block asked as a whole: below it, the labels are tried one by one.  At
/// 2^10, the askings are few against the labels tried: a predicate that no block settles
/// (popcount(x) % 3 == 1 over 2^24 labels) took 2% more CPU time than trying them all.
constexpr int leaf_bits = 10;

/// Runs predicate e on the block [first, first + 2^free_bits) into accepted (bit l of
/// accepted[b]: label first + 64 b + l), settling whole blocks where it can; `zeroed`:
/// accepted holds zeros already.  Returns the smallest label where the predicate failed,
/// ~0 when none did.
TV_INLINE_ALL uint64_t evaluate_block(const rule_program& p, const rule_expression& e, uint64_t first,
                                      int free_bits, uint64_t* accepted, bool zeroed,
                                      rule_lane_registers& r, bool& constants_kept) {
  const uint64_t labels = uint64_t{1} << free_bits;
  const rule_block_verdict v =
      free_bits >= 6 ? rule_decide_block(p, e, first, free_bits) : rule_block_verdict::undecided;
  if (v != rule_block_verdict::undecided) {
    if (v == rule_block_verdict::all || !zeroed)
      std::memset(accepted, v == rule_block_verdict::all ? 0xff : 0, labels / 8);
    return ~uint64_t{0};
  }
  if (free_bits > leaf_bits) {
    const uint64_t low = evaluate_block(p, e, first, free_bits - 1, accepted, zeroed, r, constants_kept);
    const uint64_t high = evaluate_block(p, e, first + labels / 2, free_bits - 1, accepted + labels / 128,
                                         zeroed, r, constants_kept);
    return std::min(low, high);
  }
  const uint64_t failure = evaluate_blocks(p, e, first, first + labels, accepted, r, constants_kept);
  constants_kept = true;
  return failure;
}

/// f(chunk, first label, accepted words, their count, smallest failed label) for every
/// chunk, on the thread that evaluated it; `kept` (or nullptr): where every label's
/// answer goes, 64 a word.
template <class F>
void for_each_chunk(const rule_program& p, const rule_expression& e, int bits, uint64_t* kept, F&& f) {
  const uint64_t labels = uint64_t{1} << bits, chunk = chunk_labels(bits);
  const uint64_t chunks = (labels + chunk - 1) / chunk;
#pragma omp parallel
  {
    std::vector<rule_lane_registers> regs(1);
    std::vector<uint64_t> words(kept ? 0 : (chunk + lanes - 1) / lanes);
    bool constants_kept = false;
#pragma omp for schedule(dynamic, 1)
    for (uint64_t c = 0; c < chunks; ++c) {
      // A chunk is a whole block of 2^k labels (chunk and label count are powers of two).
      const uint64_t first = c * chunk, end = std::min(labels, first + chunk);
      uint64_t* out = kept ? kept + first / lanes : words.data();
      const uint64_t failure =
          end - first < lanes ? evaluate_blocks(p, e, first, end, out, regs[0], false)
                              : evaluate_block(p, e, first, core::ctz64(end - first), out, kept != nullptr,
                                               regs[0], constants_kept);
      f(c, first, static_cast<const uint64_t*>(out), (end - first + lanes - 1) / lanes, failure);
    }
  }
}

uint64_t count_bits(const uint64_t* words, uint64_t n) {
  uint64_t count = 0;
  for (uint64_t w = 0; w < n; ++w) count += static_cast<uint64_t>(core::popcount64(words[w]));
  return count;
}

}  // namespace

member_count count_members(const rule_program& p, const rule_expression& e, int bits) {
  const uint64_t labels = uint64_t{1} << bits, chunk = chunk_labels(bits);
  const uint64_t chunks = (labels + chunk - 1) / chunk;
  member_count out;
  out.chunk_start.assign(chunks + 1, 0);
  if (bits <= rule_kept_answer_bits) out.accepted.assign((labels + lanes - 1) / lanes, 0);
  uint64_t* first_failure = &out.first_failure;
  uint64_t* counts = out.chunk_start.data() + 1;  // a chunk is one thread's: no atomics
  uint64_t* kept = out.accepted.empty() ? nullptr : out.accepted.data();
  for_each_chunk(p, e, bits, kept,
                 [&](uint64_t c, uint64_t, const uint64_t* words, uint64_t n, uint64_t failure) {
                   counts[c] = count_bits(words, n);
                   if (failure != ~uint64_t{0}) core::atomic_min(first_failure, failure);
                 });
  for (uint64_t c = 0; c < chunks; ++c) out.chunk_start[c + 1] += out.chunk_start[c];
  out.members = out.chunk_start[chunks];
  return out;
}

void list_members(const rule_program& p, const rule_expression& e, int bits, const member_count& counted,
                  uint64_t* out, uint64_t* member_words) {
  // Chunk c's members go to out from chunk_start[c]: its words written in order.
  auto write = [&](uint64_t c, uint64_t first, const uint64_t* words, uint64_t n) {
    uint64_t* to = out + counted.chunk_start[c];
    for (uint64_t w = 0; w < n; ++w)
      for (uint64_t m = words[w]; m; m &= m - 1) *to++ = first + w * lanes + static_cast<uint64_t>(core::ctz64(m));
  };
  if (!counted.accepted.empty()) {
    const uint64_t chunks = counted.chunk_start.size() - 1;
    const uint64_t words = counted.accepted.size(), per_chunk = (words + chunks - 1) / chunks;
#pragma omp parallel for schedule(dynamic, 1)
    for (uint64_t c = 0; c < chunks; ++c) {
      const uint64_t begin = c * per_chunk, n = std::min(words, begin + per_chunk) - begin;
      const uint64_t* chunk_words = counted.accepted.data() + begin;
      write(c, begin * lanes, chunk_words, n);
      if (!member_words) continue;
      uint32_t* below_words = reinterpret_cast<uint32_t*>(member_words + words);
      uint64_t below = counted.chunk_start[c];
      for (uint64_t w = 0; w < n; ++w) {
        member_words[begin + w] = chunk_words[w];
        below_words[begin + w] = static_cast<uint32_t>(below);
        below += static_cast<uint64_t>(core::popcount64(chunk_words[w]));
      }
    }
    return;
  }
  for_each_chunk(p, e, bits, nullptr,
                 [&](uint64_t c, uint64_t first, const uint64_t* words, uint64_t n, uint64_t) {
                   write(c, first, words, n);
                 });
}

}  // namespace tv::families
