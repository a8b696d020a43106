// The claims catalog's building blocks (docs/claims.md): a claim is data (id, source,
// statement, domain, the reading used where the paper is ambiguous) plus a check that
// computes the claimed and the measured value on one instance and returns `holds`,
// `fails` (with the smallest counterexample it knows) or `not checked` (with the reason).
// Nothing here knows which claims are true: verdicts come only from the checks' computation.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"
#include "host/claims/expression_claim.hpp"
#include "host/records/labels.hpp"
#include "host/records/outcome.hpp"
#include "kernels/distance/all_pairs.hpp"

namespace tv::host::claims {

using json = nlohmann::ordered_json;

/// A claim's outcome: the records' verdict (host/records/outcome.hpp, where it is spelled).
using verdict = claim_verdict;

/// One claim's outcome on one instance, as the record's `claims` list carries it.
/// How the reason of every `outside` verdict begins: records keep the verdict `not checked`
/// (their shape does not change), and the verdict summary counts these apart by this
/// prefix (is_outside_domain, summary.hpp), defined here once.
inline constexpr std::string_view outside_domain_prefix = "outside the claim's domain: ";

struct claim_result {
  std::string id;
  verdict v = verdict::not_checked;
  json claimed;         // the paper's value or statement, computed for this instance
  json measured;        // what the computation found
  json counterexample;  // null unless the claim fails: the smallest witness found
  std::string reason;   // why `not checked`; may also carry a note for the other verdicts

  /// Sets the verdict from a computed condition; the counterexample is kept only on failure.
  void decide(bool ok, json witness = nullptr);
  /// `not checked` with a reason (the claimed / measured values already set stay).
  void skip(std::string why);
  /// `not checked` because the instance lies outside the claim's parameter domain; the
  /// reason begins with outside_domain_prefix.
  void outside(const std::string& why);

  json to_json() const;
};

/// A claim made of several parts (e.g. a printed table, a list of examples): each part has
/// its claimed and measured value; the claim fails if a part fails, holds if every part
/// holds, and is not checked otherwise.
class part_list {
 public:
  void add(const std::string& name, json claimed, json measured, bool ok, json witness = nullptr);
  void skip(const std::string& name, json claimed, const std::string& why);
  bool empty() const { return count_ == 0; }
  /// Writes claimed / measured objects keyed by part name, the first failing part's
  /// witness, and the verdict.
  void finish(claim_result& r) const;

 private:
  json claimed_ = json::object(), measured_ = json::object();
  json witness_;
  std::string first_failure_, skipped_;
  int count_ = 0, failed_ = 0, unchecked_ = 0;
};

/// Options of the `claims` check (batch file `[job.options.claims]`, or `--set claims.KEY=V`).
struct claim_options {
  std::vector<std::string> ids;    // glob patterns; empty = every claim of the family
  /// Claims written as expressions (expression_claim.hpp), run after the catalog's.
  std::vector<expression_claim_spec> expressions;
  /// Whether the catalog's claims run: false when `expressions` is given and `ids` is not.
  bool papers = true;
  double budget = 2e8;             // elementary steps a host-side search may take per claim
  uint64_t all_pairs_max_nodes = 0;  // 0 = per backend: 2^16 on the CPU, 2^22 on CUDA
};

/// @brief Reads and validates the options object; input_error names an unknown key, a
/// malformed value, or an id pattern that matches no claim.
claim_options parse_claim_options(const nlohmann::json& options);

/// What a claim check sees of its instance: the parameters, the graph and the distance
/// results, each computed once and shared by every claim run on the instance.
class claim_env {
 public:
  claim_env(check_context& ctx, claim_options opt);

  const instance& inst() const { return ctx_.inst; }
  const families::family& net() const { return ctx_.inst.net; }
  template <class F>
  const F* as() const {
    return std::get_if<F>(&ctx_.inst.net);
  }
  core::backend backend() const { return ctx_.backend; }
  const core::run_control& control() const { return ctx_.control; }
  const claim_options& options() const { return opt_; }

