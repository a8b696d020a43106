// Label-map automorphisms and their orbits (host code, OpenMP).
#include "kernels/graph/symmetry.hpp"

#include <algorithm>
#include <atomic>
#include <numeric>

namespace tv::graph {

uint64_t label_map::apply(uint64_t x, int width) const {
  const uint64_t all = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  auto reverse = [&](uint64_t y) {
    uint64_t r = 0;
    for (int b = 0; b < width; ++b) r |= ((y >> b) & 1u) << (width - 1 - b);
    return r;
  };
  switch (op) {
    case kind::reverse: return reverse(x);
    case kind::complement: return x ^ all;
    case kind::reverse_complement: return reverse(x) ^ all;
    case kind::flip_bit: return x ^ (uint64_t{1} << arg);
    case kind::swap_bits: {
      const uint64_t lo = (x >> arg) & 1u, hi = (x >> (arg + 1)) & 1u;
      return lo == hi ? x : x ^ (uint64_t{3} << arg);
    }
  }
  return x;
}

std::string label_map::name() const {
  switch (op) {
    case kind::reverse: return "reverse";
    case kind::complement: return "complement";
    case kind::reverse_complement: return "reverse+complement";
    case kind::flip_bit: return "flip bit " + std::to_string(arg);
    case kind::swap_bits:
      return "swap bits " + std::to_string(arg) + "," + std::to_string(arg + 1);
  }
  return "?";
}

std::vector<uint32_t> automorphism_image(const csr_graph& g, const label_map& m, int width) {
  const uint64_t n = g.nodes;
  const auto& L = g.labels;  // ascending: node i is the i-th label
  constexpr uint32_t none = ~uint32_t{0};
  // Labels 0 .. n-1 (hypercubes, Metacubes, de Bruijn): a label is its own index.
  const bool dense = n > 0 && L.back() == n - 1;
  auto image_of = [&](uint64_t v) {
    const uint64_t y = m.apply(L[v], width);
    if (dense) return y < n ? static_cast<uint32_t>(y) : none;
    const auto it = std::lower_bound(L.begin(), L.end(), y);
    return it == L.end() || *it != y ? none : static_cast<uint32_t>(it - L.begin());
  };
  // Is every arc of u carried onto an arc?  (img: the image of a node.)
  auto arcs_map = [&](uint64_t u, auto&& img) {
    const uint32_t iu = img(u);
    if (iu == none) return false;
    if (g.offsets[u + 1] - g.offsets[u] != g.offsets[iu + 1] - g.offsets[iu]) return false;
    const auto row_begin = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[iu]);
    const auto row_end = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[iu + 1]);
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const uint32_t iv = img(g.targets[e]);
      if (iv == none || !std::binary_search(row_begin, row_end, iv)) return false;
    }
    return true;
  };
  // A few nodes and their arcs, images looked up one by one, reject most candidates at
  // once and without starting threads: the first nodes (low labels) and nodes spread over
  // the whole index range (so that maps moving only high bits meet labels that have them).
  const uint64_t first = std::min<uint64_t>(n, 16), spread = 48;
  for (uint64_t u = 0; u < first; ++u)
    if (!arcs_map(u, image_of)) return {};
  if (n > first)
    for (uint64_t i = 0; i < spread; ++i)
      if (!arcs_map(first + i * (n - first) / spread, image_of)) return {};
  std::vector<uint32_t> image(n);
  std::atomic<bool> ok{true};
  // m is injective on width-bit words, so a map of the node set into itself is onto.
#pragma omp parallel for schedule(dynamic, 4096)
  for (uint64_t v = 0; v < n; ++v) {
    if (!ok.load(std::memory_order_relaxed)) continue;
    image[v] = image_of(v);
    if (image[v] == none) ok.store(false, std::memory_order_relaxed);
  }
  if (!ok) return {};
  // Injective on arcs, and the arc set is finite: every arc's image being an arc makes
  // the map an automorphism (of a directed graph too: out-arcs hold every arc once).
  auto stored = [&](uint64_t v) { return image[v]; };
#pragma omp parallel for schedule(dynamic, 1024)
  for (uint64_t u = first; u < n; ++u) {
    if (!ok.load(std::memory_order_relaxed)) continue;
    if (!arcs_map(u, stored)) ok.store(false, std::memory_order_relaxed);
  }
  if (!ok) return {};
  return image;
}

xor_map_checker::xor_map_checker(const csr_graph& g) : g_(g) {
  const uint64_t n = g.nodes;
  applies_ = n >= 2 && (n & (n - 1)) == 0 && g.labels.front() == 0 && g.labels.back() == n - 1 &&
             n <= (uint64_t{1} << 32);
  if (!applies_) return;
  diffs_.resize(g.targets.size());
#pragma omp parallel for schedule(static)
  for (uint64_t u = 0; u < n; ++u) {
    const uint64_t b = g.offsets[u], e = g.offsets[u + 1];
    for (uint64_t k = b; k < e; ++k) diffs_[k] = static_cast<uint32_t>(u ^ g.targets[k]);
    std::sort(diffs_.begin() + static_cast<std::ptrdiff_t>(b),
              diffs_.begin() + static_cast<std::ptrdiff_t>(e));
  }
}

