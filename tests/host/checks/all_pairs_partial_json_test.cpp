// All-pairs partials through their JSON text and their byte form and back
// (host/checks/all_pairs_partial_json, all_pairs_partial_binary): every field equal,
// level timings bit for bit, with and without symmetry and a Hamming counterexample; a
// round-tripped split still finishes to the one-call result; another version, a missing
// field, a wrong shape, and for bytes a cut or altered copy, are refused in one line.
#include "host/checks/all_pairs_partial_json.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <tuple>

#include "host/checks/all_pairs_partial_binary.hpp"
#include "host/errors.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/distance/reference.hpp"
#include "tests/refusal.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using distance::all_pairs_partial;

auto fields(const all_pairs_partial& p) {
  const auto& id = p.identity;
  return std::tie(id.nodes, id.arcs, id.directed, id.checksum, id.symmetry, id.hamming, id.per_node,
                  id.order_size, p.sources, p.distance_counts, p.last, p.dsum, p.reach,
                  p.automorphisms, p.orbits, p.orbit_rep, p.sources_run, p.words, p.batches,
                  p.level_seconds);
}

/// Reading (a call that parses a partial) is refused with an input_error that says `words`.
void expect_refused(const std::function<void()>& read, const std::string& words) {
  const std::string said = test::refusal<host::input_error>(read);
  EXPECT_NE(said.find(words), std::string::npos) << said;
}

/// Q(4)'s all-pairs partial over the sources [first, end), without symmetry.
all_pairs_partial q4_partial(uint64_t first, uint64_t end) {
  const auto g = graph::build_csr(core::backend::cpu, families::hypercube::make(4));
  distance::all_pairs_options opt;
  opt.symmetry = false;
  return distance::run_all_pairs_range(core::backend::cpu, g, opt, {first, end});
}

/// The two written forms, each there and back.
all_pairs_partial through_json(const all_pairs_partial& p) {
  return host::all_pairs_partial_from_json(nlohmann::json::parse(host::all_pairs_partial_to_json(p).dump()));
}
all_pairs_partial through_bytes(const all_pairs_partial& p) {
  return host::all_pairs_partial_from_bytes(host::all_pairs_partial_to_bytes(p));
}

void expect_round_trip(const all_pairs_partial& p, all_pairs_partial (*reread)(const all_pairs_partial&),
                       const std::string& what) {
  const all_pairs_partial q = reread(p);
  EXPECT_TRUE(fields(p) == fields(q)) << what;
  EXPECT_TRUE(p.covered == q.covered) << what;
  ASSERT_EQ(p.hamming_candidate.has_value(), q.hamming_candidate.has_value()) << what;
  if (p.hamming_candidate) {
    const auto& a = *p.hamming_candidate;
    const auto& b = *q.hamming_candidate;
    EXPECT_EQ(std::tie(a.source, a.target, a.distance, a.hamming),
              std::tie(b.source, b.target, b.distance, b.hamming))
        << what;
  }
}

TEST(AllPairsPartialJson, EveryFieldSurvivesTheTextAndASplitStillFinishes) {
  std::vector<graph::csr_graph> graphs = {test::hypercube_with_a_hole()};
  for (const auto& fam : test::small_instances()) graphs.push_back(graph::build_csr(core::backend::cpu, fam));
  int candidates = 0;
  for (const auto& g : graphs)
    for (bool symmetry : {false, true}) {
      distance::all_pairs_options opt;
      opt.symmetry = symmetry;
      opt.per_node = true;
      opt.hamming = !g.directed;
      const auto whole = distance::run_all_pairs_range(core::backend::cpu, g, opt, distance::every_source);
      const uint64_t order = whole.identity.order_size;
      const auto head = distance::run_all_pairs_range(core::backend::cpu, g, opt, {0, order / 3});
      const auto tail = distance::run_all_pairs_range(core::backend::cpu, g, opt, {order / 3, order});
      const std::string what = "N=" + std::to_string(g.nodes) + (symmetry ? " symmetry" : "");
      for (const auto* p : {&whole, &head, &tail}) {
        expect_round_trip(*p, through_json, what + " as JSON");
        expect_round_trip(*p, through_bytes, what + " as bytes");
        candidates += p->hamming_candidate.has_value();
      }
      // Written apart, read back and merged: the same statistics as the whole run.
      for (auto* reread : {through_json, through_bytes}) {
        const auto merged = distance::finish(distance::merge(reread(tail), reread(head)));
        const auto one = distance::finish(whole);
        EXPECT_EQ(merged.distance_counts, one.distance_counts) << what;
        EXPECT_EQ(merged.eccentricity, one.eccentricity) << what;
        EXPECT_EQ(merged.per_node_distance_sum, one.per_node_distance_sum) << what;
        EXPECT_EQ(merged.hamming_paths, one.hamming_paths) << what;
      }
    }
  EXPECT_GT(candidates, 0);
}

TEST(AllPairsPartialJson, RefusesOtherVersionsMissingFieldsAndWrongShapes) {
  const nlohmann::json good = host::all_pairs_partial_to_json(q4_partial(2, 9));
  auto refused = [](const nlohmann::json& j, const std::string& words) {
    expect_refused([&] { host::all_pairs_partial_from_json(j); }, words);
  };
  auto with = [&](const char* key, const nlohmann::json& value) {
    nlohmann::json j = good;
    j[key] = value;
    return j;
  };
  refused(with("version", 2), "version 2, this build reads 1");
  refused(nlohmann::json::array(), "no \"version\"");
  nlohmann::json missing = good;
  missing.erase("dsum");
  refused(missing, "dsum");
  refused(with("last", std::vector<uint32_t>(15, 0)), "per-node arrays are not of the graph's 16 nodes");
  refused(with("covered", {{5, 9}, {2, 6}}), "covered ranges are not sorted");
  refused(with("covered", {{2, 17}}), "within the 16 sources");
  nlohmann::json bad_checksum = good;
  bad_checksum["identity"]["checksum"] = "xyz";
  refused(bad_checksum, "checksum \"xyz\" is not 16 hex digits");
  EXPECT_NO_THROW(host::all_pairs_partial_from_json(good));
}

TEST(AllPairsPartialBytes, RefusesOtherFormatsAndEveryCutOrAlteredCopy) {
  const std::string good = host::all_pairs_partial_to_bytes(q4_partial(1, 3));
  auto refused = [](const std::string& bytes, const std::string& words) {
    expect_refused([&] { host::all_pairs_partial_from_bytes(bytes); }, words);
  };
  refused("{\"version\": 1}", "not a partial");
  refused("TVPARTIAL 1\n" + good.substr(12), "another format version");
  // Every byte altered in turn, and every shorter copy: each is caught.
  int caught = 0;
  for (size_t i = 12; i < good.size(); ++i) {
    std::string bad = good;
    bad[i] = static_cast<char>(bad[i] ^ 0x10);
    refused(bad, i + 8 < good.size() ? "checksum mismatch" : "");
    ++caught;
  }
  for (size_t size = 12; size < good.size(); size += 7) refused(good.substr(0, size), "");
  EXPECT_GT(caught, 100);
  EXPECT_NO_THROW(host::all_pairs_partial_from_bytes(good));
}

}  // namespace
