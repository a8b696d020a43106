// Claim results, part lists, options and the per-instance environment shared by claims.
#include "host/claims/claim.hpp"

#include <cmath>
#include <sstream>

#include "host/claims/registry.hpp"
#include "host/errors.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host::claims {

void claim_result::decide(bool ok, json witness) {
  v = ok ? verdict::holds : verdict::fails;
  counterexample = ok ? json() : std::move(witness);
}

void claim_result::skip(std::string why) {
  v = verdict::not_checked;
  counterexample = nullptr;
  reason = std::move(why);
}

void claim_result::outside(const std::string& why) { skip(std::string(outside_domain_prefix) + why); }

json claim_result::to_json() const {
  json j;
  j["id"] = id;
  j[record_field::verdict] = std::string(to_string(v));
  j["claimed"] = claimed;
  j["measured"] = measured;
  j["counterexample"] = counterexample;
  j["reason"] = reason.empty() ? json() : json(reason);
  return j;
}

void part_list::add(const std::string& name, json claimed, json measured, bool ok, json witness) {
  ++count_;
  claimed_[name] = std::move(claimed);
  measured_[name] = std::move(measured);
  if (!ok) {
    if (failed_ == 0) {
      first_failure_ = name;
      witness_ = json::object();
      witness_["part"] = name;
      if (!witness.is_null()) witness_["witness"] = std::move(witness);
    }
    ++failed_;
  }
}

void part_list::skip(const std::string& name, json claimed, const std::string& why) {
  ++count_;
  ++unchecked_;
  claimed_[name] = std::move(claimed);
  measured_[name] = nullptr;
  skipped_ += (skipped_.empty() ? "" : "; ") + name + ": " + why;
}

void part_list::finish(claim_result& r) const {
  r.claimed = claimed_;
  r.measured = measured_;
  if (failed_) {
    r.decide(false, witness_);
    if (failed_ > 1) r.reason = std::to_string(failed_) + " parts fail; the first is shown";
    if (unchecked_) r.reason += (r.reason.empty() ? "" : "; ") + std::string("not checked: ") + skipped_;
  } else if (unchecked_) {
    r.skip(skipped_);
  } else {
    r.decide(true);
  }
}

claim_options parse_claim_options(const nlohmann::json& o) {
  claim_options opt;
  if (o.is_null()) return opt;
  if (!o.is_object()) throw input_error("claims: options must be a table");
  for (auto it = o.begin(); it != o.end(); ++it) {
    const std::string& k = it.key();
    if (k == "ids") {
      if (it->is_string()) {
        opt.ids.push_back(it->get<std::string>());
      } else if (it->is_array()) {
        for (const auto& p : *it) {
          if (!p.is_string()) throw input_error("claims: 'ids' must be a list of id patterns");
          opt.ids.push_back(p.get<std::string>());
        }
      } else {
        throw input_error("claims: 'ids' must be a list of id patterns like [\"pn.thm3\", \"efc.*\"]");
      }
    } else if (k == "expressions") {
      if (!it->is_array()) throw input_error("claims: 'expressions' must be a list of claims");
      for (const auto& j : *it) {
        expression_claim_spec c = expression_claim_spec::from_json(j);
        validate_expression_claim(c);
        for (const auto& other : opt.expressions)
          if (other.id == c.id) throw input_error("claims: claim id '" + c.id + "' is given twice");
        opt.expressions.push_back(std::move(c));
      }
    } else if (k == "budget") {
      // Finite too: TOML's inf and nan arrive as text (toml++'s JSON writer quotes them)
      // and --set's as bare words, but Python's float("nan") arrived as a number, and ran
      // with a budget no step count is compared against.
      if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() <= 0)
        throw input_error("claims: 'budget' must be a positive number of steps");
      opt.budget = it->get<double>();
    } else if (k == "all_pairs_max_nodes") {
      if (!it->is_number_integer() || it->get<long long>() < 0)
        throw input_error("claims: 'all_pairs_max_nodes' must be a non-negative integer");
      opt.all_pairs_max_nodes = it->get<uint64_t>();
    } else {
      throw input_error("claims: unknown option '" + k +
                        "' (options: ids, expressions, budget, all_pairs_max_nodes)");
    }
  }
  opt.papers = !opt.ids.empty() || opt.expressions.empty();
  select_claims(opt.ids);  // every pattern must name at least one claim
  return opt;
}

claim_env::claim_env(check_context& ctx, claim_options opt) : ctx_(ctx), opt_(std::move(opt)) {
  if (opt_.all_pairs_max_nodes == 0)
    opt_.all_pairs_max_nodes =
        ctx_.backend == core::backend::cuda ? (uint64_t{1} << 22) : (uint64_t{1} << 16);
}