bool xor_map_checker::is_automorphism(uint64_t mask) const {
  const uint64_t n = g_.nodes;
  if (!applies_ || mask >= n) return false;  // x xor mask must stay a label
  if (mask == 0) return true;
  const uint64_t* off = g_.offsets.data();
  const uint32_t* d = diffs_.data();
  auto same_row = [&](uint64_t u) {
    const uint64_t w = u ^ mask;
    const uint64_t len = off[u + 1] - off[u];
    return len == off[w + 1] - off[w] &&
           std::equal(d + off[u], d + off[u] + len, d + off[w]);
  };
  // A few nodes first, without threads: most candidates fail at once.
  for (uint64_t u = 0; u < std::min<uint64_t>(n, 64); ++u)
    if (!same_row(u)) return false;
  std::atomic<bool> ok{true};
#pragma omp parallel for schedule(dynamic, 4096)
  for (uint64_t u = 0; u < n; ++u) {
    if (!ok.load(std::memory_order_relaxed)) continue;
    if (!same_row(u)) ok.store(false, std::memory_order_relaxed);
  }
  return ok;
}

int label_width(const csr_graph& g) {
  uint64_t all = 0;
  for (uint64_t x : g.labels) all |= x;
  return all ? 64 - __builtin_clzll(all) : 0;
}

std::vector<label_map> candidate_label_maps(int width) {
  std::vector<label_map> candidates = {{label_map::kind::reverse, 0},
                                       {label_map::kind::complement, 0},
                                       {label_map::kind::reverse_complement, 0}};
  for (int b = 0; b < width; ++b) candidates.push_back({label_map::kind::flip_bit, b});
  for (int b = 0; b + 1 < width; ++b) candidates.push_back({label_map::kind::swap_bits, b});
  return candidates;
}

/// find_label_orbits with the candidates in their order, or the x -> x xor mask maps first.
static label_orbits orbits_of_maps(const csr_graph& g, bool xor_first);

label_orbits find_label_orbits(const csr_graph& g) { return orbits_of_maps(g, false); }

label_orbits find_label_orbits_xor_first(const csr_graph& g) { return orbits_of_maps(g, true); }

namespace {

bool is_xor_map(const label_map& m) {
  return m.op == label_map::kind::complement || m.op == label_map::kind::flip_bit;
}

}  // namespace

static label_orbits orbits_of_maps(const csr_graph& g, bool xor_first) {
  label_orbits r;
  const uint64_t n = g.nodes;
  r.rep.resize(n);
  std::iota(r.rep.begin(), r.rep.end(), uint32_t{0});
  r.orbit_size.assign(n, 1);
  r.orbits = n;
  if (n < 2) return r;
  const int width = label_width(g);
  if (width == 0) return r;
  std::vector<label_map> candidates = candidate_label_maps(width);
  if (xor_first) std::stable_partition(candidates.begin(), candidates.end(), is_xor_map);

  // Union-find over nodes; a root is always the smallest node of its set.
  std::vector<uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), uint32_t{0});
  auto find = [&](uint32_t x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  uint64_t sets = n;
  auto join = [&](uint32_t u, uint32_t v) {
    uint32_t a = find(u), b = find(v);
    if (a == b) return;
    if (b < a) std::swap(a, b);
    parent[b] = a;
    --sets;
  };
  const uint64_t width_mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  const xor_map_checker xor_maps(g);
  for (const label_map& m : candidates) {
    if (sets == 1) break;
    // Complement and bit flips are x -> x xor mask: on labels 0 .. n-1 the checker
    // proves them row by row, and node v goes to v xor mask.
    if (is_xor_map(m) && xor_maps.applies()) {
      const uint64_t mask =
          m.op == label_map::kind::complement ? width_mask : uint64_t{1} << m.arg;
      if (!xor_maps.is_automorphism(mask)) continue;
      for (uint64_t v = 0; v < n; ++v)
        join(static_cast<uint32_t>(v), static_cast<uint32_t>(v ^ mask));
      r.automorphisms.push_back(m.name());
      continue;
    }
    const std::vector<uint32_t> image = automorphism_image(g, m, width);
    if (image.empty()) continue;
    bool identity = true;
    for (uint64_t v = 0; v < n; ++v) {
      if (image[v] != v) identity = false;
      join(static_cast<uint32_t>(v), image[v]);
    }
    if (!identity) r.automorphisms.push_back(m.name());
  }
  std::vector<uint32_t> size(n, 0);
  for (uint64_t v = 0; v < n; ++v) {
    r.rep[v] = find(static_cast<uint32_t>(v));
    ++size[r.rep[v]];
  }
  for (uint64_t v = 0; v < n; ++v) r.orbit_size[v] = size[r.rep[v]];
  r.orbits = sets;
  return r;
}

}  // namespace tv::graph
