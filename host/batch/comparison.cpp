// Comparisons of topologies (comparison.hpp): the metrics, the checks each needs at a
// given size, and the `[[compare]]` tables of batch files.
#include "host/batch/comparison.hpp"

#include <algorithm>
#include <set>

#include "host/batch/batch_repeats.hpp"
#include "host/batch/batch_toml.hpp"
#include "host/batch/sweep_args.hpp"
#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "kernels/sim/link_load.hpp"

namespace tv::host {

namespace {

/// What a metric needs: the check that measures it, whether that check costs all pairs
/// or more (then it runs only up to all_pairs_up_to nodes), and whether a comparison that
/// names no metrics runs it.
struct metric_need {
  const char* metric;
  const char* check;
  bool all_pairs;
  bool by_default = true;
};

// diameter is special: all pairs up to the limit, else the exact diameter alone.
constexpr metric_need needs[] = {
    {"diameter", "distances", true},       {"average_distance", "distances", true},
    {"moore_efficiency", "metrics", true}, {"connectivity", "connectivity", true},
    {"fault_diameter", "fault_diameter", true},
    // Exact up to a work bound (max_pairs ordered pairs; over all_pairs_up_to the
    // comparison lowers it, make_comparison_instance), a seeded sample of targets above
    // it whose cost the bound keeps (host/checks/link_load_sample.hpp), the record saying
    // which: it runs at every size, as the two below.
    {"link_load", "link_load", false},
    {"bisection_width", "bisection", true},
    // Between endpoints and path counts: exact up to their own work bound, a seeded
    // sample of sources above it (the record says which), so they run at every size.
    {"endpoint_average_distance", "endpoints", false, false}, {"path_diversity", "paths", false, false},
    {"cables_per_endpoint", "counts", false, false},
};

const metric_need& need_of(const std::string& metric) {
  for (const metric_need& n : needs)
    if (metric == n.metric) return n;
  std::string known;
  for (const metric_need& n : needs) known += (known.empty() ? "" : ", ") + std::string(n.metric);
  throw input_error("unknown metric '" + metric + "' (known: " + known + ")");
}

bool check_is_built(const std::string& name) {
  const auto& specs = check_specs();
  return std::any_of(specs.begin(), specs.end(), [&](const check_spec& s) { return s.name == name; });
}

void add_check(job_instance& ji, const std::string& check) {
  if (std::find(ji.checks.begin(), ji.checks.end(), check) == ji.checks.end()) ji.checks.push_back(check);
}

}  // namespace

const std::vector<std::string>& comparison_metrics() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> v;
    for (const metric_need& n : needs) v.push_back(n.metric);
    return v;
  }();
  return all;
}

std::vector<std::string> built_comparison_metrics() {
  std::vector<std::string> built;
  for (const metric_need& n : needs)
    if (n.by_default && check_is_built(n.check)) built.push_back(n.metric);
  return built;
}

std::vector<std::string> parse_comparison_metrics(const std::vector<std::string>& names,
                                                  const std::string& where) {
  std::set<std::string> asked;
  for (const std::string& m : names) {
    try {
      const metric_need& n = need_of(m);
      if (!check_is_built(n.check))
        throw input_error("metric '" + m + "' needs the " + n.check + " check, which this build lacks");
    } catch (const input_error& e) {
      throw input_error(where + ": " + e.what());
    }
    if (!asked.insert(m).second) throw input_error(where + ": metric '" + m + "' is listed twice");
  }
  if (asked.empty()) throw input_error(where + ": no metric given");
  std::vector<std::string> ordered;
  for (const std::string& m : comparison_metrics())
    if (asked.count(m)) ordered.push_back(m);
  return ordered;
}

void make_comparison_instance(job_instance& ji, const comparison_spec& c) {
  const bool small = ji.inst.nodes() <= c.all_pairs_up_to;
  ji.comparison = c.name;
  ji.job_name = "compare: " + c.name;
  ji.checks = {"counts"};
  for (const std::string& m : c.metrics) {
    const metric_need& n = need_of(m);
    if (small || !n.all_pairs) add_check(ji, n.check);
    else if (m == "diameter") add_check(ji, "diameter");
    else
      ji.comparison_skipped.emplace_back(m, "N = " + std::to_string(ji.inst.nodes()) + " is over all_pairs_up_to = " +
                                                std::to_string(c.all_pairs_up_to) + ": the " + n.check +
                                                " check costs all pairs or more");
  }
  // Over the bound, link_load samples within the work the comparison gives all pairs at
  // the bound, all_pairs_up_to (all_pairs_up_to - 1) ordered pairs, where its own bound
  // (2^32 pairs: minutes near 10^6 nodes, PN_2(28) 400 s on 2 cores) is larger and the
  // job sets none: a compare of 10^3 to 10^6 nodes at all_pairs_up_to = 4096 then takes
  // minutes, not hours, and its cells are intervals from 64 or more sampled targets.
  if (!small && std::find(ji.checks.begin(), ji.checks.end(), "link_load") != ji.checks.end()) {
    const nlohmann::json& options = ji.check_options;
    const bool given = options.contains("link_load") && options["link_load"].contains("max_pairs");
    const uint64_t own = sim::default_link_load_max_pairs, up_to = c.all_pairs_up_to;
    if (!given && up_to < (uint64_t{1} << 32) && up_to * (up_to - 1) < own)
      ji.check_options["link_load"]["max_pairs"] = std::max<uint64_t>(up_to * (up_to - 1), 1);
  }
  // One failed node: the fault diameter architects quote (two cost N times as much).
  if (std::find(ji.checks.begin(), ji.checks.end(), "fault_diameter") != ji.checks.end())
    ji.check_options["fault_diameter"]["failures"] = 1;
}

