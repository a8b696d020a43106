// The one-thread passes of the exact diameter search (kernels/distance/eccentricity_pass_cpu.hpp)
// against the node-by-node functors the device runs (eccentricity_bounds.hpp), on seeded
// random bounds and distances full of ties and unreached nodes: the same bounds, the same
// counts and the same next sources, so that the search runs the same BFS on both.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/distance/eccentricity_bounds.hpp"
#include "kernels/distance/eccentricity_pass_cpu.hpp"

namespace {

using namespace tv::distance;
using namespace tv::distance::detail;

struct seeded {
  uint64_t state;
  uint32_t below(uint32_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>((state >> 33) % bound);
  }
};

/// A BFS's distances: values in [0, ecc], ecc at least once, 0 at `source`, some unreached.
std::vector<uint32_t> random_distances(seeded& rng, uint64_t n, uint32_t ecc, uint32_t source) {
  std::vector<uint32_t> d(n);
  for (auto& x : d) x = rng.below(8) == 0 ? unreachable : rng.below(ecc + 1);
  d[source] = 0;
  d[(source + 1) % n] = ecc;
  return d;
}

/// Bounds as the functors leave them after applying each BFS in turn.
struct functor_bounds {
  std::vector<uint32_t> lo, up, dsum;
  explicit functor_bounds(uint64_t n) : lo(n, 0), up(n, no_bound), dsum(n, 0) {}
  void apply(const std::vector<uint32_t>& dist, uint32_t source, uint32_t ecc) {
    const bfs_bounds_fn f{dist.data(), source,    ecc,       ecc,        lo.data(),
                          up.data(),   lo.data(), up.data(), dsum.data()};
    for (uint64_t v = 0; v < lo.size(); ++v) f(v);
  }
  bound_scan scan(const uint32_t* rep, uint32_t diameter_lower, uint32_t radius_upper) const {
    const bound_scan_fn f{rep, {lo.data(), lo.data()}, {up.data(), up.data()}, dsum.data(),
                          1,   diameter_lower,         radius_upper};
    bound_scan s;
    for (uint64_t v = 0; v < lo.size(); ++v) f.add(s, v);
    return s;
  }
};

void expect_same_pick(const node_pick& a, const node_pick& b, const std::string& what) {
  EXPECT_EQ(a.node, b.node) << what;
  if (a.node == no_bound || b.node == no_bound) return;
  EXPECT_EQ(a.key, b.key) << what;
  EXPECT_EQ(a.tie, b.tie) << what;
}

void expect_same_scan(const bound_scan& a, const bound_scan& b, const std::string& what) {
  EXPECT_EQ(a.diameter_candidates[0], b.diameter_candidates[0]) << what;
  EXPECT_EQ(a.radius_candidates, b.radius_candidates) << what;
  EXPECT_EQ(a.max_up[0], b.max_up[0]) << what;
  EXPECT_EQ(a.min_lo, b.min_lo) << what;
  expect_same_pick(a.far[0], b.far[0], what + ": far");
  expect_same_pick(a.central, b.central, what + ": central");
}

TEST(EccentricityPass, HeldDistancesAndArraysScanAsTheFunctors) {
  seeded rng{17};
  for (int trial = 0; trial < 200; ++trial) {
    const uint64_t n = 1 + rng.below(300);
    const uint32_t e1 = 1 + rng.below(12);
    const uint32_t s1 = rng.below(static_cast<uint32_t>(n)), s2 = rng.below(static_cast<uint32_t>(n));
    const auto d1 = random_distances(rng, n, e1, s1);
    // As in a real search, the second source's eccentricity is within the bound the
    // first BFS gave it (bfs_bounds_fn sets a source's upper bound, the pass takes a min).
    uint32_t e2 = 1 + rng.below(12);
    if (d1[s2] != unreachable) e2 = std::min(e2, d1[s2] + e1);
    const auto d2 = random_distances(rng, n, e2, s2);
    // The running answer as the search keeps it: the larger eccentricity found, the
    // smaller; sometimes one nothing reaches, so that no node is a candidate.
    const uint32_t lower = rng.below(4) == 0 ? 100 : std::max(e1, e2);
    const uint32_t upper = rng.below(4) == 0 ? 0 : std::min(e1, e2);
    const std::string what = "trial " + std::to_string(trial) + ", n " + std::to_string(n);

    functor_bounds ref(n);
    ref.apply(d1, s1, e1);
    expect_same_scan(scan_bounds<false>(n, nullptr, bounds_from_distances<1>{{d1.data(), nullptr}, {e1, 0}},
                                        e1, e1),
                     ref.scan(nullptr, e1, e1), what + ", one BFS held");
    ref.apply(d2, s2, e2);
    expect_same_scan(scan_bounds<false>(n, nullptr, bounds_from_distances<2>{{d1.data(), d2.data()}, {e1, e2}},
                                        lower, upper),
                     ref.scan(nullptr, lower, upper), what + ", two BFS held");

    // The arrays after both BFS applied by the vectorized pass: the same as the functors'.
    std::vector<uint32_t> lo(n, 0), up(n, no_bound), dsum(n, 0);
    apply_bfs_to_arrays(n, d1.data(), e1, lo.data(), up.data(), dsum.data());
    apply_bfs_to_arrays(n, d2.data(), e2, lo.data(), up.data(), dsum.data());
    EXPECT_EQ(lo, ref.lo) << what;
    EXPECT_EQ(up, ref.up) << what;
    EXPECT_EQ(dsum, ref.dsum) << what;

    // Over orbit representatives only: every node's representative at or below it.
    std::vector<uint32_t> rep(n);
    for (uint64_t v = 0; v < n; ++v) rep[v] = rng.below(3) == 0 ? rng.below(static_cast<uint32_t>(v + 1)) : v;
    for (uint64_t v = 0; v < n; ++v) rep[v] = rep[rep[v]];
    const bounds_in_arrays at{lo.data(), up.data(), dsum.data()};
    expect_same_scan(scan_bounds<false>(n, nullptr, at, lower, upper), ref.scan(nullptr, lower, upper),
                     what + ", arrays");
    expect_same_scan(scan_bounds<true>(n, rep.data(), at, lower, upper), ref.scan(rep.data(), lower, upper),
                     what + ", arrays over orbits");
  }
}

// Ties everywhere: every node at the same bounds and distance sum, so only the node
// number decides (the smallest), as bound_scan_fn decides it.
TEST(EccentricityPass, TiesGoToTheSmallestNode) {
  const uint64_t n = 1000;
  std::vector<uint32_t> lo(n, 3), up(n, 7), dsum(n, 5), rep(n);
  for (uint64_t v = 0; v < n; ++v) rep[v] = static_cast<uint32_t>(v < 10 ? 0 : v);
  const bounds_in_arrays at{lo.data(), up.data(), dsum.data()};
  const bound_scan s = scan_bounds<false>(n, nullptr, at, 6, 4);
  EXPECT_EQ(s.far[0].node, 0u);
  EXPECT_EQ(s.central.node, 0u);
  EXPECT_EQ(s.diameter_candidates[0], n);
  EXPECT_EQ(s.radius_candidates, n);
  const bound_scan r = scan_bounds<true>(n, rep.data(), at, 6, 4);
  EXPECT_EQ(r.diameter_candidates[0], n - 9);
  up[0] = 6;  // no longer a far candidate: the next representative is
  EXPECT_EQ(scan_bounds<true>(n, rep.data(), at, 6, 4).far[0].node, 10u);
  EXPECT_EQ(scan_bounds<false>(n, nullptr, at, 6, 4).far[0].node, 1u);
}

}  // namespace