  int bits() const;
  uint64_t nodes() const;
  /// @brief Integer parameter of the instance as the user gave it (e.g. "lambda").
  long long param(const std::string& key) const;
  /// @brief Text parameter, or "" when absent.
  std::string text(const std::string& key) const;
  /// @brief A label of this instance as a bit string, most significant bit first.
  std::string label(uint64_t x) const;

  /// @brief The instance's CSR graph (raises graph::graph_too_large).
  const graph::csr_graph& graph() { return ctx_.graph(); }
  /// @brief Degree statistics of the instance (from the graph when it is built).
  const graph::degree_summary& degrees();
  /// @brief All-pairs statistics with per-node eccentricities and, for Hamming-edge
  /// families, the Hamming-path check.  Empty with a reason when the instance is larger
  /// than all_pairs_max_nodes.
  const distance::all_pairs_result* all_pairs(std::string* why_not);
  /// @brief BFS distances from one node (rank).
  std::vector<uint32_t> bfs(uint32_t source);

  /// @brief True when a search of `work` elementary steps fits the budget.
  bool affordable(double work) const { return work <= opt_.budget; }
  /// @brief The budget itself (elementary steps per claim).
  double budget() const { return opt_.budget; }
  /// @brief The reason text for a search that does not fit the budget.
  std::string over_budget(double work, const std::string& what) const;

 private:
  check_context& ctx_;
  claim_options opt_;
  std::optional<graph::degree_summary> degrees_;
  std::optional<distance::all_pairs_result> all_pairs_;
  std::string all_pairs_skipped_;
};

class failure_view;  // a failing claim's record entry, read by `explain` (witness.hpp)

/// One entry of the catalog.
struct claim_spec {
  std::string id;         // "pn.thm3"
  std::string source;     // "papers/000 Theorem 3"
  std::string statement;  // the claim in words, as the paper states it
  std::string domain;     // the parameters it covers and how it maps onto instances
  std::string reading;    // the reading used where the text is ambiguous ("" if none)
  std::vector<std::string> families;  // instance families it runs on
  std::function<void(claim_env&, claim_result&)> check;
  /// The smallest witness of a failure as one sentence, computed from the record entry the
  /// check wrote (records are not changed): e.g. "EFC_5: node 010 (node 2) has degree 1;
  /// Property 6 claims at least 2".  Written next to the check; explain_failure falls back
  /// to a generic sentence for a claim without one.
  std::function<std::string(const failure_view&)> explain = nullptr;
  /// Why the check can never return `fails` ("" when it can), for a claim that only reports
  /// (the catalog test requires `explain` of every other claim).
  std::string cannot_fail = "";
};

/// The code behind one claim: what its entry in the paper's catalog.toml (the id, the
/// texts, the families) is bound to by `bind_catalog` (catalog_file.hpp).  Each is defined
/// next to its check, in the file of its paper section, and named after its id
/// (pn.thm1.alt: pn_thm1_alt).
struct claim_logic {
  std::string id;
  std::function<void(claim_env&, claim_result&)> check;
  std::function<std::string(const failure_view&)> explain = nullptr;
};

/// @brief The logic of a claim read one of several ways: its check takes the reading (a
/// flag, a rule) as a third argument, and its explanation is shared or takes the name the
/// sentence gives the claim ("Table 1", "Theorem 9 (proper subgraphs)").
template <class Reading>
claim_logic with_reading(std::string id, void (*check)(claim_env&, claim_result&, Reading),
                         Reading reading, std::string (*explain)(const failure_view&)) {
  return {std::move(id), [check, reading](claim_env& e, claim_result& r) { check(e, r, reading); },
          explain};
}
template <class Reading>
claim_logic with_reading(std::string id, void (*check)(claim_env&, claim_result&, Reading),
                         Reading reading,
                         std::string (*explain)(const failure_view&, const std::string&),
                         std::string name) {
  return {std::move(id), [check, reading](claim_env& e, claim_result& r) { check(e, r, reading); },
          [explain, name](const failure_view& f) { return explain(f, name); }};
}


}  // namespace tv::host::claims
