// The broadcast engine's public entry points and their backend-neutral part: defaults,
// validation, the plan of a run (its sources in bit order) and its identity, then the
// backend asked for (core::dispatch) over a range of those sources.
#include "kernels/sim/broadcast.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "kernels/core/dispatch.hpp"
#include "kernels/sim/broadcast_partial.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::sim {

broadcast_scheme default_scheme(const families::family& f) {
  if (const auto* d = std::get_if<families::de_bruijn>(&f))
    return d->is_directed ? broadcast_scheme::debruijn_rule1 : broadcast_scheme::flooding;
  if (std::holds_alternative<families::enhanced_fibonacci_cube>(f)) return broadcast_scheme::eft;
  if (std::holds_alternative<families::postal_network>(f)) return broadcast_scheme::postal_tree;
  if (std::holds_alternative<families::linear_recursive>(f) ||
      std::holds_alternative<families::hypercube>(f))
    return families::contains(f, 0) ? broadcast_scheme::binomial_tree : broadcast_scheme::flooding;
  return broadcast_scheme::flooding;
}

static bool is_tree_scheme(broadcast_scheme s) {
  return s == broadcast_scheme::binomial_tree || s == broadcast_scheme::postal_tree ||
         s == broadcast_scheme::eft;
}

tree_mode resolve_tree_mode(const families::family& f, broadcast_scheme s, tree_mode m) {
  if (!is_tree_scheme(s)) return tree_mode::automatic;
  if (m != tree_mode::automatic) return m;
  if (s == broadcast_scheme::binomial_tree)
    return std::holds_alternative<families::hypercube>(f) ? tree_mode::translated
                                                          : tree_mode::via_root;
  return tree_mode::up_down;
}

static tree_kind tree_of(broadcast_scheme s) {
  return s == broadcast_scheme::postal_tree ? tree_kind::postal
         : s == broadcast_scheme::eft        ? tree_kind::eft
                                             : tree_kind::binomial;
}

std::string broadcast_unsupported(const families::family& f, broadcast_scheme s, tree_mode m) {
  const auto* db = std::get_if<families::de_bruijn>(&f);
  switch (s) {
    case broadcast_scheme::flooding:
      return "";
    case broadcast_scheme::debruijn_rule1:
    case broadcast_scheme::debruijn_all_to_all:
      if (!db || !db->is_directed)
        return std::string(s == broadcast_scheme::debruijn_rule1 ? "debruijn_rule1"
                                                                 : "debruijn_all_to_all") +
               " is the algorithm of papers/003 for directed de Bruijn networks only";
      if (s == broadcast_scheme::debruijn_all_to_all && db->k > 24)
        return "debruijn_all_to_all keeps N x k link counters; k <= 24";
      return "";
    default: {
      const tree_mode r = resolve_tree_mode(f, s, m);
      if (r == tree_mode::translated) {
        if (s != broadcast_scheme::binomial_tree || !std::holds_alternative<families::hypercube>(f))
          return "tree mode 'translated' (the binomial tree rooted at each source) needs the "
                 "binomial tree on a hypercube";
        return "";
      }
      return tree_unsupported(f, tree_of(s));
    }
  }
}

