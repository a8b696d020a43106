// Distance checks: run the all-pairs engine or the exact diameter and radius search and
// write their fields
// into the record with the key names docs/checks.md documents (docs/record.schema.json).
#include "host/checks/distance_checks.hpp"

#include <algorithm>
#include <cstdio>

#include "host/errors.hpp"
#include "host/records/checked_io.hpp"
#include "host/records/file_names.hpp"
#include "host/records/labels.hpp"
#include "host/messages.hpp"
#include "kernels/core/cache_size.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_memory.hpp"
#include "kernels/distance/all_pairs_words.hpp"

namespace tv::host {

namespace {

std::string file_stem(const instance& inst) {
  std::string s = inst.family;
  for (auto it = inst.params.begin(); it != inst.params.end(); ++it) {
    std::string v = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    for (char& c : v)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '-';
    s += "_" + it.key() + v;
  }
  return s;
}

void write_per_node(const check_context& ctx, const graph::csr_graph& g,
                    const distance::all_pairs_result& r, const std::string& format,
                    nlohmann::ordered_json& out) {
  // The record names the file relative to the output folder (beside results.jsonl in a
  // run), so records of one batch run into two folders stay equal; the tag (the
  // instance's content id) keeps two instances of one network from sharing a file, and
  // the stem is kept inside the folder whatever the instance is named.
  const std::string name = "pernode_" + safe_file_stem(file_stem(ctx.inst)) +
                           (ctx.side_file_tag.empty() ? "" : "_" + ctx.side_file_tag) + "." + format;
  const int width = ctx.inst.bits();
  write_file_whole(ctx.output_dir + "/" + name, [&](std::FILE* f) {
    if (format == "csv") {
      std::fputs("index,label,eccentricity,distance_sum\n", f);
      for (uint64_t v = 0; v < g.nodes; ++v)
        std::fprintf(f, "%llu,%s,%u,%llu\n", static_cast<unsigned long long>(v),
                     node_name(g.labels[v], width).c_str(), static_cast<unsigned>(r.eccentricity[v]),
                     static_cast<unsigned long long>(r.per_node_distance_sum[v]));
    } else {
      // Binary: per node, little-endian u64 label, u32 eccentricity, u64 distance sum.
      for (uint64_t v = 0; v < g.nodes; ++v) {
        std::fwrite(&g.labels[v], 8, 1, f);
        std::fwrite(&r.eccentricity[v], 4, 1, f);
        std::fwrite(&r.per_node_distance_sum[v], 8, 1, f);
      }
    }
  });
  out["per_node_file"] = name;
}

}  // namespace

distances_settings parse_distances_options(const nlohmann::json& o) {
  distances_settings s;
  if (!o.is_object()) throw input_error("distances: options must be a table of key = value");
  for (auto it = o.begin(); it != o.end(); ++it) {
    const std::string& k = it.key();
    const nlohmann::json& v = it.value();
    if (k == "words") {
      // The all-pairs engine is compiled for W = 1, 2, 4, ..., 64 on both backends.
      const bool power_of_two = v.is_number_integer() && v.get<long long>() > 0 &&
                                v.get<long long>() <= 64 && (v.get<long long>() & (v.get<long long>() - 1)) == 0;
      if (!(power_of_two || (v.is_number_integer() && v.get<long long>() == 0)))
        throw input_error("distances: option words = " + echo_value(v.dump()) +
                          " is not 0 (automatic) or a power of two 1, 2, 4, ..., 64");
      s.words = v.get<int>();
    } else if (k == "hamming" || k == "symmetry") {
      if (!v.is_boolean())
        throw input_error("distances: option " + k + " = " + echo_value(v.dump()) + " is not true or false");
      if (k == "hamming") s.hamming = v.get<bool>();
      else s.symmetry = v.get<bool>();
    } else if (k == "per_node") {
      if (!v.is_string() || (v.get<std::string>() != "csv" && v.get<std::string>() != "bin"))
        throw input_error("distances: option per_node = " + echo_value(v.dump()) + " is not one of: csv, bin");
      s.per_node = v.get<std::string>();
    } else {
      throw input_error("distances: unknown option '" + echo_value(k) +
                        "' (options: words, hamming, per_node, symmetry)");
    }
  }
  return s;
}

void validate_distances_options(const nlohmann::json& o) { (void)parse_distances_options(o); }

uint64_t distances_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b) {
  const int words = std::max(1, parse_distances_options(options).words);
  // Eccentricity (4 B) and distance sum (8 B) per node come back in the result, beside
  // the run's own totals.
  const uint64_t results = (12 + distance::all_pairs_totals_bytes_per_node) * shape.nodes;
  // A graph of one's own is relabelled for locality (on either backend: the order is
  // made on the host) and on the CPU may also be searched without its leaves: copies the
  // graph's own figure does not count (both counted on either backend: a bound).
  const bool relabelled = shape.own_numbering && !shape.directed;
  const uint64_t copies = relabelled ? distance::locality_copies_bytes(shape.nodes, graph_bytes(shape)) : 0;
  if (b == core::backend::cuda) return graph_bytes(shape) + results + copies;
  const uint64_t work = distance::all_pairs_work_bytes(shape.nodes, words, false);
  // Such a graph's batches also run side by side, an engine per thread, where all of them
  // fit the machine's largest cache (parallel_batches in all_pairs_cpu.cpp): at most the
  // cache, and at most the other threads' engines at the widest W that may then run.
  uint64_t side_engines = 0;
  if (relabelled && core::cpu_threads() > 1) {
    const int widest = std::max(words, distance::cpu_word_cap);
    side_engines = std::min(core::machine_cache_bytes(),
                            static_cast<uint64_t>(core::cpu_threads() - 1) *
                                distance::all_pairs_work_bytes(shape.nodes, widest, false));
  }
  return graph_bytes(shape) + work + results + copies + side_engines;
}

