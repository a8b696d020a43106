// The command line: CLI11 declares the subcommands `list`, `info` (info_command.cpp),
// `claims`, `check` (check_command.cpp), `compare` (compare_command.cpp), `guess` (guess_command.cpp), `run`, `report`
// and `export` (export.cpp), with the options several share from cli_options.cpp, and
// turns each into a call: the runner for `run`, the report for `report`.  docs/commands.md
// says what each is for; `topoverify CMD --help` lists its options.
#include "host/cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <new>

#include "host/batch/batch_repeats.hpp"
#include "host/batch/config.hpp"
#include "host/batch/family_tables.hpp"
#include "host/checks/registry.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/summary.hpp"
#include "host/cli/check_command.hpp"
#include "host/cli/guess_command.hpp"
#include "host/cli/cli_options.hpp"
#include "host/cli/compare_command.hpp"
#include "host/cli/export.hpp"
#include "host/cli/info_command.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"
#include "host/messages.hpp"
#include "host/build_info.hpp"
#include "host/records/records.hpp"
#include "host/report/report.hpp"
#include "host/cli/parse_errors.hpp"
#include "host/run/rank_team.hpp"
#include "host/run/runner.hpp"

namespace tv::host {

namespace {

void print_list() {
  fmt::print("Families (topoverify info FAMILY key=value ...):\n");
  for (const auto& f : family_specs()) {
    fmt::print("  {:<10} {}\n", f.name, f.description);
    for (const auto& p : f.params) {
      std::string range;
      if (p.type == param_spec::kind::integer) range = fmt::format("{}..{}", p.lo, p.hi);
      else if (p.type == param_spec::kind::boolean) range = "true|false";
      else range = "string";
      fmt::print("      {:<13} {:<10} {}{}\n", p.name, range, p.help,
                 p.default_value.empty() ? "" : " (default " + p.default_value + ")");
    }
  }
  fmt::print("\nChecks (--check NAME, or checks = [...] in a batch file):\n");
  for (const auto& c : check_specs()) fmt::print("  {:<10} {}\n", c.name, c.description);
  fmt::print("\nClaims: {} (`topoverify claims` lists them; the `claims` check runs them)\n",
             claims::catalog().size());
}

/// `topoverify claims [PATTERN...]`: id, source, statement, domain and reading of each
/// selected claim; with --summarize, the per-claim verdicts of a results file.
int print_claims(const std::vector<std::string>& patterns, bool json, const std::string& results) {
  const auto selected = claims::select_claims(patterns);  // input_error on an unmatched pattern
  if (!results.empty()) {
    std::ifstream probe(results);
    if (!probe) throw input_error("cannot read results file '" + results + "'");
    records_file file = read_records_file(results);
    const std::vector<std::string> skipped = skipped_warnings(results, file.skipped);
    if (file.records.empty())
      throw input_error("claims --summarize: " + results + " holds no usable record" +
                        (skipped.empty() ? std::string(" (it is empty)")
                                         : " (" + std::to_string(file.skipped.size()) +
                                               " line(s) skipped; first: " + skipped.front() + ")"));
    for (const std::string& w : skipped) std::cerr << "topoverify: warning: " << w << "\n";
    std::vector<nlohmann::json> recs = latest_records(std::move(file.records));
    for (auto& r : recs) {
      if (!r.contains("claims")) continue;
      nlohmann::json filtered = nlohmann::json::array();
      for (const auto& c : r["claims"])
        for (const auto* spec : selected)
          if (spec->id == c.value("id", std::string())) filtered.push_back(c);
      r["claims"] = filtered;
    }
    const auto summary = claims::verdict_summary(recs);
    if (json) std::cout << summary.dump() << "\n";
    else std::cout << claims::render_summary(summary, claims::summary_width(), claims::summary_colour());
    return exit_ok;
  }
  if (json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto* c : selected)
      out.push_back({{"id", c->id}, {"source", c->source}, {"statement", c->statement},
                     {"domain", c->domain}, {"reading", c->reading}, {"families", c->families}});
    std::cout << out.dump() << "\n";
    return exit_ok;
  }
  for (const auto* c : selected) {
    fmt::print("{}\n  source:    {}\n  statement: {}\n  domain:    {}\n", c->id, c->source,
               c->statement, c->domain);
    if (!c->reading.empty()) fmt::print("  reading:   {}\n", c->reading);
    std::string fams;
    for (const auto& f : c->families) fams += (fams.empty() ? "" : ", ") + f;
    fmt::print("  families:  {}\n", fams);
  }
  return exit_ok;
}

/// `list --json`: {"families": [{name, description, params: [{name, type, range or
/// default, help}]}], "checks": [{name, description}], "claims": count}.
std::string list_json_text() {
  nlohmann::ordered_json out;
  out["families"] = nlohmann::ordered_json::array();
  for (const auto& f : family_specs()) {
    nlohmann::ordered_json fam = {{"name", f.name}, {"description", f.description}};
    fam["params"] = nlohmann::ordered_json::array();
    for (const auto& p : f.params) {
      nlohmann::ordered_json pj = {{"name", p.name}};
      if (p.type == param_spec::kind::integer) {
        pj["type"] = "integer";
        pj["min"] = p.lo;
        pj["max"] = p.hi;
      } else {
        pj["type"] = p.type == param_spec::kind::boolean ? "boolean" : "string";
      }
      if (!p.default_value.empty()) pj["default"] = p.default_value;
      pj["help"] = p.help;
      fam["params"].push_back(pj);
    }
    out["families"].push_back(fam);
  }
  out["checks"] = nlohmann::ordered_json::array();
  for (const auto& c : check_specs()) out["checks"].push_back({{"name", c.name}, {"description", c.description}});
  out["claims"] = claims::catalog().size();
  return out.dump();
}

std::map<std::string, std::string> parse_params(const std::vector<std::string>& kvs) {
  std::map<std::string, std::string> kv;
  for (const auto& s : kvs) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw input_error("parameter '" + echo_value(s) + "' is not of the form key=value");
    if (kv.count(s.substr(0, eq)))
      throw input_error("parameter '" + echo_value(s.substr(0, eq)) + "' is given twice");
    kv[s.substr(0, eq)] = s.substr(eq + 1);
  }
  return kv;
}

}  // namespace

