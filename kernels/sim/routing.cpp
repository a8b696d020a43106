// The routing simulation's public entry points: what it supports, the run on the backend
// asked for (core::dispatch), and one route on the host.
#include "kernels/sim/routing.hpp"

#include <stdexcept>

#include "kernels/core/dispatch.hpp"
#include "kernels/sim/routing_partial.hpp"

namespace tv::sim {

std::string routing_unsupported(const families::family& f, const routing_params& p) {
  if (std::holds_alternative<families::rule_family>(f))
    return "routing runs the papers' algorithms on the built-in families; a rule family has none "
           "(link_load with algorithm = \"shortest_path\" routes any graph)";
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
  return finish(run_routing_range(b, f, opt, core::every_source));
}

routing_partial run_routing_range(core::backend b, const families::family& f,
                                  const routing_options& opt, core::source_range range) {
  const std::string why = routing_unsupported(f, opt.rule);
  if (!why.empty()) throw std::invalid_argument(why);
  const uint64_t n = families::size_of(f);
  const bool sampled = opt.sample_pairs != 0;
  // A sample's pairs have random sources: it runs whole, as one range of every source.
  if (sampled && !(range == core::every_source) && !(range == core::source_range{0, n}))
    throw std::invalid_argument(
        "routing: a sampled run (sample_pairs) draws its sources at random and runs whole; "
        "it takes no source range");
  range = core::resolve_range(range, n, "routing");
  // Sources [a, b) are the pairs a (N-1) .. b (N-1) - 1 of the all-pairs order.
  const uint64_t per_source = n < 2 ? 0 : n - 1;
  const uint64_t pair_begin = sampled ? 0 : range.begin * per_source;
  const uint64_t pair_end = sampled ? (n < 2 ? 0 : opt.sample_pairs) : range.end * per_source;
  routing_partial p = core::dispatch<detail::routing_backend>(
      b, [&](auto on) { return on.route_pairs(f, opt, pair_begin, pair_end); });
  if (range.begin < range.end) p.covered = {range};
  p.identity = family_identity(f);
  p.identity.add("algorithm", static_cast<uint64_t>(opt.rule.algorithm));
  p.identity.add("choice", static_cast<uint64_t>(opt.rule.choice));
  p.identity.add("seed", opt.rule.seed);
  p.identity.add("spare_limit", static_cast<uint64_t>(opt.rule.spare_limit));
  p.identity.add("sample_pairs", opt.sample_pairs);
  p.identity.add("sample_seed", opt.sample_seed);
  p.identity.add("sources", n);
  return p;
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
