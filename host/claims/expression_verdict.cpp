// A claim written as an expression on one instance (see expression_verdict.hpp).
#include "host/claims/expression_verdict.hpp"

#include "host/records/labels.hpp"
#include "host/records/record_statistics.hpp"
#include "kernels/expr/evaluate.hpp"

namespace tv::host::claims {

namespace {

using expr::evaluator;
using expr::expression;
using expr::node_kind;
using expr::op;
using expr::scalar;
using expr::value;

/// A value as the record keeps it: numbers as numbers, a rational that is no integer as
/// its text "7/2".
json value_json(const value& v) {
  switch (v.s) {
    case scalar::integer: return v.i;
    case scalar::boolean: return v.truth();
    case scalar::real: return v.f;
    case scalar::rational: return v.den == 1 ? json(v.i) : json(expr::to_text(v));
  }
  return nullptr;
}

bool comparison(const expr::node& n) {
  return n.kind == node_kind::binary &&
         (n.oper == op::eq || n.oper == op::ne || n.oper == op::lt || n.oper == op::le || n.oper == op::gt ||
          n.oper == op::ge);
}

/// What a claim's condition shows: its sides with their values, at one node for a
/// per-node condition.
class explainer {
 public:
  explainer(const expression& e, const expr::name_table& names, evaluator& ev)
      : e_(e), names_(names), ev_(ev) {}

  /// The terms that show why node i (a condition) is false, or what it measured when
  /// true: the two sides of a comparison; for && the first false part; for all(P) the
  /// first node where P is false; else the condition and the names it reads.
  json sides(int i, std::optional<uint64_t> at, bool failing) {
    const expr::node& n = e_.at(i);
    const bool truth = value_of(i, at).truth();
    if (comparison(n)) return json::array({term(n.args[0], at), term(n.args[1], at)});
    if (failing && !truth && n.kind == node_kind::binary && n.oper == op::logical_and)
      return sides(value_of(n.args[0], at).truth() ? n.args[1] : n.args[0], at, true);
    if (failing && !truth && n.kind == node_kind::call && n.fn == expr::builtin::all && !at) {
      const int condition = n.args[0];
      node = ev_.first_node(condition, false);
      if (node) return sides(condition, node, true);
    }
    json out = json::array({term(i, at)});
    for (int id : names_read(i))
      if (names_.at(id).type.per_node == at.has_value() || !names_.at(id).type.per_node)
        out.push_back(name_term(id, at));
    return out;
  }

  /// The one-value names node i reads, with their values.
  json names_of(int i) {
    json out = json::array();
    for (int id : names_read(i))
      if (!names_.at(id).type.per_node) out.push_back(name_term(id, std::nullopt));
    return out;
  }

  std::optional<uint64_t> node;  // the failing node, once sides found one

 private:
  value value_of(int i, std::optional<uint64_t> at) { return at ? ev_.value_at(i, *at) : ev_.value_of(i); }

  json term(int i, std::optional<uint64_t> at) {
    return {{"term", e_.text_of(i)}, {"value", value_json(value_of(i, at))}};
  }

  json name_term(int id, std::optional<uint64_t> at) {
    for (size_t k = 0; k < e_.nodes.size(); ++k)
      if (e_.nodes[k].kind == node_kind::name && e_.nodes[k].name_id == id)
        return {{"term", names_.at(id).name}, {"value", value_json(value_of(static_cast<int>(k), at))}};
    return {{"term", names_.at(id).name}, {"value", nullptr}};
  }

  std::vector<int> names_read(int i) const {
    expression sub = e_;
    sub.root = i;
    return sub.names_read();
  }

