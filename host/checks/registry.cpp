// The check catalog and the record of one instance (see registry.hpp).
#include "host/checks/registry.hpp"

#include <algorithm>
#include <chrono>

#include "host/checks/bisection_check.hpp"
#include "host/checks/connectivity_check.hpp"
#include "host/checks/disjoint_paths_check.hpp"
#include "host/checks/distance_checks.hpp"
#include "host/checks/fault_diameter_check.hpp"
#include "host/checks/link_load_check.hpp"
#include "host/checks/metrics_check.hpp"
#include "host/checks/path_diversity_check.hpp"
#include "host/checks/sim_checks.hpp"
#include "host/checks/sim_options.hpp"
#include "host/checks/throughput_check.hpp"
#include "host/checks/topology_cost.hpp"
#include "host/claims/registry.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"
#include "host/build_info.hpp"

namespace tv::host {

namespace {
// Counting enumerates every label: beyond these sizes it would run for minutes to hours,
// so the record gives N (exact, from the counting tables) and says why the rest is absent.
constexpr uint64_t enumeration_limit_cpu = uint64_t{1} << 31;
constexpr uint64_t enumeration_limit_gpu = uint64_t{1} << 38;

/// What reading a network's file found: its format, and the entries left out of the graph.
void put_file_counts(const graph::edge_list_file& f, nlohmann::ordered_json& r) {
  nlohmann::ordered_json o;
  o["format"] = graph::format_name(f.format);
  if (f.format == graph::edge_list_format::matrix_market) o["symmetric"] = f.symmetric;
  o["lines"] = f.lines;
  o["entries"] = f.entries;
  o["self_loops"] = f.self_loops;
  o["duplicate_edges"] = f.duplicate_edges;
  r["file"] = o;
}

void run_counts(check_context& ctx, nlohmann::ordered_json& r) {
  if (ctx.inst.file) {  // the graph is in memory already: count it, no enumeration
    if (ctx.inst.topology) put_topology_cost(*ctx.inst.topology, ctx.graph(), r);
    else put_file_counts(*ctx.inst.file, r);
    put_counts(r, graph::summarize(ctx.graph()), ctx.inst.directed());
    return;
  }
  const uint64_t n = families::size_of(ctx.inst.net);
  const uint64_t limit = ctx.options.value(
      "max_nodes", ctx.backend == core::backend::cuda ? enumeration_limit_gpu : enumeration_limit_cpu);
  if (n > limit) {
    r["nodes"] = n;
    r["edges"] = nullptr;
    r["counts_skipped"] = "N = " + std::to_string(n) + " exceeds the enumeration limit of " +
                          std::to_string(limit) + " labels on the " +
                          core::backend_name(ctx.backend) +
                          " backend (raise it with counts.max_nodes)";
    return;
  }
  const bool directed = families::is_directed(ctx.inst.net);
  // A rule whose symmetry its form does not prove is counted on its graph anyway
  // (graph::count_degrees): build it once, here, for this check and the later ones.
  const auto* rule = std::get_if<families::rule_family>(&ctx.inst.net);
  if (ctx.graph_wanted || (rule && !rule->symmetric_by_form)) {
    // A later check builds the graph anyway: build it now and count it, one sweep over
    // the labels instead of two (the same degrees: a row holds each for_each_neighbor).
    // Should it not fit, enumerate as before and leave the refusal to that check.
    try {
      put_counts(r, graph::summarize(ctx.graph()), directed);
      return;
    } catch (const core::too_large&) {
    }
  }
  put_counts(r, graph::count_degrees(ctx.backend, ctx.inst.net), directed);
}

void validate_counts_options(const nlohmann::json& o) {
  if (!o.is_object()) throw input_error("counts: options must be a table of key = value");
  for (auto it = o.begin(); it != o.end(); ++it) {
    if (it.key() != "max_nodes")
      throw input_error("counts: unknown option '" + echo_value(it.key()) + "' (options: max_nodes)");
    if (!it->is_number_integer() || it->get<long long>() < 1)
      throw input_error("counts: option max_nodes = " + echo_value(it->dump()) +
                        " must be an integer from 1");
  }
}

/// The validator of a check that takes no options: any key is unknown.
std::function<void(const nlohmann::json&)> takes_no_options(const std::string& check) {
  return [check](const nlohmann::json& o) {
    if (!o.is_object()) throw input_error(check + ": options must be a table of key = value");
    if (!o.empty())
      throw input_error(check + ": unknown option '" + echo_value(o.begin().key()) + "' (" + check +
                        " takes no options)");
  };
}

/// The per-instance validator of a simulation check: its typed parser, result unused.
template <class Settings>
std::function<void(const nlohmann::json&, const instance&)> parsed_by(
    Settings (*parse)(const nlohmann::json&, const families::family&)) {
  // A network read from a file has no family to parse against: its simulation checks
  // record why they are skipped (sim_checks.cpp).
  return [parse](const nlohmann::json& o, const instance& inst) {
    if (inst.label_defined()) (void)parse(o, inst.net);
  };
}

// Counting enumerates labels chunk by chunk into two degree histograms; it keeps no
// per-node array.
uint64_t counts_memory(const graph_shape&, const nlohmann::json&, core::backend) { return uint64_t{1} << 20; }


const check_spec& find_in(const std::string& name, const std::vector<check_spec>& catalog) {
  for (const auto& c : catalog)
    if (c.name == name) return c;
  std::string known;
  for (const auto& c : catalog) known += (known.empty() ? "" : ", ") + c.name;
  throw input_error("unknown check '" + echo_value(name) + "' (known: " + known + ")");
}
}  // namespace

bool check_runs(const std::string& name, const std::vector<std::string>& checks) {
  return name == "counts" || std::find(checks.begin(), checks.end(), name) != checks.end();
}

const std::vector<check_spec>& check_specs() {
  static const std::vector<check_spec> specs = {
      {"counts", "nodes, edges (arcs for directed networks), degree min / max / histogram",
       run_counts, counts_memory, validate_counts_options},
      {"distances",
       "all-pairs distances: diameter, radius, eccentricities, distance distribution, Wiener "
       "index, unreachable pairs, Hamming-length paths (options: words, hamming, per_node, "
       "symmetry)",
       run_distances, distances_memory, validate_distances_options, nullptr, true},
      {"diameter", "exact diameter and radius without all pairs (eccentricity bounds), with a witness pair, for graphs too large for all pairs",
       run_diameter, diameter_memory, takes_no_options("diameter"), nullptr, true},
      {"metrics",
       "effective diameter (the hops covering given percentiles of ordered pairs, and "
       "interpolated as SNAP and KONECT report it), Moore bound and efficiency N / bound "
       "(options: percentiles, words)",
       run_metrics, metrics_memory, validate_metrics_options, nullptr, true},
      {"connectivity",
       "exact vertex and edge connectivity (strong on directed networks) by max-flow over a "
       "proved set of pairs, each with a minimum separating set; CPU only (options: symmetry)",
       run_connectivity, connectivity_memory, validate_connectivity_options, nullptr, true},
      {"fault_diameter",
       "the largest diameter after removing any 1 or 2 nodes: exact by orbits of the failed "
       "sets within a budget of all-pairs runs, else a seeded sample (options: failures, "
       "budget, symmetry, words)",
       run_fault_diameter, fault_diameter_memory, validate_fault_diameter_options,
       validate_fault_diameter_for_instance, true},
      {"link_load",
       "routes through each directed link under all-to-all traffic, by a routing algorithm or "
       "shortest paths (hashed or lowest-index tie-break): maximum (the edge-forwarding index), "
       "mean, histogram, the most loaded link; above max_pairs from a seeded sample of targets "
       "(shortest paths) or sources (an algorithm), with 95% intervals (options: algorithm, "
       "tie_break, choice, seed, spare_limit, max_pairs, sample_targets, sample_sources, sample_seed)",
       run_link_load, link_load_memory, validate_link_load_options, validate_link_load_for_instance},
      {"bisection",
       "bisection width: an upper bound by the best balanced cut along label coordinates, exact "
       "by enumeration on small graphs; CPU only (options: exact_max_nodes)",
       run_bisection, bisection_memory, validate_bisection_options, nullptr, true},
      {"paths",
       "path diversity: the number of shortest paths between ordered pairs of routers, as a "
       "histogram and per distance; exact from every router up to a work bound, else a seeded "
       "sample of sources; CPU only (options: sources, exact_max_work, sample_sources)",
       run_paths, path_count_memory,
       [](const nlohmann::json& o) { (void)parse_path_count_options("paths", o); }, nullptr, true},
      {"endpoints",
       "distances between endpoints (an architects' family's concentration; one per node "
       "elsewhere): distribution, diameter, average, in router-to-router hops; exact or a "
       "seeded sample of sources as for paths; CPU only (options: as paths)",
       run_endpoints, path_count_memory,
       [](const nlohmann::json& o) { (void)parse_path_count_options("endpoints", o); }, nullptr, true},
      {"disjoint_paths",
       "path diversity: the number of edge-disjoint paths between unordered pairs of routers, by "
       "maximum flow; every pair up to a work bound, else a seeded sample of pairs; CPU only "
       "(options: pairs, exact_max_work, sample_pairs)",
       run_disjoint_paths, disjoint_path_memory,
       [](const nlohmann::json& o) { (void)parse_disjoint_path_options(o); }, nullptr, true},
      {"throughput",
       "saturation throughput per endpoint under uniform, shift and random-permutation traffic, "
       "from link loads of minimal routing (each demand split evenly over its shortest paths) and "
       "Valiant's; exact up to a work bound, else from a seeded sample of source routers with a 95% "
       "interval for the largest load; CPU only (options: patterns, routing, shift, exact_max_work, "
       "sources, sample_sources)",
       run_throughput, throughput_memory,
       [](const nlohmann::json& o) { (void)parse_throughput_options(o); }, validate_throughput_for_instance, true},
      {"routing", "unicast routing over every ordered pair or a sample: stuck pairs, hop "
                  "excess over the Hamming distance (options: algorithm, choice, pairs, seed)",
       run_routing_check, nullptr, nullptr, parsed_by(parse_routing_options)},
      {"broadcast", "round-based broadcast from every source or a sample: rounds, messages, "
                    "duplicates, unreached (options: scheme, mode, sources, seed)",
       run_broadcast_check, nullptr, nullptr,
       [](const nlohmann::json& o, const instance& inst) {  // a file's network floods only
         if (inst.label_defined()) (void)parse_broadcast_options(o, inst.net);
         else (void)parse_file_broadcast_options(o, inst.nodes());
       }},
      {"postal", "postal-model broadcast / gather / barrier times on a spanning tree against "
                 "the optimum f_lambda (options: tree, lambda)",
       run_postal_check, nullptr, nullptr, parsed_by(parse_postal_options)},
      {"multicast", "EFC multicast heuristics (EFT tree, Hamiltonian cycle) on seeded "
                    "destination sets against lower bounds (options: scheme, instances, "
                    "destinations, seed)",
       run_multicast_check, nullptr, nullptr, parsed_by(parse_multicast_options)},
      {"prefix", "hypercube / Metacube parallel prefix as message passing, edges checked, "
                 "result against a scan (options: algorithm, operator, order, partner)",
       run_prefix_check, nullptr, nullptr, parsed_by(parse_prefix_options)},
      {"claims",
       "the papers' claims that apply to the family (`topoverify claims` lists them): holds, "
       "fails with the smallest counterexample, or not checked with the reason",
       claims::run_claims, nullptr, claims::validate_claim_options},
  };
  return specs;
}

const check_spec& find_check(const std::string& name) { return find_in(name, check_specs()); }

void validate_check_options(const check_spec& spec, const nlohmann::json& options,
                            const instance* inst) {
  if (spec.validate_options) spec.validate_options(options);
  if (inst && spec.validate_for_instance) spec.validate_for_instance(options, *inst);
}

void run_checks_into(nlohmann::ordered_json& r, const instance& inst,
                     const std::vector<std::string>& checks, core::backend backend,
                     const nlohmann::json& check_options, const check_hooks& hooks,
                     const std::vector<check_spec>& catalog) {
  for (const auto& c : checks) find_in(c, catalog);  // validate every name before any work
  r["family"] = inst.family;
  r["params"] = inst.params;
  r["directed"] = inst.directed();
  r["bits"] = inst.bits();
  check_context ctx{inst, backend};
  for (const auto& spec : catalog)
    ctx.graph_wanted = ctx.graph_wanted || (spec.builds_graph && check_runs(spec.name, checks));
  ctx.keep_per_node = check_runs("claims", checks) && check_options.contains("claims") &&
                      claims::reads_eccentricity(check_options["claims"]);
  ctx.control = hooks.control;
  ctx.seed = hooks.seed;
  ctx.ranges = hooks.ranges;
  ctx.output_dir = hooks.side_files ? hooks.output_dir : std::string();
  ctx.side_file_tag = hooks.side_file_tag;
  ctx.per_node_sink = hooks.per_node_sink;
  // Graph building and enumeration take no run_control; they poll this one.
  const core::scoped_stop_request polled_by_kernels(ctx.control);
  nlohmann::ordered_json timings = nlohmann::ordered_json::object();
  nlohmann::ordered_json checks_run = nlohmann::ordered_json::array();
  // The bookkeeping fields go in whether the checks finish or not, so an interrupted
  // instance still says what ran, where and how long it took.
  auto close = [&] {
    r["checks"] = checks_run;
    r["backend"] = core::backend_name(backend);
    r["device"] = backend == core::backend::cuda
                      ? core::cuda_device_description()
                      : std::to_string(core::cpu_threads()) + " CPU threads";
    r["timings"] = timings;
    r["tool"] = {{"version", tool_version()}, {"commit", tool_commit()}};
  };
  try {
    for (const auto& spec : catalog) {
      if (!check_runs(spec.name, checks)) continue;
      if (hooks.control.stop_requested())
        throw core::interrupted("stopped before check '" + spec.name + "'");
      if (hooks.on_check) hooks.on_check(spec.name);
      ctx.options = check_options.contains(spec.name) ? check_options[spec.name]
                                                      : nlohmann::json::object();
      // A check's time leaves out building the graph, which the first check that needs
      // it pays for and every later one shares: that is timings.graph_s.
      const double graph_before = ctx.graph_seconds();
      const auto t0 = std::chrono::steady_clock::now();
      spec.run(ctx, r);
      const double built = ctx.graph_seconds() - graph_before;
      timings[spec.name + "_s"] =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() - built;
      if (built > 0) timings["graph_s"] = built;
      checks_run.push_back(spec.name);
    }
  } catch (...) {
    close();
    throw;
  }
  close();
}

nlohmann::ordered_json run_checks(const instance& inst, const std::vector<std::string>& checks,
                                  core::backend backend, const nlohmann::json& check_options) {
  nlohmann::ordered_json r;
  run_checks_into(r, inst, checks, backend, check_options, {});
  return r;
}

}  // namespace tv::host
