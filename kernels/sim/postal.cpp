// The postal model's public entry point (validation, then the backend asked for:
// core::dispatch) and its host-side pieces: f_lambda, the optimal schedule tree and the
// binomial tree of a fully connected network.
#include "kernels/sim/postal.hpp"

#include <algorithm>
#include <stdexcept>

#include "kernels/core/dispatch.hpp"

namespace tv::sim {

namespace {

/// f_lambda(t) for t = f.size(), from the values before it: 1 for t < lambda, else
/// f(t-1) + f(t-lambda), saturating at 2^64 - 1.  The one place the recurrence is written.
uint64_t next_postal_reach(const std::vector<uint64_t>& f, uint64_t lambda) {
  const uint64_t t = f.size();
  if (t < lambda) return 1;
  const uint64_t a = f[t - 1], b = f[t - lambda];
  return a + b < a ? ~uint64_t{0} : a + b;
}

}  // namespace

std::vector<uint64_t> postal_reach(uint64_t lambda, uint64_t tmax) {
  if (lambda < 1) throw std::invalid_argument("postal model: lambda must be >= 1");
  std::vector<uint64_t> f;
  f.reserve(tmax + 1);
  while (f.size() <= tmax) f.push_back(next_postal_reach(f, lambda));
  return f;
}

uint64_t postal_optimum(uint64_t nodes, uint64_t lambda) {
  if (lambda < 1) throw std::invalid_argument("postal model: lambda must be >= 1");
  // f grows at least by one every lambda steps, so this loop ends.
  std::vector<uint64_t> f;
  for (;;) {
    f.push_back(next_postal_reach(f, lambda));
    if (f.back() >= nodes) return f.size() - 1;
  }
}

postal_result postal_model(core::backend b, const spanning_tree& tree, uint64_t lambda,
                           bool keep_times) {
  if (lambda < 1) throw std::invalid_argument("postal model: lambda must be >= 1");
  return core::dispatch<detail::postal_backend>(
      b, [&](auto on) { return on.postal_model(tree, lambda, keep_times); });
}

spanning_tree optimal_postal_tree(uint64_t nodes, uint64_t lambda) {
  if (nodes == 0 || nodes >= (uint64_t{1} << 32))
    throw std::invalid_argument("optimal postal tree: nodes must lie in 1..2^32-1");
  if (lambda < 1) throw std::invalid_argument("postal model: lambda must be >= 1");
  std::vector<uint32_t> parent{0};
  std::vector<uint64_t> recv{0};  // non-decreasing: arrivals are created in time order
  for (uint64_t t = 0; parent.size() < nodes; ++t) {
    // Everyone informed by time t sends one message at t; it arrives at t + lambda.
    const uint64_t senders =
        static_cast<uint64_t>(std::upper_bound(recv.begin(), recv.end(), t) - recv.begin());
    for (uint64_t s = 0; s < senders && parent.size() < nodes; ++s) {
      parent.push_back(static_cast<uint32_t>(s));
      recv.push_back(t + lambda);
    }
  }
  return tree_from_parents(std::move(parent), 0);
}

spanning_tree complete_binomial_tree(uint64_t nodes) {
  if (nodes == 0 || nodes >= (uint64_t{1} << 32))
    throw std::invalid_argument("binomial tree: nodes must lie in 1..2^32-1");
  std::vector<uint32_t> parent(nodes);
  for (uint64_t i = 0; i < nodes; ++i) parent[i] = static_cast<uint32_t>(i & (i - 1));
  parent[0] = 0;
  return tree_from_parents(std::move(parent), 0);
}

}  // namespace tv::sim