int claim_env::bits() const { return families::bits_of(ctx_.inst.net); }
uint64_t claim_env::nodes() const { return families::size_of(ctx_.inst.net); }

long long claim_env::param(const std::string& key) const {
  const auto& p = ctx_.inst.params;
  if (!p.contains(key) || !p[key].is_number_integer())
    throw std::logic_error("instance has no integer parameter '" + key + "'");
  return p[key].get<long long>();
}

std::string claim_env::text(const std::string& key) const {
  const auto& p = ctx_.inst.params;
  return p.contains(key) && p[key].is_string() ? p[key].get<std::string>() : std::string();
}

std::string claim_env::label(uint64_t x) const { return label_bits(x, bits()); }

const graph::degree_summary& claim_env::degrees() {
  if (degrees_) return *degrees_;
  if (ctx_.has_graph()) {  // the graph in hand is the one every other claim measures
    degrees_ = graph::summarize(ctx_.graph());
    return *degrees_;
  }
  // Counting enumerates every label (no graph in memory); the limits are the counts
  // check's, so a claim never starts an enumeration the counts check would refuse.
  const uint64_t limit =
      ctx_.backend == core::backend::cuda ? (uint64_t{1} << 38) : (uint64_t{1} << 31);
  if (nodes() > limit)
    throw graph::graph_too_large("counting N = " + std::to_string(nodes()) +
                                 " labels is above the enumeration limit of " +
                                 std::to_string(limit) + " on the " +
                                 core::backend_name(ctx_.backend) + " backend");
  degrees_ = graph::count_degrees(ctx_.backend, ctx_.inst.net);
  return *degrees_;
}

const distance::all_pairs_result* claim_env::all_pairs(std::string* why_not) {
  if (all_pairs_) return &*all_pairs_;
  // The distances check's run, kept for a claim that reads eccentricities: the same
  // statistics (the Hamming check as claims ask it), whatever the all-pairs limit.
  if (const auto& kept = ctx_.all_pairs_kept;
      kept && kept->eccentricity.size() == nodes() &&
      kept->hamming_paths.has_value() == families::has_hamming_edges(ctx_.inst.net))
    return kept.get();
  if (all_pairs_skipped_.empty() && nodes() > opt_.all_pairs_max_nodes)
    all_pairs_skipped_ = "N = " + std::to_string(nodes()) +
                         " is above the all-pairs limit of " +
                         std::to_string(opt_.all_pairs_max_nodes) + " nodes on the " +
                         core::backend_name(ctx_.backend) +
                         " backend (raise claims.all_pairs_max_nodes)";
  if (!all_pairs_skipped_.empty()) {
    if (why_not) *why_not = all_pairs_skipped_;
    return nullptr;
  }
  distance::all_pairs_options o;
  o.hamming = families::has_hamming_edges(ctx_.inst.net);
  o.per_node = true;
  o.control = ctx_.control;
  try {
    all_pairs_ = ctx_.all_pairs(graph(), o);
  } catch (const graph::graph_too_large& e) {
    all_pairs_skipped_ = e.what();
    if (why_not) *why_not = all_pairs_skipped_;
    return nullptr;
  }
  return &*all_pairs_;
}

std::vector<uint32_t> claim_env::bfs(uint32_t source) {
  const graph::csr_graph& g = graph();
  // Claims run many single-source BFS on small graphs: a sequential queue (O(N + E)) beats
  // the backends' level-synchronous BFS (a parallel sweep over all N nodes per level, the
  // graph copied per call) by orders of magnitude there.  Large graphs on a GPU keep it.
  if (ctx_.backend == core::backend::cuda && g.nodes > (uint64_t{1} << 20))
    return distance::bfs(ctx_.backend, g, source);
  if (source >= g.nodes)
    throw std::invalid_argument("bfs: source " + std::to_string(source) + " is not a node");
  std::vector<uint32_t> dist(g.nodes, distance::unreachable);
  std::vector<uint32_t> queue;
  queue.reserve(g.nodes);
  dist[source] = 0;
  queue.push_back(source);
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint32_t u = queue[head];
    for (uint64_t k = g.offsets[u]; k < g.offsets[u + 1]; ++k) {
      const uint32_t v = g.targets[k];
      if (dist[v] == distance::unreachable) {
        dist[v] = dist[u] + 1;
        queue.push_back(v);
      }
    }
  }
  return dist;
}

std::string claim_env::over_budget(double work, const std::string& what) const {
  std::ostringstream s;
  s.precision(3);
  s << what << " needs about " << work << " steps, over the budget of " << opt_.budget
    << " (raise claims.budget)";
  return s.str();
}

}  // namespace tv::host::claims
