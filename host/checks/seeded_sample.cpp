// Seeded samples and their intervals (seeded_sample.hpp).
#include "host/checks/seeded_sample.hpp"

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

std::pair<double, double> mean_interval(double mean, double squared_deviations, uint64_t count, double quantile) {
  const double half =
      quantile * std::sqrt(squared_deviations / static_cast<double>(count - 1) / static_cast<double>(count));
  return {mean - half, mean + half};
}

double student_t_quantile(double z, uint64_t df) {
  const double n = static_cast<double>(df), z2 = z * z;
  const double z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
  return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n) +
         (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n) +
         (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * n * n * n * n);
}

}  // namespace tv::host
