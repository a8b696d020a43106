// Helpers shared by the tests: labels as bit strings, enumeration through the family API,
// and brute-force neighbor sets.  Nothing here calls the code under test's own answers
// except through the family interface being tested.
#pragma once
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "kernels/families/family.hpp"

namespace tv::test {

/// "0101" -> 5 (most significant bit first).
inline uint64_t from_bits(const std::string& s) {
  uint64_t x = 0;
  for (char c : s) x = (x << 1) | static_cast<uint64_t>(c == '1');
  return x;
}

/// 5, width 4 -> "0101".
inline std::string to_bits(uint64_t x, int width) {
  std::string s(width, '0');
  for (int i = 0; i < width; ++i)
    if ((x >> (width - 1 - i)) & 1u) s[i] = '1';
  return s;
}

/// One small instance of every family and variant (a few hundred nodes each), for tests
/// that compare a graph-level computation with brute force.
inline std::vector<families::family> small_instances() {
  return {families::hypercube::make(6),
          families::postal_network::make(2, 10),
          families::postal_network::make(3, 11),
          families::enhanced_fibonacci_cube::make(11),
          families::metacube::make(1, 2),
          families::metacube::make(2, 1, true),
          families::de_bruijn::make(7, true),
          families::de_bruijn::make(7, false),
          families::linear_recursive::from_seeds(9, {"0", "10", "110"}),
          families::linear_recursive::avoiding(10, "101")};
}

template <class Fam>
std::vector<uint64_t> labels_of(const Fam& f) {
  std::vector<uint64_t> v;
  for (uint64_t i = 0; i < f.size(); ++i) v.push_back(f.unrank(i));
  return v;
}

template <class Fam>
std::set<uint64_t> neighbors_of(const Fam& f, uint64_t x) {
  std::set<uint64_t> s;
  f.for_each_neighbor(x, [&](uint64_t y) { s.insert(y); });
  return s;
}

template <class Fam>
std::vector<uint64_t> neighbor_list(const Fam& f, uint64_t x) {
  std::vector<uint64_t> v;
  f.for_each_neighbor(x, [&](uint64_t y) { v.push_back(y); });
  return v;
}

/// The induced Hamming-1 neighbors of x inside the set `members`.
inline std::set<uint64_t> hamming_neighbors(const std::set<uint64_t>& members, uint64_t x,
                                            int bits) {
  std::set<uint64_t> s;
  for (int b = 0; b < bits; ++b)
    if (members.count(x ^ (uint64_t{1} << b))) s.insert(x ^ (uint64_t{1} << b));
  return s;
}

/// Checks the family interface contracts on every label: unrank strictly increasing,
/// rank(unrank(i)) == i, contains() exactly the label set over all `bits`-bit words, and
/// for_each_neighbor equal to the induced Hamming-1 neighborhood.  Returns "" when all
/// hold, else a description of the first violation.
template <class Fam>
std::string check_label_family(const Fam& f, const std::set<uint64_t>& reference) {
  const std::vector<uint64_t> labels = labels_of(f);
  if (labels.size() != reference.size())
    return "size " + std::to_string(labels.size()) + " != reference " +
           std::to_string(reference.size());
  for (uint64_t i = 0; i < labels.size(); ++i) {
    if (i > 0 && labels[i] <= labels[i - 1]) return "unrank not increasing at " + std::to_string(i);
    if (f.rank(labels[i]) != i) return "rank(unrank(" + std::to_string(i) + ")) != i";
    if (!reference.count(labels[i])) return "label " + std::to_string(labels[i]) + " not in reference";
  }
  const int bits = f.bits();
  if (bits <= 20) {
    for (uint64_t x = 0; x < (uint64_t{1} << bits); ++x)
      if (f.contains(x) != (reference.count(x) == 1))
        return "contains(" + to_bits(x, bits) + ") disagrees with the reference";
  }
  for (uint64_t x : labels) {
    const auto nb = neighbor_list(f, x);
    const std::set<uint64_t> nbs(nb.begin(), nb.end());
    if (nbs.size() != nb.size()) return "repeated neighbor at " + to_bits(x, bits);
    if (nbs != hamming_neighbors(reference, x, bits))
      return "neighbors of " + to_bits(x, bits) + " differ from the induced Hamming-1 set";
    for (uint64_t y : nb)
      if (f.rank_neighbor(x, f.rank(x), y) != f.rank(y))
        return "rank_neighbor wrong at " + to_bits(x, bits) + " -> " + to_bits(y, bits);
  }
  return "";
}

/// For orders too large to enumerate: at `samples` indices i drawn from `rng`, unrank(i)
/// is a member, rank inverts it, and unrank increases (against unrank(i + 1)).  Returns ""
/// when all hold, else a description of the first violation.
template <class Fam>
std::string check_rank_round_trips(const Fam& f, std::mt19937_64& rng, int samples) {
  for (int t = 0; t < samples; ++t) {
    const uint64_t i = rng() % f.size();
    const uint64_t x = f.unrank(i);
    const std::string at = "at index " + std::to_string(i);
    if (!f.contains(x)) return "unrank " + at + " is not a member";
    if (f.rank(x) != i) return "rank(unrank(i)) != i " + at;
    if (i + 1 < f.size() && !(x < f.unrank(i + 1))) return "unrank not increasing " + at;
  }
  return "";
}

}  // namespace tv::test
