// CPU (OpenMP) instantiation of the routing simulation, the no-CUDA stubs, and the
// backend-neutral entry points.
#include <stdexcept>

#include "kernels/core/exec.hpp"
#include "kernels/sim/routing_impl.inl"

namespace tv::sim {

namespace cpu {
routing_result route_all(const families::family& f, const routing_options& opt) {
  return std::visit([&](const auto& x) { return detail::route_all<core::cpu_exec>(x, opt); }, f);
}
}  // namespace cpu

namespace cuda {
#if defined(TOPOVERIFY_HAVE_CUDA)
routing_result route_all(const families::family& f, const routing_options& opt);
#else
routing_result route_all(const families::family&, const routing_options&) {
  throw core::backend_unavailable("this build has no CUDA backend");
}
#endif
}  // namespace cuda

routing_algorithm parse_routing_algorithm(const std::string& s) {
  if (s == "pn_adaptive") return routing_algorithm::pn_adaptive;
  if (s == "pn_nonminimal") return routing_algorithm::pn_nonminimal;
  if (s == "efc_unicast") return routing_algorithm::efc_unicast;
  if (s == "ecube") return routing_algorithm::ecube;
  throw std::invalid_argument("unknown routing algorithm '" + s +
                              "' (known: pn_adaptive, pn_nonminimal, efc_unicast, ecube)");
}

const char* routing_algorithm_name(routing_algorithm a) {
  switch (a) {
    case routing_algorithm::pn_adaptive: return "pn_adaptive";
    case routing_algorithm::pn_nonminimal: return "pn_nonminimal";
    case routing_algorithm::efc_unicast: return "efc_unicast";
    case routing_algorithm::ecube: return "ecube";
  }
  return "?";
}

choice_rule parse_choice_rule(const std::string& s) {
  if (s == "random") return choice_rule::random;
  if (s == "lowest") return choice_rule::lowest;
  if (s == "highest") return choice_rule::highest;
  throw std::invalid_argument("unknown choice rule '" + s + "' (known: random, lowest, highest)");
}

const char* choice_rule_name(choice_rule c) {
  switch (c) {
    case choice_rule::random: return "random";
    case choice_rule::lowest: return "lowest";
    case choice_rule::highest: return "highest";
  }
  return "?";
}

std::string routing_unsupported(const families::family& f, const routing_params& p) {
  if (!families::has_hamming_edges(f))
    return "routing needs a family whose edges flip one label bit; de Bruijn networks have none";
  const bool postal = std::holds_alternative<families::postal_network>(f);
  if ((p.algorithm == routing_algorithm::pn_adaptive ||
       p.algorithm == routing_algorithm::pn_nonminimal) &&
      !postal)
    return std::string(routing_algorithm_name(p.algorithm)) +
           " is the postal-network routing of papers/000 and runs on postal networks only";
  if (p.algorithm == routing_algorithm::ecube && p.choice == choice_rule::random)
    return "ecube resolves dimensions in a fixed order: choice must be lowest or highest";
  if (p.spare_limit < 0 || p.spare_limit > 15)
    return "spare_limit must lie in 0..15";
  return "";
}

routing_result route_all(core::backend b, const families::family& f, const routing_options& opt) {
  const std::string why = routing_unsupported(f, opt.rule);
  if (!why.empty()) throw std::invalid_argument(why);
  return b == core::backend::cuda ? cuda::route_all(f, opt) : cpu::route_all(f, opt);
}

std::vector<uint64_t> route_path(const families::family& f, const routing_params& p,
                                 uint64_t source, uint64_t target) {
  const std::string why = routing_unsupported(f, p);
  if (!why.empty()) throw std::invalid_argument(why);
  return std::visit(
      [&](const auto& fam) {
        std::vector<uint64_t> path{source};
        route_state st;
        st.at = source;
        st.spares_left = p.spare_limit;
        const uint32_t limit = route_step_limit(fam.bits(), p);
        while (st.at != target && st.hops < limit && route_step(fam, p, source, target, st))
          path.push_back(st.at);
        return path;
      },
      f);
}

}  // namespace tv::sim