namespace {

/// What must agree for two range runs to merge: the family (if any) and graph, the scheme
/// and its options, and the source order (its size and every source with its input slot).
run_identity identity_of(const families::family* f, const graph::csr_graph& g,
                         const detail::broadcast_plan& plan) {
  run_identity id;
  if (f) {
    id = family_identity(*f);
  } else {  // the graph alone: the same fields, so that finish and merge read them alike
    id.add("family", ~uint64_t{0});
    id.add("bits", 0);
    id.add("nodes", g.nodes);
    id.add("label_checksum", 0);  // the labels are in graph_checksum
  }
  id.add("graph_checksum", graph_checksum(g));
  id.add("scheme", static_cast<uint64_t>(plan.scheme));
  id.add("mode", static_cast<uint64_t>(plan.mode));
  id.add("flood_exclude_sender", plan.opt.flood_exclude_sender);
  id.add("relay_new_only", plan.opt.relay_new_only);
  id.add("per_source", plan.opt.per_source);
  id.add("trace", plan.opt.trace);
  id.add("sources", plan.bit_sources.size());
  uint64_t h = core::fnv1a_basis;
  for (uint64_t i = 0; i < plan.bit_sources.size(); ++i)
    h = core::fnv1a(core::fnv1a(h, plan.bit_sources[i]), plan.input_index[i]);
  id.add("source_checksum", h);
  return id;
}

/// A run over a range of the sources, of a family's scheme (f given) or of flooding on
/// the graph alone (f null).
broadcast_partial run_range(core::backend b, const families::family* f, const graph::csr_graph& g,
                            const broadcast_options& opt, source_range range) {
  const std::string why =
      f ? broadcast_unsupported(*f, opt.scheme, opt.mode)
        : opt.scheme == broadcast_scheme::flooding ? ""
                                                   : "a graph without a family floods only";
  if (!why.empty()) throw std::invalid_argument(why);
  const uint64_t n = f ? families::size_of(*f) : g.nodes;
  if (g.nodes != n) throw std::invalid_argument("broadcast: the graph does not match the family");
  detail::broadcast_plan plan;
  plan.scheme = opt.scheme;
  plan.mode = f ? resolve_tree_mode(*f, opt.scheme, opt.mode) : tree_mode::automatic;
  plan.nodes = n;
  plan.bits = f ? families::bits_of(*f) : 0;
  plan.g = &g;
  plan.opt = opt;

  std::vector<uint64_t> sources = opt.sources;
  if (sources.empty()) {
    sources.resize(n);
    std::iota(sources.begin(), sources.end(), uint64_t{0});
  }
  if (opt.scheme == broadcast_scheme::debruijn_all_to_all && sources.size() != n)
    throw std::invalid_argument("debruijn_all_to_all: every node is a source (no sample)");
  for (uint64_t s : sources)
    if (s >= n) throw std::invalid_argument("broadcast: source rank " + std::to_string(s) + " >= N");
  if (opt.trace && sources.size() != 1)
    throw std::invalid_argument("broadcast: trace needs exactly one source");

  // Bit order: tree schemes sort sources by pre-order (a subtree is then a bit interval);
  // the others by rank (consecutive ranks let Rule 1 and the translated tree use masks).
  spanning_tree tree;
  std::vector<uint64_t> idx(sources.size());
  std::iota(idx.begin(), idx.end(), uint64_t{0});
  const bool uses_tree = is_tree_scheme(opt.scheme) && plan.mode != tree_mode::translated;
  if (uses_tree) {
    tree = make_tree(*f, tree_of(opt.scheme), &g);  // tree schemes need a family (checked above)
    std::sort(idx.begin(), idx.end(), [&](uint64_t a, uint64_t b) {
      return tree.preorder[sources[a]] < tree.preorder[sources[b]];
    });
    plan.tree = &tree;
  } else {
    std::sort(idx.begin(), idx.end(), [&](uint64_t a, uint64_t b) { return sources[a] < sources[b]; });
  }
  plan.bit_sources.resize(sources.size());
  plan.input_index = idx;
  for (uint64_t i = 0; i < idx.size(); ++i) {
    plan.bit_sources[i] = sources[idx[i]];
    if (i > 0 && plan.bit_sources[i] == plan.bit_sources[i - 1] && !uses_tree)
      throw std::invalid_argument("broadcast: source rank " + std::to_string(plan.bit_sources[i]) +
                                  " is listed twice");
    if (uses_tree) plan.bit_pre.push_back(tree.preorder[plan.bit_sources[i]]);
  }
  if (uses_tree)
    for (uint64_t i = 1; i < plan.bit_pre.size(); ++i)
      if (plan.bit_pre[i] == plan.bit_pre[i - 1])
        throw std::invalid_argument("broadcast: a source is listed twice");
  plan.dense = !uses_tree && plan.bit_sources.size() == n;
  range = core::resolve_range(range, plan.bit_sources.size(), "broadcast");
  broadcast_partial p =
      core::dispatch<detail::broadcast_backend>(b, [&](auto on) { return on.run(plan, range); });
  p.identity = identity_of(f, g, plan);
  return p;
}

}  // namespace

broadcast_result broadcast(core::backend b, const families::family& f, const graph::csr_graph& g,
                           const broadcast_options& opt) {
  return finish(run_broadcast_range(b, f, g, opt, every_source));
}

broadcast_result flood(core::backend b, const graph::csr_graph& g, const broadcast_options& opt) {
  return finish(run_range(b, nullptr, g, opt, every_source));
}

broadcast_partial run_broadcast_range(core::backend b, const families::family& f,
                                      const graph::csr_graph& g, const broadcast_options& opt,
                                      source_range range) {
  return run_range(b, &f, g, opt, range);
}

}  // namespace tv::sim
