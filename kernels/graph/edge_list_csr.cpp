// Entries to CSR in parallel (see edge_list_csr.hpp).  The rows are filled without
// atomics and in the file's order: each thread counts the arcs of its own slice of the
// entries per node, so every (slice, node) gets its own run of the row to write.
#include "kernels/graph/edge_list_csr.hpp"

#include <omp.h>

#include <algorithm>
#include <parallel/algorithm>

#include "kernels/core/backend.hpp"

namespace tv::graph::detail {

namespace {

/// A table over 0 .. max_id when it is no larger than about four times the ids.
bool dense(uint64_t count, uint64_t max_id) {
  return max_id < (uint64_t{1} << 32) - 1 && max_id <= 4 * count + (uint64_t{1} << 20);
}

/// Slices of the entries, one per thread, while their counters (8 bytes per node and
/// slice) stay small beside the entries themselves.
int slices_for(uint64_t entries, uint64_t nodes) {
  const int threads = std::max(1, core::cpu_threads());
  const uint64_t per_slice = 8 * (nodes + 1);
  int s = threads;
  while (s > 1 && static_cast<uint64_t>(s) * per_slice > 16 * entries + (uint64_t{64} << 20)) --s;
  return s;
}

/// Sorts a short row in place (insertion sort below 32: the rows of a sorted file come
/// sorted), returns its length without repeats.
uint64_t sort_unique(uint32_t* row, uint64_t n) {
  if (n < 32) {
    for (uint64_t a = 1; a < n; ++a) {
      const uint32_t v = row[a];
      uint64_t b = a;
      while (b > 0 && row[b - 1] > v) {
        row[b] = row[b - 1];
        --b;
      }
      row[b] = v;
    }
  } else {
    std::sort(row, row + n);
  }
  return static_cast<uint64_t>(std::unique(row, row + n) - row);
}

}  // namespace

uint64_t mapping_bytes(uint64_t count, uint64_t max_id, uint64_t nodes) {
  const uint64_t ids = dense(count, max_id) ? 4 * (max_id + 2) : 8 * count;
  return std::max(ids, static_cast<uint64_t>(slices_for(count / 2, nodes)) * 8 * (nodes + 1) + 8 * nodes);
}

std::vector<uint64_t> ids_to_nodes(uint64_t* ids, uint64_t count, uint64_t max_id) {
  const int64_t n = static_cast<int64_t>(count);
  std::vector<uint64_t> labels;
  if (count == 0) return labels;
  if (dense(count, max_id)) {
    // index[id] = 1 where id occurs, then its exclusive prefix sum: the id's node index.
    std::vector<uint32_t> index(max_id + 2, 0);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i) __atomic_store_n(&index[ids[i]], 1u, __ATOMIC_RELAXED);
    uint32_t run = 0;
    for (uint64_t id = 0; id <= max_id + 1; ++id) {
      const uint32_t here = index[id];
      index[id] = run;
      run += here;
    }
    labels.resize(run);
    for (uint64_t id = 0; id <= max_id; ++id)
      if (index[id + 1] != index[id]) labels[index[id]] = id;
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i) ids[i] = index[ids[i]];
    return labels;
  }
  labels.assign(ids, ids + count);
  __gnu_parallel::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  labels.shrink_to_fit();
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; ++i)
    ids[i] = static_cast<uint64_t>(std::lower_bound(labels.begin(), labels.end(), ids[i]) - labels.begin());
  return labels;
}

