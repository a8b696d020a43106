// Formulas on held-out sizes (see guess_verify.hpp).
#include "host/cli/guess_verify.hpp"

#include <iostream>

#include <fmt/format.h>

#include "host/claims/summary.hpp"
#include "host/errors.hpp"
#include "host/records/checked_io.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host {

namespace {

/// The summary's entry of claim `id`, or null.
const nlohmann::ordered_json* claim_in(const nlohmann::ordered_json& summary, const std::string& id) {
  const auto papers = summary.find("papers");
  if (papers == summary.end() || !papers->is_array()) return nullptr;
  for (const auto& paper : *papers) {
    const auto claims = paper.find(record_field::claims);
    if (claims == paper.end() || !claims->is_array()) continue;
    for (const auto& c : *claims)
      if (c.is_object() && c.value("id", "") == id) return &c;  // points into `summary`, not a copy
  }
  return nullptr;
}

}  // namespace

int verify_formulas(const guess_request& r, const invariant_spec& spec, const std::vector<guess::guessed>& found,
                    const std::vector<std::string>& held_out, int measured_rc) {
  // With --each, the held-out run also takes the name's next four values: a formula fitted
  // on k = 0..4 is tested at k = 5..8 too, not only on larger instances.
  std::vector<int64_t> each = spec.each.empty() ? std::vector<int64_t>{0} : spec.each_values;
  if (!spec.each.empty())
    for (int64_t k = 1; k <= 4; ++k) each.push_back(spec.each_values.back() + k);
  check_request c = guess_check_request(r, held_out);
  std::string command = "topoverify check";
  for (const auto& g : found)
    for (int64_t v : each) {
      c.expressions.push_back(spec.at(r.invariant, v) + " == " + spec.at(g.formula, v));
      command += " --claim '" + c.expressions.back() + "'";
    }
  command += " " + r.family + " " + sweep_text(held_out);
  if (spec.each.empty())
    std::cout << "\nHeld out, each formula as a claim (claim.i is formula i):\n  " << command << "\n\n";
  else
    std::cout << "\nHeld out on " << sweep_text(held_out) << ", each formula as one claim per value of " << spec.each
              << " (" << each.front() << ".." << each.back() << "):\n";
  flush_stdout_checked();
  nlohmann::ordered_json summary;
  check_outputs o;
  o.summary = &summary;
  o.print = spec.each.empty();
  const int rc = run_check(c, nullptr, o);
  if (rc != exit_ok && rc != exit_claim_failed) return rc;

  std::vector<size_t> standing;
  for (size_t i = 0; i < found.size(); ++i) {
    size_t holds = 0;
    const nlohmann::ordered_json* failing = nullptr;
    for (size_t j = 0; j < each.size(); ++j) {
      const nlohmann::ordered_json* e = claim_in(summary, "claim." + std::to_string(i * each.size() + j + 1));
      const claim_verdict verdict = e ? verdict_of(*e) : claim_verdict::not_checked;
      holds += verdict == claim_verdict::holds;
      if (verdict == claim_verdict::fails && !failing) failing = e;
    }
    if (holds == each.size()) standing.push_back(i + 1);
    if (spec.each.empty()) continue;
    if (failing) {
      std::string sentence;
      if (failing->contains("smallest_failure") && (*failing)["smallest_failure"].is_object())
        sentence = (*failing)["smallest_failure"].value("sentence", "");
      std::cout << fmt::format("  FAILS        {}. smallest counterexample: {}\n", i + 1, sentence);
    } else if (holds == each.size()) {
      std::cout << fmt::format("  holds        {}. at every value of {}\n", i + 1, spec.each);
    } else {
      std::cout << fmt::format("  not checked  {}. at {} of {} values of {}\n", i + 1, each.size() - holds, each.size(),
                               spec.each);
    }
  }
  if (standing.empty()) {
    std::cout << "\nNo formula holds on every held-out instance.\n";
    flush_stdout_checked();
    return exit_claim_failed;
  }
  std::string list;
  for (size_t i : standing) list += (list.empty() ? "" : ", ") + std::to_string(i);
  std::cout << "\nConjecture" << (standing.size() == 1 ? " " : "s ") << list << " held on every held-out instance.\n";
  flush_stdout_checked();
  return measured_rc;
}

}  // namespace tv::host
