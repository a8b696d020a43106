// The routing simulation's public entry points: what it supports, the run on the backend
// asked for (core::dispatch), and one route on the host.
#include "kernels/sim/routing.hpp"

#include <stdexcept>

#include "kernels/core/dispatch.hpp"

namespace tv::sim {

std::string routing_unsupported(const families::family& f, const routing_params& p) {
  if (!families::has_hamming_edges(f))
    return "routing needs a family whose edges flip one label bit; de Bruijn, Kautz, folded hypercube, star and torus (k >= 3) networks have none";
  const bool postal = std::holds_alternative<families::postal_network>(f);
  if ((p.algorithm == routing_algorithm::pn_adaptive ||
       p.algorithm == routing_algorithm::pn_nonminimal) &&
      !postal)
    return std::string(p.algorithm == routing_algorithm::pn_adaptive ? "pn_adaptive"
                                                                       : "pn_nonminimal") +
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
  return core::dispatch<detail::routing_backend>(b, [&](auto on) { return on.route_all(f, opt); });
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
