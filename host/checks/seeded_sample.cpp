// Seeded samples and their intervals (seeded_sample.hpp).
#include "host/checks/seeded_sample.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <random>

namespace tv::host {

std::vector<uint32_t> seeded_sample(uint64_t n, uint64_t wanted, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint32_t> all(n);
  for (uint64_t v = 0; v < n; ++v) all[v] = static_cast<uint32_t>(v);
  for (uint64_t i = 0; i < wanted; ++i) std::swap(all[i], all[i + rng() % (n - i)]);
  all.resize(wanted);
  return all;
}

namespace {

using router_pair = std::pair<uint32_t, uint32_t>;

/// The next `count` draws of a then b with a != b, each as (min, max): the stream the
/// records' seed names (a == b passed over).
std::vector<router_pair> draw_pairs(std::mt19937_64& rng, uint64_t n, uint64_t count) {
  std::vector<router_pair> drawn;
  drawn.reserve(count);
  while (drawn.size() < count) {
    const uint32_t a = static_cast<uint32_t>(rng() % n), b = static_cast<uint32_t>(rng() % n);
    if (a != b) drawn.emplace_back(std::min(a, b), std::max(a, b));
  }
  return drawn;
}

/// The first `room` of `fresh`'s pairs (ascending) in the order `drawn` first holds them,
/// ascending: where a round draws more new pairs than the sample still wants.
std::vector<router_pair> first_drawn(const std::vector<router_pair>& drawn, const std::vector<router_pair>& fresh,
                                     uint64_t room) {
  std::vector<bool> taken(fresh.size());
  std::vector<router_pair> first;
  first.reserve(room);
  for (const router_pair& p : drawn) {
    if (first.size() == room) break;
    const auto at = std::lower_bound(fresh.begin(), fresh.end(), p);
    if (at == fresh.end() || *at != p || taken[static_cast<size_t>(at - fresh.begin())]) continue;
    taken[static_cast<size_t>(at - fresh.begin())] = true;
    first.push_back(p);
  }
  std::sort(first.begin(), first.end());
  return first;
}

/// One round's new pairs, ascending: `count` draws, less repeats and pairs in `kept`
/// (ascending), at most `missing` of them, the first drawn.
std::vector<router_pair> fresh_pairs(std::mt19937_64& rng, uint64_t n, uint64_t count,
                                     const std::vector<router_pair>& kept, uint64_t missing) {
  std::vector<router_pair> drawn = draw_pairs(rng, n, count), fresh = drawn;
  std::sort(fresh.begin(), fresh.end());
  fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
  fresh.erase(std::remove_if(fresh.begin(), fresh.end(),
                             [&](const router_pair& p) { return std::binary_search(kept.begin(), kept.end(), p); }),
              fresh.end());
  // Draw order matters only here: the set loop stops at the draw that brings the
  // `wanted`-th pair, so a round cut short keeps its first new pairs, not its lowest.
  if (fresh.size() > missing) return first_drawn(drawn, fresh, missing);
  drawn = std::vector<router_pair>();  // freed before the copy below: 16 bytes a pair at most
  fresh.shrink_to_fit();
  return fresh;
}

}  // namespace

std::vector<std::pair<uint32_t, uint32_t>> seeded_pair_sample(uint64_t n, uint64_t wanted, uint64_t seed) {
  // The std::set loop's sample (its nodes 48 bytes a pair), drawn in rounds into sorted
  // vectors: a round draws what is still missing, or an eighth of what is kept when more
  // (near every pair most draws repeat one, and each round merges all that is kept, so
  // rounds that small would make the sample quadratic), and keeps the new pairs.  The peak
  // is the first round's draws and their sorted copy, 16 bytes a pair.
  std::vector<router_pair> kept;  // ascending
  std::mt19937_64 rng(seed);
  while (kept.size() < wanted) {
    const uint64_t missing = wanted - kept.size();
    const std::vector<router_pair> fresh = fresh_pairs(rng, n, std::max(missing, kept.size() / 8), kept, missing);
    std::vector<router_pair> merged;
    merged.reserve(kept.size() + fresh.size());
    std::merge(kept.begin(), kept.end(), fresh.begin(), fresh.end(), std::back_inserter(merged));
    kept = std::move(merged);
  }
  return kept;
}

uint64_t seeded_pair_sample_bytes(uint64_t wanted) { return 16 * wanted; }

std::pair<double, double> mean_interval(double mean, double squared_deviations, uint64_t count, double quantile) {
  const double half =
      quantile * std::sqrt(squared_deviations / static_cast<double>(count - 1) / static_cast<double>(count));
  return {mean - half, mean + half};
}

namespace {

/// Student's t quantile for few degrees of freedom, where the expansion below is off by
/// 0.004 at df = 3, 0.03 at 2 and 1.4 at 1 (11.30 for 12.71): bisection on Simpson's
/// integral of the density from 0, the probability p - 1/2 taken from z's normal one.
double few_df_t_quantile(double z, uint64_t df) {
  if (z < 0) return -few_df_t_quantile(-z, df);
  const double nu = static_cast<double>(df);
  const double scale = std::exp(std::lgamma((nu + 1) / 2) - std::lgamma(nu / 2)) / std::sqrt(nu * M_PI);
  const auto density = [&](double t) { return scale * std::pow(1 + t * t / nu, -(nu + 1) / 2); };
  const auto area_to = [&](double t) {  // the density's integral over [0, t]
    constexpr int steps = 4096;  // even, for Simpson's rule
    const double h = t / steps;
    double sum = density(0) + density(t);
    for (int i = 1; i < steps; ++i) sum += density(i * h) * (i % 2 ? 4 : 2);
    return sum * h / 3;
  };
  const double wanted = 0.5 * std::erfc(-z / std::sqrt(2.0)) - 0.5;
  double low = z, high = 1000;  // t's quantile lies above the normal one
  for (int i = 0; i < 60; ++i) {
    const double mid = (low + high) / 2;
    (area_to(mid) < wanted ? low : high) = mid;
  }
  return (low + high) / 2;
}

}  // namespace

double student_t_quantile(double z, uint64_t df) {
  if (df < 7) return few_df_t_quantile(z, df);
  const double n = static_cast<double>(df), z2 = z * z;
  const double z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
  return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n) +
         (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n) +
         (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * n * n * n * n);
}

}  // namespace tv::host
