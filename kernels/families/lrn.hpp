// Linear recursive networks (papers/004; Definition 1, host/claims/lrn/definition.cpp) and the
// generalized Fibonacci cube Q_n(f).  Both are sets of n-bit labels recognised by a small
// deterministic automaton read from the most significant bit, with Hamming-1 edges:
//  - seeds S (prefix-free): L_n(S) = U_{s in S} s||L_{n-|s|}(S), L_0 = {e}, and for
//    0 < m < max|s| the length-m prefixes of longer members.  Unfolding the recursion,
//    L_n(S) is exactly the set of length-n prefixes of infinite seed concatenations, so
//    the automaton is the trie of S with every completed seed returning to the root.
//  - generator a (a_1 = 1): the seeds a_1..a_{i-1}0 for each i with a_i = 1
//    ("11" gives {0, 10}: the Fibonacci cube).
//  - Q_n(f): n-bit strings avoiding the factor f, through the Knuth-Morris-Pratt automaton.
// count[r][s] = accepted strings of length r from state s gives unrank and rank in n steps
// with no memory but the struct.
#pragma once
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/core/hd.hpp"
#include "kernels/families/label_space.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct linear_recursive : hamming_induced_edges<linear_recursive> {
  static constexpr int max_states = 16;
  int n = 1;
  int states = 1;
  int8_t next[max_states][2] = {};       // -1 = rejected
  uint64_t count[65][max_states] = {};   // count[r][s]

  /// @brief L_n(S) from a prefix-free seed set, e.g. {"0", "10"} (Fibonacci cube).
  static linear_recursive from_seeds(int n, const std::vector<std::string>& seeds) {
    check_n(n);
    if (seeds.empty()) throw std::invalid_argument("lrn: the seed set is empty");
    for (const auto& s : seeds) {
      if (s.empty()) throw std::invalid_argument("lrn: a seed is the empty string");
      if (s.find_first_not_of("01") != std::string::npos)
        throw std::invalid_argument("lrn: seed '" + s + "' has a character other than 0 and 1");
    }
    for (size_t i = 0; i < seeds.size(); ++i)
      for (size_t j = 0; j < seeds.size(); ++j)
        if (i != j && seeds[j].compare(0, seeds[i].size(), seeds[i]) == 0)
          throw std::invalid_argument("lrn: seed '" + seeds[i] + "' is a prefix of seed '" +
                                      seeds[j] + "'; the seed set must be prefix-free");
    // States: the distinct proper prefixes of seeds (the empty prefix is state 0).
    std::vector<std::string> prefixes{""};
    for (const auto& s : seeds)
      for (size_t l = 1; l < s.size(); ++l)
        if (std::find(prefixes.begin(), prefixes.end(), s.substr(0, l)) == prefixes.end())
          prefixes.push_back(s.substr(0, l));
    if (static_cast<int>(prefixes.size()) > max_states)
      throw std::invalid_argument("lrn: the seed trie has " + std::to_string(prefixes.size()) +
                                  " states; at most " + std::to_string(max_states) +
                                  " are supported");
    linear_recursive g;
    g.n = n;
    g.states = static_cast<int>(prefixes.size());
    for (int s = 0; s < g.states; ++s)
      for (int b = 0; b < 2; ++b) {
        const std::string w = prefixes[s] + static_cast<char>('0' + b);
        int to = -1;
        if (std::find(seeds.begin(), seeds.end(), w) != seeds.end()) {
          to = 0;
        } else {
          auto it = std::find(prefixes.begin(), prefixes.end(), w);
          if (it != prefixes.end()) to = static_cast<int>(it - prefixes.begin());
        }
        g.next[s][b] = static_cast<int8_t>(to);
      }
    g.fill_counts();
    return g;
  }

  /// @brief Seeds of a generator string: a_1..a_{i-1}0 for each i with a_i = 1.
  static std::vector<std::string> generator_seeds(const std::string& a) {
    if (a.empty() || a[0] != '1')
      throw std::invalid_argument("lrn: generator '" + a + "' must start with 1");
    if (a.find_first_not_of("01") != std::string::npos)
      throw std::invalid_argument("lrn: generator '" + a + "' has a character other than 0 and 1");
    std::vector<std::string> seeds;
    for (size_t i = 0; i < a.size(); ++i)
      if (a[i] == '1') seeds.push_back(a.substr(0, i) + "0");
    return seeds;
  }

  static linear_recursive from_generator(int n, const std::string& a) {
    return from_seeds(n, generator_seeds(a));
  }

  /// @brief Q_n(f): n-bit strings with no factor f.
  static linear_recursive avoiding(int n, const std::string& f) {
    check_n(n);
    if (f.empty()) throw std::invalid_argument("gfc: the forbidden factor f is empty");
    if (f.find_first_not_of("01") != std::string::npos)
      throw std::invalid_argument("gfc: f = '" + f + "' has a character other than 0 and 1");
    if (static_cast<int>(f.size()) > max_states)
      throw std::invalid_argument("gfc: f = '" + f + "' is longer than " +
                                  std::to_string(max_states) + " characters");
    linear_recursive g;
    g.n = n;
    g.states = static_cast<int>(f.size());  // state = length of the longest suffix that is a prefix of f
    for (int s = 0; s < g.states; ++s)
      for (int b = 0; b < 2; ++b) {
        const std::string w = f.substr(0, s) + static_cast<char>('0' + b);
        int len = static_cast<int>(w.size());
        while (len > 0 && w.compare(w.size() - len, len, f, 0, len) != 0) --len;
        g.next[s][b] = static_cast<int8_t>(len == static_cast<int>(f.size()) ? -1 : len);
      }
    g.fill_counts();
    return g;
  }

  TV_HD uint64_t size() const { return count[n][0]; }

  TV_HD uint64_t unrank(uint64_t i) const {
    uint64_t x = 0;
    int s = 0;
    for (int p = n - 1; p >= 0; --p) {
      const int t0 = next[s][0];
      const uint64_t c0 = t0 >= 0 ? count[p][t0] : 0;
      if (i < c0) {
        s = t0;
      } else {
        i -= c0;
        x |= uint64_t{1} << p;
        s = next[s][1];
      }
    }
    return x;
  }

  TV_HD uint64_t rank(uint64_t x) const {
    uint64_t r = 0;
    int s = 0;
    for (int p = n - 1; p >= 0; --p) {
      const unsigned b = (x >> p) & 1u;
      if (b) {
        const int t0 = next[s][0];
        if (t0 >= 0) r += count[p][t0];
      }
      s = next[s][b];
      if (s < 0) return ~uint64_t{0};
    }
    return r;
  }

  TV_HD bool contains(uint64_t x) const {
    if (n < 64 && (x >> n) != 0) return false;
    int s = 0;
    for (int p = n - 1; p >= 0 && s >= 0; --p) s = next[s][(x >> p) & 1u];
    return s >= 0;
  }

  TV_HD int bits() const { return n; }
  TV_HD int max_degree() const { return n; }

 private:
  static void check_n(int n) {
    require_in_range("lrn", "n", n, 1, 64);
  }
  void fill_counts() {
    for (int s = 0; s < states; ++s) count[0][s] = 1;
    for (int r = 1; r <= n; ++r)
      for (int s = 0; s < states; ++s) {
        unsigned __int128 c = 0;
        for (int b = 0; b < 2; ++b)
          if (next[s][b] >= 0) c += count[r - 1][next[s][b]];
        if (c >> 64)
          throw std::invalid_argument("lrn: the network has 2^64 or more nodes, more than a "
                                      "64-bit count holds");
        count[r][s] = static_cast<uint64_t>(c);
      }
  }
};

}  // namespace tv::families
