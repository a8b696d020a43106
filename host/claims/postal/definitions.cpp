// papers/000's definitions and formulas as printed, declared in host/claims/papers.hpp so
// the tests can compare them with brute force: Definition 1 (Section 2), Theorem 7's set
// and distance_1 (Section 4), Hsu's Fibonacci cube (Theorem 1), Theorem 3's diameter and
// Theorem 4's recurrences (Section 3).  Definition 2's postal tree (Section 6) is the
// simulators' sim::postal_tree_parent (kernels/sim/trees.hpp).
#include <cstdint>
#include <vector>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "kernels/families/postal.hpp"

namespace tv::host::claims {

std::vector<uint64_t> pn_definition1(int lambda, int n) {
  std::vector<uint64_t> v;
  if (n <= lambda) {  // 0_(n), 0_(n-1)1, ..., 010_(n-2), 10_(n-1)
    v.push_back(0);
    for (int i = 0; i < n; ++i) v.push_back(uint64_t{1} << i);
    return v;
  }
  v = pn_definition1(lambda, n - 1);                            // 0 || V(n-1)
  for (uint64_t y : pn_definition1(lambda, n - lambda))         // 10_(lambda-1) || V(n-lambda)
    v.push_back((uint64_t{1} << (n - 1)) | y);
  return v;
}

// The kernels' distance_1 (kernels/families/postal.hpp), the one implementation.
static_assert(distance_1_infinite == families::distance_1_infinite);
int distance_1(uint64_t x) { return families::distance_1(x); }

std::vector<uint64_t> pn_theorem7(int lambda, int n) {
  std::vector<uint64_t> v;
  for (uint64_t x = 0; x < (uint64_t{1} << n); ++x)
    if (distance_1(x) >= lambda) v.push_back(x);
  return v;
}

std::vector<uint64_t> fibonacci_cube_hsu(int order) {
  if (order <= 2) return {0};  // V(2) = the empty string only
  if (order == 3) return {0, 1};
  std::vector<uint64_t> v = fibonacci_cube_hsu(order - 1);  // 0 || V(k-1)
  const int width = order - 2;
  for (uint64_t y : fibonacci_cube_hsu(order - 2)) v.push_back((uint64_t{1} << (width - 1)) | y);
  return v;
}

long long pn_diameter_formula(int lambda, int n) {
  if (lambda == 1) return n;
  const long long c = ceil_div(n, lambda);
  return (n - 1) % lambda == 0 ? 2 * c - 1 : 2 * c;
}

namespace {
uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? ~uint64_t{0} : a + b; }
}  // namespace

uint64_t pn_nodes_recurrence(int lambda, int n) {
  std::vector<uint64_t> N(static_cast<size_t>(n) + 1, 0);
  for (int i = 1; i <= n; ++i)
    N[i] = i <= lambda ? static_cast<uint64_t>(i) + 1 : sat_add(N[i - 1], N[i - lambda]);
  return N[n];
}

uint64_t pn_links_recurrence(int lambda, int n) {
  std::vector<uint64_t> N(static_cast<size_t>(n) + 1, 0), L(static_cast<size_t>(n) + 1, 0);
  for (int i = 1; i <= n; ++i) {
    N[i] = i <= lambda ? static_cast<uint64_t>(i) + 1 : sat_add(N[i - 1], N[i - lambda]);
    L[i] = i <= lambda ? static_cast<uint64_t>(i)
                       : sat_add(sat_add(L[i - 1], L[i - lambda]), N[i - lambda]);
  }
  return L[n];
}

}  // namespace tv::host::claims
