// Single-source implementation of the prefix simulations (Algorithms 1 and 2 of
// papers/002), written once against an Exec trait; one launch per synchronous step over
// all N nodes, three value arrays (p, total, number) and, for the `stale` reading, the
// per-node partner variable.  Message and edge counts come from index-only count_if
// passes with the same sender predicates as the steps.  Included by prefix_cpu.cpp and
// prefix_cuda.cu, which instantiate prefix_backend<B> for their backend.
#pragma once
#include <thrust/count.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/mismatch.h>
#include <thrust/scan.h>

#include <algorithm>
#include <type_traits>

#include "kernels/core/dispatch.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"
#include "kernels/sim/sim_common.hpp"

namespace tv::sim::detail {

/// Edge test in the network's own addressing; algorithm addresses are class-presentation
/// Metacube addresses (or hypercube labels).
struct network_view {
  int kind = 0;  // 0 hypercube, 1 metacube
  families::hypercube cube;
  families::metacube mc;
  TV_HD bool adjacent(uint64_t u, uint64_t v) const {
    const uint64_t x = u ^ v;
    if (!x || (x & (x - 1))) return false;
    if (kind == 0) return (u >> cube.n) == 0 && (v >> cube.n) == 0;
    const uint64_t a = mc.cluster_presentation ? mc.to_cluster(u) : u;
    const uint64_t b = mc.cluster_presentation ? mc.to_cluster(v) : v;
    return (neighbor_dims(mc, a) & (a ^ b)) != 0;
  }
};

template <class V>
struct input_fn {
  prefix_input kind;
  uint64_t seed;
  TV_HD V operator()(uint64_t i) const {
    if constexpr (std::is_same_v<V, affine64>) {
      if (kind == prefix_input::index) return affine64{2 * i + 1, i + 1};
      return affine64{hash4(seed, i, 1, 0) | 1, hash4(seed, i, 2, 0)};
    } else {
      return kind == prefix_input::index ? i : hash4(seed, i, 0, 0);
    }
  }
};

template <class V>
struct init_fn {
  input_fn<V> in;
  V* p;
  V* total;
  uint64_t* partner;  // may be null
  TV_HD void operator()(uint64_t u) const {
    const V a = in(u);
    p[u] = a;      // p <- my_number
    total[u] = a;  // total <- p
    if (partner) partner[u] = ~uint64_t{0};
  }
};

/// Who sends in a step, and to whom.  Exchange steps: every node (prefix_HC) or the
/// owners of bit b (class == owner_class); broadcast step r of broadcast_HC from class
/// `owner_class`: nodes whose relative class is below 2^r send to rel | 2^r.
struct step_shape {
  int kind;  // 0 exchange over bit b for all nodes, 1 exchange for owners, 2 broadcast step
  int b;
  int r;
  int k;
  uint64_t owner_class;
  TV_HD uint64_t cls(uint64_t u) const { return u & core::low_mask(k); }
  TV_HD bool sends(uint64_t u) const {
    if (kind == 0) return true;
    if (kind == 1) return cls(u) == owner_class;
    return (cls(u) ^ owner_class) < (uint64_t{1} << r);
  }
  TV_HD uint64_t to(uint64_t u) const {
    return kind == 2 ? (u ^ (uint64_t{1} << r)) : (u ^ (uint64_t{1} << b));
  }
};

struct sends_pred {
  step_shape s;
  TV_HD bool operator()(uint64_t u) const { return s.sends(u); }
};
struct non_edge_pred {
  step_shape s;
  network_view net;
  TV_HD bool operator()(uint64_t u) const { return s.sends(u) && !net.adjacent(u, s.to(u)); }
};

template <class V>
struct exchange_fn {  // receive number from partner (a message along bit b)
  step_shape s;
  const V* total;
  V* number;
  uint64_t* partner;
  TV_HD void operator()(uint64_t u) const {
    if (!s.sends(u)) return;  // exchanges are symmetric: senders are the receivers
    const uint64_t q = u ^ (uint64_t{1} << s.b);
    number[u] = total[q];
    if (partner) partner[u] = q;
  }
};

template <class V>
struct broadcast_step_fn {  // step r of broadcast_HC inside each k-cube
  step_shape s;
  V* number;
  TV_HD void operator()(uint64_t u) const {
    const uint64_t rel = s.cls(u) ^ s.owner_class;
    if (rel && core::msb64(rel) == s.r) number[u] = number[u ^ (uint64_t{1} << s.r)];
  }
};

template <class Op>
struct combine_fn {
  using V = typename Op::value;
  Op op;
  int b;               // the bit of this step: partner = my_id XOR 2^b under `owner`
  bool stale;
  bool address_order;
  V* p;
  V* total;
  const V* number;
  const uint64_t* partner;
  TV_HD void operator()(uint64_t u) const {
    const uint64_t q = stale ? partner[u] : (u ^ (uint64_t{1} << b));
    const bool lower = q < u;
    const V n = number[u];
    total[u] = (address_order && lower) ? op(n, total[u]) : op(total[u], n);
    if (lower) p[u] = address_order ? op(n, p[u]) : op(p[u], n);
  }
};

struct lower_pred {  // nodes that update p in a combine step
  int b;
  bool stale;
  const uint64_t* partner;
  TV_HD bool operator()(uint64_t u) const {
    const uint64_t q = stale ? partner[u] : (u ^ (uint64_t{1} << b));
    return q < u;
  }
};

template <class V>
struct differs_fn {
  const V* a;
  const V* b;
  TV_HD bool operator()(uint64_t i) const { return !(a[i] == b[i]); }
};

template <class V>
struct to_u64_fn {
  const V* p;
  uint64_t* out;
  TV_HD void operator()(uint64_t i) const {
    if constexpr (std::is_same_v<V, affine64>) {
      out[2 * i] = p[i].a;
      out[2 * i + 1] = p[i].b;
    } else {
      out[i] = p[i];
    }
  }
};

template <class Exec, class Op>
prefix_result run_prefix(const network_view& net, int n_bits, int k, int m,
                         const prefix_options& opt) {
  using V = typename Op::value;
  using vvec = typename Exec::template vector<V>;
  using u64vec = typename Exec::template vector<uint64_t>;
  prefix_result res;
  res.algorithm = opt.algorithm;
  res.op = opt.op;
  res.order = opt.order;
  res.partner = opt.partner;
  const uint64_t N = uint64_t{1} << n_bits;
  res.nodes = N;
  const bool stale = opt.algorithm == prefix_algorithm::metacube &&
                     opt.partner == partner_reading::stale;
  core::require_bytes(Exec::kind, N * (4 * sizeof(V) + (stale ? 8 : 0)),
                      "prefix: N = " + std::to_string(N));
  vvec p(N), total(N), number(N);
  u64vec partner;
  if (stale) partner.resize(N);
  const input_fn<V> in{opt.input, opt.seed};
  uint64_t* part = stale ? Exec::ptr(partner) : nullptr;
  core::for_each_index(Exec{}, N, init_fn<V>{in, Exec::ptr(p), Exec::ptr(total), part});
  const bool addr = opt.order == operand_order::address;
  const auto idx = thrust::counting_iterator<uint64_t>(0);

  auto count_messages = [&](const step_shape& s) {
    const uint64_t msgs = static_cast<uint64_t>(thrust::count_if(Exec::par(), idx, idx + N, sends_pred{s}));
    const uint64_t bad = static_cast<uint64_t>(thrust::count_if(Exec::par(), idx, idx + N, non_edge_pred{s, net}));
    if (bad && !res.first_non_edge) {
      const non_edge_pred pr{s, net};
      for (uint64_t u = 0; u < N; ++u)
        if (pr(u)) {
          res.first_non_edge = std::make_pair(u, s.to(u));
          break;
        }
    }
    res.messages += msgs;
    res.non_edge_messages += bad;
    if (msgs) ++res.comm_steps;
    return msgs;
  };
  auto combine = [&](int b) {
    core::for_each_index(Exec{}, N,
                         combine_fn<Op>{Op{}, b, stale, addr, Exec::ptr(p), Exec::ptr(total),
                                        Exec::ptr(number), part});
    const uint64_t lower = static_cast<uint64_t>(
        thrust::count_if(Exec::par(), idx, idx + N, lower_pred{b, stale, part}));
    res.comp_steps += lower ? 2 : 1;  // total (*) number, then p (*) number where it applies
  };

  // prefix_HC over the d low bits: Algorithm 1 on Q_d, or Algorithm 2's k-cube phase.
  const int hc_dims = opt.algorithm == prefix_algorithm::hypercube ? n_bits : k;
  for (int i = 0; i < hc_dims; ++i) {
    const step_shape s{0, i, 0, k, 0};
    count_messages(s);
    core::for_each_index(Exec{}, N, exchange_fn<V>{s, Exec::ptr(total), Exec::ptr(number), part});
    combine(i);
  }
  if (opt.algorithm == prefix_algorithm::metacube) {
    const int h = 1 << k;
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < h; ++i) {
        const int b = h * j + i + k;
        const step_shape ex{1, b, 0, k, static_cast<uint64_t>(i)};
        const uint64_t owners = count_messages(ex);
        // The text: only the node with ((i - k) MOD m) == c has the link of bit i.
        if (((b - k) % m) != i) res.text_condition_false += owners;
        core::for_each_index(Exec{}, N, exchange_fn<V>{ex, Exec::ptr(total), Exec::ptr(number), part});
        for (int r = 0; r < k; ++r) {  // broadcast_HC(Q_k^a, c = i, number)
          const step_shape bs{2, 0, r, k, static_cast<uint64_t>(i)};
          count_messages(bs);
          core::for_each_index(Exec{}, N, broadcast_step_fn<V>{bs, Exec::ptr(number)});
        }
        combine(b);
      }
    for (int b = k; b < n_bits; ++b)
      for (int c = 0; c < h; ++c)
        if ((((b - k) % m) == c) != (((b - k) % h) == c)) ++res.text_condition_mismatches;
  }

