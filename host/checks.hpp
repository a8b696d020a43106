// Checks: named computations run on one instance, each adding its fields to the
// instance's JSON record (DESIGN.md, "Names users type").  `counts` always runs.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"
#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host {

/// What a check gets: the instance, the backend, the check's options from the batch file
/// (an object, possibly empty), and the instance's graph, built once on first use.
struct check_context {
  check_context(const instance& i, core::backend b) : inst(i), backend(b) {}
  const instance& inst;
  core::backend backend;
  nlohmann::json options = nlohmann::json::object();
  core::run_control control;  // progress and stop requests, passed on to kernels
  std::string output_dir = ".";  // where checks write side files (per-node tables)

  /// @brief The CSR graph of the instance, built on first call and kept for later checks.
  const graph::csr_graph& graph();
  /// @brief Supplies the graph instead of building it (a caller that already holds it, or
  /// a test that feeds a hand-altered graph to a check).
  void set_graph(std::shared_ptr<graph::csr_graph> g) { graph_ = std::move(g); }
  /// @brief True once the graph is built or supplied.
  bool has_graph() const { return graph_ != nullptr; }

 private:
  std::shared_ptr<graph::csr_graph> graph_;
};

struct check_spec {
  std::string name;
  std::string description;
  std::function<void(check_context&, nlohmann::ordered_json&)> run;
  /// Validates the check's options before any work (raises input_error); may be empty.
  std::function<void(const nlohmann::json&)> validate_options = nullptr;
};

/// @brief Every check, in the order they run when several are asked for.
const std::vector<check_spec>& check_specs();

/// @brief The spec of a check, or input_error naming the unknown check and the known ones.
const check_spec& find_check(const std::string& name);

/// @brief The record of one instance: family, params, counts, then every requested check
/// (in catalog order), the backend and the tool version.  Raises what a check raises.
nlohmann::ordered_json run_checks(const instance& inst, const std::vector<std::string>& checks,
                                  core::backend backend,
                                  const nlohmann::json& check_options = nlohmann::json::object());

/// @brief Adds the counts fields (nodes, edges, degree_min, ...) of a degree summary.
void put_counts(nlohmann::ordered_json& record, const graph::degree_summary& s, bool directed);

}  // namespace tv::host
