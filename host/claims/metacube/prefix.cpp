// papers/002 (Metacube), Section 4 "Parallel Prefix on Metacube": Algorithm 1 on the
// hypercube (4.1, mc.prefix_hc) and Algorithm 2 on MC(k,m) (4.2 and Theorem 1:
// mc.prefix.thm1, mc.prefix.edges, mc.prefix.example, mc.prefix.operator), run by the
// prefix simulator of kernels/sim/prefix.hpp.
#include <numeric>

#include "host/claims/metacube/sections.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims::mc {

// ---- Prefix (simulator) ---------------------------------------------------------------

sim::prefix_result run_prefix(claim_env& env, const families::family& net, sim::prefix_algorithm a,
                              sim::prefix_operator op, sim::operand_order order, bool keep) {
  sim::prefix_options o;
  o.algorithm = a;
  o.op = op;
  o.order = order;
  o.keep_values = keep;
  const std::string why = sim::prefix_unsupported(net, a);
  if (!why.empty()) throw std::invalid_argument(why);
  return sim::prefix(env.backend(), net, o);
}

void check_prefix_hc(claim_env& env, claim_result& r) {
  const int d = env.as<hypercube>()->n;
  r.claimed = {{"correct", true}, {"comm_steps", d}, {"comp_steps", 2 * d}};
  const auto p = run_prefix(env, env.net(), sim::prefix_algorithm::hypercube);
  r.measured = {{"correct", p.correct}, {"comm_steps", p.comm_steps}, {"comp_steps", p.comp_steps},
                {"non_edge_messages", p.non_edge_messages}};
  r.decide(p.correct && p.comm_steps == static_cast<uint64_t>(d) && p.comp_steps == static_cast<uint64_t>(2 * d),
           r.measured);
}

namespace {

/// A prefix simulation's failure against the claimed step counts: "MC(2,1): Algorithm 2
/// computes wrong prefixes (first at 01 (node 1)) in 5 communication and 8 computation
/// steps; Theorem 1 claims a correct prefix in 4 and 6".
std::string prefix_sentence(const failure_view& f, const std::string& algorithm, const std::string& claimant) {
  auto w = f.counterexample();
  auto c = f.claimed();
  std::string s = algorithm + (w.value("correct", true) ? " is correct" : " computes wrong prefixes");
  if (w.contains("first_wrong_address")) s += " (first at " + words(f, w["first_wrong_address"]) + ")";
  s += " in " + brief(w["comm_steps"]) + " communication and " + brief(w["comp_steps"]) + " computation steps";
  return sentence(f, s, claimant + " claims a correct prefix in " + brief(c["comm_steps"]) + " and " +
                            brief(c["comp_steps"]));
}

}  // namespace

std::string explain_prefix_hc(const failure_view& f) { return prefix_sentence(f, "Algorithm 1", "Section 4.1"); }

const claim_logic mc_prefix_hc{"mc.prefix_hc", check_prefix_hc, explain_prefix_hc};

void check_prefix_thm1(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  const uint64_t comm = (uint64_t{1} << k) * m * (k + 1) + k, comp = (uint64_t{1} << (k + 1)) * m + 2 * k;
  r.claimed = {{"correct", true}, {"comm_steps", comm}, {"comp_steps", comp}};
  const auto p = run_prefix(env, env.net(), sim::prefix_algorithm::metacube);
  r.measured = {{"correct", p.correct}, {"comm_steps", p.comm_steps}, {"comp_steps", p.comp_steps}};
  json w = r.measured;
  if (p.first_mismatch) w["first_wrong_address"] = env.label(*p.first_mismatch);
  r.decide(p.correct && p.comm_steps == comm && p.comp_steps == comp, w);
}

std::string explain_prefix_thm1(const failure_view& f) { return prefix_sentence(f, "Algorithm 2", "Theorem 1"); }

const claim_logic mc_prefix_thm1{"mc.prefix.thm1", check_prefix_thm1, explain_prefix_thm1};

void check_prefix_edges(claim_env& env, claim_result& r) {
  r.claimed = {{"non_edge_messages", 0}, {"text_condition_((i-k) MOD m) == c", "holds for every exchange"}};
  const auto p = run_prefix(env, env.net(), sim::prefix_algorithm::metacube);
  part_list parts;
  json w;
  if (p.first_non_edge) w = {{"from", env.label(p.first_non_edge->first)}, {"to", env.label(p.first_non_edge->second)}};
  parts.add("every exchange uses an edge", 0, p.non_edge_messages, p.non_edge_messages == 0, w);
  parts.add("the link of bit i belongs to the node with ((i-k) MOD m) == c", 0,
            json{{"exchanges_violating", p.text_condition_false},
                 {"bit_class_pairs_where_text_and_links_differ", p.text_condition_mismatches}},
            p.text_condition_false == 0 && p.text_condition_mismatches == 0);
  parts.finish(r);
}