int cli_main(int argc, char** argv, rank_team* team) {
  CLI::App app{"topoverify: GPU-accelerated batch verifier for interconnection networks"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("topoverify ") + tool_version() + " (commit " +
                                          tool_commit() + ")");

  app.footer("Example:\n  topoverify info postal lambda=2 n=10..14\n"
             "Run `topoverify COMMAND --help` for a command's options.");
  auto* list = app.add_subcommand("list", "families with their parameters, and the checks");
  bool list_json = false;
  list->add_flag("--json", list_json, "print families, parameters and checks as one JSON object");
  list->footer("Example:\n  topoverify list --json");

  auto* info = app.add_subcommand("info", "run checks on instances and print their statistics");
  info_request ireq;
  info->add_option("family", ireq.family, "family name (see `topoverify list`)")->required();
  info->add_option("params", ireq.params, "parameters as key=VALUES: a value, a list 2,3,4 or a range 1..20");
  info->add_option("--check", ireq.checks,
                   "check to run (repeatable; default: distances up to 32768 nodes, else counts)");
  info->add_flag("--json", ireq.json, "print each record as one JSON line, exact values");
  info->add_option("--backend", ireq.backend, "auto | cpu | cuda");
  add_set_option(*info, ireq.sets);
  info->footer("Examples:\n  topoverify info postal lambda=2 n=10..14\n  topoverify info efc n=6 --json");

  auto* claims_cmd = app.add_subcommand("claims", "the claims catalog: id, source, statement, domain");
  std::vector<std::string> claim_patterns;
  bool claims_json = false;
  std::string claims_results;
  claims_cmd->add_option("patterns", claim_patterns, "id patterns, e.g. pn.thm3 'efc.*'");
  claims_cmd->add_flag("--json", claims_json, "print as JSON");
  claims_cmd->add_option("--summarize", claims_results,
                         "results.jsonl of a run: print each claim's verdict over its instances");
  claims_cmd->footer("Example:\n  topoverify claims 'pn.thm*'");

  check_request check_req;
  auto* check = add_check_command(app, check_req);
  compare_request compare_req;
  auto* compare = add_compare_command(app, compare_req);
  guess_request guess_req;
  auto* guess = add_guess_command(app, guess_req);

  auto* run = app.add_subcommand("run", "run batch files (default: the embedded configs/default.toml)");
  std::vector<std::string> configs;
  run_options ropt;
  run->add_option("configs", configs, "batch files (TOML)");
  run->add_flag("--resume", ropt.resume, "skip instances already recorded in the output folder");
  run->add_option("--output", ropt.output, "output folder (overrides the batch file's)");
  run->add_option("--backend", ropt.backend, "auto | cpu | cuda (overrides the batch file's)");
  run->add_flag("--fail-on-claim", ropt.fail_on_claim, "exit 3 when a claim verdict is 'fails'");
  run->add_flag("--dry-run", ropt.dry_run, "check the batch files and print the plan; run and write nothing");
  bool no_report = false;
  run->add_option("--devices", ropt.devices,
                  "CUDA devices to share each instance's all-pairs sources among, one host thread "
                  "each, e.g. 0,2 (default: every device this process sees)");
  std::string share_nodes_text;  // checked below, with a message of ours
  run->add_option("--share-nodes", share_nodes_text,
                  "under mpirun: instances of at least this many nodes are run by every rank "
                  "together, smaller ones whole by one rank each (default 65536)");
  std::string max_instances_text;  // checked below, with a message of ours
  run->add_option("--max-instances", max_instances_text,
                  "refuse a batch file that expands to more instances (default 100000)");
  run->add_flag("--no-report", no_report, "skip the report at the end (render it later with `report DIR`)");
  std::vector<std::string> run_sets;
  add_set_option(*run, run_sets);
  add_verbosity_flags(*run, ropt.verbosity);
  run->footer("Examples:\n  topoverify run configs/postal.toml --output reports/postal\n"
              "  topoverify run configs/postal.toml --output reports/postal --resume");

  auto* report = app.add_subcommand("report", "write report.md, report.html and CSV tables of an output folder");
  std::string report_dir;
  bool report_fail_on_claim = false;
  report->add_option("dir", report_dir, "output folder holding results.jsonl")->required();
  report->add_flag("--fail-on-claim", report_fail_on_claim, "exit 3 when a claim verdict is 'fails'");
  report->footer("Example:\n  topoverify report reports/default");

  // The graph for other tools (bench/peers/, igraph, networkx, graph-tool); built on the
  // CPU backend: export is I/O bound, and the CPU build is always there.
  auto* exp = app.add_subcommand("export", "write an instance's graph for other tools (node i = i-th label)");
  std::string export_family, export_format = "edgelist", export_output;
  std::vector<std::string> export_kvs;
  bool export_header = false, export_force = false;
  exp->add_option("family", export_family, "family name (see `topoverify list`)")->required();
  exp->add_option("params", export_kvs, "parameters as key=value");
  exp->add_option("--format", export_format,
                  "edgelist (u v) | labelled (bit strings) | graphml (label attribute) | mtx (Matrix Market)");
  exp->add_flag("--header", export_header, "edge lists: a first '# ... nodes N edges M directed B' line");
  exp->add_option("--output", export_output, "write this file (whole, via a temporary file) instead of stdout");
  exp->add_flag("--force", export_force, "replace an existing --output file");
  exp->footer("Example:\n  topoverify export postal lambda=2 n=10 --format graphml --output pn2-10.graphml");

  if (argc > 1 && argv[1][0] != '-') {
    const std::string cmd = argv[1];
    bool known = false;
    for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
      known = known || sub->get_name() == cmd;
    if (!known) {
      std::string names;
      for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        names += (names.empty() ? "" : ", ") + sub->get_name();
      std::vector<std::string> commands;
      for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        commands.push_back(sub->get_name());
      const std::string near = nearest_name(cmd, commands);
      std::cerr << "topoverify: error: unknown command '" << cmd << "'"
                << (near.empty() ? "" : "; did you mean " + near + "?") << " (commands: " << names << ")\n";
      return exit_bad_input;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    std::cerr << "topoverify: error: " << shorten_long_words(explain_parse_error(app, args, e)) << "\n";
    return exit_bad_input;
  }

  // Under mpirun, `run`, `check` and `compare` share their instances among the ranks;
  // the other commands run on rank 0 alone, and the others end at once (rank 0 tells
  // them so now, not at its end, so they wait for nothing).
  if (team && !*run && !*check && !*compare) {
    if (team->rank() != 0) {
      (void)team->receive_schedule();
      return exit_ok;
    }
    team->send_schedule({}, true);
  }

  try {
    if (*list) {
      if (list_json) std::cout << list_json_text() << "\n";
      else print_list();
      return exit_ok;
    }
    if (*check) return run_check(check_req, team);
    if (*compare) return run_compare(compare_req, team);
    if (*guess) return run_guess(guess_req);
    if (*claims_cmd) return print_claims(claim_patterns, claims_json, claims_results);
    if (*info) return run_info(ireq);
    if (*exp) {
      export_options eo;
      eo.format = parse_export_format(export_format);
      eo.header = export_header;
      if (eo.header && eo.format != export_format::edgelist && eo.format != export_format::labelled)
        throw input_error("export: --header applies to edgelist and labelled only");
      const instance inst = make_instance(resolve_family(export_family).name, parse_params(export_kvs));
      if (exp->count("--output")) check_export_target(export_output, export_force);
      // A network read from a file is written from its graph in memory.
      graph::csr_graph built;
      if (inst.label_defined()) built = graph::build_csr(core::backend::cpu, inst.net);
      const graph::csr_graph& g = inst.file ? inst.file->graph : built;
      if (export_output.empty()) write_graph(g, inst, eo, stdout);
      else write_graph_file(g, inst, eo, export_output, export_force);
      return exit_ok;
    }
    if (*run) {
      std::vector<batch_config> batches;
      // Given but empty would silently mean "the batch file's folder".
      if (run->count("--output") && ropt.output.empty())
        throw input_error("--output is empty: name a folder");
      uint64_t max_instances = default_max_instances;
      if (run->count("--max-instances")) {
        const std::string& t = max_instances_text;
        if (t.empty() || t.size() > 18 || t.find_first_not_of("0123456789") != std::string::npos ||
            std::stoull(t) == 0)
          throw input_error("--max-instances = '" + echo_value(t) + "' is not a positive whole number");
        max_instances = std::stoull(t);
      }
      if (configs.empty())
        batches.push_back(parse_batch(embedded_default_config(), "configs/default.toml (embedded)",
                                      max_instances));
      for (const auto& c : configs) batches.push_back(load_batch(c, max_instances));
      apply_set_options(batches, parse_set_options(run_sets));
      drop_repeats_across_batches(batches);
      ropt.report = !no_report;
      ropt.summary_out = &std::cout;  // the verdicts of the claims that ran, after the run
      ropt.team = team;
      if (run->count("--share-nodes")) {
        const std::string& t = share_nodes_text;
        if (t.empty() || t.size() > 18 || t.find_first_not_of("0123456789") != std::string::npos)
          throw input_error("--share-nodes = '" + echo_value(t) + "' is not a whole number of nodes");
        ropt.share_nodes = std::stoull(t);
      }
      if (team && team->rank() != 0) return serve_as_helper(batches, ropt);
      return run_batches(batches, ropt);
    }
    if (*report) {
      const report_files f = render_report(report_dir);
      for (const std::string& w : f.skipped) std::cerr << "topoverify: warning: " << w << "\n";
      std::cerr << "topoverify: report: " << f.markdown << ", " << f.html << ", " << f.csv.size()
                << " CSV table(s), " << f.plots << " plot(s)"
                << (f.plots_note.empty() ? "" : " (" + f.plots_note + ")") << "\n";
      if (report_fail_on_claim) {  // counted by claim, with the instances they fail on apart
        const size_t fails = f.failing_claims, on = f.failing_instances;
        if (fails) {
          std::cerr << "topoverify: " << fails << (fails == 1 ? " claim fails" : " claims fail") << " (on "
                    << on << (on == 1 ? " instance" : " instances") << "; --fail-on-claim)\n";
          return exit_claim_failed;
        }
      }
      return exit_ok;
    }
  } catch (const input_error& e) {
    std::cerr << "topoverify: error: " << e.what() << "\n";
    return exit_bad_input;
  } catch (const graph::graph_too_large& e) {
    // Not bad input: the same command fits a larger machine (or a higher ulimit).
    std::cerr << "topoverify: refused: " << e.what() << "\n";
    return exit_too_large;
  } catch (const std::bad_alloc&) {
    std::cerr << "topoverify: refused: out of memory (an allocation failed)\n";
    return exit_too_large;
  } catch (const std::exception& e) {
    std::cerr << "topoverify: failed: " << e.what() << "\n";
    return exit_instance_error;
  }
  return exit_ok;
}

}  // namespace tv::host