  const expression& e_;
  const expr::name_table& names_;
  evaluator& ev_;
};

/// Binds every name `e` reads; "" when all have a value here, else why one has none.
std::string bind_names(const expression& e, const expr::name_table& names, claim_env& env,
                       const nlohmann::ordered_json& record, expr::bindings& b) {
  const instance& inst = env.inst();
  for (int id : e.names_read()) {
    const std::string& name = names.at(id).name;
    if (names.at(id).type.per_node) {
      const graph::csr_graph& g = env.graph();
      b.set_nodes(g.nodes);
      if (name == "degree") {
        b.set_per_node(id, [&g](uint64_t first, size_t count, int64_t* out) {
          for (size_t j = 0; j < count; ++j)
            out[j] = static_cast<int64_t>(g.offsets[first + j + 1] - g.offsets[first + j]);
        });
      } else if (name == "label" || name == "weight") {
        const bool weight = name == "weight";
        b.set_per_node(id, [&g, weight](uint64_t first, size_t count, int64_t* out) {
          for (size_t j = 0; j < count; ++j) {
            const uint64_t label = g.labels[first + j];
            out[j] = weight ? __builtin_popcountll(label) : static_cast<int64_t>(label);
          }
        });
      } else {  // eccentricity
        std::string why;
        const distance::all_pairs_result* a = env.all_pairs(&why);
        if (!a) return "eccentricity needs all pairs: " + why;
        if (a->eccentricity.size() != g.nodes) return "the all-pairs run kept no per-node eccentricities";
        b.set_per_node(id, [a](uint64_t first, size_t count, int64_t* out) {
          for (size_t j = 0; j < count; ++j) out[j] = a->eccentricity[first + j];
        });
      }
      continue;
    }
    const nlohmann::ordered_json* v = nullptr;
    if (inst.params.contains(name)) v = &inst.params[name];
    else v = value_at_path(record, name == "N" ? std::string("nodes") : name);
    if (!v || v->is_null()) {
      std::string why = "'" + name + "' has no value on this instance";
      const std::string top = name.substr(0, name.find('.'));
      if (name.find('.') != std::string::npos && record.contains(top) && record[top].is_object()) {
        for (const char* key : {"skipped", "note", "exact_note", "moore_note"})
          if (record[top].contains(key) && record[top][key].is_string()) {
            why += " (" + top + ": " + record[top][key].get<std::string>() + ")";
            break;
          }
      } else if ((name == "edges" || name.rfind("degree_", 0) == 0) && record.contains("counts_skipped")) {
        why += " (" + record["counts_skipped"].get<std::string>() + ")";
      }
      return why;
    }
    if (v->is_boolean()) b.set(id, value::boolean(v->get<bool>()));
    else if (v->is_number_integer() && names.at(id).type.s == scalar::integer) {
      if (v->is_number_unsigned() && v->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
        return "'" + name + "' = " + v->dump() + " is above 2^63 - 1, the largest integer";
      b.set(id, value::integer(v->get<int64_t>()));
    } else if (v->is_number() && names.at(id).type.s == scalar::real) {
      b.set(id, value::real(v->get<double>()));
    } else {
      return "'" + name + "' = " + v->dump() + " is not the " + expr::type_name(names.at(id).type) +
             " an expression reads";
    }
  }
  return "";
}

/// The evaluation error as a reason: its column, and its node by label.
std::string evaluation_problem(const char* key, const std::string& text, const expr::expr_error& err,
                               claim_env& env) {
  std::string s = std::string("cannot evaluate ") + key + " = \"" + text + "\": column " +
                  std::to_string(err.column()) + ": " + err.message();
  if (err.node()) {
    const graph::csr_graph& g = env.graph();
    s += " at node " + node_name(g.labels[*err.node()], env.inst().bits()) + " (node " +
         std::to_string(*err.node()) + ")";
  }
  return s;
}

}  // namespace

claim_result run_expression_claim(const expression_claim_spec& c, claim_env& env,
                                  const nlohmann::ordered_json& record) {
  claim_result r;
  r.id = c.id;
  r.claimed = c.holds;
  const parsed_claim p = parse_claim(c, env.inst().family);
  if (p.when) {
    expr::bindings b;
    if (const std::string why = bind_names(*p.when, p.names, env, record, b); !why.empty()) {
      r.skip("when: " + why);
      return r;
    }
    evaluator ev(*p.when, b);
    try {
      if (!ev.result().truth()) {
        explainer x(*p.when, p.names, ev);
        r.measured = x.names_of(p.when->root);
        std::string values;
        for (const auto& t : r.measured)
          values += (values.empty() ? "" : ", ") + t["term"].get<std::string>() + " = " + t["value"].dump();
        r.outside("when = \"" + c.when + "\" is false (" + values + ")");
        return r;
      }
    } catch (const expr::expr_error& err) {
      r.skip(evaluation_problem("when", c.when, err, env));
      return r;
    }
  }
  expr::bindings b;
  if (const std::string why = bind_names(p.holds, p.names, env, record, b); !why.empty()) {
    r.skip(why);
    return r;
  }
  evaluator ev(p.holds, b);
  try {
    const bool ok = ev.result().truth();
    explainer x(p.holds, p.names, ev);
    json sides = x.sides(p.holds.root, std::nullopt, !ok);
    if (ok) {
      r.measured = sides;
      r.decide(true);
      return r;
    }
    json witness;
    if (x.node) {
      const graph::csr_graph& g = env.graph();
      witness["node"] = node_name(g.labels[*x.node], env.inst().bits());
      witness["node_index"] = *x.node;
    }
    witness["sides"] = sides;
    r.measured = sides;
    r.decide(false, witness);
  } catch (const expr::expr_error& err) {
    r.skip(evaluation_problem("holds", c.holds, err, env));
  }
  return r;
}

void describe_expression_entry(const expression_claim_spec& c, nlohmann::ordered_json& entry) {
  entry["statement"] = c.statement.empty() ? c.holds : c.statement;
  entry["holds"] = c.holds;
  if (!c.when.empty()) entry["when"] = c.when;
}

bool is_expression_entry(const nlohmann::json& entry) {
  return entry.is_object() && entry.contains("holds") && entry["holds"].is_string();
}

std::string expression_sentence(const failure_view& f) {
  const nlohmann::json w = f.counterexample();
  std::string s = f.instance() + ": ";
  if (w.is_object() && w.contains("node") && w["node"].is_string())
    s += "at node " + w["node"].get<std::string>() +
         (w.contains("node_index") ? " (node " + w["node_index"].dump() + ")" : std::string()) + ": ";
  std::string sides;
  if (w.is_object() && w.contains("sides") && w["sides"].is_array())
    for (const auto& t : w["sides"]) {
      if (!t.is_object() || !t.contains("term")) continue;
      const std::string term = t["term"].get<std::string>();
      const nlohmann::json& v = t.contains("value") ? t["value"] : nlohmann::json();
      const std::string shown = v.is_string() ? v.get<std::string>() : v.dump();
      // A side written as a number shows once: "count(degree == 2) = 3; 5".
      sides += (sides.empty() ? "" : "; ") + (term == shown ? term : term + " = " + shown);
    }
  return s + (sides.empty() ? f.id() + " is false" : sides);
}

}  // namespace tv::host::claims
