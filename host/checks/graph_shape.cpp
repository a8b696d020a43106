// The graph's shape before building it (see graph_shape.hpp).
#include "host/checks/graph_shape.hpp"

#include "kernels/families/arc_count.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host {

graph_shape planned_shape(const instance& inst) {
  graph_shape s;
  if (inst.file) {  // read already: its shape is exact
    s.nodes = inst.file->graph.nodes;
    s.directed = inst.file->graph.directed;
    s.arcs = inst.file->graph.arcs();
    s.own_numbering = true;
    return s;
  }
  s.nodes = families::size_of(inst.net);
  s.directed = families::is_directed(inst.net);
  if (const auto arcs = families::arcs_by_formula(inst.net)) {
    s.arcs = *arcs;
  } else {
    s.arcs = s.nodes * static_cast<uint64_t>(families::max_degree_of(inst.net));
    s.arcs_exact = false;
  }
  return s;
}

graph_shape counted_shape(const instance& inst, core::backend b) {
  graph_shape s = planned_shape(inst);
  if (!s.arcs_exact) {
    s.arcs = graph::count_degrees(b, inst.net).arcs;
    s.arcs_exact = true;
  }
  return s;
}

uint64_t graph_bytes(const graph_shape& shape) {
  return graph::csr_bytes(shape.nodes, shape.arcs, shape.directed);
}

}  // namespace tv::host
