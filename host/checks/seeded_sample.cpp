// Seeded samples and their intervals (seeded_sample.hpp).
#include "host/checks/seeded_sample.hpp"

#include <algorithm>
#include <cmath>
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

/// Slots of seeded_pair_sample's table: a power of two, at least twice the pairs.
uint64_t pair_table_slots(uint64_t wanted) {
  uint64_t slots = 2;
  while (slots < 2 * wanted) slots <<= 1;
  return slots;
}

/// splitmix64's finalizer: drawn pairs of nearby routers would cluster in the table.
uint64_t mixed(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

std::vector<std::pair<uint32_t, uint32_t>> seeded_pair_sample(uint64_t n, uint64_t wanted, uint64_t seed) {
  // Open addressing over 64-bit keys (a << 32 | b, a < b, so all ones is no pair): 16 to
  // 32 bytes a pair where a std::set's nodes took 48; the same draws, so the same sample.
  if (wanted == 0) return {};
  constexpr uint64_t empty = ~uint64_t{0};
  const uint64_t slots = pair_table_slots(wanted), mask = slots - 1;
  std::vector<uint64_t> table(slots, empty);
  std::mt19937_64 rng(seed);
  for (uint64_t drawn = 0; drawn < wanted;) {
    const uint32_t a = static_cast<uint32_t>(rng() % n), b = static_cast<uint32_t>(rng() % n);
    if (a == b) continue;
    const uint64_t key = uint64_t{std::min(a, b)} << 32 | std::max(a, b);
    for (uint64_t i = mixed(key) & mask;; i = (i + 1) & mask) {
      if (table[i] == key) break;
      if (table[i] == empty) {
        table[i] = key;
        ++drawn;
        break;
      }
    }
  }
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  pairs.reserve(wanted);
  for (const uint64_t key : table)
    if (key != empty) pairs.emplace_back(static_cast<uint32_t>(key >> 32), static_cast<uint32_t>(key));
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

uint64_t seeded_pair_sample_bytes(uint64_t wanted) {
  return wanted == 0 ? 0 : 8 * pair_table_slots(wanted) + 8 * wanted;
}

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
