// The simulation checks' options as typed structs: one parser per check turns the batch
// file's (or --set's) table into the simulators' settings, checking every key, type and
// range against the instance's family (a source index against the N the family computes
// without enumerating).  The runner and `info` call these before the first instance runs
// (through check_spec::validate_for_instance); the checks call them again to run.
// Option strings are mapped to the simulators' enums here and nowhere else.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/postal.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"

namespace tv::host {

struct routing_settings {
  sim::routing_options opt;  // sample_pairs: 0 = every ordered pair
  bool rule_given = false;   // algorithm or choice named: an unsupported one is an error
};

struct broadcast_settings {
  sim::broadcast_options opt;  // sources: filled by broadcast_sources()
  uint64_t seed = 1;           // of the source sample
  uint64_t sample = 0;         // sources to sample; 0 = every source or the list
  std::vector<uint64_t> listed;  // ranks of the listed sources
  std::string selection;       // "all", "sample" or "list"
  bool scheme_given = false;   // scheme or mode named
};

struct postal_settings {
  sim::tree_kind tree = sim::tree_kind::bfs;
  uint64_t lambda = 1;
  bool tree_given = false;
};

struct multicast_settings {
  sim::multicast_options opt;
  std::vector<sim::multicast_scheme> schemes;
};

struct prefix_settings {
  sim::prefix_options opt;  // algorithm, partner, input, seed; op and order set per run
  std::vector<sim::prefix_operator> operators;  // one run per operator and order
  std::vector<sim::operand_order> orders;
  bool algorithm_given = false;
};

/// @brief Each parser raises input_error naming the check, the option and the allowed
/// values on an unknown key, a wrong type or an out-of-range value.
routing_settings parse_routing_options(const nlohmann::json& options, const families::family& f);
broadcast_settings parse_broadcast_options(const nlohmann::json& options, const families::family& f);
postal_settings parse_postal_options(const nlohmann::json& options, const families::family& f);
multicast_settings parse_multicast_options(const nlohmann::json& options, const families::family& f);
prefix_settings parse_prefix_options(const nlohmann::json& options, const families::family& f);

/// @brief The source ranks a broadcast runs from: the listed ones, a seeded sample, or
/// {} for every source.
std::vector<uint64_t> broadcast_sources(const broadcast_settings& s, const families::family& f);

/// @brief The broadcast options of a network read from a file (N nodes, no family):
/// flooding only, sources "all" or a sample size (listed sources would need labels);
/// input_error names anything else.  Sources are filled here.
broadcast_settings parse_file_broadcast_options(const nlohmann::json& options, uint64_t nodes);

}  // namespace tv::host
