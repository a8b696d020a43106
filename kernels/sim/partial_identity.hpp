// What must agree for two partial results of a simulator to merge (issue 16 item 1):
// the graph, the family, every option that changes the result and the run's source
// order, as named numbers in a fixed order.  Named numbers rather than a struct per
// simulator so that the refusal ("their scheme differs: 0 and 2") and the JSON form
// (host/checks/sim_partial_json.hpp) are written once for every simulator.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernels/core/source_range.hpp"
#include "kernels/families/family.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::sim {

struct run_identity {
  std::vector<std::pair<std::string, uint64_t>> fields;  // in the order they were added

  void add(const std::string& name, uint64_t value) { fields.emplace_back(name, value); }
  /// @brief The value of `name`; raises std::invalid_argument when there is none.
  uint64_t get(const std::string& name) const;
  friend bool operator==(const run_identity& a, const run_identity& b) { return a.fields == b.fields; }
};

/// @brief The first field in which two identities differ, in words; "" when equal.
std::string identity_difference(const run_identity& a, const run_identity& b);

/// @brief The first step of every simulator's merge: raises std::invalid_argument
/// ("ENGINE partials of different runs cannot merge: ...") unless the identities agree,
/// then adds `more` to `covered` (core::add_covered: overlaps refused).
void merge_coverage(const run_identity& a, const run_identity& b,
                    std::vector<core::source_range>& covered,
                    const std::vector<core::source_range>& more, const std::string& engine);

/// @brief FNV-1a over the graph's labels and arcs' targets (as the all-pairs partial's).
uint64_t graph_checksum(const graph::csr_graph& g);

/// @brief FNV-1a over the family's node labels in rank order: families of one type, size
/// and label width but other parameters differ here.
uint64_t label_checksum(const families::family& f);

/// @brief The fields every simulator's identity starts with: the family (its type in the
/// variant, label bits, nodes and label checksum).
run_identity family_identity(const families::family& f);

}  // namespace tv::sim
