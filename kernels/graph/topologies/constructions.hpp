// The published constructions of the architects' families (topology.hpp), one .cpp each,
// parameters named as their papers name them.  Each raises std::invalid_argument (one
// line naming the parameter) for parameters the construction does not admit, and
// core::too_large before allocating a graph that cannot fit.  Closed forms of each
// family's size are in its `_shape`; tests compare them with the built graphs.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/graph/topologies/topology.hpp"

namespace tv::graph::topologies {

/// k-ary n-tree (Petrini & Vanneschi, 1997): switches <w, l>, level l = 0 (roots) .. n-1
/// (leaves), w in {0..k-1}^(n-1); <w, l> ~ <w', l+1> iff w and w' agree but in digit l.
/// n k^(n-1) switches of radix 2k, (n-1) k^n links; `concentration` endpoints at each
/// leaf (k as published: k^n endpoints).  Router id l k^(n-1) + w (digit i of w: w_i k^i).
topology_shape fat_tree_shape(uint64_t k, uint64_t n);
topology fat_tree(uint64_t k, uint64_t n, uint32_t concentration);

/// k-ary n-fly (Dally & Towles, Principles and Practices of Interconnection Networks,
/// Section 4.1): n stages of k^(n-1) switches with k inputs and k outputs; output port j
/// of switch <w, i> leads to switch <w', i+1>, w' being w with digit n-2-i set to j
/// (destination-tag routing reads one destination digit per stage).  Unwrapped, and its
/// unidirectional channels taken as undirected links, so that every router reaches every
/// other: this graph is the k-ary n-tree's with stage i as level n-1-i.  `concentration`
/// terminals at each stage-0 switch (k as published: k^n terminals), none at the others.
/// N = n k^(n-1), (n-1) k^n links, degree k at stages 0 and n-1, 2k between; diameter
/// 2(n-1); one shortest path from each stage-0 switch to each stage-(n-1) switch.
/// Router id i k^(n-1) + w (digit m of w: w_m k^m).
topology_shape butterfly_shape(uint64_t k, uint64_t n);
topology butterfly(uint64_t k, uint64_t n, uint32_t concentration);

/// Dragonfly (Kim, Dally, Scott & Abts, 2008) with a routers per group, p terminals per
/// router, h global channels per router, and the largest group count g = a h + 1, so that
/// each pair of groups has one global link.  Groups are complete graphs K_a; global port
/// j = r h + t (t < h) of router r in group i leads to group (i + j + 1) mod g, at its port
/// a h - 1 - j (the "palm tree" arrangement, Camarero, Vallejo & Beivide 2014).  Router id
/// i a + r.  N = a g routers, g (a(a-1) + a h) / 2 links, radix p + a - 1 + h.
topology_shape dragonfly_shape(uint64_t a, uint64_t h);
topology dragonfly(uint64_t a, uint64_t p, uint64_t h);

/// HyperX (Ahn, Binkert, Davis, McLaren & Schreiber, 2009) with K = 1: the Hamming graph
/// over S_1 x ... x S_L, routers adjacent iff their coordinates differ in exactly one
/// dimension; T terminals per router.  N = prod S_i, degree sum (S_i - 1).  Router id in
/// mixed radix, dimension 1 least significant.
topology_shape hyperx_shape(const std::vector<uint64_t>& S);
topology hyperx(const std::vector<uint64_t>& S, uint32_t T);

/// k-ary n-flat (Kim, Dally & Abts, 2007), the flattened butterfly: the k-ary n-fly's
/// k^(n-1) rows of routers, each row's n stages merged into one router, which is the
/// HyperX over n-1 dimensions of k; k terminals per router as published.
topology flattened_butterfly(uint64_t k, uint64_t n, uint32_t concentration);

/// Slim Fly (Besta & Hoefler, 2014): the McKay-Miller-Siran graph of a prime power
/// q = 4w + delta, delta in {-1, 0, 1}.  Routers (0, x, y) and (1, m, c) over GF(q); X and
/// X' as in the paper from the primitive element ξ (galois_field.hpp); (0,x,y) ~ (0,x,y')
/// iff y - y' in X, (1,m,c) ~ (1,m,c') iff c - c' in X', (0,x,y) ~ (1,m,c) iff y = m x + c.
/// N = 2 q^2, network degree k' = (3q - delta) / 2, diameter 2.  Router id s q^2 + x q + y.
topology_shape slim_fly_shape(uint64_t q);
topology slim_fly(uint64_t q, uint32_t p);

/// PolarFly (Lakhotia et al., 2022): the Erdos-Renyi polarity graph ER_q of a prime power
/// q, the points of the projective plane PG(2, q) with u ~ v iff u . v = 0, u != v.
/// N = q^2 + q + 1; the q + 1 self-orthogonal points have degree q, the others q + 1;
/// q (q+1)^2 / 2 links; diameter 2.  Points as vectors whose first nonzero coordinate is
/// 1: id a q + b for (1, a, b), q^2 + b for (0, 1, b), q^2 + q for (0, 0, 1).
topology_shape polar_fly_shape(uint64_t q);
topology polar_fly(uint64_t q, uint32_t p);

/// Jellyfish (Singla, Hong, Popa & Godfrey, 2012): N switches of k ports, r of them to
/// other switches, joined at random as the paper builds it: link a random pair of
/// non-adjacent switches with free ports until none is left, then give a switch with two
/// free ports the two ends of a random link it removes (and two switches with one free
/// port each one end each).  Seeded by `seed` (std::mt19937_64,
/// whose output the C++ standard fixes, so a seed gives the same graph everywhere);
/// k - r endpoints per switch.  Every switch has degree r, but one when N r is odd.
topology_shape jellyfish_shape(uint64_t N, uint64_t r);
topology jellyfish(uint64_t N, uint64_t k, uint64_t r, uint64_t seed);

}  // namespace tv::graph::topologies
