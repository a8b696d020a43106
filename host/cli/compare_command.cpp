// `topoverify compare` (see compare_command.hpp): the networks become one comparison's
// instances in a batch of their own, run by run_batches like any batch.
#include "host/cli/compare_command.hpp"

#include <iostream>
#include <sstream>

#include "host/batch/comparison.hpp"
#include "host/batch/config.hpp"
#include "host/batch/sweep_args.hpp"
#include "host/cli/cli_options.hpp"
#include "host/errors.hpp"
#include "host/records/checked_io.hpp"
#include "host/records/records.hpp"
#include "host/records/run_plan.hpp"
#include "host/report/comparison.hpp"
#include "host/run/rank_team.hpp"
#include "host/run/runner.hpp"

namespace tv::host {

CLI::App* add_compare_command(CLI::App& app, compare_request& r) {
  auto* cmd = app.add_subcommand("compare", "put networks side by side over a range of sizes: diameter, "
                                            "average distance, Moore efficiency, connectivity, fault diameter, link load");
  cmd->footer(
      "Each NETWORK is a family and its parameters in one argument, VALUES a value, a list\n"
      "2,3,4 or a range 1..20.  Instances over --all-pairs-up-to nodes get the exact diameter\n"
      "alone of the metrics that cost all pairs; link_load runs at every size, from a seeded\n"
      "sample of targets (a 95% interval) above --all-pairs-up-to.  Exit code: 0, 1 when an\n"
      "instance errored or the run was interrupted, 2 bad input.\n"
      "Example:\n  topoverify compare \"postal lambda=2 n=8..14\" \"torus k=4 n=3..5\" \"foldedcube n=6..12\"");
  cmd->add_option("networks", r.networks, "\"FAMILY key=VALUES ...\", e.g. \"torus k=4 n=2..6\"")->required();
  cmd->add_option("--metrics", r.metrics,
                  "comma list of: diameter, average_distance, moore_efficiency, connectivity, "
                  "fault_diameter, link_load, bisection_width (default: these seven), and "
                  "endpoint_average_distance, path_diversity, cables_per_endpoint")
      ->delimiter(',');
  cmd->add_option("--all-pairs-up-to", r.all_pairs_up_to,
                  "run the metrics that cost all pairs or more up to this many nodes (default 65536)")
      ->each([&r](const std::string&) { r.all_pairs_up_to_given = true; });
  cmd->add_flag("--json", r.json, "print the table as JSON: one object per row, exact values");
  cmd->add_option("--backend", r.backend, "auto | cpu | cuda");
  cmd->add_option("--output", r.output, "keep the records and a report in this folder (default: write nothing)");
  cmd->add_flag("--resume", r.resume, "with --output: skip the instances already recorded there");
  add_verbosity_flags(*cmd, r.verbosity);
  return cmd;
}

namespace {

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

}  // namespace

int run_compare(const compare_request& r, rank_team* team) {
  // ---- Bad input, before any work.
  comparison_spec c;
  for (const std::string& n : r.networks) c.name += (c.name.empty() ? "" : " vs ") + n;
  c.metrics = r.metrics.empty() ? built_comparison_metrics() : parse_comparison_metrics(r.metrics, "--metrics");
  // Given as 0 it meant the default here while a [[compare]] table refused all_pairs_up_to = 0.
  if (r.all_pairs_up_to < 0 || (r.all_pairs_up_to_given && r.all_pairs_up_to < 1))
    throw input_error("--all-pairs-up-to must be a positive number of nodes");
  if (r.all_pairs_up_to > 0) c.all_pairs_up_to = static_cast<uint64_t>(r.all_pairs_up_to);
  if (r.resume && r.output.empty()) throw input_error("--resume needs --output: the folder of the comparison to continue");
  if (r.backend != "auto" && r.backend != "cpu" && r.backend != "cuda")
    throw input_error("--backend '" + r.backend + "' is not one of: auto, cpu, cuda");

  // `compare postal lambda=2 n=10..14`, unquoted, arrives as three networks, the first a
  // family without parameters: say how to write it rather than "missing parameter".
  for (const std::string& n : r.networks)
    if (words(n).size() == 1 && n.find('=') != std::string::npos) {
      std::string typed;
      for (const std::string& w : r.networks) typed += (typed.empty() ? "" : " ") + w;
      throw input_error("'" + n + "' is a parameter, not a network: give each network as one argument "
                        "in quotes, family and parameters together, e.g. topoverify compare \"" + typed +
                        "\" \"torus k=4 n=3..5\"");
    }

  batch_config cfg;
  cfg.source = "topoverify compare";
  for (const std::string& n : r.networks) cfg.source += " \"" + n + "\"";
  cfg.title = "Comparison: " + c.name;
  cfg.output = r.output;
  cfg.backend = r.backend;
  for (const std::string& net : r.networks) {
    const std::vector<std::string> w = words(net);
    if (w.empty()) throw input_error("an empty NETWORK: give a family and its parameters, e.g. \"torus k=4 n=2..6\"");
    for (instance& inst : expand_sweep(w[0], std::vector<std::string>(w.begin() + 1, w.end()))) {
      job_instance ji;
      ji.inst = std::move(inst);
      ji.output = r.output;
      ji.backend = r.backend;
      make_comparison_instance(ji, c);
      cfg.instances.push_back(std::move(ji));
    }
  }
  std::string identity = cfg.source + "\n" + std::to_string(c.all_pairs_up_to);
  for (const std::string& m : c.metrics) identity += "\n" + m;
  cfg.hash = text_hash(identity);
  cfg.comparisons.push_back(c);
  if (!team || team->rank() == 0)
    for (const std::string& line : comparison_skip_lines(cfg.instances)) std::cerr << line << "\n";

  run_options ropt;
  std::vector<nlohmann::json> records;  // without --output, the records stay here
  if (r.output.empty()) ropt.keep_records_only = &records;
  ropt.report = !r.output.empty();
  ropt.verbosity = r.verbosity;
  ropt.resume = r.resume;
  ropt.team = team;
  if (team && team->rank() != 0) return serve_as_helper({cfg}, ropt);
  const int rc = run_batches({cfg}, ropt);
  if (!r.output.empty()) records = latest_records(read_records(r.output + "/results.jsonl", nullptr));

  // The folder's plan says which record of a network is this run's (an earlier run with
  // other settings left its own beside it).
  const auto plan = r.output.empty() ? std::nullopt : read_run_plan(r.output);
  for (const report::table& t : report::comparison_tables(records, plan)) {
    if (t.title != "Comparison: " + c.name) continue;  // an earlier comparison in the same --output folder
    if (r.json) {
      nlohmann::json rows = nlohmann::json::array();
      for (const auto& row : t.csv_rows) {
        nlohmann::json o = nlohmann::json::object();
        for (size_t i = 0; i < row.size() && i < t.header.size(); ++i) {
          // Figures as numbers; names, degree ranges and ">= 8" (a sample's bound) as text.
          const nlohmann::json v = nlohmann::json::parse(row[i], nullptr, false);
          o[t.header[i]] = !v.is_discarded() && v.is_number() ? v : nlohmann::json(row[i]);
        }
        rows.push_back(o);
      }
      std::cout << rows.dump() << "\n";
    } else {
      std::cout << report::comparison_text(t);
    }
  }
  flush_stdout_checked();  // a full disk or a closed pipe is named with its error, exit 1
  return rc;
}

}  // namespace tv::host
