// All-pairs partials as JSON: every field under its own name, the graph checksum as 16
// hex digits (a 64-bit number is not exact in every JSON reader), level timings as
// doubles (nlohmann writes them so that they read back exactly).
#include "host/checks/all_pairs_partial_json.hpp"

#include <string>

#include "host/checks/partial_json.hpp"
#include "host/errors.hpp"

namespace tv::host {

using nlohmann::json;

namespace {

/// The JSON form's version; a reader refuses any other.
constexpr int all_pairs_partial_version = 1;

}  // namespace

void check_all_pairs_partial_shape(const distance::all_pairs_partial& p) {
  const uint64_t n = p.identity.nodes;
  auto fail = [](const std::string& what) { throw input_error("all-pairs partial: " + what); };
  if (p.last.size() != n || p.dsum.size() != n || p.reach.size() != n)
    fail("per-node arrays are not of the graph's " + std::to_string(n) + " nodes");
  if (!p.orbit_rep.empty() && p.orbit_rep.size() != n) fail("orbit_rep is not of the graph's size");
  if (p.identity.symmetry != !p.orbit_rep.empty()) fail("orbit_rep does not match symmetry");
  for (const uint32_t r : p.orbit_rep)
    if (r >= n) fail("orbit_rep names a node beyond the graph");
}

json all_pairs_partial_fields_to_json(const distance::all_pairs_partial& p) {
  const distance::all_pairs_identity& id = p.identity;
  json candidate = nullptr;
  if (const auto& c = p.hamming_candidate)
    candidate = {{"source", c->source}, {"target", c->target}, {"distance", c->distance},
                 {"hamming", c->hamming}};
  json j = {{"version", all_pairs_partial_version},
            {"covered", covered_to_json(p.covered)},
            {"sources", p.sources}};
  j["identity"] = {{"nodes", id.nodes}, {"arcs", id.arcs}, {"directed", id.directed},
                   {"checksum", hex16(id.checksum)}, {"symmetry", id.symmetry},
                   {"hamming", id.hamming}, {"per_node", id.per_node}, {"order_size", id.order_size}};
  if (id.by_colour) j["identity"]["by_colour"] = true;  // absent in partials from before it
  if (id.locality) j["identity"]["locality"] = true;    // likewise
  // What the covered sources found.
  j["distance_counts"] = p.distance_counts;
  j["hamming_candidate"] = candidate;
  // The orbits, and how the runs were made.
  j["automorphisms"] = p.automorphisms, j["orbits"] = p.orbits;
  j["sources_run"] = p.sources_run, j["words"] = p.words, j["batches"] = p.batches;
  j["level_seconds"] = p.level_seconds;
  return j;
}

json all_pairs_partial_to_json(const distance::all_pairs_partial& p) {
  json j = all_pairs_partial_fields_to_json(p);
  j["last"] = p.last, j["dsum"] = p.dsum, j["reach"] = p.reach, j["orbit_rep"] = p.orbit_rep;
  return j;
}

distance::all_pairs_partial all_pairs_partial_from_json(const json& j) {
  distance::all_pairs_partial p = all_pairs_partial_fields_from_json(j);
  try {
    j.at("last").get_to(p.last);
    j.at("dsum").get_to(p.dsum);
    j.at("reach").get_to(p.reach);
    j.at("orbit_rep").get_to(p.orbit_rep);
  } catch (const json::exception& e) {
    throw input_error(std::string("all-pairs partial: ") + e.what());
  }
  check_all_pairs_partial_shape(p);
  return p;
}

distance::all_pairs_partial all_pairs_partial_fields_from_json(const json& j) {
  require_partial_version(j, all_pairs_partial_version, "all-pairs");
  distance::all_pairs_partial p;
  try {
    const json& id = j.at("identity");
    p.identity.nodes = id.at("nodes").get<uint64_t>();
    p.identity.arcs = id.at("arcs").get<uint64_t>();
    p.identity.directed = id.at("directed").get<bool>();
    p.identity.checksum = parse_hex16(id.at("checksum").get<std::string>(), "all-pairs");
    p.identity.symmetry = id.at("symmetry").get<bool>();
    p.identity.hamming = id.at("hamming").get<bool>();
    p.identity.per_node = id.at("per_node").get<bool>();
    p.identity.order_size = id.at("order_size").get<uint64_t>();
    p.identity.by_colour = id.value("by_colour", false);
    p.identity.locality = id.value("locality", false);
    p.covered = covered_from_json(j.at("covered"), p.identity.order_size, "all-pairs");
    p.sources = j.at("sources").get<uint64_t>();
    j.at("distance_counts").get_to(p.distance_counts);
    if (const json& c = j.at("hamming_candidate"); !c.is_null())
      p.hamming_candidate = distance::hamming_counterexample{
          c.at("source").get<uint32_t>(), c.at("target").get<uint32_t>(),
          c.at("distance").get<uint32_t>(), c.at("hamming").get<uint32_t>()};
    j.at("automorphisms").get_to(p.automorphisms);
    p.orbits = j.at("orbits").get<uint64_t>();
    p.sources_run = j.at("sources_run").get<uint64_t>();
    p.words = j.at("words").get<int>();
    p.batches = j.at("batches").get<uint64_t>();
    j.at("level_seconds").get_to(p.level_seconds);
  } catch (const json::exception& e) {
    throw input_error(std::string("all-pairs partial: ") + e.what());
  }
  return p;
}

}  // namespace tv::host
