// Single-source implementation of label enumeration, degree counting and CSR
// construction, written once against an Exec trait (core::cpu_exec / core::cuda_exec).
// Included by csr_cpu.cpp and csr_cuda.cu only, which instantiate csr_backend<B> for
// their backend.
#pragma once
#include <string>
#include <type_traits>
#include <utility>

#include "kernels/core/atomics.hpp"
#include "kernels/core/dispatch.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::graph::detail {

/// f(base + i): the body of one chunk of a polled loop.
template <class F>
struct offset_fn {
  F f;
  uint64_t base;
  TV_HD void operator()(uint64_t i) const { f(base + i); }
};

/// for_each_index over [0, n) in chunks of `chunk` indices, polling the thread's stop
/// request (core::poll_stop) before each: enumerating or building a graph of 10^8 nodes
/// takes minutes, and SIGINT or a time limit must not wait for its end.  On the CPU the
/// threads take `grain` indices at a time as they come free: a thread that wakes late
/// (a virtual CPU the host woke late: PN_2(24)'s rows took 4.2 ms as often as 2.2 ms
/// when each thread had its fixed half) leaves the rest to the others.
template <class Exec, class F>
void for_each_index_polled(uint64_t n, const F& f, const char* what,
                           uint64_t chunk = uint64_t{1} << 22, uint64_t grain = 1024) {
  for (uint64_t base = 0; base < n; base += chunk) {
    core::poll_stop(what);
    const uint64_t count = n - base < chunk ? n - base : chunk;
    if constexpr (Exec::kind == core::backend::cpu) {
#pragma omp parallel for schedule(dynamic, grain)
      for (uint64_t i = 0; i < count; ++i) f(base + i);
    } else {
      core::for_each_index(Exec{}, count, offset_fn<F>{f, base});
    }
  }
}

template <class Fam>
struct unrank_fn {
  Fam fam;
  uint64_t* labels;
  TV_HD void operator()(uint64_t i) const { labels[i] = fam.unrank(i); }
};

template <class Fam>
struct unrank_value_fn {
  Fam fam;
  TV_HD uint64_t operator()(uint64_t i) const { return fam.unrank(i); }
};

struct counter {
  uint32_t* c;
  TV_HD void operator()(uint64_t) const { ++*c; }
};

/// Directed families expose for_each_in_neighbor; detect it.
template <class F, class = void>
struct has_in_arcs : std::false_type {};
template <class F>
struct has_in_arcs<F, std::void_t<decltype(std::declval<const F&>().for_each_in_neighbor(
                          uint64_t{}, counter{nullptr}))>> : std::true_type {};
template <class F>
constexpr bool requires_in_arcs() {
  return has_in_arcs<F>::value;
}

/// Families that count a node's neighbors without listing them expose degree(x); detect it.
template <class F, class = void>
struct counts_neighbors : std::false_type {};
template <class F>
struct counts_neighbors<F, std::void_t<decltype(std::declval<const F&>().degree(uint64_t{}))>>
    : std::true_type {};

template <class Fam>
TV_HD uint32_t out_degree(const Fam& fam, uint64_t label) {
  if constexpr (counts_neighbors<Fam>::value) return fam.degree(label);
  uint32_t d = 0;
  fam.for_each_neighbor(label, counter{&d});
  return d;
}

template <class Fam>
TV_HD uint32_t in_degree(const Fam& fam, uint64_t label) {
  uint32_t d = 0;
  if constexpr (requires_in_arcs<Fam>()) fam.for_each_in_neighbor(label, counter{&d});
  return d;
}

/// Histogram bins per degree direction: degrees never exceed 64 in these families.
constexpr int hist_bins = 65;

/// Degree histogram over a chunk of labels, merged into global bins with few atomics.
template <class Fam>
struct degree_chunk_fn {
  Fam fam;
  uint64_t nodes;
  uint64_t chunk;
  uint64_t* out_hist;  // hist_bins
  uint64_t* in_hist;   // hist_bins
  TV_HD void operator()(uint64_t c) const {
    uint32_t local_out[hist_bins];
    uint32_t local_in[hist_bins];
    for (int d = 0; d < hist_bins; ++d) local_out[d] = local_in[d] = 0;
    const uint64_t begin = c * chunk;
    const uint64_t end = begin + chunk < nodes ? begin + chunk : nodes;
    for (uint64_t i = begin; i < end; ++i) {
      const uint64_t x = fam.unrank(i);
      ++local_out[out_degree(fam, x)];
      if (fam.directed()) ++local_in[in_degree(fam, x)];
    }
    for (int d = 0; d < hist_bins; ++d) {
      if (local_out[d]) core::atomic_add(&out_hist[d], local_out[d]);
      if (local_in[d]) core::atomic_add(&in_hist[d], local_in[d]);
    }
  }
};

/// Families that step from a label to the next in increasing order, cheaper than an
/// unrank, expose next_label(x) (the postal networks); detect it.
template <class F, class = void>
struct steps_labels : std::false_type {};
template <class F>
struct steps_labels<F, std::void_t<decltype(std::declval<const F&>().next_label(uint64_t{}))>>
    : std::true_type {};