  // The reference: an inclusive scan of the inputs in address order.
  vvec ref(N);
  thrust::inclusive_scan(Exec::par(), thrust::make_transform_iterator(idx, in),
                         thrust::make_transform_iterator(idx + N, in), ref.begin(), Op{});
  const auto mm = thrust::mismatch(Exec::par(), p.begin(), p.end(), ref.begin());
  const uint64_t first = static_cast<uint64_t>(mm.first - p.begin());
  if (first < N) {
    res.first_mismatch = first;
    res.mismatches = static_cast<uint64_t>(thrust::count_if(
        Exec::par(), idx, idx + N, differs_fn<V>{Exec::ptr(p), Exec::ptr(ref)}));
  }
  res.correct = first >= N;
  if (opt.keep_values) {
    const uint64_t width = std::is_same_v<V, affine64> ? 2 : 1;
    u64vec out(N * width);
    core::for_each_index(Exec{}, N, to_u64_fn<V>{Exec::ptr(p), Exec::ptr(out)});
    res.values = Exec::to_host(out);
  }
  return res;
}

template <core::backend B>
prefix_result prefix_backend<B>::prefix(const families::family& network,
                                        const prefix_options& opt) {
  using Exec = core::exec_of<B>;
  network_view net;
  const int bits = families::bits_of(network);
  int k = 0, m = 0;
  if (const auto* q = std::get_if<families::hypercube>(&network)) {
    net.kind = 0;
    net.cube = *q;
  } else {
    const auto& mc = std::get<families::metacube>(network);
    net.kind = 1;
    net.mc = mc;
    k = mc.k;
    m = mc.m;
  }
  switch (opt.op) {
    case prefix_operator::add: return run_prefix<Exec, op_add>(net, bits, k, m, opt);
    case prefix_operator::max: return run_prefix<Exec, op_max>(net, bits, k, m, opt);
    case prefix_operator::bxor: return run_prefix<Exec, op_xor>(net, bits, k, m, opt);
    case prefix_operator::affine: return run_prefix<Exec, op_affine>(net, bits, k, m, opt);
  }
  throw std::invalid_argument("prefix: unknown operator");
}

}  // namespace tv::sim::detail