void fill_rows(csr_graph& g, const uint64_t* pairs, uint64_t entries, bool both_ways) {
  const uint64_t nodes = g.nodes, width = nodes + 1;
  const int slices = slices_for(entries, nodes);
  auto slice_begin = [&](int s) { return entries / static_cast<uint64_t>(slices) * static_cast<uint64_t>(s); };
  auto slice_end = [&](int s) { return s + 1 == slices ? entries : slice_begin(s + 1); };
  // arc(row, target) for each arc of slice s's entries, in file order, self-loops left out.
  auto each_arc = [&](int s, auto&& arc) {
    for (uint64_t e = slice_begin(s); e < slice_end(s); ++e) {
      const uint64_t u = pairs[2 * e], v = pairs[2 * e + 1];
      if (u == v) continue;
      arc(u, v);
      if (both_ways) arc(v, u);
    }
  };
  // cursor[s * width + v]: first the arcs slice s gives row v, then where it writes them.
  std::vector<uint64_t> cursor(static_cast<uint64_t>(slices) * width, 0);
#pragma omp parallel for schedule(static, 1) num_threads(slices)
  for (int s = 0; s < slices; ++s) {
    uint64_t* mine = cursor.data() + static_cast<uint64_t>(s) * width;
    each_arc(s, [mine](uint64_t row, uint64_t) { ++mine[row]; });
  }
  g.offsets.assign(width, 0);
  const int64_t rows = static_cast<int64_t>(nodes);
#pragma omp parallel for schedule(static)
  for (int64_t v = 0; v < rows; ++v)
    for (int s = 0; s < slices; ++s) g.offsets[v + 1] += cursor[static_cast<uint64_t>(s) * width + v];
  for (uint64_t v = 0; v < nodes; ++v) g.offsets[v + 1] += g.offsets[v];
#pragma omp parallel for schedule(static)
  for (int64_t v = 0; v < rows; ++v) {
    uint64_t run = g.offsets[v];
    for (int s = 0; s < slices; ++s) {
      uint64_t& c = cursor[static_cast<uint64_t>(s) * width + v];
      const uint64_t mine = c;
      c = run;
      run += mine;
    }
  }
  g.targets.resize(g.offsets[nodes]);
  uint32_t* targets = g.targets.data();
#pragma omp parallel for schedule(static, 1) num_threads(slices)
  for (int s = 0; s < slices; ++s) {
    uint64_t* at = cursor.data() + static_cast<uint64_t>(s) * width;
    each_arc(s, [at, targets](uint64_t row, uint64_t t) { targets[at[row]++] = static_cast<uint32_t>(t); });
  }
  cursor = {};
  // Rows sorted and their repeats counted; moved together only when there were repeats.
  std::vector<uint64_t> kept(nodes);
  uint64_t total = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : total)
  for (int64_t v = 0; v < rows; ++v) {
    kept[v] = sort_unique(g.targets.data() + g.offsets[v], g.offsets[v + 1] - g.offsets[v]);
    total += kept[v];
  }
  if (total != g.targets.size()) {
    uint64_t write = 0;
    for (uint64_t v = 0; v < nodes; ++v) {
      const uint64_t from = g.offsets[v];
      g.offsets[v] = write;
      std::copy(g.targets.begin() + static_cast<std::ptrdiff_t>(from),
                g.targets.begin() + static_cast<std::ptrdiff_t>(from + kept[v]),
                g.targets.begin() + static_cast<std::ptrdiff_t>(write));
      write += kept[v];
    }
    g.offsets[nodes] = write;
    g.targets.resize(write);
    g.targets.shrink_to_fit();
  }
  if (!g.directed) return;
  // In-rows by transposing the out-rows in order of their sources: ascending by design.
  g.in_offsets.assign(nodes + 1, 0);
  for (uint32_t t : g.targets) ++g.in_offsets[t + 1];
  for (uint64_t i = 0; i < nodes; ++i) g.in_offsets[i + 1] += g.in_offsets[i];
  std::vector<uint64_t> next(g.in_offsets.begin(), g.in_offsets.end() - 1);
  g.in_sources.resize(g.targets.size());
  for (uint64_t u = 0; u < nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      g.in_sources[next[g.targets[e]]++] = static_cast<uint32_t>(u);
}

}  // namespace tv::graph::detail
