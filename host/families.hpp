// The families as users name them (docs/families.md; `topoverify list`): their
// parameters, the ranges accepted, and construction of a kernels-side family from
// key=value strings.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/families/family.hpp"
#include "kernels/graph/edge_list_file.hpp"
#include "kernels/graph/topologies/topology.hpp"

namespace tv::host {

struct param_spec {
  enum class kind { integer, boolean, text };
  std::string name;
  kind type = kind::integer;
  long long lo = 0, hi = 0;       // integer range, inclusive
  std::string default_value;      // empty: required (unless one_of names a group)
  std::string help;
};

struct family_spec {
  std::string name;
  std::string description;
  std::vector<param_spec> params;
};

/// A family instance: the name and typed parameters as written in records, and the
/// kernels-side network.  A network read from a file (family "edgelist") is no
/// label-defined family: `file` holds its graph, and `net` is unused (code that needs a
/// family's labels asks label_defined() first).
struct instance {
  std::string family;
  nlohmann::ordered_json params;  // in the spec's order, typed (numbers, booleans, strings)
  families::family net;
  std::shared_ptr<const graph::edge_list_file> file;  // family "edgelist", and the architects' families
  // An architects' family (host/topology_families.hpp), built into `file`: its endpoints
  // per router and how it was laid out.  Null for every other family.
  std::shared_ptr<const graph::topologies::topology_facts> topology;

  /// "postal lambda=2 n=20"
  std::string label() const;
  /// True for the families of kernels/families (labels, enumeration, the simulators'
  /// rules); false for a graph read from a file.
  bool label_defined() const { return file == nullptr; }
  /// N, whether arcs are directed, the label width (0: a file without labels), the largest
  /// (out-)degree, and whether every edge joins labels one bit apart (the Hamming check).
  uint64_t nodes() const;
  bool directed() const;
  int bits() const;
  int max_degree() const;
  bool hamming_edges() const;
};

/// @brief Every family with its parameters, in the order `topoverify list` prints them.
const std::vector<family_spec>& family_specs();

/// @brief The spec of a family, or input_error naming the unknown family and the known ones.
const family_spec& find_family(const std::string& name);

/// @brief An lrn instance's `seeds` parameter as a list: "0, 10,110" -> {"0", "10", "110"}
/// (split at commas, blanks around each seed dropped), as make_instance reads it.
std::vector<std::string> seed_list(const std::string& seeds);

/// @brief Builds an instance from key=value strings; input_error names any unknown key,
/// missing or malformed value, or value out of range.
instance make_instance(const std::string& family, const std::map<std::string, std::string>& kv);

}  // namespace tv::host
