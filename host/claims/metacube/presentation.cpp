// papers/002 (Metacube), Section 3 "A New Presentation of Metacube": the class-cube
// presentation is isomorphic to Section 2's cluster presentation under the address mapping,
// and the neighbor examples of Sections 2 and 3 (mc.presentations).
#include <set>

#include "host/claims/metacube/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims::mc {

// ---- mc.presentations -----------------------------------------------------------------

namespace {

std::set<std::string> neighbor_set(const metacube& mc, uint64_t x) {
  std::set<std::string> s;
  mc.for_each_neighbor(x, [&](uint64_t y) { s.insert(label_bits(y, mc.n)); });
  return s;
}

}  // namespace

void check_presentations(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  const auto& mc = *env.as<metacube>();
  part_list parts;
  const double work = static_cast<double>(env.nodes()) * (k + m) * 4;
  if (!env.affordable(work)) {
    parts.skip("isomorphism", "isomorphic", env.over_budget(work, "building the other presentation"));
  } else {
    const auto& g = env.graph();
    const metacube other_fam = metacube::make(k, m, !cluster);
    const graph::csr_graph other = graph::build_csr(env.backend(), other_fam);
    std::vector<uint64_t> map(g.nodes);
    for (uint64_t v = 0; v < g.nodes; ++v)
      map[v] = cluster ? mc.to_class(g.labels[v]) : mc.to_cluster(g.labels[v]);  // ranks = labels
    const mapping_report rep = check_mapped_isomorphism(g, other, map);
    json w;
    if (!rep.isomorphic) {
      w["problem"] = rep.problem;
      if (rep.arc) w["edge"] = {env.label(g.labels[rep.arc->first]), env.label(g.labels[rep.arc->second])};
    }
    parts.add(std::string("class <-> cluster presentation by ") + (cluster ? "to_class" : "to_cluster"),
              "isomorphic", rep.isomorphic, rep.isomorphic, w);
  }
  if (k == 2 && m == 3) {
    // Section 2 (cluster presentation): node (01, 111, 101, 110, 000).
    const metacube cl = metacube::make(2, 3, true), cc = metacube::make(2, 3, false);
    const std::set<std::string> p2{"01111101111000", "01111101100000", "01111101010000",
                                   "00111101110000", "11111101110000"};
    const auto m2 = neighbor_set(cl, parse_bits("01111101110000"));
    parts.add("Section 2: neighbors of (01,111,101,110,000)", json(p2), json(m2), m2 == p2);
    // Section 3 (class presentation): node (1100, 0110, 1011, 10).
    const std::set<std::string> p3{"11000110111110", "11000010101110", "10000110101110",
                                   "11000110101111", "11000110101100"};
    const auto m3 = neighbor_set(cc, parse_bits("11000110101110"));
    parts.add("Section 3: neighbors of (1100,0110,1011,10)", json(p3), json(m3), m3 == p3);
  }
  parts.finish(r);
}

std::string explain_presentations(const failure_view& f) { return part_sentence(f, "Sections 2-3's presentations"); }

const claim_logic mc_presentations{"mc.presentations", check_presentations, explain_presentations};

}  // namespace tv::host::claims::mc