std::string explain_prefix_edges(const failure_view& f) {
  auto cex = f.counterexample();
  const std::string part = cex.value("part", std::string());
  const std::string more = and_more(failing_parts(f) - 1, "failing part");
  if (cex.contains("witness") && cex["witness"].contains("from"))
    return sentence(f, "Algorithm 2 sends from " + words(f, cex["witness"]["from"]) + " to " + words(f, cex["witness"]["to"]) +
                           ", not an edge", "Section 4.2 claims every exchange uses an edge" + more);
  auto m = f.measured().value(part, nlohmann::json::object());
  return sentence(f, brief(m.value("exchanges_violating", nlohmann::json("some"))) + " exchanges break ((i-k) MOD m) == c, " +
                         brief(m.value("bit_class_pairs_where_text_and_links_differ", nlohmann::json("some"))) +
                         " (bit, class) pairs differ from the links",
                  "Section 4.2 claims the node with ((i-k) MOD m) == c owns bit i's link" + more);
}

const claim_logic mc_prefix_edges{"mc.prefix.edges", check_prefix_edges, explain_prefix_edges};

namespace {

const std::vector<uint64_t>& printed_mc21_prefix() {
  // The list printed in Section 4.2 for MC(2,1) with a_i = i, as it stands.
  static const std::vector<uint64_t> v = {
      0,    1,    3,    6,    10,   15,   21,   28,   36,   45,   55,   66,   78,   91,   105,
      120,  136,  153,  171,  190,  210,  231,  253,  276,  300,  325,  351,  378,  406,  435,
      465,  496,  528,  561,  595,  630,  666,  703,  741,  780,  820,  861,  903,  946,  990,
      1035, 1081, 1128, 1176, 1225, 1275, 1326, 1378, 1431, 1485, 1540, 1596, 1653, 1711, 1770,
      1830, 1891, 1953, 2016};
  return v;
}

}  // namespace

void check_prefix_example(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  if (k != 2 || m != 1) return r.outside("the example runs once, on metacube k=2 m=1");
  part_list parts;
  {
    const std::vector<uint64_t> in{1, 2, 3, 4, 5, 6, 7, 8}, printed{1, 3, 6, 10, 15, 21, 28, 36};
    std::vector<uint64_t> scan(in.size());
    std::partial_sum(in.begin(), in.end(), scan.begin());
    parts.add("prefix_sum([1..8])", printed, scan, scan == printed);
  }
  {
    std::vector<uint64_t> scan(64);
    std::iota(scan.begin(), scan.end(), 0);
    std::partial_sum(scan.begin(), scan.end(), scan.begin());
    parts.add("the printed list is the prefix sum of 0..63", printed_mc21_prefix(), scan,
              scan == printed_mc21_prefix());
  }
  const auto p = run_prefix(env, metacube::make(2, 1, false), sim::prefix_algorithm::metacube,
                            sim::prefix_operator::add, sim::operand_order::printed, true);
  parts.add("Algorithm 2 on MC(2,1), a_i = i", printed_mc21_prefix(), p.values,
            p.values == printed_mc21_prefix());
  parts.finish(r);
}

std::string explain_prefix_example(const failure_view& f) { return part_sentence(f, "Section 4.2's MC(2,1) example"); }

const claim_logic mc_prefix_example{"mc.prefix.example", check_prefix_example,
                                    explain_prefix_example};

void check_prefix_operator(claim_env& env, claim_result& r) {
  r.claimed = {{"as_printed", "correct for a non-commutative associative operator"},
               {"operands_by_address", "correct"}};
  part_list parts;
  for (auto order : {sim::operand_order::printed, sim::operand_order::address}) {
    const auto p = run_prefix(env, env.net(), sim::prefix_algorithm::metacube, sim::prefix_operator::affine, order);
    json w;
    if (p.first_mismatch) w = {{"first_wrong_address", env.label(*p.first_mismatch)}, {"mismatches", p.mismatches}};
    parts.add(order == sim::operand_order::printed ? "Algorithm 2 as printed, affine maps"
                                                   : "operands ordered by address, affine maps",
              true, json{{"correct", p.correct}, {"mismatches", p.mismatches}}, p.correct, w);
  }
  parts.finish(r);
}

std::string explain_prefix_operator(const failure_view& f) {
  auto cex = f.counterexample();
  auto w = cex.value("witness", nlohmann::json::object());
  std::string finding = cex.value("part", std::string("?")) + ": wrong";
  if (w.contains("first_wrong_address"))
    finding += " at " + words(f, w["first_wrong_address"]) + " first, " + brief(w["mismatches"]) + " wrong in all";
  return sentence(f, finding, "Algorithm 2 is claimed correct for any associative operator" +
                                  and_more(failing_parts(f) - 1, "failing order"));
}

const claim_logic mc_prefix_operator{"mc.prefix.operator", check_prefix_operator,
                                     explain_prefix_operator};

}  // namespace tv::host::claims::mc
