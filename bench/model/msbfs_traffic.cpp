// Memory traffic and operations of the all-pairs engine's GPU level kernel, counted by
// replaying its access pattern on the CPU (issue 7, item 4: the physical limit).
//
//   tv_traffic postal lambda=2 n=30 [--words 32] [--sample 4]
//
// The CUDA warp kernel (kernels/distance/all_pairs_cuda.cu, W = 32) handles one node per
// warp and one word per lane.  Per level and node v it reads saturated[v]; a saturated node
// only writes active_nxt[v].  Otherwise it reads v's seen row (8 W B), offsets, the
// adjacency list and active_cur[u] of every neighbor (4 B each), gathers the whole
// 8 W-byte frontier row of every active neighbor, writes v's next row (8 W B), seen words
// that grew, active_nxt[v], and when v grew lastlevel, dsum and saturated.  Each batch also
// clears seen and cur (thrust::fill) and reads seen once more (reach_fn).
//
// This program runs that level loop on the CPU for --sample batches spread over the
// sources and counts, per batch:
//   issued bytes      every load and store above as the kernel issues it (a row gathered
//                     once per arc from an active neighbor);
//   compulsory bytes  the same with each array element counted once per level (a row
//                     gathered by many neighbors counted once): what DRAM must deliver
//                     if caches kept everything reused within a level;
//   word operations   64-bit OR per gathered word, AND-NOT, popcount and compare per word
//                     of an unsaturated node.
// It checks its pair counts against distance::all_pairs on the same sources (so the
// replay follows the engine), and extrapolates per-batch means to the whole run.  Benchmarks
// and models are not tests: it prints JSON and asserts nothing about speed.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/csr.hpp"

namespace {

using namespace tv;

struct level_counts {
  double issued = 0, compulsory = 0, ops = 0;
  uint64_t unsaturated = 0, arcs_scanned = 0, gathers = 0, new_pairs = 0;
};

struct batch_counts {
  std::vector<level_counts> levels;  // [L], L >= 1
  double fill_bytes = 0;             // per-batch clears and the reach pass
  std::vector<uint64_t> distance_counts;
};

batch_counts replay_batch(const graph::csr_graph& g, int W, uint64_t first, uint64_t count) {
  const uint64_t n = g.nodes;
  const uint64_t rowb = 8ull * static_cast<uint64_t>(W);
  std::vector<uint64_t> seen(n * W, 0), cur(n * W, 0), nxt(n * W, 0), full(W, 0);
  // Per node, the last level at which its frontier row / activity flag was read.
  std::vector<uint32_t> active_cur(n, 0), active_nxt(n, 0), read_mark(n, 0), flag_mark(n, 0);
  std::vector<uint8_t> saturated(n, 0);
  for (uint64_t j = 0; j < count; ++j) {
    const uint64_t s = first + j;
    full[j / 64] |= uint64_t{1} << (j % 64);
    seen[s * W + j / 64] |= uint64_t{1} << (j % 64);
    cur[s * W + j / 64] |= uint64_t{1} << (j % 64);
    active_cur[s] = 1;
  }
  batch_counts b;
  // thrust::fill of seen and cur, fills of active_cur and saturated, reach_fn's read of seen.
  b.fill_bytes = 3.0 * static_cast<double>(n * rowb) + 5.0 * static_cast<double>(n);
  b.distance_counts.push_back(count);
  b.levels.emplace_back();
  for (uint32_t level = 1;; ++level) {
    level_counts c;
    double issued = 0, compulsory = 0, ops = 0;
    uint64_t unsat = 0, scanned = 0, gathers = 0, pairs = 0;
#pragma omp parallel for schedule(dynamic, 256) \
    reduction(+ : issued, compulsory, ops, unsat, scanned, gathers, pairs)
    for (uint64_t v = 0; v < n; ++v) {
      issued += 1;  // saturated[v]
      compulsory += 1;
      if (saturated[v]) {
        active_nxt[v] = 0;
        issued += 4;
        compulsory += 4;
        continue;
      }
      ++unsat;
      const uint64_t begin = g.offsets[v], end = g.offsets[v + 1], deg = end - begin;
      scanned += deg;
      // seen row, two offsets, adjacency and neighbors' activity flags
      issued += static_cast<double>(rowb + 16 + 8 * deg);
      compulsory += static_cast<double>(rowb + 16 + 4 * deg);  // flags: once per node read, below
      uint64_t acc[64] = {0};
      for (uint64_t e = begin; e < end; ++e) {
        const uint32_t u = g.targets[e];
        __atomic_store_n(&flag_mark[u], level, __ATOMIC_RELAXED);
        if (!active_cur[u]) continue;
        ++gathers;
        __atomic_store_n(&read_mark[u], level, __ATOMIC_RELAXED);
        const uint64_t* row = &cur[uint64_t{u} * W];
        for (int w = 0; w < W; ++w) acc[w] |= row[w];
      }
      uint64_t cnt = 0;
      uint32_t grown_words = 0, mask = 0;
      bool is_full = true;
      for (int w = 0; w < W; ++w) {
        const uint64_t s = seen[v * W + w];
        const uint64_t nx = acc[w] & ~s;
        nxt[v * W + w] = nx;
        seen[v * W + w] = s | nx;
        cnt += static_cast<uint64_t>(__builtin_popcountll(nx));
        grown_words += nx != 0;
        mask |= static_cast<uint32_t>(nx != 0) << (w & 31);
        is_full &= (s | nx) == full[w];
      }
      active_nxt[v] = mask;
      // next row, grown seen words, active_nxt; lastlevel, dsum and saturated when grown
      const double writes = static_cast<double>(rowb + 8ull * grown_words + 4 + (cnt ? 13 : 0));
      issued += writes;
      compulsory += writes;
      ops += 4.0 * W;  // AND-NOT, popcount, OR into seen, compare with full
      pairs += cnt;
      if (cnt) saturated[v] = is_full;
    }
    // Gathers: issued once per active neighbor per arc; compulsory once per distinct row.
    uint64_t distinct = 0, flags = 0;
#pragma omp parallel for reduction(+ : distinct, flags)
    for (uint64_t u = 0; u < n; ++u) {
      distinct += read_mark[u] == level;
      flags += flag_mark[u] == level;
    }
    c.issued = issued + static_cast<double>(gathers * rowb);
    c.compulsory = compulsory + static_cast<double>(distinct * rowb) + 4.0 * static_cast<double>(flags);
    c.ops = ops + static_cast<double>(gathers) * W;  // one OR per gathered word
    c.unsaturated = unsat;
    c.arcs_scanned = scanned;
    c.gathers = gathers;
    c.new_pairs = pairs;
    b.levels.push_back(c);
    if (pairs == 0) break;
    b.distance_counts.push_back(pairs);
    cur.swap(nxt);
    active_cur.swap(active_nxt);
  }
  return b;
}

int usage() {
  std::fprintf(stderr, "usage: tv_traffic FAMILY key=value... [--words W] [--sample K]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string family = argv[1];
  std::map<std::string, std::string> kv;
  int W = 32, sample = 4;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--words" && i + 1 < argc) {
      W = std::stoi(argv[++i]);
    } else if (a == "--sample" && i + 1 < argc) {
      sample = std::stoi(argv[++i]);
    } else if (a.find('=') != std::string::npos) {
      kv[a.substr(0, a.find('='))] = a.substr(a.find('=') + 1);
    } else {
      return usage();
    }
  }
  if (W < 1 || W > 64 || sample < 1) return usage();
  const auto inst = host::make_instance(family, kv);
  const auto t0 = std::chrono::steady_clock::now();
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  const uint64_t per_batch = 64ull * static_cast<uint64_t>(W);
  const uint64_t batches = (g.nodes + per_batch - 1) / per_batch;