uint64_t diameter_memory(const graph_shape& shape, const nlohmann::json&, core::backend b) {
  // A directed graph that is not strongly connected needs all pairs.
  if (shape.directed) return distances_memory(shape, nlohmann::json::object(), b);
  // Bounds, distance sum, two BFS' distances and queues, orbits: 4 bytes each per node.
  const uint64_t search = 28 * shape.nodes;
  if (b == core::backend::cuda) return graph_bytes(shape) + search;
  return graph_bytes(shape) + search + distance::all_pairs_work_bytes(shape.nodes, 1, false);
}

void run_distances(check_context& ctx, nlohmann::ordered_json& r) {
  distance::all_pairs_options opt;
  const distances_settings settings = parse_distances_options(ctx.options);
  opt.words = settings.words;
  const bool hamming_edges = ctx.inst.hamming_edges();
  opt.hamming = settings.hamming.value_or(hamming_edges) && hamming_edges;
  const std::string& per_node = settings.per_node;
  opt.per_node = !per_node.empty() || ctx.keep_per_node || ctx.per_node_sink;
  opt.symmetry = settings.symmetry;
  // A graph of the user's own: its node numbering need not follow its shape.
  opt.locality_order = !ctx.inst.label_defined();
  opt.control = ctx.control;
  const graph::csr_graph& g = ctx.graph();
  distance::all_pairs_result a = ctx.all_pairs(g, opt);
  const bool directed = g.directed;
  r["diameter"] = a.diameter;
  r["radius"] = a.radius;
  r["wiener"] = a.wiener(directed);
  r["average_distance"] = a.average_distance();
  r["distance_counts"] = a.distance_counts;
  r["unreachable_pairs"] = a.unreachable_pairs;
  r["connected"] = a.unreachable_pairs == 0;
  r["eccentricity_histogram"] = a.eccentricity_histogram;
  if (a.hamming_paths) {
    r["hamming_paths"] = *a.hamming_paths;
    if (a.counterexample) {
      const int width = ctx.inst.bits();
      const auto& c = *a.counterexample;
      nlohmann::ordered_json ce;
      ce["source"] = label_bits(g.labels[c.source], width);
      ce["target"] = label_bits(g.labels[c.target], width);
      if (c.distance == distance::unreachable) ce["distance"] = nullptr;
      else ce["distance"] = c.distance;
      ce["hamming"] = c.hamming;
      r["hamming_counterexample"] = ce;
    } else {
      r["hamming_counterexample"] = nullptr;
    }
  }
  r["all_pairs"] = {{"sources", a.sources},
                    {"sources_run", a.sources_run},
                    {"automorphisms", a.automorphisms},
                    {"orbits", a.orbits},
                    {"words", a.words},
                    {"batches", a.batches},
                    {"level_seconds", a.level_seconds}};
  if (!per_node.empty() && !ctx.output_dir.empty()) write_per_node(ctx, g, a, per_node, r);
  if (ctx.keep_per_node) {
    // Both a claim's expression and the Python module read them: the module gets a copy.
    if (ctx.per_node_sink) {
      distance::all_pairs_result copy = a;
      ctx.per_node_sink(g, copy);
    }
    ctx.all_pairs_kept = std::make_shared<const distance::all_pairs_result>(std::move(a));
  } else if (ctx.per_node_sink) {
    ctx.per_node_sink(g, a);
  }
}

