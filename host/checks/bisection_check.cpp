// The `bisection` check: its options, its memory, and the `bisection` object of the
// record (docs/checks.md, "Bisection check").  The cuts are kernels/graph/bisection.cpp.
#include "host/checks/bisection_check.hpp"

#include <optional>
#include <string>

#include "host/checks/option_values.hpp"
#include "host/records/labels.hpp"
#include "kernels/graph/bisection.hpp"
#include "kernels/graph/bisection_metis.hpp"

namespace tv::host {

namespace {

/// "bit 3, 1s first", "digit 1, greatest first", "label order": the cut as records say it.
std::string cut_name(const graph::coordinate_cut& c, const graph::label_fields& fields) {
  if (c.field < 0) return "label order (the first floor(N/2) labels)";
  if (fields.field_bits == 1) return "label bit " + std::to_string(c.field) + (c.descending ? ", 1s first" : ", 0s first");
  return "label field " + std::to_string(c.field) + " (bits " + std::to_string(c.field * fields.field_bits) + ".." +
         std::to_string((c.field + 1) * fields.field_bits - 1) + "), " +
         (c.descending ? "greatest values first" : "least values first");
}

}  // namespace

bisection_settings parse_bisection_options(const nlohmann::json& o) {
  const std::string check = "bisection";
  require_option_table(check, o);
  bisection_settings s;
  for (const auto& option : o.items()) {
    if (option.key() == "exact_max_nodes")
      s.exact_max_nodes = static_cast<uint64_t>(parse_integer_option(
          check, option.key(), option.value(), 0, static_cast<int64_t>(graph::exact_bisection_limit)));
    else if (option.key() == "multilevel")
      s.multilevel = parse_bool_option(check, option.key(), option.value());
    else
      unknown_option(check, option.key(), "exact_max_nodes, multilevel");
  }
  return s;
}

void validate_bisection_options(const nlohmann::json& o) { (void)parse_bisection_options(o); }

uint64_t bisection_memory(const graph_shape& shape, const nlohmann::json& options, core::backend) {
  (void)parse_bisection_options(options);
  // A key and two packed copies, a side byte; METIS's copy of the rows and its own work.
  return graph_bytes(shape) + 25 * shape.nodes + 8 * (shape.nodes + shape.arcs) + 64 * shape.nodes;
}

void run_bisection(check_context& ctx, nlohmann::ordered_json& r) {
  const bisection_settings s = parse_bisection_options(ctx.options);
  const graph::csr_graph& g = ctx.graph();
  const int width = ctx.inst.bits();
  graph::bisection_options opt;
  // A family's coordinates; a file's labels (if it has them) bit by bit.
  opt.coordinates = ctx.inst.label_defined() ? graph::label_fields_of(ctx.inst.net) : graph::label_fields{width, 1};
  opt.exact_max_nodes = s.exact_max_nodes;
  opt.control = ctx.control;
  const graph::bisection_result b = graph::bisection_width(g, opt);
  std::optional<graph::multilevel_cut> ml;
  if (s.multilevel) ml = graph::metis_bisection(g, ctx.seed);
  const bool multilevel_best = !b.exact_width && ml && ml->width < b.best_cut.width;
  nlohmann::ordered_json m;
  m["width"] = b.exact_width ? *b.exact_width : multilevel_best ? ml->width : b.best_cut.width;
  m["method"] = b.exact_width ? "exact" : multilevel_best ? "upper bound (METIS multilevel cut)" : "upper bound (coordinate cut)";
  m["counted"] = g.directed ? "arcs crossing in either direction" : "edges crossing";
  m["halves"] = {g.nodes / 2, g.nodes - g.nodes / 2};
  m["coordinate_cut_width"] = b.best_cut.width;
  m["coordinate_cut"] = cut_name(b.best_cut, opt.coordinates);
  m["coordinate_cuts_tried"] = b.cuts_tried;
  m["multilevel_cut_width"] = ml ? nlohmann::ordered_json(ml->width) : nlohmann::ordered_json(nullptr);
  m["multilevel_cut"] = ml ? "METIS multilevel recursive bisection (seed " + std::to_string(ctx.seed) + "), made exactly "
                                 "balanced by moving " + std::to_string(ml->moved) + " node(s)"
                      : !s.multilevel ? "not asked for (multilevel = false)"
                      : graph::metis_available() ? "none below 2 nodes"
                                                 : "this build has no METIS (libmetis-dev)";
  if (b.exact_width) {
    m["exact_width"] = *b.exact_width;
    nlohmann::ordered_json side = nlohmann::ordered_json::array();
    for (uint32_t v : b.exact_side) side.push_back(node_name(g.labels[v], width));
    m["exact_side"] = side;
    m["splits"] = b.splits;
  } else {
    m["exact_width"] = nullptr;
    m["exact_note"] = "N = " + std::to_string(g.nodes) + " is over exact_max_nodes = " +
                      std::to_string(s.exact_max_nodes) + ": width is an upper bound, the least of the coordinate cuts' and METIS's";
  }
  m["computed_on"] = "cpu";
  r["bisection"] = m;
}

}  // namespace tv::host
