// `topoverify guess` (see guess_command.hpp): measure, search, print, verify held out.
#include "host/cli/guess_command.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "host/batch/sweep_args.hpp"
#include "host/cli/check_command.hpp"
#include "host/cli/cli_options.hpp"
#include "host/cli/guess_recurrences.hpp"
#include "host/cli/guess_sweep.hpp"
#include "host/cli/guess_verify.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"
#include "host/guess/search.hpp"
#include "host/messages.hpp"
#include "host/records/checked_io.hpp"
#include "host/units.hpp"

namespace tv::host {

CLI::App* add_guess_command(CLI::App& app, guess_request& r) {
  auto* cmd = app.add_subcommand(
      "guess", "find the simplest closed forms an invariant follows over a sweep, and test them on larger sizes");
  cmd->footer(
      "INVARIANT is an integer or rational expression of a record's statistics, the\n"
      "parameters and N (docs/own-theorems.md), e.g. diameter, wiener, count(degree == 2).\n"
      "The formulas come from a documented grammar, simplest first (docs/guess.md); each\n"
      "is printed as a claim `check --claim` reads and run on held-out sizes.\n"
      "When no formula fits, the linear recurrences the sweep follows are sought instead.\n"
      "Exit code: 0 a formula (or recurrence) fits and holds held out, 3 nothing fits or\n"
      "everything fails held out, 1 an instance errored or the run was interrupted, 2 bad input.\n"
      "Examples:\n  topoverify guess diameter postal lambda=3 n=1..16\n"
      "  topoverify guess wiener hypercube n=1..10 --verify n=11..14\n"
      "  topoverify guess 'count(degree == k)' postal lambda=2 n=4..16 --each k=1..6");
  cmd->add_option("invariant", r.invariant, "what to fit: diameter, wiener, count(degree == 2), ...")->required();
  cmd->add_option("family", r.family, "family name (see `topoverify list`)")->required();
  cmd->add_option("params", r.params, "the sweep as key=VALUES, e.g. lambda=3 n=1..16");
  cmd->add_option("--verify", r.verify,
                  "held-out sizes as key=VALUES replacing the sweep's (repeatable; default: the next "
                  "sizes of the last swept parameter that fit --verify-budget)")
      ->allow_extra_args(false);
  cmd->add_option("--each", r.each,
                  "NAME=VALUES: a name the invariant reads, one table column per value, e.g. "
                  "'count(degree == k)' --each k=1..6");
  cmd->add_flag("--no-verify", r.no_verify, "print the formulas without running them held out");
  cmd->add_option("--verify-budget", r.verify_budget, "estimated time for the default held-out sizes (default 60s)");
  cmd->add_option("--max", r.most, "formulas shown at most (default 5)");
  cmd->add_flag("--table", r.table, "print the measured values too");
  cmd->add_option("--backend", r.backend, "auto | cpu | cuda");
  add_verbosity_flags(*cmd, r.verbosity);
  cmd->add_option("--time", r.time, "wall-time limit per instance, e.g. 30s, 10m");
  cmd->add_option("--memory", r.memory, "memory limit per instance, e.g. 4GiB");
  cmd->add_option("--max-nodes", r.max_nodes, "skip instances with more nodes than this")
      ->each([&r](const std::string&) { r.max_nodes_given = true; });
  return cmd;
}

namespace {

/// The held-out sweep: --verify's, else the default one; empty with `why` when none.
std::vector<std::string> held_out_sweep(const guess_request& r, const std::vector<std::string>& given,
                                        const measured_sweep& m, double budget_s, std::string& why) {
  if (!given.empty()) return given;
  const std::vector<std::string> next = default_held_out(r.family, r.params, m, budget_s, why);
  if (next.empty()) {
    why += " (--verify key=VALUES names them)";
    return {};
  }
  return replaced(r.params, next);
}

void print_table(const measured_sweep& m) {
  std::string head = "  ";
  for (const auto& p : m.table.parameters) head += fmt::format("{:>8} ", p);
  std::cout << head << "  value      instance\n";
  for (const auto& row : m.table.rows) {
    std::string line = "  ";
    for (int64_t v : row.at) line += fmt::format("{:>8} ", v);
    std::cout << line << fmt::format("  {:<10} {}\n", expr::to_text(row.value), row.instance);
  }
}

}  // namespace

int run_guess(const guess_request& r) {
  // ---- Bad input, before any work.
  find_family(r.family);
  const invariant_spec spec = parse_invariant(r.invariant, r.each, r.family);
  varying_parameters(r.family, r.params);  // a sweep where nothing varies is refused now
  if (r.most < 1) throw input_error("--max must be at least 1");
  if (r.no_verify && !r.verify.empty()) throw input_error("--verify and --no-verify exclude each other");
  const auto budget = parse_duration(r.verify_budget);
  if (!budget)
    throw input_error("--verify-budget '" + echo_value(r.verify_budget) + "' is not a duration like 30s or 10m");
  if (*budget <= 0)  // a duration all the same: say what is wrong with it, as --time does
    throw input_error("--verify-budget '" + echo_value(r.verify_budget) + "' must be longer than zero");
  std::vector<std::string> held_out;
  if (!r.verify.empty()) {
    for (const auto& v : r.verify)
      if (v.find('=') == std::string::npos)
        throw input_error("--verify '" + echo_value(v) + "' is not key=VALUES, e.g. --verify n=25..34");
    held_out = replaced(r.params, r.verify);
    expand_sweep(r.family, held_out);  // its mistakes are bad input too
  }

  // ---- Measure and search.
  const measured_sweep m = measure_sweep(guess_check_request(r, r.params), spec);
  std::string fixed;
  for (const auto& [k, v] : m.fixed) fixed += (fixed.empty() ? "" : ", ") + k + " = " + v;
  // A row is an instance, or with --each an instance at one value of the name.
  const std::string rows = spec.each.empty() ? "instances" : "values";
  std::cout << fmt::format("{} on {} {}: {} {} measured{}{}\n", r.invariant, r.family, sweep_text(r.params),
                           m.table.rows.size(), rows,
                           spec.each.empty() ? "" : fmt::format(" ({} values of {} on each instance)", spec.each_values.size(), spec.each),
                           fixed.empty() ? "" : " (" + fixed + ")");
  for (const auto& why : m.left_out) std::cout << "  left out: " << why << "\n";
  if (m.table.rows.empty()) {
    std::cout << "\nNothing to fit: no instance gave the invariant a value.\n";
    flush_stdout_checked();
    return m.rc != exit_ok ? m.rc : exit_claim_failed;
  }
  const auto searching = std::chrono::steady_clock::now();
  const std::vector<guess::guessed> found = guess::search(m.table, static_cast<size_t>(r.most));
  // On stderr, beside the runs' final lines: the search's own time, apart from the checks'.
  std::cerr << fmt::format("topoverify: guess searched the grammar over {} instances in {:.2f} s\n", m.table.rows.size(),
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - searching).count());
  if (found.empty()) {
    std::cout << "\nNo formula in the grammar (docs/guess.md) fits all " << m.table.rows.size() << " " << rows
              << ".  The values:\n";
    print_table(m);
    // A fit with k coefficients rests on at least 2k + 1 rows (host/guess/fit.hpp).
    if (m.table.rows.size() < 9)
      std::cout << fmt::format("  (with {} {}, only formulas of up to {} coefficient{} can be confirmed: k "
                               "coefficients need 2k + 1 {})\n",
                               m.table.rows.size(), rows, (m.table.rows.size() - 1) / 2,
                               (m.table.rows.size() - 1) / 2 == 1 ? "" : "s", rows);
    std::string why;
    const std::vector<std::string> later = r.no_verify ? std::vector<std::string>() : held_out_sweep(r, held_out, m, *budget, why);
    return report_recurrences(r, m, later, why);
  }
  std::cout << "\n" << (found.size() == 1 ? "The formula of the grammar that fits every instance:"
                                          : "Formulas of the grammar that fit every instance, simplest first:") << "\n";
  for (size_t i = 0; i < found.size(); ++i) {
    const auto& g = found[i];
    std::cout << fmt::format("  {}. {} == {}\n     size {}, fitted on {} {}", i + 1, r.invariant, g.formula, g.size,
                             g.fitted_on, rows);
    if (g.equivalents) std::cout << fmt::format(" ({} more that agree with it were found)", g.equivalents);
    std::cout << "\n";
  }
  if (r.table) {
    std::cout << "\nThe values:\n";
    print_table(m);
  }
  if (r.no_verify) {
    std::cout << "\nNot verified on held-out sizes (--no-verify): these are fitted, not tested.\n";
    flush_stdout_checked();
    return m.rc;
  }

  // ---- Each formula as a claim on sizes it did not see.
  std::string why;
  held_out = held_out_sweep(r, held_out, m, *budget, why);
  if (held_out.empty()) {
    std::cout << "\nNot verified on held-out sizes: " << why << ".\n";
    flush_stdout_checked();
    return m.rc;
  }
  return verify_formulas(r, spec, found, held_out, m.rc);
}

}  // namespace tv::host
