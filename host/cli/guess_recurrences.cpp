// Recurrences when no closed form fits (see guess_recurrences.hpp).
#include "host/cli/guess_recurrences.hpp"

#include <algorithm>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "host/errors.hpp"
#include "host/guess/recurrence.hpp"
#include "host/records/checked_io.hpp"

namespace tv::host {

namespace {

/// "fitted on its 11 steps, n = 4..14": the steps the recurrence's predecessors allow.
std::string fitted_on(const guess::recurrence& r, const guess::slice& s, const std::string& p) {
  std::vector<int64_t> at;
  for (const auto& [n, v] : s.values) at.push_back(n);
  size_t steps = 0;
  int64_t from = 0;
  for (int64_t n : at) {
    size_t checked = 0;
    guess::check_steps(r, s, s.values, {n}, checked);
    if (checked && !steps++) from = n;
  }
  return fmt::format("fitted on {} step{}, {} = {}..{}", steps, steps == 1 ? "" : "s", p, from, at.back());
}

}  // namespace

int report_recurrences(const guess_request& r, const measured_sweep& m, const std::vector<std::string>& held_out,
                       const std::string& why) {
  const guess::recurrences_found found = guess::recurrences(m.table);
  const std::string p = m.table.parameters.back();
  size_t with = 0;
  for (const auto& s : found.slices) with += s.found.has_value();
  if (with == 0) {
    std::cout << "\nNo linear recurrence in " << p << " of order up to 6 fits either.\n";
    flush_stdout_checked();
    return m.rc != exit_ok ? m.rc : exit_claim_failed;
  }
  std::cout << "\nLinear recurrences in " << p
            << " (no claim reads them: a claim sees one instance, so guess checks them itself):\n";
  if (found.common) {
    std::cout << "  " << found.common->text << "\n     on every slice (" << found.slices.size() << "), at every step\n";
  } else {
    for (const auto& s : found.slices) {
      const std::string where = s.name.empty() ? "" : s.name + ": ";
      if (!s.found) std::cout << "  " << where << "none fits\n";
      else std::cout << "  " << where << s.found->text << "\n     " << fitted_on(*s.found, s, p) << "\n";
    }
  }
  int rc = found.common || with == found.slices.size() ? exit_ok : exit_claim_failed;
  if (r.no_verify || held_out.empty()) {
    std::cout << "\nNot verified on held-out sizes: " << (r.no_verify ? "--no-verify" : why)
              << ".  These are fitted, not tested.\n";
    flush_stdout_checked();
    return m.rc != exit_ok ? m.rc : rc;
  }

  std::cout << "\nHeld out, each step checked exactly on " << sweep_text(held_out) << ":\n";
  flush_stdout_checked();
  const measured_sweep h = measure_sweep(guess_check_request(r, held_out), parse_invariant(r.invariant, r.each, r.family));
  if (h.rc != exit_ok) return h.rc;
  for (const auto& why_out : h.left_out) std::cout << "  left out: " << why_out << "\n";
  const size_t last = m.table.parameters.size() - 1;
  for (const auto& s : found.slices) {
    const guess::recurrence* rec = found.common ? &*found.common : s.found ? &*s.found : nullptr;
    if (!rec) continue;
    std::map<int64_t, int64_t> values = s.values;
    std::vector<int64_t> at;
    for (const auto& row : h.table.rows) {
      if (!std::equal(s.others.begin(), s.others.end(), row.at.begin()) || row.value.s != expr::scalar::integer) continue;
      values[row.at[last]] = row.value.i;
      at.push_back(row.at[last]);
    }
    std::sort(at.begin(), at.end());
    size_t checked = 0;
    const auto failure = guess::check_steps(*rec, s, values, at, checked);
    const std::string where = s.name.empty() ? "" : s.name + ": ";
    if (failure) {
      std::cout << fmt::format("  FAILS  {}at {} = {}: a({}) = {}; the recurrence gives {}\n", where, p, failure->at,
                               failure->at, failure->value, failure->predicted);
      rc = exit_claim_failed;
    } else if (checked == 0) {
      std::cout << "  not checked  " << where << "no held-out step has its predecessors measured\n";
    } else {
      std::cout << fmt::format("  holds  {}{} held-out step{}, {} = {}..{}\n", where, checked, checked == 1 ? "" : "s",
                               p, at.front(), at.back());
    }
  }
  flush_stdout_checked();
  return rc;
}

}  // namespace tv::host
