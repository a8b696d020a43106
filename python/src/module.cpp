// topoverify._engine: the Python extension module over the engine (python/topoverify/
// is the package users import; docs/python.md).  Networks and checks are bound in their
// own files (bindings.hpp); here, what the package lists: families, checks, claims and
// the tool's version.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "host/build_info.hpp"
#include "host/checks/registry.hpp"
#include "host/families.hpp"
#include "host/records/records.hpp"
#include "json_python.hpp"
#include "errors.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_engine, m) {
  m.doc() = "topoverify's engine (use the topoverify package, not this module)";
  tv::python::bind_networks(m);
  tv::python::bind_checks(m);
  m.def("families", [] {
    py::list out;
    for (const auto& f : tv::host::family_specs()) {
      py::list params;
      for (const auto& p : f.params) {
        py::dict d;
        d["name"] = p.name;
        d["type"] = p.type == tv::host::param_spec::kind::integer   ? "integer"
                    : p.type == tv::host::param_spec::kind::boolean ? "boolean"
                                                                    : "text";
        if (p.type == tv::host::param_spec::kind::integer) {
          d["min"] = p.lo;
          d["max"] = p.hi;
        }
        d["default"] = p.default_value.empty() ? py::object(py::none()) : py::object(py::str(p.default_value));
        d["help"] = p.help;
        params.append(d);
      }
      py::dict d;
      d["name"] = f.name;
      d["description"] = f.description;
      d["params"] = params;
      out.append(d);
    }
    return out;
  }, "Every family with its parameters, as `topoverify list` prints them.");
  m.def("checks", [] {
    py::list out;
    for (const auto& c : tv::host::check_specs()) out.append(py::make_tuple(c.name, c.description));
    return out;
  }, "Every check (name, description), in the order they run.");
  m.def("read_records_file", [](const std::string& path, bool latest) {
    // The one reader of results.jsonl (host/records/records.hpp).
    tv::host::records_file f;
    try {
      f = tv::host::read_records_file(path);
    } catch (const std::exception&) {
      tv::python::raise_engine_error(std::current_exception());
    }
    std::vector<nlohmann::json> records = latest ? tv::host::latest_records(f.records) : f.records;
    py::list out;
    for (const auto& r : records) out.append(tv::python::to_python(r));
    py::list warnings;
    for (const auto& w : tv::host::skipped_warnings(path, f.skipped)) warnings.append(w);
    return py::make_tuple(out, warnings);
  }, py::arg("path"), py::arg("latest"), "The records of a results file and the warnings for the lines skipped.");
  m.def("version", [] { return py::make_tuple(tv::host::tool_version(), tv::host::tool_commit()); },
        "The tool's version and the commit it was built from.");
}
