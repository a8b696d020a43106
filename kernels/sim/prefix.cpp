// The prefix simulations' public entry point: what they support, then the backend asked
// for (core::dispatch).
#include "kernels/sim/prefix.hpp"

#include <stdexcept>

#include "kernels/core/dispatch.hpp"

namespace tv::sim {

std::string prefix_unsupported(const families::family& network, prefix_algorithm a) {
  const bool cube = std::holds_alternative<families::hypercube>(network);
  const bool mc = std::holds_alternative<families::metacube>(network);
  if (a == prefix_algorithm::metacube && !mc)
    return "Algorithm 2 (prefix_MC) runs on a Metacube";
  if (!cube && !mc) return "Algorithm 1 (prefix_HC) runs on the address space of a hypercube or Metacube";
  if (families::bits_of(network) > 40) return "prefix: more than 2^40 nodes";
  return "";
}

prefix_result prefix(core::backend b, const families::family& network, const prefix_options& opt) {
  const std::string why = prefix_unsupported(network, opt.algorithm);
  if (!why.empty()) throw std::invalid_argument(why);
  return core::dispatch<detail::prefix_backend>(b, [&](auto on) { return on.prefix(network, opt); });
}

}  // namespace tv::sim
