// `topoverify check` (see check_command.hpp): the request becomes a one-job batch with the
// claims check, run by run_batches like any batch, so progress, limits, signals and records
// behave exactly as in `run`.
#include "host/cli/check_command.hpp"

#include <iostream>

#include "host/batch/config.hpp"
#include "host/batch/family_tables.hpp"
#include "host/batch/sweep_args.hpp"
#include "host/claims/expression_claim.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/summary.hpp"
#include "host/cli/cli_options.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"
#include "host/records/checked_io.hpp"
#include "host/messages.hpp"
#include "host/run/rank_team.hpp"
#include "host/run/runner.hpp"
#include "host/units.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host {

CLI::App* add_check_command(CLI::App& app, check_request& r) {
  auto* cmd = app.add_subcommand(
      "check", "check claims on a sweep of instances and print the verdicts");
  cmd->footer(
      "VALUES is a value, a list 2,3,4, a range 1..20, or both (1..3,7); a text parameter\n"
      "takes its text whole (lrn seeds=0,10), several texts separated by ';'.\n"
      "Exit code: 0 no claim fails, 3 some claim fails, 1 an instance errored or the run\n"
      "was interrupted, 2 bad input.\n"
      "Examples:\n  topoverify check pn.thm3 postal lambda=3 n=1..20\n"
      "  topoverify check --claim 'radius == ceil(n/2)' efc n=4..30\n"
      "A claim of your own is a condition over the instance's parameters, N, the record's\n"
      "statistics and per-node vectors (docs/own-theorems.md); it runs the checks its names need.");
  cmd->add_option("claims", r.claims, "claim id or glob pattern, e.g. pn.thm3 or 'mc.*' (left out with --claim)");
  cmd->add_option("family", r.family, "family name (see `topoverify list`)");
  cmd->add_option("--claim", r.expressions,
                  "a claim of your own as an expression, e.g. 'radius == ceil(n/2)' (repeatable)")
      ->allow_extra_args(false);  // one expression per --claim: the family follows
  cmd->add_option("--when", r.when, "the domain of the --claim expressions, e.g. 'n >= 4'");
  cmd->add_option("params", r.params, "parameters as key=VALUES, e.g. lambda=3 n=1..20");
  cmd->add_flag("--json", r.json, "print the verdict summary as one JSON object");
  cmd->add_flag("--fails-only", r.fails_only,
                "list only the claims that fail (the last line still counts every claim)");
  cmd->add_option("--backend", r.backend, "auto | cpu | cuda");
  add_set_option(*cmd, r.sets);
  cmd->get_option("--set")->description(
      "claims option as claims.KEY=VALUE, e.g. claims.budget=1e9 (repeatable)");
  add_verbosity_flags(*cmd, r.verbosity);
  cmd->add_option("--time", r.time, "wall-time limit per instance, e.g. 30s, 10m");
  cmd->add_option("--memory", r.memory, "memory limit per instance, e.g. 4GiB");
  cmd->add_option("--max-nodes", r.max_nodes, "skip instances with more nodes than this")
      ->each([&r](const std::string&) { r.max_nodes_given = true; });
  cmd->add_option("--output", r.output, "keep the records and a report in this folder (default: write nothing)");
  return cmd;
}

namespace {

/// The summary with only its failing claims (and the papers that have one); the totals
/// still count every claim, and `left_out` says how many claims were dropped.
nlohmann::ordered_json failing_claims_only(const nlohmann::ordered_json& summary) {
  nlohmann::ordered_json out = summary;
  nlohmann::ordered_json papers = nlohmann::ordered_json::array();
  size_t left_out = 0;
  for (const auto& paper : summary.value("papers", nlohmann::ordered_json::array())) {
    nlohmann::ordered_json kept = paper;
    kept["claims"] = nlohmann::ordered_json::array();
    for (const auto& c : paper.value("claims", nlohmann::ordered_json::array())) {
      if (verdict_of(c) == claim_verdict::fails) kept["claims"].push_back(c);
      else ++left_out;
    }
    if (!kept["claims"].empty()) papers.push_back(std::move(kept));
  }
  out["papers"] = std::move(papers);
  out["left_out"] = left_out;
  return out;
}

instance_limits limits_of(const check_request& r) {
  instance_limits l;
  if (!r.time.empty()) {
    const auto secs = parse_duration(r.time);
    if (!secs) throw input_error("--time '" + echo_value(r.time) + "' is not a duration like 30s, 10m or 1h30m");
    if (*secs <= 0) throw input_error("--time '" + echo_value(r.time) + "' must be longer than zero");
    l.time_s = *secs;
    l.time_text = r.time;
  }
  if (!r.memory.empty()) {
    const auto bytes = parse_bytes(r.memory);
    if (!bytes) throw input_error("--memory '" + echo_value(r.memory) + "' is not a size like 512MiB or 4GiB");
    if (*bytes == 0) throw input_error("--memory '" + echo_value(r.memory) + "' must be more than zero");
    l.memory_bytes = *bytes;
    l.memory_text = r.memory;
  }
  // Given as 0 it meant "no limit" here while a batch file refused limits.max_nodes = 0.
  if (r.max_nodes < 0 || (r.max_nodes_given && r.max_nodes < 1)) throw input_error("--max-nodes must be at least 1");
  if (r.max_nodes > 0) l.max_nodes = static_cast<uint64_t>(r.max_nodes);
  return l;
}

}  // namespace

