// Unit-capacity maximum flow by shortest augmenting paths (see max_flow.hpp).
#include "kernels/graph/max_flow.hpp"

#include <limits>
#include <queue>
#include <string>

#include "kernels/core/memory.hpp"

namespace tv::graph {

namespace {
constexpr uint64_t no_arc = std::numeric_limits<uint64_t>::max();
uint32_t in_node(uint64_t v) { return static_cast<uint32_t>(2 * v); }
uint32_t out_node(uint64_t v) { return static_cast<uint32_t>(2 * v + 1); }
}  // namespace

void unit_flow_network::add_arc(uint32_t from, uint32_t to, uint32_t capacity) {
  from_.push_back(from);
  to_.push_back(to);
  capacity_.push_back(capacity);
}

void unit_flow_network::finish(uint64_t network_nodes) {
  // Each arc and its reverse (capacity 0) in the rows of their tails.
  first_.assign(network_nodes + 1, 0);
  for (size_t i = 0; i < from_.size(); ++i) {
    ++first_[from_[i] + 1];
    ++first_[to_[i] + 1];
  }
  for (uint64_t x = 0; x < network_nodes; ++x) first_[x + 1] += first_[x];
  std::vector<uint64_t> fill(first_.begin(), first_.end() - 1);
  const uint64_t arcs = 2 * from_.size();
  head_.resize(arcs);
  full_.resize(arcs);
  reverse_.resize(arcs);
  for (size_t i = 0; i < from_.size(); ++i) {
    const uint64_t f = fill[from_[i]]++, r = fill[to_[i]]++;
    head_[f] = to_[i];
    full_[f] = capacity_[i];
    reverse_[f] = r;
    head_[r] = from_[i];
    full_[r] = 0;
    reverse_[r] = f;
  }
  residual_ = full_;
  via_.assign(network_nodes, no_arc);
  from_ = {};
  to_ = {};
  capacity_ = {};
}

unit_flow_network unit_flow_network::for_edges(const csr_graph& g) {
  unit_flow_network f;
  f.graph_nodes_ = g.nodes;
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (g.targets[e] != u) f.add_arc(static_cast<uint32_t>(u), g.targets[e], 1);
  f.finish(g.nodes);
  return f;
}

unit_flow_network unit_flow_network::for_vertices(const csr_graph& g) {
  // Network nodes 2v and 2v + 1 are 32-bit indices.
  if (g.nodes > (uint64_t{1} << 31))
    throw core::too_large("a node-split flow network of " + std::to_string(g.nodes) +
                          " nodes needs more than 32-bit node indices");
  unit_flow_network f;
  f.split_ = true;
  f.graph_nodes_ = g.nodes;
  const uint32_t never_cut = static_cast<uint32_t>(g.nodes);  // more than any flow
  for (uint64_t u = 0; u < g.nodes; ++u) {
    f.add_arc(in_node(u), out_node(u), 1);
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (g.targets[e] != u) f.add_arc(out_node(u), in_node(g.targets[e]), never_cut);
  }
  f.finish(2 * g.nodes);
  return f;
}

bool unit_flow_network::augment(uint32_t source, uint32_t sink) {
  std::fill(via_.begin(), via_.end(), no_arc);
  std::queue<uint32_t> queue;
  queue.push(source);
  via_[source] = 0;  // any value but no_arc: reached
  while (!queue.empty() && via_[sink] == no_arc) {
    const uint32_t x = queue.front();
    queue.pop();
    for (uint64_t a = first_[x]; a < first_[x + 1]; ++a)
      if (residual_[a] > 0 && via_[head_[a]] == no_arc) {
        via_[head_[a]] = a;
        queue.push(head_[a]);
      }
  }
  if (via_[sink] == no_arc) return false;
  for (uint32_t x = sink; x != source;) {  // every capacity is at least 1: push 1
    const uint64_t a = via_[x];
    --residual_[a];
    ++residual_[reverse_[a]];
    x = head_[reverse_[a]];
  }
  return true;
}

uint32_t unit_flow_network::max_flow(uint32_t s, uint32_t t, uint32_t limit) {
  residual_ = full_;
  source_ = split_ ? out_node(s) : s;
  const uint32_t sink = split_ ? in_node(t) : t;
  uint32_t flow = 0;
  while (flow < limit && augment(source_, sink)) ++flow;
  return flow;
}

std::vector<char> unit_flow_network::reached_from(uint32_t source) const {
  std::vector<char> seen(first_.size() - 1, 0);
  std::queue<uint32_t> queue;
  queue.push(source);
  seen[source] = 1;
  while (!queue.empty()) {
    const uint32_t x = queue.front();
    queue.pop();
    for (uint64_t a = first_[x]; a < first_[x + 1]; ++a)
      if (residual_[a] > 0 && !seen[head_[a]]) {
        seen[head_[a]] = 1;
        queue.push(head_[a]);
      }
  }
  return seen;
}

std::vector<std::pair<uint32_t, uint32_t>> unit_flow_network::cut_arcs() const {
  const std::vector<char> side = reached_from(source_);
  std::vector<std::pair<uint32_t, uint32_t>> cut;
  for (uint32_t u = 0; u < graph_nodes_; ++u)
    for (uint64_t a = first_[u]; a < first_[u + 1]; ++a)
      if (full_[a] > 0 && side[u] && !side[head_[a]]) cut.emplace_back(u, head_[a]);
  return cut;
}

std::vector<uint32_t> unit_flow_network::cut_nodes() const {
  const std::vector<char> side = reached_from(source_);
  std::vector<uint32_t> cut;
  for (uint64_t v = 0; v < graph_nodes_; ++v)
    if (side[in_node(v)] && !side[out_node(v)]) cut.push_back(static_cast<uint32_t>(v));
  return cut;
}

}  // namespace tv::graph
