// The base of every check: what a check gets (check_context: the instance, the backend,
// its options, the graph built once) and what it declares (check_spec: name, run, memory
// estimate, option validators).  Checks and the claims include this alone; the catalog
// that lists them is registry.hpp, above both.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/checks/graph_shape.hpp"
#include "host/checks/range_engine.hpp"
#include "host/families.hpp"
#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::sim {
struct broadcast_options;
struct broadcast_result;
struct routing_options;
struct routing_result;
}  // namespace tv::sim

namespace tv::distance {
struct path_count_result;
}  // namespace tv::distance

namespace tv::host {

/// What a check gets: the instance, the backend, the check's options from the batch file
/// (an object, possibly empty), the instance's graph (built once on first use), the
/// run control to hand to long kernels (progress, time limit, SIGINT), and the seed of
/// the job for checks that sample.
struct check_context {
  check_context(const instance& i, core::backend b) : inst(i), backend(b) {}
  const instance& inst;
  core::backend backend;
  nlohmann::json options = nlohmann::json::object();
  core::run_control control;  // progress and stop requests, passed on to kernels
  // Where checks write side files (per-node tables): a run's output folder; empty: none
  // (`info` and `check`, which write no files, and an MPI rank helping rank 0 with a
  // shared instance, whose record and files rank 0 writes).
  std::string output_dir;
  // Ends a side file's name: the instance's content id in a run, so two instances of
  // the same network with other options never write the same file.
  std::string side_file_tag;
  uint64_t seed = 1;          // the batch file's `seed`, 1 when it gives none
  range_runner* ranges = nullptr;  // null: each engine in one call
  bool graph_wanted = false;  // a check of this instance builds the graph (check_spec::builds_graph)
  // A claim written as an expression reads per-node eccentricities: the distances check
  // computes them and keeps its result here for the claims check, which runs after it.
  bool keep_per_node = false;
  std::shared_ptr<const distance::all_pairs_result> all_pairs_kept;
  // The paths and endpoints checks read one pass of shortest-path counts from the same
  // sources (path_diversity_check.cpp): the first to run keeps it here, with its sources.
  std::shared_ptr<const distance::path_count_result> path_counts_kept;
  std::vector<uint32_t> path_count_sources;
  /// A caller in this process that takes the distances check's per-node arrays (the
  /// eccentricity and distance sum of every node) instead of a side file: the Python
  /// module.  Called once with the graph and the result, which it may move from.
  std::function<void(const graph::csr_graph&, distance::all_pairs_result&)> per_node_sink;

  /// @brief All-pairs statistics of g over every source, through `ranges` when set.
  distance::all_pairs_result all_pairs(const graph::csr_graph& g,
                                       const distance::all_pairs_options& opt) const;
  /// @brief sim::broadcast from every source opt asks for, through `ranges` when set.
  sim::broadcast_result broadcast(const families::family& f, const graph::csr_graph& g,
                                  const sim::broadcast_options& opt) const;
  /// @brief sim::route_all, through `ranges` when set and opt routes every pair (a sample
  /// draws its sources at random and runs in one call).
  sim::routing_result route_all(const families::family& f, const sim::routing_options& opt) const;

  /// @brief The CSR graph of the instance, built on first call and kept for later checks.
  const graph::csr_graph& graph();
  /// @brief Supplies the graph instead of building it (a caller that already holds it, or
  /// a test that feeds a hand-altered graph to a check).
  void set_graph(std::shared_ptr<graph::csr_graph> g) { graph_ = std::move(g); }
  /// @brief True once the graph is built or supplied.
  bool has_graph() const { return graph_ != nullptr; }
  /// @brief Seconds graph() spent building the graph (0 until it does).
  double graph_seconds() const { return graph_seconds_; }

 private:
  std::shared_ptr<const graph::csr_graph> graph_;
  double graph_seconds_ = 0;
};

struct check_spec {
  std::string name;
  std::string description;
  std::function<void(check_context&, nlohmann::ordered_json&)> run;
  /// Peak host bytes the check needs on an instance's graph shape, for the memory plan
  /// (memory_plan.hpp).  Checks that leave it empty are taken to build the graph.
  memory_estimate memory_bytes = nullptr;
  /// Validates the check's options before any work (raises input_error); may be empty.
  std::function<void(const nlohmann::json&)> validate_options = nullptr;
  /// Validates the options against one instance (values whose range depends on the
  /// family or its N, computed without enumerating); may be empty.  Reached only through
  /// validate_check_options.
  std::function<void(const nlohmann::json&, const instance&)> validate_for_instance = nullptr;
  /// True when the check builds the graph (graph()) on every instance it runs on: the
  /// counts check, which runs first, then reads its degrees off that graph instead of
  /// enumerating every label once more (registry.cpp).
  bool builds_graph = false;
};

/// @brief Adds the counts fields (nodes, edges, degree_min, ...) of a degree summary.
void put_counts(nlohmann::ordered_json& record, const graph::degree_summary& s, bool directed);

}  // namespace tv::host
