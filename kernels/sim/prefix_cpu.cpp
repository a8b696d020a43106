// CPU (OpenMP) instantiation of the prefix simulations, the no-CUDA stub, and the
// backend-neutral entry point.
#include <stdexcept>

#include "kernels/core/exec.hpp"
#include "kernels/sim/prefix_impl.inl"

namespace tv::sim {

namespace cpu {
prefix_result prefix(const detail::prefix_job& j, const prefix_options& opt) {
  return detail::dispatch_prefix<core::cpu_exec>(j, opt);
}
}  // namespace cpu

namespace cuda {
#if defined(TOPOVERIFY_HAVE_CUDA)
prefix_result prefix(const detail::prefix_job& j, const prefix_options& opt);
#else
prefix_result prefix(const detail::prefix_job&, const prefix_options&) {
  throw core::backend_unavailable("this build has no CUDA backend");
}
#endif
}  // namespace cuda

#define TV_ENUM_NAMES(type, parse, name, ...)                                          \
  type parse(const std::string& s) {                                                   \
    static const std::pair<const char*, type> table[] = {__VA_ARGS__};                 \
    std::string known;                                                                 \
    for (const auto& [n, v] : table) {                                                 \
      if (s == n) return v;                                                            \
      known += (known.empty() ? "" : ", ") + std::string(n);                           \
    }                                                                                  \
    throw std::invalid_argument("unknown value '" + s + "' (known: " + known + ")");   \
  }                                                                                    \
  const char* name(type x) {                                                           \
    static const std::pair<const char*, type> table[] = {__VA_ARGS__};                 \
    for (const auto& [n, v] : table)                                                   \
      if (v == x) return n;                                                            \
    return "?";                                                                        \
  }

TV_ENUM_NAMES(prefix_algorithm, parse_prefix_algorithm, prefix_algorithm_name,
              {"hypercube", prefix_algorithm::hypercube}, {"metacube", prefix_algorithm::metacube})
TV_ENUM_NAMES(prefix_operator, parse_prefix_operator, prefix_operator_name,
              {"add", prefix_operator::add}, {"max", prefix_operator::max},
              {"xor", prefix_operator::bxor}, {"affine", prefix_operator::affine})
TV_ENUM_NAMES(operand_order, parse_operand_order, operand_order_name,
              {"printed", operand_order::printed}, {"address", operand_order::address})
TV_ENUM_NAMES(partner_reading, parse_partner_reading, partner_reading_name,
              {"owner", partner_reading::owner}, {"stale", partner_reading::stale})
TV_ENUM_NAMES(prefix_input, parse_prefix_input, prefix_input_name,
              {"index", prefix_input::index}, {"random", prefix_input::random})
#undef TV_ENUM_NAMES

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
  detail::prefix_job j;
  j.bits = families::bits_of(network);
  if (const auto* q = std::get_if<families::hypercube>(&network)) {
    j.net.kind = 0;
    j.net.cube = *q;
  } else {
    const auto& mc = std::get<families::metacube>(network);
    j.net.kind = 1;
    j.net.mc = mc;
    j.k = mc.k;
    j.m = mc.m;
  }
  return b == core::backend::cuda ? cuda::prefix(j, opt) : cpu::prefix(j, opt);
}

}  // namespace tv::sim
