// Spanning trees used by the broadcast and postal-model simulators, each built from its
// paper's definition, on node ranks:
//  - binomial   papers/004 (LRN, Lemma on spanning trees): parent(x) = x with its
//               rightmost 1-bit cleared, rooted at 0^n.
//  - postal     papers/000 Definition 2: PT(n) = PT(n-1) on 0||V(n-1) plus PT(n-lambda) on
//               10^(lambda-1)||V(n-lambda), the root of the latter a child of the root of
//               the former; PT(n) = PN(n) (a star at 0^n) for n <= lambda.
//  - eft        papers/001 Definition 2, read so: the root of 00||EFT_{n-2}
//               is the root; the roots of 10||EFT_{n-2} and 0100||EFT_{n-4} are its
//               children; the root of 0101||EFT_{n-4} is a child of the root of
//               0100||EFT_{n-4}.  Bases EFT_3..EFT_6 are "the Fibonacci trees of the same
//               order", read as FT_m = FT_{m-1} on 0|| plus FT_{m-2} on 10||, the root of
//               the latter a child of the root of the former (the PT_2 recursion above),
//               on the 1..4-bit Fibonacci strings V_3..V_6.
//  - bfs        breadth-first tree from rank 0 (out-arcs), parent = the smallest rank at
//               the previous level; for any family.
// The recursive definitions are followed literally (descending the label's blocks); none
// is replaced by a closed form, so the tests can compare them with one.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/family.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::sim {

enum class tree_kind { binomial, postal, eft, bfs };

/// A rooted spanning tree on ranks 0..nodes-1 with everything the simulators read.
struct spanning_tree {
  uint64_t nodes = 0;
  uint32_t root = 0;
  std::vector<uint32_t> parent;         // parent[root] == root
  std::vector<uint64_t> child_offsets;  // nodes + 1
  std::vector<uint32_t> children;       // ascending rank within a node
  std::vector<uint32_t> preorder;       // position in the DFS pre-order (children ascending)
  std::vector<uint32_t> order;          // order[preorder[v]] == v
  std::vector<uint32_t> subtree;        // subtree sizes
  std::vector<uint32_t> depth;
  uint32_t height = 0;
};

/// @brief Builds the derived arrays from a parent array; std::invalid_argument when the
/// array is not a tree rooted at `root` (names the first node that does not reach it).
spanning_tree tree_from_parents(std::vector<uint32_t> parent, uint32_t root);

/// @brief Parent label of x != 0 in the binomial tree: x with its rightmost 1 cleared.
inline uint64_t binomial_parent(uint64_t x) { return x & (x - 1); }

/// @brief Parent label of x != 0 in the postal tree PT_lambda(n) (Definition 2).
uint64_t postal_tree_parent(int lambda, int n, uint64_t x);

/// How Definition 2's last clause ("..., and the root of the other EFT_{n-4}") is read.
/// The simulators use claims_md; the claim eft.p7.alt checks the other reading.
enum class eft_reading {
  claims_md,    // the root of 0101||EFT_{n-4} is a child of the root of 0100||EFT_{n-4}
  all_to_root,  // the roots of 10||, 0100|| and 0101|| are all children of the root
};

/// @brief Parent label of x in EFT_order (papers/001 Definition 2, reading above), for x a
/// label of EFC_order; the root 0 is its own parent.
uint64_t eft_parent(int order, uint64_t x, eft_reading reading = eft_reading::claims_md);

/// @brief Why a tree kind does not apply to a family ("" when it does).
std::string tree_unsupported(const families::family& f, tree_kind t);

/// @brief The tree of a kind on a family; `g` is needed for bfs only.  Every tree edge is
/// checked to be an edge of the family (std::invalid_argument otherwise).
spanning_tree make_tree(const families::family& f, tree_kind t, const graph::csr_graph* g);

}  // namespace tv::sim