namespace {

/// With --claim the first positional may be the family: `check --claim EXPR efc n=4..8`.
check_request positionals_shifted(check_request r) {
  if (r.expressions.empty()) {
    if (!r.when.empty()) throw input_error("--when gives the domain of --claim expressions; there is no --claim");
    if (r.family.empty()) throw input_error("check needs CLAIMS FAMILY [key=VALUES...], e.g. check pn.thm3 postal n=1..8");
    return r;
  }
  bool first_is_family = !r.claims.empty();
  if (first_is_family) {
    try {
      resolve_family(r.claims);  // a rule file too (docs/own-networks.md)
    } catch (const input_error&) {
      first_is_family = false;
    }
  }
  // `check --claim EXPR nosuch n=4`: the word before the parameters is a misspelt family.
  if (!first_is_family && !r.claims.empty() && r.family.find('=') != std::string::npos) resolve_family(r.claims);
  if (first_is_family) {
    if (!r.family.empty()) r.params.insert(r.params.begin(), r.family);
    r.family = r.claims;
    r.claims.clear();
  }
  if (r.family.empty()) throw input_error("--claim needs a FAMILY and its parameters, e.g. check --claim 'radius >= 1' efc n=4..8");
  // A rule file's claims are the family's it defines, named as its records name it.
  if (is_rule_file(r.family)) r.family = resolve_family(r.family).name;
  return r;
}

/// The --claim expressions as claims claim.1, claim.2, ... of the family.
nlohmann::json command_line_claims(const check_request& r) {
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < r.expressions.size(); ++i) {
    claims::expression_claim_spec c;
    c.id = "claim." + std::to_string(i + 1);
    c.families = {r.family};
    c.when = r.when;
    c.holds = r.expressions[i];
    claims::validate_expression_claim(c, "--claim");
    list.push_back(c.to_json());
  }
  return list;
}

}  // namespace

int run_check(const check_request& request, rank_team* team) { return run_check(request, team, check_outputs{}); }

int run_check(const check_request& request, rank_team* team, const check_outputs& outputs) {
  // ---- Bad input, before any work: the sweep, the claims of the family, the options.
  const check_request r = positionals_shifted(request);
  std::vector<instance> insts = expand_sweep(r.family, r.params);
  if (!r.claims.empty()) claims::require_claims_of_family({r.claims}, r.family);
  const nlohmann::json own = command_line_claims(r);
  nlohmann::json options = parse_set_options(r.sets);
  for (auto it = options.begin(); it != options.end(); ++it)
    if (it.key() != "claims")
      throw input_error("check runs the claims check alone: --set takes claims.KEY=VALUE, not " +
                        it.key() + ".*");
  if (options.contains("claims") && options["claims"].contains("ids"))
    throw input_error("the claims to check are the first argument; --set claims.ids is not used here");
  if (!r.claims.empty()) options["claims"]["ids"] = nlohmann::json::array({r.claims});
  if (r.backend != "auto" && r.backend != "cpu" && r.backend != "cuda")
    throw input_error("--backend '" + r.backend + "' is not one of: auto, cpu, cuda");
  std::vector<std::string> checks = {"claims"};
  for (const auto& j : own) {
    claims::add_needed_checks(claims::expression_claim_spec::from_json(j), r.family, checks, options);
    options["claims"]["expressions"].push_back(j);
  }

  // ---- The question as a one-job batch.
  std::string question = "check";
  if (!r.claims.empty()) question += " " + r.claims;
  for (const auto& e : r.expressions) question += " --claim '" + e + "'";
  if (!r.when.empty()) question += " --when '" + r.when + "'";
  question += " " + r.family;
  for (const auto& p : r.params) question += " " + p;
  std::string identity = question + "\n" + options.dump() + "\n" + r.time + "\n" + r.memory + "\n" +
                         std::to_string(r.max_nodes) + "\n" + r.backend;
  batch_config cfg;
  cfg.source = question;
  cfg.title = question;
  cfg.output = r.output;
  cfg.backend = r.backend;
  cfg.hash = text_hash(identity);
  const instance_limits limits = limits_of(r);
  for (auto& inst : insts) {
    job_instance ji;
    ji.inst = std::move(inst);
    ji.checks = checks;
    ji.check_options = options;
    ji.job_name = "check";
    ji.output = r.output;
    ji.backend = r.backend;
    ji.limits = limits;
    cfg.instances.push_back(std::move(ji));
  }

  run_options ropt;
  std::vector<nlohmann::json> kept;  // without --output, the records stay here
  std::vector<nlohmann::json>& records = outputs.records ? *outputs.records : kept;
  if (r.output.empty()) ropt.keep_records_only = &records;
  ropt.report = !r.output.empty();
  ropt.verbosity = r.verbosity;
  nlohmann::ordered_json summary;
  ropt.summary = &summary;
  ropt.team = team;
  if (team && team->rank() != 0) return serve_as_helper({cfg}, ropt);
  const int rc = run_batches({cfg}, ropt);

  if (outputs.summary) *outputs.summary = summary;
  if (outputs.print) {
    const nlohmann::ordered_json shown = r.fails_only ? failing_claims_only(summary) : summary;
    if (r.json) {
      std::cout << shown.dump() << "\n";
    } else {
      std::cout << claims::render_summary(shown, claims::summary_width(), claims::summary_colour());
      if (r.fails_only && shown.value("left_out", size_t{0}) > 0)
        std::cout << "(" << shown["left_out"].get<size_t>()
                  << " claims that hold or were not checked are left out: --fails-only)\n";
    }
    flush_stdout_checked();  // a full disk or a closed pipe is named with its error, exit 1
  }
  if (rc != exit_ok) return rc;
  return summary["claims"].value("fails", 0) > 0 ? exit_claim_failed : exit_ok;
}

}  // namespace tv::host