namespace {

/// A node as records name it (host/records/labels.hpp).
nlohmann::ordered_json node_label(const check_context& ctx, const graph::csr_graph& g, uint32_t v) {
  return node_name(g.labels[v], ctx.inst.bits());
}

/// The diameter's witness pair as the record gives it.
nlohmann::ordered_json witness_pair(const check_context& ctx, const graph::csr_graph& g,
                                    uint32_t source, uint32_t target, uint32_t distance) {
  return {{"source", node_label(ctx, g, source)},
          {"target", node_label(ctx, g, target)},
          {"distance", distance}};
}

/// A directed graph that is not strongly connected: its finite distances by all pairs
/// (one BFS per source), and the witness from a node of largest eccentricity.
void diameter_by_all_pairs(check_context& ctx, const graph::csr_graph& g, nlohmann::ordered_json& r) {
  distance::all_pairs_options opt;
  opt.control = ctx.control;
  opt.per_node = true;
  const auto a = ctx.all_pairs(g, opt);
  r["diameter"] = a.diameter;
  r["radius"] = a.radius;
  r["connected"] = a.unreachable_pairs == 0;
  r["diameter_method"] = "all pairs (directed)";
  r["diameter_bfs"] = a.sources_run;
  for (uint64_t v = 0; v < g.nodes; ++v) {
    if (a.eccentricity[v] != a.diameter) continue;
    const std::vector<uint32_t> dist = distance::bfs(ctx.backend, g, static_cast<uint32_t>(v));
    for (uint64_t t = 0; t < g.nodes; ++t)
      if (dist[t] == a.diameter) {
        r["diameter_witness"] = witness_pair(ctx, g, static_cast<uint32_t>(v), static_cast<uint32_t>(t), a.diameter);
        return;
      }
  }
}

}  // namespace

void run_diameter(check_context& ctx, nlohmann::ordered_json& r) {
  const graph::csr_graph& g = ctx.graph();
  const distance::diameter_result d = distance::exact_diameter(ctx.backend, g, ctx.control);
  if (!d.exact) {
    diameter_by_all_pairs(ctx, g, r);
    return;
  }
  r["diameter"] = d.diameter;
  r["radius"] = d.radius;
  r["connected"] = d.connected;
  r["diameter_method"] = d.method;
  r["diameter_bfs"] = d.bfs_runs;
  if (g.nodes > 0) {
    r["diameter_witness"] = witness_pair(ctx, g, d.witness_source, d.witness_target, d.diameter);
    r["radius_center"] = node_label(ctx, g, d.center);
  }
  r["diameter_search"] = {{"single_bfs", d.single_bfs},
                          {"batched_bfs", d.batched_bfs},
                          {"orbits", d.orbits},
                          {"automorphisms", d.automorphisms},
                          {"line_digraph_levels", d.line_digraph_levels},
                          {"root_nodes", d.root_nodes}};
}

}  // namespace tv::host
