// The check catalog and the record of one instance.
#include "host/checks.hpp"

#include <chrono>

#include "host/checks/distance_checks.hpp"
#include "host/claims/registry.hpp"
#include "host/errors.hpp"
#include "host/version.hpp"

namespace tv::host {

const graph::csr_graph& check_context::graph() {
  if (!graph_) graph_ = std::make_shared<graph::csr_graph>(graph::build_csr(backend, inst.net));
  return *graph_;
}

void put_counts(nlohmann::ordered_json& r, const graph::degree_summary& s, bool directed) {
  r["nodes"] = s.nodes;
  r["edges"] = s.edges;
  r["degree_min"] = s.degree_min;
  r["degree_max"] = s.degree_max;
  r["degree_histogram"] = s.degree_histogram;
  if (directed) {
    r["in_degree_min"] = s.in_degree_min;
    r["in_degree_max"] = s.in_degree_max;
    r["in_degree_histogram"] = s.in_degree_histogram;
  }
}

namespace {
// Counting enumerates every label: beyond these sizes it would run for minutes to hours,
// so the record gives N (exact, from the counting tables) and says why the rest is absent.
constexpr uint64_t enumeration_limit_cpu = uint64_t{1} << 31;
constexpr uint64_t enumeration_limit_gpu = uint64_t{1} << 38;

void run_counts(check_context& ctx, nlohmann::ordered_json& r) {
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
  const graph::degree_summary s = graph::count_degrees(ctx.backend, ctx.inst.net);
  put_counts(r, s, families::is_directed(ctx.inst.net));
}
}  // namespace

const std::vector<check_spec>& check_specs() {
  static const std::vector<check_spec> specs = {
      {"counts", "nodes, edges (arcs for directed networks), degree min / max / histogram",
       run_counts},
      {"distances",
       "all-pairs distances: diameter, radius, eccentricities, distance distribution, Wiener "
       "index, unreachable pairs, Hamming-length paths",
       run_distances},
      {"diameter", "exact diameter without all pairs (iFUB), for graphs too large for all pairs",
       run_diameter},
      {"claims",
       "the papers' claims that apply to the family (`topoverify claims` lists them): holds, "
       "fails with the smallest counterexample, or not checked with the reason",
       claims::run_claims, claims::validate_claim_options},
  };
  return specs;
}

const check_spec& find_check(const std::string& name) {
  for (const auto& c : check_specs())
    if (c.name == name) return c;
  std::string known;
  for (const auto& c : check_specs()) known += (known.empty() ? "" : ", ") + c.name;
  throw input_error("unknown check '" + name + "' (known: " + known + ")");
}

nlohmann::ordered_json run_checks(const instance& inst, const std::vector<std::string>& checks,
                                  core::backend backend, const nlohmann::json& check_options) {
  for (const auto& c : checks) find_check(c);  // validate every name before any work
  nlohmann::ordered_json r;
  r["family"] = inst.family;
  r["params"] = inst.params;
  r["directed"] = families::is_directed(inst.net);
  r["bits"] = families::bits_of(inst.net);
  check_context ctx{inst, backend};
  nlohmann::ordered_json timings = nlohmann::ordered_json::object();
  for (const auto& spec : check_specs()) {
    const bool wanted = spec.name == "counts" ||
                        std::find(checks.begin(), checks.end(), spec.name) != checks.end();
    if (!wanted) continue;
    ctx.options = check_options.contains(spec.name) ? check_options[spec.name]
                                                    : nlohmann::json::object();
    const auto t0 = std::chrono::steady_clock::now();
    spec.run(ctx, r);
    timings[spec.name + "_s"] =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  nlohmann::ordered_json checks_run = nlohmann::ordered_json::array();
  for (const auto& spec : check_specs())
    if (spec.name == "counts" || std::find(checks.begin(), checks.end(), spec.name) != checks.end())
      checks_run.push_back(spec.name);
  r["checks"] = checks_run;
  r["backend"] = core::backend_name(backend);
  r["device"] = backend == core::backend::cuda ? core::cuda_device_description()
                                               : std::to_string(core::cpu_threads()) + " CPU threads";
  r["timings"] = timings;
  r["tool"] = {{"version", version::version}, {"commit", version::git_commit}};
  return r;
}

}  // namespace tv::host