/// Nodes a CPU thread labels in one go in build_csr's first pass: one unrank, then
/// next_label from node to node.
constexpr uint64_t label_run = 256;

/// The degrees of nodes [first, first + count) into offsets (in- or out-degrees); with
/// `unrank`, their labels into labels first, in the same pass (the first pass of
/// build_csr: one sweep over the nodes, not two).  Called per node on a device and per
/// run of label_run nodes on the CPU, where a family with next_label unranks once a run.
template <class Fam>
struct degree_fn {
  Fam fam;
  uint64_t* labels;
  uint64_t* offsets;
  uint64_t nodes;
  uint64_t run;  // nodes per call
  bool in;
  bool unrank;
  TV_HD void operator()(uint64_t c) const {
    const uint64_t first = c * run, end = first + run < nodes ? first + run : nodes;
    uint64_t x = 0;
    for (uint64_t i = first; i < end; ++i) {
      if (unrank) {
        if constexpr (steps_labels<Fam>::value) {
          x = i == first ? fam.unrank(i) : fam.next_label(x);
        } else {
          x = fam.unrank(i);
        }
        labels[i] = x;
      } else {
        x = labels[i];
      }
      offsets[i] = in ? in_degree(fam, x) : out_degree(fam, x);
    }
  }
};

/// Families that rank all of a node's neighbors at once, cheaper than one by one, expose
/// for_each_neighbor_ranked(x, f(y, rank y)) (the enhanced Fibonacci cube); detect it.
struct rank_counter {
  uint32_t* c;
  TV_HD void operator()(uint64_t, uint64_t) const { ++*c; }
};
template <class F, class = void>
struct ranks_neighbors : std::false_type {};
template <class F>
struct ranks_neighbors<F, std::void_t<decltype(std::declval<const F&>().for_each_neighbor_ranked(
                              uint64_t{}, rank_counter{nullptr}))>> : std::true_type {};

/// A row's ranks as the family gives them, those below the node's own rank apart from
/// those above.  Labels rise with rank, and the label families flip bits in increasing
/// order: the ranks below then come descending and those above ascending, so the row
/// written as the reversed first part and then the second is sorted already, and the
/// insertion sort that makes sure of it is one pass (any other order is sorted all the same).
struct row_buffer {
  uint32_t self;
  int below = 0, above = 0;
  uint32_t low[hist_bins], high[hist_bins];
  TV_HD void add(uint64_t rank) {  // written to both, kept in one: no branch to mispredict
    const uint32_t r = static_cast<uint32_t>(rank);
    const int is_low = r < self;
    low[below] = r;
    high[above] = r;
    below += is_low;
    above += 1 - is_low;
  }
  /// The row in ascending order into out; returns its length.
  TV_HD int write_sorted(uint32_t* out) const {
    int n = 0;
    for (int a = below - 1; a >= 0; --a) out[n++] = low[a];
    for (int a = 0; a < above; ++a) out[n++] = high[a];
    for (int a = 1; a < n; ++a) {  // insertion sort: rows are short and mostly sorted
      const uint32_t v = out[a];
      int b = a - 1;
      while (b >= 0 && out[b] > v) {
        out[b + 1] = out[b];
        --b;
      }
      out[b + 1] = v;
    }
    return n;
  }
};

/// Collects neighbors' ranks: given by the family with each neighbor, by rank_neighbor
/// from the node's own label and rank, or by rank (in-neighbors).
struct collect_ranked {
  row_buffer* row;
  TV_HD void operator()(uint64_t, uint64_t rank) const { row->add(rank); }
};
template <class Fam>
struct collect {
  const Fam* fam;
  uint64_t self, self_rank;
  row_buffer* row;
  TV_HD void operator()(uint64_t nb) const { row->add(fam->rank_neighbor(self, self_rank, nb)); }
};
template <class Fam>
struct collect_rank {
  const Fam* fam;
  row_buffer* row;
  TV_HD void operator()(uint64_t nb) const { row->add(fam->rank(nb)); }
};

template <class Fam>
struct fill_fn {
  Fam fam;
  const uint64_t* labels;
  const uint64_t* offsets;
  uint32_t* targets;
  bool in;
  TV_HD void operator()(uint64_t i) const {
    row_buffer row;
    row.self = static_cast<uint32_t>(i);
    if (in) {
      if constexpr (requires_in_arcs<Fam>())
        fam.for_each_in_neighbor(labels[i], collect_rank<Fam>{&fam, &row});
    } else if constexpr (ranks_neighbors<Fam>::value) {
      fam.for_each_neighbor_ranked(labels[i], collect_ranked{&row});
    } else {
      fam.for_each_neighbor(labels[i], collect<Fam>{&fam, labels[i], i, &row});
    }
    row.write_sorted(targets + offsets[i]);  // the row's place in targets, sorted there
  }
};

