// The families as users name them (docs/families.md; `topoverify list`): their
// parameters, the ranges accepted, and construction of a kernels-side family from
// key=value strings.  Besides the built-in ones, the families users define while the
// program runs: rule families (docs/own-networks.md), defined from batch files' [[family]]
// tables and rule files (host/batch/family_tables.hpp) before any instance is made.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/families/family.hpp"
#include "kernels/families/rule_definition.hpp"
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
  /// A rule family's tables, which `net` points into, and its rule's digest (the records
  /// of an edited rule are not the old rule's); empty for the built-in families.
  std::shared_ptr<const void> rule_storage;
  std::string rule_digest;

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

/// @brief Every built-in family with its parameters, in the order `topoverify list` prints them.
const std::vector<family_spec>& family_specs();

/// A family a user defined: its spec (integer parameters with their ranges), its rule,
/// and where it was defined ("rules/mobius.toml:3:1"), for messages.
struct defined_family {
  family_spec spec;
  std::shared_ptr<const families::rule_definition> rule;
  std::string source;
};

/// @brief Makes `f` a family every sweep and batch of this process may name.  Defining
/// the same rule again under its name changes nothing; input_error when the name is a
/// built-in family's, or another rule's.
void define_family(defined_family f);

/// @brief The families defined so far, in the order of their definition.
const std::vector<defined_family>& defined_families();

/// @brief The spec of a family, or input_error naming the unknown family and the known ones.
const family_spec& find_family(const std::string& name);

/// @brief An lrn instance's `seeds` parameter as a list: "0, 10,110" -> {"0", "10", "110"}
/// (split at commas, blanks around each seed dropped), as make_instance reads it.
std::vector<std::string> seed_list(const std::string& seeds);

/// @brief Builds an instance from key=value strings; input_error names any unknown key,
/// missing or malformed value, or value out of range.
instance make_instance(const std::string& family, const std::map<std::string, std::string>& kv);

}  // namespace tv::host
