// Partials of all-pairs runs: their identity, merge (sums, maxima, the first failing
// pair in source order, the covered ranges kept disjoint) and finish (the statistics of
// every source, computed from the merged per-node arrays exactly as a one-call run does).
#include "kernels/distance/all_pairs_partial.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace tv::distance {

namespace {

/// The first field in which two identities differ, in words; empty when equal.
std::string identity_difference(const all_pairs_identity& a, const all_pairs_identity& b) {
  auto differs = [](const char* what, auto x, auto y) {
    return std::string(what) + " " + std::to_string(x) + " and " + std::to_string(y);
  };
  if (a.nodes != b.nodes) return differs("node counts", a.nodes, b.nodes);
  if (a.arcs != b.arcs) return differs("arc counts", a.arcs, b.arcs);
  if (a.directed != b.directed) return "a directed and an undirected graph";
  if (a.checksum != b.checksum) return "graphs with different labels or arcs (checksums differ)";
  if (a.symmetry != b.symmetry) return "a run with symmetry and one without";
  if (a.hamming != b.hamming) return "a run with the Hamming check and one without";
  if (a.per_node != b.per_node) return "a run with per-node statistics and one without";
  if (a.order_size != b.order_size) return differs("source orders of sizes", a.order_size, b.order_size);
  if (a.by_colour != b.by_colour) return "a source order by colour and one without";
  if (a.locality != b.locality) return "a source order by locality and one in node order";
  return {};
}

template <class T>
void add_into(std::vector<T>& into, const std::vector<T>& from) {
  if (into.size() < from.size()) into.resize(from.size(), T{});
  for (size_t i = 0; i < from.size(); ++i) into[i] += from[i];
}

/// From the orbit representatives' statistics to every node's.  Per node v, for an
/// automorphism group G: sum over s in orbit(r) of d(v, s) = |orbit(r)| / |orbit(v)| * sum
/// over v' in orbit(v) of d(v', r), and the max over orbit(r) of d(v, s) = the max over
/// v' in orbit(v) of d(v', r).  So v's statistics over all sources are its orbit's
/// maximum of `last` and its orbit's weighted sums divided by the orbit's size.
void spread_over_orbits(const std::vector<uint32_t>& rep, std::vector<uint32_t>& last,
                        std::vector<uint64_t>& dsum, std::vector<uint64_t>& reach) {
  const uint64_t n = last.size();
  std::vector<uint32_t> omax(n, 0);
  std::vector<uint64_t> osum(n, 0), oreach(n, 0), osize(n, 0);
  for (uint64_t v = 0; v < n; ++v) {
    const uint32_t o = rep[v];
    omax[o] = std::max(omax[o], last[v]);
    osum[o] += dsum[v];
    oreach[o] += reach[v];
    ++osize[o];
  }
  for (uint64_t v = 0; v < n; ++v) {
    const uint32_t o = rep[v];
    const uint64_t k = osize[o];
    if (osum[o] % k || oreach[o] % k)
      throw std::logic_error("all-pairs: orbit sums not divisible by the orbit size");
    last[v] = omax[o];
    dsum[v] = osum[o] / k;
    reach[v] = oreach[o] / k;
  }
}

/// Diameter, radius and eccentricity histogram.  Per node v, last[v] = max over the run's
/// sources s of d(v, s): with every source run it is v's (finite) eccentricity.
void summarize_eccentricities(const std::vector<uint32_t>& last, all_pairs_result& r) {
  r.diameter = 0;
  r.radius = ~0u;
  for (const uint32_t e : last) {
    r.diameter = std::max(r.diameter, e);
    r.radius = std::min(r.radius, e);
    if (r.eccentricity_histogram.size() <= e) r.eccentricity_histogram.resize(e + 1, 0);
    ++r.eccentricity_histogram[e];
  }
}

}  // namespace

all_pairs_identity identity_of(const graph::csr_graph& g, const all_pairs_options& opt,
                               uint64_t orbits, bool by_colour) {
  all_pairs_identity id;
  id.nodes = g.nodes;
  id.arcs = g.arcs();
  id.directed = g.directed;
  if (opt.graph_checksum) {
    uint64_t h = core::fnv1a_basis;
    for (const uint64_t label : g.labels) h = core::fnv1a(h, label);
    for (const uint32_t t : g.targets) h = core::fnv1a(h, t);
    id.checksum = h;
  }
  id.symmetry = orbits < g.nodes;
  id.hamming = opt.hamming && !g.directed;
  id.per_node = opt.per_node;
  id.order_size = orbits;
  id.by_colour = by_colour;
  return id;
}

bool all_pairs_partial::complete() const {
  return core::covers_all(covered, identity.order_size);
}

all_pairs_partial merge(all_pairs_partial a, const all_pairs_partial& b) {
  if (const std::string d = identity_difference(a.identity, b.identity); !d.empty())
    throw std::invalid_argument("all-pairs partials of different runs cannot merge: " + d);
  if (a.orbit_rep != b.orbit_rep || a.automorphisms != b.automorphisms)
    throw std::invalid_argument("all-pairs partials of different runs cannot merge: their orbits differ");
  core::add_covered(a.covered, b.covered, "all-pairs");
  a.sources += b.sources;
  add_into(a.distance_counts, b.distance_counts);
  if (a.last.size() < b.last.size()) a.last.resize(b.last.size(), 0);
  for (size_t v = 0; v < b.last.size(); ++v) a.last[v] = std::max(a.last[v], b.last[v]);
  add_into(a.dsum, b.dsum);
  add_into(a.reach, b.reach);
  if (b.hamming_candidate && (!a.hamming_candidate || b.hamming_candidate->source < a.hamming_candidate->source))
    a.hamming_candidate = b.hamming_candidate;
  a.sources_run += b.sources_run;
  a.words = std::max(a.words, b.words);
  a.batches += b.batches;
  add_into(a.level_seconds, b.level_seconds);
  return a;
}

all_pairs_result summarize(all_pairs_partial p) {
  all_pairs_result r;
  const uint64_t n = p.identity.nodes;
  r.nodes = n;
  r.sources = p.sources;
  r.distance_counts = std::move(p.distance_counts);
  for (size_t d = 0; d < r.distance_counts.size(); ++d) r.distance_sum += d * r.distance_counts[d];
  std::vector<uint32_t> last = std::move(p.last);
  std::vector<uint64_t> dsum = std::move(p.dsum), reach = std::move(p.reach);
  if (p.identity.symmetry) spread_over_orbits(p.orbit_rep, last, dsum, reach);
  uint64_t reached_total = 0;
  for (uint64_t v = 0; v < n; ++v) reached_total += reach[v];
  r.unreachable_pairs = p.sources * n - reached_total;
  summarize_eccentricities(last, r);
  if (p.identity.hamming) {
    r.hamming_paths = !p.hamming_candidate;
    r.counterexample = p.hamming_candidate;
  }
  if (p.identity.per_node) {
    r.eccentricity = std::move(last);
    r.per_node_distance_sum = std::move(dsum);
  }
  r.automorphisms = std::move(p.automorphisms);
  r.orbits = p.orbits;
  r.sources_run = p.sources_run;
  r.words = p.words;
  r.batches = p.batches;
  r.level_seconds = std::move(p.level_seconds);
  return r;
}

all_pairs_result finish(all_pairs_partial p) {
  core::require_all_covered(p.covered, p.identity.order_size, "all-pairs");
  return summarize(std::move(p));
}

}  // namespace tv::distance
