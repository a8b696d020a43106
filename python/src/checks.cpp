// Checks for Python (see bindings.hpp): one network's record, as `topoverify info --json`
// makes it (host/checks/registry.hpp: run_checks_into), with the distances check's
// per-node arrays handed over in memory; and claims over a sweep, each instance closed
// with its status as the batch runner closes it (host/run/run_one.cpp), summed up by the
// one verdict summary (host/claims/summary.hpp).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "engine_call.hpp"
#include "errors.hpp"
#include "host/batch/config.hpp"
#include "host/checks/registry.hpp"
#include "host/claims/expression_claim.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/summary.hpp"
#include "host/errors.hpp"
#include "host/run/memory_plan.hpp"
#include "json_python.hpp"
#include "numpy_arrays.hpp"

namespace py = pybind11;

namespace tv::python {

namespace {

/// The per-node arrays of the distances check, kept until the GIL is back.
struct per_node_arrays {
  bool filled = false;
  std::vector<uint64_t> labels;
  std::vector<uint32_t> eccentricity;
  std::vector<uint64_t> distance_sum;
};

core::backend backend_of(const std::string& name) {
  try {
    return core::resolve_backend(name);
  } catch (const std::exception& e) {
    throw host::input_error(e.what());
  }
}

/// Everything a check call checks before any work, as `info` does (host/cli/info_command.cpp):
/// the names, each check's options on this instance, then the memory plan.
void validate(const host::instance& inst, const std::vector<std::string>& checks, const nlohmann::json& options,
              core::backend b) {
  for (const auto& c : checks) host::find_check(c);
  for (auto it = options.begin(); it != options.end(); ++it) {
    try {
      host::validate_check_options(host::find_check(it.key()), *it, &inst);
    } catch (const host::input_error& e) {
      throw host::input_error(it.key() + " on " + inst.label() + ": " + e.what());
    }
  }
  if (const std::string why = host::memory_refusal(inst, checks, options, b, {}, host::check_specs()); !why.empty())
    throw graph::graph_too_large(inst.label() + ": " + why);
}

py::tuple run_checks(const network& net, const std::vector<std::string>& checks, const py::object& options_py,
                     const std::string& backend_name, const py::object& progress, bool per_node) {
  const nlohmann::json options = to_json(options_py);
  if (!options.is_object()) raise_error("BadInput", "options must be a dict of {check: {option: value}}");
  nlohmann::ordered_json record;
  per_node_arrays arrays;
  call_engine(progress, [&](engine_context& ctx) {
    const core::backend b = backend_of(backend_name);
    validate(*net, checks, options, b);
    host::check_hooks hooks;
    hooks.control = ctx.control;
    hooks.on_check = ctx.step;
    hooks.side_files = false;  // per-node tables come back as arrays, never as files here
    if (per_node)
      hooks.per_node_sink = [&arrays](const graph::csr_graph& g, distance::all_pairs_result& a) {
        arrays.filled = true;
        arrays.labels = g.labels;
        arrays.eccentricity = std::move(a.eccentricity);
        arrays.distance_sum = std::move(a.per_node_distance_sum);
      };
    host::run_checks_into(record, *net, checks, b, options, hooks);
  });
  py::object nodes = py::none();
  if (arrays.filled) {
    py::dict d;
    d["labels"] = adopt(std::move(arrays.labels));
    d["eccentricity"] = adopt(std::move(arrays.eccentricity));
    d["distance_sum"] = adopt(std::move(arrays.distance_sum));
    nodes = std::move(d);
  }
  return py::make_tuple(to_python(record), nodes);
}

/// One instance of a claims sweep to its closed record: refused by the memory plan, a
/// size it cannot hold, or an error of its own become the record's status and reason, as
/// in a batch run; a stop request goes on up (the call ends in Interrupted).
nlohmann::ordered_json claims_record(const host::instance& inst, const std::vector<std::string>& checks,
                                     const nlohmann::json& options, core::backend b, engine_context& ctx) {
  nlohmann::ordered_json rec = nlohmann::ordered_json::object();
  std::string status = "ok", reason;
  try {
    if (std::string why = host::memory_refusal(inst, checks, options, b, {}, host::check_specs()); !why.empty()) {
      status = "not checked";
      reason = std::move(why);
    } else {
      host::check_hooks hooks;
      hooks.control = ctx.control;
      hooks.on_check = [&](const std::string& c) { ctx.step(inst.label() + ": " + c); };
      hooks.side_files = false;
      host::run_checks_into(rec, inst, checks, b, options, hooks);
    }
  } catch (const core::interrupted&) {
    throw;
  } catch (const graph::graph_too_large& e) {
    status = "not checked";
    reason = std::string("too large for this machine: ") + e.what();
  } catch (const std::exception& e) {
    status = "error";
    reason = e.what();
  }
  if (!rec.contains("family")) {
    rec["family"] = inst.family;
    rec["params"] = inst.params;
    rec["nodes"] = inst.nodes();
    rec["checks"] = nlohmann::ordered_json::array();
  }
  rec["status"] = status;
  if (status == "error") rec["error"] = reason;
  else if (!reason.empty()) rec["reason"] = reason;
  return rec;
}

/// The claims written as expressions (docs/own-theorems.md), each a dict {holds, when,
/// id, statement, families}: ids default to claim.1, claim.2, ... as on the command line,
/// families to those of the sweep; each is validated before any work.
std::vector<host::claims::expression_claim_spec> expression_claims(const nlohmann::json& list,
                                                                   const std::vector<network>& nets) {
  std::vector<std::string> families;
  for (const auto& net : nets)
    if (std::find(families.begin(), families.end(), net->family) == families.end()) families.push_back(net->family);
  std::vector<host::claims::expression_claim_spec> out;
  for (size_t i = 0; i < list.size(); ++i) {
    nlohmann::json j = list[i];
    if (j.is_object() && !j.contains("id")) j["id"] = "claim." + std::to_string(i + 1);
    if (j.is_object() && !j.contains("families")) j["families"] = families;
    host::claims::expression_claim_spec c = host::claims::expression_claim_spec::from_json(j);
    host::claims::validate_expression_claim(c);
    out.push_back(std::move(c));
  }
  return out;
}

py::tuple check_claims(const std::vector<network>& nets, const std::vector<std::string>& patterns,
                       const py::object& expressions_py, const py::object& options_py,
                       const std::string& backend_name, const py::object& progress) {
  nlohmann::json options = to_json(options_py);
  const nlohmann::json expressions_json = to_json(expressions_py);
  if (!options.is_object()) raise_error("BadInput", "options must be a dict of {option: value}");
  std::vector<nlohmann::json> records;
  call_engine(progress, [&](engine_context& ctx) {
    const core::backend b = backend_of(backend_name);
    if (options.contains("ids") || options.contains("expressions"))
      throw host::input_error("the claims to check are the first argument; the options ids and expressions are not used here");
    if (patterns.empty() && expressions_json.empty()) throw host::input_error("check: no claim to check");
    const auto own = expression_claims(expressions_json, nets);
    nlohmann::json all = {{"claims", options}};
    if (!patterns.empty()) all["claims"]["ids"] = patterns;
    for (const auto& c : own) all["claims"]["expressions"].push_back(c.to_json());
    // Per instance: the claims check, and the checks its expressions' names need there.
    std::vector<std::pair<std::vector<std::string>, nlohmann::json>> plans;
    for (const auto& net : nets) {
      if (!patterns.empty()) host::claims::require_claims_of_family(patterns, net->family);
      host::validate_check_options(host::find_check("claims"), all["claims"], net.get());
      std::vector<std::string> checks = {"claims"};
      nlohmann::json opts = all;
      for (const auto& c : own)
        if (std::find(c.families.begin(), c.families.end(), net->family) != c.families.end())
          host::claims::add_needed_checks(c, net->family, checks, opts);
      plans.emplace_back(std::move(checks), std::move(opts));
    }
    for (size_t i = 0; i < nets.size(); ++i)
      records.push_back(nlohmann::json::parse(claims_record(*nets[i], plans[i].first, plans[i].second, b, ctx).dump()));
  });
  py::list out;
  for (const auto& r : records) out.append(to_python(r));
  nlohmann::ordered_json summary = host::claims::verdict_summary(records);
  summary["instances"]["planned"] = nets.size();  // as the batch runner's summary says
  return py::make_tuple(out, to_python(summary));
}

}  // namespace

void bind_checks(py::module_& m) {
  m.def("run_checks", &run_checks, py::arg("network"), py::arg("checks"), py::arg("options"), py::arg("backend"),
        py::arg("progress"), py::arg("per_node"),
        "The record of one network (counts and the checks named), and the per-node arrays when asked.");
  m.def("check_claims", &check_claims, py::arg("networks"), py::arg("claims"), py::arg("expressions"),
        py::arg("options"), py::arg("backend"), py::arg("progress"),
        "The claims check over networks: (records, verdict summary).");
  m.def("verdict_summary", [](const py::list& records) {
    std::vector<nlohmann::json> rs;
    for (const auto& r : records) rs.push_back(to_json(r));
    return to_python(host::claims::verdict_summary(rs));
  }, py::arg("records"), "The verdict summary of records (the latest per instance).");
}

}  // namespace tv::python