template <class Exec, class Fam>
std::vector<uint64_t> enumerate_labels(const Fam& fam) {
  const uint64_t n = fam.size();
  typename Exec::template vector<uint64_t> labels(n);
  for_each_index_polled<Exec>(n, unrank_fn<Fam>{fam, Exec::ptr(labels)}, "enumerating labels");
  return Exec::to_host(labels);
}

template <class Exec, class Fam>
uint64_t label_checksum(const Fam& fam) {
  return core::transform_reduce_index(Exec{}, fam.size(), unrank_value_fn<Fam>{fam});
}

template <class Exec, class Fam>
degree_summary count_degrees(const Fam& fam) {
  const uint64_t n = fam.size();
  typename Exec::template vector<uint64_t> out_hist(hist_bins, 0), in_hist(hist_bins, 0);
  const uint64_t chunk = 256;
  for_each_index_polled<Exec>((n + chunk - 1) / chunk,
                             degree_chunk_fn<Fam>{fam, n, chunk, Exec::ptr(out_hist),
                                                  Exec::ptr(in_hist)},
                             "counting degrees", uint64_t{1} << 14, 4);
  degree_summary s;
  s.nodes = n;
  auto fill = [](const std::vector<uint64_t>& h, std::vector<uint64_t>& hist, uint32_t& lo,
                 uint32_t& hi) {
    int top = hist_bins - 1;
    while (top > 0 && h[top] == 0) --top;
    hist.assign(h.begin(), h.begin() + top + 1);
    lo = 0;
    while (lo < hist.size() && hist[lo] == 0) ++lo;
    hi = static_cast<uint32_t>(top);
  };
  const std::vector<uint64_t> ho = Exec::to_host(out_hist);
  fill(ho, s.degree_histogram, s.degree_min, s.degree_max);
  for (size_t d = 0; d < s.degree_histogram.size(); ++d) s.arcs += d * s.degree_histogram[d];
  if (fam.directed()) {
    fill(Exec::to_host(in_hist), s.in_degree_histogram, s.in_degree_min, s.in_degree_max);
    s.edges = s.arcs;
  } else {
    s.edges = s.arcs / 2;
  }
  return s;
}

template <class Exec, class Fam>
csr_graph build_csr(const Fam& fam) {
  const uint64_t n = fam.size();
  const bool directed = fam.directed();

  using u64vec = typename Exec::template vector<uint64_t>;
  using u32vec = typename Exec::template vector<uint32_t>;
  u64vec labels(n), offsets(n + 1, 0);

  // The out-rows' first pass also unranks the labels, which every later pass reads.
  auto rows = [&](bool in, u64vec& offs) -> u32vec {
    const uint64_t run = Exec::kind == core::backend::cpu ? label_run : 1;
    for_each_index_polled<Exec>((n + run - 1) / run,
                                degree_fn<Fam>{fam, Exec::ptr(labels), Exec::ptr(offs), n, run, in, !in},
                                "building the graph", (uint64_t{1} << 22) / run, 1024 / run);
    thrust::exclusive_scan(Exec::par(), offs.begin(), offs.end(), offs.begin());
    const uint64_t arcs = offs[n];
    // The rows' length is known only now: the second half of the plan in csr.cpp.
    core::require_bytes(Exec::kind, arcs * 4ull, "building the graph: N = " + std::to_string(n));
    u32vec tgt(arcs);
    for_each_index_polled<Exec>(n, fill_fn<Fam>{fam, Exec::ptr(labels), Exec::ptr(offs),
                                                Exec::ptr(tgt), in},
                                "building the graph");
    return tgt;
  };

  // Moved out, not copied: on the CPU backend the graph's arrays are these very buffers.
  csr_graph g;
  g.nodes = n;
  g.directed = directed;
  u32vec targets = rows(false, offsets);
  g.targets = Exec::to_host(std::move(targets));
  g.offsets = Exec::to_host(std::move(offsets));
  if (directed) {
    u64vec in_offsets(n + 1, 0);
    u32vec sources = rows(true, in_offsets);
    g.in_sources = Exec::to_host(std::move(sources));
    g.in_offsets = Exec::to_host(std::move(in_offsets));
  }
  g.labels = Exec::to_host(std::move(labels));
  return g;
}

template <core::backend B>
std::vector<uint64_t> csr_backend<B>::enumerate_labels(const families::family& f) {
  return std::visit([](const auto& x) { return detail::enumerate_labels<core::exec_of<B>>(x); }, f);
}
template <core::backend B>
uint64_t csr_backend<B>::label_checksum(const families::family& f) {
  return std::visit([](const auto& x) { return detail::label_checksum<core::exec_of<B>>(x); }, f);
}
template <core::backend B>
degree_summary csr_backend<B>::count_degrees(const families::family& f) {
  return std::visit([](const auto& x) { return detail::count_degrees<core::exec_of<B>>(x); }, f);
}
template <core::backend B>
csr_graph csr_backend<B>::build_csr(const families::family& f) {
  return std::visit([](const auto& x) { return detail::build_csr<core::exec_of<B>>(x); }, f);
}

}  // namespace tv::graph::detail
