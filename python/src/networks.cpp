// Networks for Python (see bindings.hpp): a family by name and parameters through the
// CLI's own constructor and sweep expansion (host/families.hpp, host/batch/sweep_args.hpp),
// so names, ranges and messages are the CLI's; a graph of the user's from arrays of node
// indices or rows in CSR layout (kernels/graph/edge_arrays.hpp), built on the engine's
// thread with the GIL released.
#include <map>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "engine_call.hpp"
#include "errors.hpp"
#include "host/batch/sweep_args.hpp"
#include "json_python.hpp"
#include "numpy_arrays.hpp"
#include "kernels/graph/edge_arrays.hpp"

namespace py = pybind11;

namespace tv::python {

namespace {

/// An instance of the family "edgelist" holding a graph given in memory; its params say
/// where it came from ("networkx", "igraph", "scipy", "numpy") and whether it is directed.
network in_memory(graph::edge_list_file file, const std::string& source) {
  auto inst = std::make_shared<host::instance>();
  inst->family = "edgelist";
  inst->params["source"] = source;
  inst->params["directed"] = file.graph.directed;
  inst->file = std::make_shared<const graph::edge_list_file>(std::move(file));
  return inst;
}

template <class I>
using index_array = py::array_t<I, py::array::c_style>;

/// The arrays as int64 or int32 without a copy where their type is one of those (and
/// C-contiguous); other integer types are converted once (NumPy's own cast).
template <class F>
void with_index_arrays(const py::array& a, const py::array& b, F&& f) {
  const auto is = [](const py::array& x, char kind, int bytes) {
    return x.dtype().kind() == kind && x.itemsize() == bytes && (x.flags() & py::array::c_style);
  };
  if (a.dtype().kind() != 'i' && a.dtype().kind() != 'u')
    raise_error("BadInput", "node indices must be integers, not " + py::str(a.dtype()).cast<std::string>());
  if (b.dtype().kind() != 'i' && b.dtype().kind() != 'u')
    raise_error("BadInput", "node indices must be integers, not " + py::str(b.dtype()).cast<std::string>());
  if (is(a, 'i', 4) && is(b, 'i', 4)) return f(index_array<int32_t>::ensure(a), index_array<int32_t>::ensure(b));
  return f(index_array<int64_t>::ensure(a), index_array<int64_t>::ensure(b));
}

network from_arcs(uint64_t nodes, const py::array& sources, const py::array& targets, bool directed,
                  const std::string& source) {
  if (sources.ndim() != 1 || targets.ndim() != 1)
    raise_error("BadInput", "sources and targets must be one-dimensional arrays");
  if (sources.size() != targets.size())
    raise_error("BadInput", "sources and targets differ in length (" + std::to_string(sources.size()) + " and " +
                                std::to_string(targets.size()) + ")");
  network out;
  with_index_arrays(sources, targets, [&](auto s, auto t) {
    const auto* sp = s.data();
    const auto* tp = t.data();
    const uint64_t count = static_cast<uint64_t>(s.size());
    graph::edge_list_file file;
    call_engine(py::none(), [&](engine_context&) { file = graph::graph_from_arcs(nodes, sp, tp, count, directed); });
    out = in_memory(std::move(file), source);
  });
  return out;
}

py::tuple from_rows(uint64_t nodes, const py::array& offsets, const py::array& targets, bool directed,
                    const std::string& source) {
  if (offsets.ndim() != 1 || targets.ndim() != 1)
    raise_error("BadInput", "offsets and targets must be one-dimensional arrays");
  if (static_cast<uint64_t>(offsets.size()) != nodes + 1)
    raise_error("BadInput", "offsets hold " + std::to_string(offsets.size()) + " entries, not nodes + 1 = " +
                                std::to_string(nodes + 1));
  // SciPy's indices are int32 up to 2^31 entries; wider ones go through from_arcs.
  if (!(targets.dtype().kind() == 'i' && targets.itemsize() == 4))
    raise_error("BadInput", "row targets must be int32, not " + py::str(targets.dtype()).cast<std::string>());
  const auto t = index_array<int32_t>::ensure(targets);
  bool straight = false;
  graph::edge_list_file file;
  const int32_t* tp = t.data();
  if (offsets.dtype().kind() == 'i' && offsets.itemsize() == 4) {
    const auto o = index_array<int32_t>::ensure(offsets);
    const int32_t* op = o.data();
    if (static_cast<uint64_t>(o.at(static_cast<py::ssize_t>(nodes))) > static_cast<uint64_t>(t.size()))
      raise_error("BadInput", "offsets end past the targets");
    call_engine(py::none(), [&](engine_context&) { file = graph::graph_from_rows(nodes, op, tp, directed, &straight); });
  } else {
    const auto o = index_array<int64_t>::ensure(offsets);
    const int64_t* op = o.data();
    if (static_cast<uint64_t>(o.at(static_cast<py::ssize_t>(nodes))) > static_cast<uint64_t>(t.size()))
      raise_error("BadInput", "offsets end past the targets");
    call_engine(py::none(), [&](engine_context&) { file = graph::graph_from_rows(nodes, op, tp, directed, &straight); });
  }
  return py::make_tuple(in_memory(std::move(file), source), straight);
}

network make_network(const std::string& family, const std::map<std::string, std::string>& params) {
  network out;
  call_engine(py::none(), [&](engine_context&) {
    out = std::make_shared<host::instance>(host::make_instance(family, params));
  });
  return out;
}

std::vector<network> sweep(const std::string& family, const std::vector<std::string>& args) {
  std::vector<network> out;
  call_engine(py::none(), [&](engine_context&) {
    for (auto& inst : host::expand_sweep(family, args))
      out.push_back(std::make_shared<host::instance>(std::move(inst)));
  });
  return out;
}

py::dict file_counts(const host::instance& inst) {
  py::dict d;
  if (!inst.file) return d;
  const auto& f = *inst.file;
  d["format"] = graph::format_name(f.format);
  d["entries"] = f.entries;
  d["self_loops"] = f.self_loops;
  d["duplicate_edges"] = f.duplicate_edges;
  return d;
}

}  // namespace

void bind_networks(py::module_& m) {
  py::class_<host::instance, std::shared_ptr<host::instance>>(m, "Instance",
      "A network as the engine holds it (topoverify.Network wraps it).")
      .def_property_readonly("family", [](const host::instance& i) { return i.family; })
      .def_property_readonly("params", [](const host::instance& i) { return to_python(i.params); })
      .def_property_readonly("label", &host::instance::label)
      .def_property_readonly("nodes", &host::instance::nodes)
      .def_property_readonly("directed", &host::instance::directed)
      .def_property_readonly("bits", &host::instance::bits)
      .def_property_readonly("label_defined", &host::instance::label_defined)
      .def_property_readonly("file_counts", &file_counts)
      .def("graph_arrays", [](const host::instance& i) -> py::object {
        // The graph of a network given in memory or read from a file (a family's is
        // built by the checks): offsets, targets and labels, copied.
        if (!i.file) return py::none();
        const auto& g = i.file->graph;
        return py::make_tuple(adopt(std::vector<uint64_t>(g.offsets)), adopt(std::vector<uint32_t>(g.targets)),
                              adopt(std::vector<uint64_t>(g.labels)));
      });
  m.def("make_network", &make_network, py::arg("family"), py::arg("params"),
        "A family's instance from key=value strings, as `topoverify info` reads them.");
  m.def("sweep", &sweep, py::arg("family"), py::arg("args"),
        "A sweep's instances from key=VALUES strings, small to large, as `topoverify check` reads them.");
  m.def("from_arcs", &from_arcs, py::arg("nodes"), py::arg("sources"), py::arg("targets"), py::arg("directed"),
        py::arg("source"), "A graph from arrays of node indices, arcs sources[e] -> targets[e].");
  m.def("from_rows", &from_rows, py::arg("nodes"), py::arg("offsets"), py::arg("targets"), py::arg("directed"),
        py::arg("source"), "A graph from rows in CSR layout; returns (instance, copied straight).");
}

}  // namespace tv::python
