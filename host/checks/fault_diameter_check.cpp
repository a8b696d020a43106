// The `fault_diameter` check: its options, its memory, and the `fault_diameter` object of
// the record (docs/checks.md, "Fault diameter check").  The runs are
// kernels/distance/fault_diameter.cpp.
#include "host/checks/fault_diameter_check.hpp"

#include <string>

#include "host/checks/distance_checks.hpp"
#include "host/checks/option_values.hpp"
#include "host/errors.hpp"
#include "host/records/labels.hpp"
#include "kernels/distance/fault_diameter.hpp"

namespace tv::host {

namespace {
constexpr int64_t largest_budget = 1 << 20;  // all-pairs runs: beyond this, days
}

fault_diameter_settings parse_fault_diameter_options(const nlohmann::json& o) {
  const std::string check = "fault_diameter";
  require_option_table(check, o);
  fault_diameter_settings s;
  for (const auto& option : o.items()) {
    const std::string& key = option.key();
    if (key == "failures") s.failures = static_cast<int>(parse_integer_option(check, key, option.value(), 1, 2));
    else if (key == "budget")
      s.budget = static_cast<uint64_t>(parse_integer_option(check, key, option.value(), 1, largest_budget));
    else if (key == "symmetry") s.symmetry = parse_bool_option(check, key, option.value());
    else if (key == "words") s.words = parse_words_option(check, option.value());
    else unknown_option(check, key, "failures, budget, symmetry, words");
  }
  return s;
}

void validate_fault_diameter_options(const nlohmann::json& o) { (void)parse_fault_diameter_options(o); }

void validate_fault_diameter_for_instance(const nlohmann::json& o, const instance& inst) {
  const fault_diameter_settings s = parse_fault_diameter_options(o);
  const uint64_t n = inst.nodes();
  if (n <= static_cast<uint64_t>(s.failures))
    throw input_error("fault_diameter: option failures = " + std::to_string(s.failures) +
                      " needs more than " + std::to_string(s.failures) + " nodes; the instance has " +
                      std::to_string(n));
}

uint64_t fault_diameter_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b) {
  const fault_diameter_settings s = parse_fault_diameter_options(options);
  return distances_memory(shape, {{"words", s.words}}, b) + graph_bytes(shape) + 16 * shape.nodes;
}

void run_fault_diameter(check_context& ctx, nlohmann::ordered_json& r) {
  const fault_diameter_settings s = parse_fault_diameter_options(ctx.options);
  const graph::csr_graph& g = ctx.graph();
  const distance::fault_diameter_result f = distance::fault_diameter(
      ctx.backend, g, {s.failures, s.budget, ctx.seed, s.symmetry, s.words, ctx.control});
  const int width = ctx.inst.bits();
  nlohmann::ordered_json m;
  m["failures"] = s.failures;
  m["method"] = f.exact ? std::string("exact by orbits")
                        : "sampled (" + std::to_string(f.planned) + " of " + std::to_string(f.failed_sets) +
                              " failed sets, seed " + std::to_string(ctx.seed) + ")";
  m["connected"] = f.stays_connected;
  m["diameter"] = f.stays_connected ? nlohmann::ordered_json(f.fault_diameter) : nlohmann::ordered_json(nullptr);
  nlohmann::ordered_json worst = nlohmann::ordered_json::array();
  for (uint32_t v : f.worst_set) worst.push_back(node_name(g.labels[v], width));
  m["worst_failed_set"] = worst;
  if (!f.stays_connected)
    m["note"] = std::string("removing worst_failed_set disconnects the graph") +
                (g.directed ? " (not strongly connected)" : "") +
                ": the fault diameter is infinite; the run stopped there";
  m["failed_sets"] = f.failed_sets;
  if (f.exact) m["classes"] = f.planned;
  m["runs"] = f.runs;
  m["automorphisms"] = f.automorphisms;
  r["fault_diameter"] = m;
}

}  // namespace tv::host
