// The link loads' public entry points: what a run may use (core::require_bytes), the
// backend switch (core::dispatch), and the summary the records give.
#include "kernels/sim/link_load.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "kernels/core/dispatch.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/sim/link_load_batched.hpp"

namespace tv::sim {

namespace {

/// Distinct node indices below n, or std::invalid_argument naming `what`.
void require_distinct(const std::vector<uint32_t>& nodes, uint64_t n, const char* what) {
  std::vector<uint8_t> taken(n, 0);
  for (const uint32_t v : nodes) {
    if (v >= n || taken[v]) throw std::invalid_argument(std::string(what) + ": a node repeated or out of range");
    taken[v] = 1;
  }
}

/// Bytes of the graph as a run copies it to the backend, and of the per-arc loads.
uint64_t graph_and_loads_bytes(const graph::csr_graph& g) {
  const uint64_t rows = 8 * (g.nodes + 1) + 4 * g.arcs();
  return (g.directed ? 2 * rows : rows) + 8 * g.arcs();
}

/// The one part of a single list of units (null: every node, parts null too).
struct single_part {
  std::optional<unit_parts> parts;
  explicit single_part(const std::vector<uint32_t>* units) {
    if (units) parts = unit_parts{*units};
  }
  const unit_parts* get() const { return parts ? &*parts : nullptr; }
};

/// The scratch slots the per-target kernel takes on backend b, its peak bytes checked
/// against what the run may use (core::require_bytes).  Targets run `slots` at a time, each with its own distances, BFS order and subtree
/// counts (12 bytes per node): a few per CPU thread, and enough to fill a GPU.
uint64_t per_target_slots(core::backend b, const graph::csr_graph& g) {
  const uint64_t wanted = b == core::backend::cuda ? 4096 : 2 * static_cast<uint64_t>(core::cpu_threads());
  const uint64_t per_slot = 12 * std::max<uint64_t>(g.nodes, 1);
  const uint64_t fixed = graph_and_loads_bytes(g);
  const uint64_t budget = core::budget_bytes(core::backend_memory(b));
  uint64_t slots = std::min<uint64_t>(wanted, std::max<uint64_t>(g.nodes, 1));
  if (budget > fixed) slots = std::max<uint64_t>(1, std::min(slots, (budget - fixed) / per_slot));
  core::require_bytes(b, fixed + slots * per_slot,
                      "shortest-path link loads: N = " + std::to_string(g.nodes) + ", " +
                          std::to_string(g.arcs()) + " arcs");
  return slots;
}

void per_target_parts(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                      const core::run_control& control, const unit_parts* parts, const part_loads_sink& sink) {
  const uint64_t slots = per_target_slots(b, g);
  core::dispatch<detail::link_load_backend>(b, [&](auto on) { on.shortest(g, rule, slots, control, parts, sink); });
}

}  // namespace

namespace detail {

link_loads per_target_shortest_loads(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                                     const core::run_control& control, const std::vector<uint32_t>* toward) {
  link_loads r;
  per_target_parts(b, g, rule, control, single_part(toward).get(), [&](size_t, link_loads&& l) { r = std::move(l); });
  return r;
}

}  // namespace detail

namespace {

/// The batch width of the CPU's batched kernel for this graph (0: the per-target kernel).
int batched_words(core::backend b, uint64_t nodes, uint64_t arcs) {
  if (b != core::backend::cpu) return 0;
  return detail::batched_loads_words(nodes, arcs, core::cpu_threads(),
                                     core::budget_bytes(core::backend_memory(b)));
}

void shortest_parts(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                    const core::run_control& control, const unit_parts* parts, const part_loads_sink& sink) {
  const int words = batched_words(b, g.nodes, g.arcs());
  if (!words || !detail::batched_loads_take(g)) return per_target_parts(b, g, rule, control, parts, sink);
  // The batched kernel reads the graph where it lies: a run per part, the progress of
  // each counted on from the earlier parts'.
  if (!parts) return sink(0, detail::batched_shortest_loads(g, rule, words, control));
  uint64_t total = 0, before = 0;
  for (const std::vector<uint32_t>& part : *parts) total += part.size();
  for (size_t i = 0; i < parts->size(); ++i) {
    core::run_control step = control;
    step.progress = [&control, before, total](uint64_t done, uint64_t) { control.report(before + done, total); };
    sink(i, detail::batched_shortest_loads(g, rule, words, step, &(*parts)[i]));
    before += (*parts)[i].size();
  }
}

link_loads one_result(const std::function<void(const part_loads_sink&)>& run) {
  link_loads r;
  run([&](size_t, link_loads&& l) { r = std::move(l); });
  return r;
}

}  // namespace

link_loads shortest_path_loads(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                               const core::run_control& control) {
  return one_result([&](const part_loads_sink& sink) { shortest_parts(b, g, rule, control, nullptr, sink); });
}

link_loads shortest_path_loads_toward(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                                      const std::vector<uint32_t>& toward, const core::run_control& control) {
  require_distinct(toward, g.nodes, "link loads toward targets");
  const single_part one(&toward);
  return one_result([&](const part_loads_sink& sink) { shortest_parts(b, g, rule, control, one.get(), sink); });
}

void shortest_path_loads_toward_parts(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                                      const unit_parts& parts, const part_loads_sink& sink,
                                      const core::run_control& control) {
  for (const std::vector<uint32_t>& part : parts) require_distinct(part, g.nodes, "link loads toward targets");
  shortest_parts(b, g, rule, control, &parts, sink);
}

uint64_t shortest_path_loads_bytes(core::backend b, uint64_t nodes, uint64_t arcs, bool directed) {
  if (const int words = batched_words(b, nodes, arcs))
    return detail::batched_loads_bytes(nodes, arcs, words, core::cpu_threads()) + 8 * arcs;
  const uint64_t rows = 8 * (nodes + 1) + 4 * arcs;
  const uint64_t slots = b == core::backend::cuda ? 4096 : 2 * static_cast<uint64_t>(core::cpu_threads());
  return (directed ? 2 * rows : rows) + 8 * arcs + std::min(slots, std::max<uint64_t>(nodes, 1)) * 12 * nodes;
}

namespace {

void routed_parts(core::backend b, const families::family& f, const graph::csr_graph& g, const routing_params& p,
                  const core::run_control& control, const unit_parts* parts, const part_loads_sink& sink) {
  const std::string why = routing_unsupported(f, p);
  if (!why.empty()) throw std::invalid_argument(why);
  if (g.nodes != families::size_of(f) || (g.nodes > 0 && g.labels.back() != families::unrank(f, g.nodes - 1)))
    throw std::invalid_argument("routing link loads: the graph is not the family's CSR");
  core::require_bytes(b, graph_and_loads_bytes(g),
                      "routing link loads: N = " + std::to_string(g.nodes) + ", " + std::to_string(g.arcs()) +
                          " arcs");
  core::dispatch<detail::link_load_backend>(b, [&](auto on) { on.routed(f, g, p, control, parts, sink); });
}

}  // namespace

link_loads routing_loads(core::backend b, const families::family& f, const graph::csr_graph& g,
                         const routing_params& p, const core::run_control& control) {
  return one_result([&](const part_loads_sink& sink) { routed_parts(b, f, g, p, control, nullptr, sink); });
}

link_loads routing_loads_from(core::backend b, const families::family& f, const graph::csr_graph& g,
                              const routing_params& p, const std::vector<uint32_t>& from,
                              const core::run_control& control) {
  require_distinct(from, g.nodes, "routing link loads from sources");
  const single_part one(&from);
  return one_result([&](const part_loads_sink& sink) { routed_parts(b, f, g, p, control, one.get(), sink); });
}

void routing_loads_from_parts(core::backend b, const families::family& f, const graph::csr_graph& g,
                              const routing_params& p, const unit_parts& parts, const part_loads_sink& sink,
                              const core::run_control& control) {
  for (const std::vector<uint32_t>& part : parts) require_distinct(part, g.nodes, "routing link loads from sources");
  routed_parts(b, f, g, p, control, &parts, sink);
}

link_load_summary summarize_loads(const graph::csr_graph& g, const std::vector<uint64_t>& per_arc) {
  if (per_arc.size() != g.arcs()) throw std::invalid_argument("summarize_loads: one load per arc of the graph");
  link_load_summary s;
  s.links = per_arc.size();
  uint64_t max_arc = 0;
  for (uint64_t a = 0; a < per_arc.size(); ++a) {
    s.load_sum += per_arc[a];
    if (per_arc[a] > s.max_load) {
      s.max_load = per_arc[a];
      s.max_links = 0;
      max_arc = a;
    }
    if (per_arc[a] == s.max_load) ++s.max_links;
  }
  s.mean_load = s.links ? static_cast<double>(s.load_sum) / static_cast<double>(s.links) : 0.0;
  while (s.max_load / s.bin_width >= load_histogram_bins) s.bin_width *= 2;
  s.histogram.assign(s.links ? s.max_load / s.bin_width + 1 : 0, 0);
  for (uint64_t load : per_arc) ++s.histogram[load / s.bin_width];
  if (s.links) {  // the row holding arc max_arc: the last offset at or before it
    const auto row = std::upper_bound(g.offsets.begin(), g.offsets.end(), max_arc) - g.offsets.begin() - 1;
    s.max_from = static_cast<uint64_t>(row);
    s.max_to = g.targets[max_arc];
  }
  return s;
}

}  // namespace tv::sim
