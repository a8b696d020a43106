// Member labels of a rule family (see rule_members.hpp).  The labels are cut into chunks
// the threads take as they come free; within a chunk, blocks of 64 consecutive labels run
// through the predicate's operations together, one loop over the lanes per operation
// (which the compiler vectorizes for the cheap ones).
#include "kernels/families/rule_members.hpp"

#include <omp.h>

#include <algorithm>
#include <vector>

#include "kernels/core/atomics.hpp"

namespace tv::families {

namespace {

constexpr int lanes = rule_lanes;

/// Runs predicate e on labels first .. first + 63; bit l of the result: label first + l is
/// a member; of `failed`: its evaluation failed.
uint64_t run_block(const rule_program& p, const rule_expression& e, uint64_t first, rule_lane_registers& r,
                   uint64_t& failed) {
  rule_run_lanes(p, e, first, 1, 0, lanes, r);
  const int64_t* result = r.value[e.count - 1];
  const uint8_t* poison = r.poison[e.count - 1];
  uint64_t accepted = 0;
  failed = 0;
  for (int l = 0; l < lanes; ++l) {
    accepted |= static_cast<uint64_t>(result[l] != 0 && !poison[l]) << l;
    failed |= static_cast<uint64_t>(poison[l]) << l;
  }
  return accepted;
}

/// Labels per chunk: at least 2^16, and at most 2^20 chunks (their counts are kept).
uint64_t chunk_labels(int bits) {
  const int shift = std::max(16, bits - 20);
  return uint64_t{1} << std::min(shift, bits);
}

/// f(chunk, first label, accepted bits, failed bits) for every block of every chunk, the
/// blocks of a chunk in order on one thread.
template <class F>
void for_each_block(const rule_program& p, const rule_expression& e, int bits, F&& f) {
  const uint64_t labels = uint64_t{1} << bits, chunk = chunk_labels(bits);
  const uint64_t chunks = (labels + chunk - 1) / chunk;
#pragma omp parallel
  {
    std::vector<rule_lane_registers> regs(1);
#pragma omp for schedule(dynamic, 1)
    for (uint64_t c = 0; c < chunks; ++c) {
      const uint64_t end = std::min(labels, (c + 1) * chunk);
      for (uint64_t first = c * chunk; first < end; first += lanes) {
        uint64_t failed = 0;
        uint64_t accepted = run_block(p, e, first, regs[0], failed);
        if (end - first < lanes) {  // fewer than 64 labels of `bits` bits: the rest are none
          const uint64_t inside = (uint64_t{1} << (end - first)) - 1;
          accepted &= inside;
          failed &= inside;
        }
        f(c, first, accepted, failed);
      }
    }
  }
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
  for_each_block(p, e, bits, [&](uint64_t c, uint64_t first, uint64_t accepted, uint64_t failed) {
    if (kept) kept[first / lanes] = accepted;
    counts[c] += static_cast<uint64_t>(core::popcount64(accepted));
    if (failed) core::atomic_min(first_failure, first + static_cast<uint64_t>(core::ctz64(failed)));
  });
  for (uint64_t c = 0; c < chunks; ++c) out.chunk_start[c + 1] += out.chunk_start[c];
  out.members = out.chunk_start[chunks];
  return out;
}

void list_members(const rule_program& p, const rule_expression& e, int bits, const member_count& counted,
                  uint64_t* out) {
  if (!counted.accepted.empty()) {
    const uint64_t chunks = counted.chunk_start.size() - 1;
    const uint64_t words = counted.accepted.size(), per_chunk = (words + chunks - 1) / chunks;
#pragma omp parallel for schedule(dynamic, 1)
    for (uint64_t c = 0; c < chunks; ++c) {
      uint64_t* to = out + counted.chunk_start[c];
      for (uint64_t w = c * per_chunk; w < std::min(words, (c + 1) * per_chunk); ++w)
        for (uint64_t m = counted.accepted[w]; m; m &= m - 1)
          *to++ = w * lanes + static_cast<uint64_t>(core::ctz64(m));
    }
    return;
  }
  std::vector<uint64_t> written(counted.chunk_start.size(), 0);
  for_each_block(p, e, bits, [&](uint64_t c, uint64_t first, uint64_t accepted, uint64_t) {
    uint64_t* to = out + counted.chunk_start[c] + written[c];
    for (uint64_t m = accepted; m; m &= m - 1) *to++ = first + static_cast<uint64_t>(core::ctz64(m));
    written[c] += static_cast<uint64_t>(core::popcount64(accepted));
  });
}

}  // namespace tv::families