void parse_compare_tables(const std::string& source, const toml::node& compare, const job_instance& defaults,
                          uint64_t max_instances, batch_config& cfg) {
  using namespace batch_toml;
  if (!compare.is_array_of_tables()) fail(source, compare, "'compare' must be an array of tables ([[compare]])");
  static const std::set<std::string> keys = {"name", "metrics", "all_pairs_up_to", "networks"};
  std::set<std::string> names;
  repeat_tracker repeats;
  for (const auto& cn : *compare.as_array()) {
    const toml::table& t = *cn.as_table();
    refuse_unknown_keys(source, t, keys, "[[compare]]");
    comparison_spec c;
    const toml::node* name = t.get("name");
    if (!name) fail(source, cn, "a [[compare]] table has no 'name'");
    c.name = get_string(source, *name, "name");
    if (c.name.empty()) fail(source, *name, "'name' is empty");
    if (!names.insert(c.name).second) fail(source, *name, "comparison '" + c.name + "' is named twice");
    c.metrics = built_comparison_metrics();
    if (const toml::node* m = t.get("metrics")) {
      if (!m->is_array()) fail(source, *m, "'metrics' must be a list, e.g. [\"diameter\", \"link_load\"]");
      std::vector<std::string> asked;
      for (const auto& v : *m->as_array()) asked.push_back(get_string(source, v, "metrics"));
      c.metrics = parse_comparison_metrics(asked, where(source, m->source()));
    }
    if (const toml::node* u = t.get("all_pairs_up_to")) {
      if (!u->is_integer() || u->as_integer()->get() < 1)
        fail(source, *u, "'all_pairs_up_to' must be a positive number of nodes");
      c.all_pairs_up_to = static_cast<uint64_t>(u->as_integer()->get());
    }
    const toml::node* nets = t.get("networks");
    if (!nets) fail(source, cn, "comparison '" + c.name + "' has no 'networks'");
    if (!nets->is_array() || nets->as_array()->empty())
      fail(source, *nets, "'networks' must be a non-empty list of tables, e.g. [{ family = \"torus\", k = 4, n = \"2..6\" }]");
    // Counted before anything is expanded, as the jobs are.
    if (const uint64_t count = count_instances(source, *nets); count > max_instances - std::min<uint64_t>(max_instances, cfg.instances.size()))
      fail(source, *nets, "the batch expands to more than " + std::to_string(max_instances) +
                              " instances (counted before expanding anything); split it or raise the limit with "
                              "--max-instances N");
    for (const auto& net : *nets->as_array()) {
      if (!net.is_table()) fail(source, net, "each network is a table, e.g. { family = \"torus\", k = 4, n = \"2..6\" }");
      const toml::table& nt = *net.as_table();
      const std::string family =
          table_family(source, nt, net, "a network of comparison '" + c.name + "' has no 'family'", {"family"}, "network")
              .name;
      for (instance& inst : sweep_table(source, family, nt, net)) {
        job_instance ji = defaults;
        ji.inst = std::move(inst);
        make_comparison_instance(ji, c);
        if (repeats.first_time(ji)) cfg.instances.push_back(std::move(ji));
      }
    }
    cfg.comparisons.push_back(std::move(c));
  }
  for (std::string& w : repeats.warnings(source)) cfg.warnings.push_back(std::move(w));
}

std::vector<std::string> comparison_skip_lines(const std::vector<job_instance>& instances) {
  // Per metric: how many instances skip it, the smallest of them, and the limit.
  struct skipped { uint64_t count = 0, smallest = UINT64_MAX; std::string first; };
  std::vector<std::pair<std::string, skipped>> per_metric;
  for (const job_instance& ji : instances)
    for (const auto& [metric, why] : ji.comparison_skipped) {
      auto it = std::find_if(per_metric.begin(), per_metric.end(), [&](const auto& p) { return p.first == metric; });
      if (it == per_metric.end()) it = per_metric.insert(per_metric.end(), {metric, skipped{}});
      ++it->second.count;
      if (ji.inst.nodes() < it->second.smallest) it->second.smallest = ji.inst.nodes(), it->second.first = ji.inst.label();
    }
  std::vector<std::string> lines;
  for (const auto& [metric, s] : per_metric)
    lines.push_back("compare: " + metric + " skipped on " + std::to_string(s.count) + " instance" +
                    (s.count == 1 ? "" : "s") + " over all_pairs_up_to nodes, from N = " + std::to_string(s.smallest) +
                    " (" + s.first + "): its check costs all pairs or more");
  return lines;
}

}  // namespace tv::host