  nlohmann::ordered_json out;
  out["instance"] = inst.label();
  out["nodes"] = g.nodes;
  out["arcs"] = g.arcs();
  out["words"] = W;
  out["batches"] = batches;
  nlohmann::ordered_json samples = nlohmann::ordered_json::array();
  double issued = 0, compulsory = 0, ops = 0, fill = 0, levels = 0, unsat = 0, gathers = 0;
  for (int k = 0; k < sample; ++k) {
    const uint64_t batch = batches * static_cast<uint64_t>(k) / static_cast<uint64_t>(sample);
    const uint64_t first = batch * per_batch, count = std::min(per_batch, g.nodes - first);
    const batch_counts b = replay_batch(g, W, first, count);
    // The replay must follow the engine: same pairs at every distance for these sources.
    distance::all_pairs_options opt;
    opt.words = W;
    opt.source_begin = first;
    opt.source_end = first + count;
    const auto r = distance::all_pairs(core::backend::cpu, g, opt);
    if (r.distance_counts != b.distance_counts) {
      std::fprintf(stderr, "tv_traffic: replay of batch %llu differs from the engine\n",
                   static_cast<unsigned long long>(batch));
      return 1;
    }
    nlohmann::ordered_json s;
    double bi = 0, bc = 0, bo = 0;
    nlohmann::ordered_json per_level = nlohmann::ordered_json::array();
    for (size_t L = 1; L < b.levels.size(); ++L) {
      const auto& c = b.levels[L];
      bi += c.issued;
      bc += c.compulsory;
      bo += c.ops;
      unsat += static_cast<double>(c.unsaturated);
      gathers += static_cast<double>(c.gathers);
      per_level.push_back({{"level", L}, {"unsaturated", c.unsaturated}, {"arcs_scanned", c.arcs_scanned},
                           {"gathers", c.gathers}, {"issued_bytes", c.issued},
                           {"compulsory_bytes", c.compulsory}, {"new_pairs", c.new_pairs}});
    }
    s["batch"] = batch;
    s["levels"] = b.levels.size() - 1;
    s["issued_bytes"] = bi + b.fill_bytes;
    s["compulsory_bytes"] = bc + b.fill_bytes;
    s["word_ops"] = bo;
    s["per_level"] = per_level;
    samples.push_back(s);
    issued += bi + b.fill_bytes;
    compulsory += bc + b.fill_bytes;
    ops += bo;
    fill += b.fill_bytes;
    levels += static_cast<double>(b.levels.size() - 1);
    std::fprintf(stderr, "batch %llu: %zu levels, issued %.3g B, compulsory %.3g B\n",
                 static_cast<unsigned long long>(batch), b.levels.size() - 1, bi + b.fill_bytes,
                 bc + b.fill_bytes);
  }
  const double nb = static_cast<double>(batches), ns = static_cast<double>(sample);
  out["sampled_batches"] = samples;
  out["mean_levels_per_batch"] = levels / ns;
  out["run_issued_bytes"] = issued / ns * nb;
  out["run_compulsory_bytes"] = compulsory / ns * nb;
  out["run_fill_bytes"] = fill / ns * nb;
  out["run_word_ops"] = ops / ns * nb;
  out["run_level_launches"] = levels / ns * nb;
  out["run_unsaturated_node_levels"] = unsat / ns * nb;  // warps that did work; W popcounts each
  out["run_row_gathers"] = gathers / ns * nb;
  out["replay_seconds"] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s\n", out.dump(1).c_str());
  return 0;
}
