// The EFT_n parents of the claims (host/claims/efc/tree.cpp) and of the simulators
// (kernels/sim/trees.cpp) are two implementations of papers/001 Definition 2 in the
// CLAIMS.md reading.  Before the claims use the simulators' tree, this test shows the two
// agree on every node of EFC_3..EFC_20, and that the trees they span have the same height,
// root children and pre-order.
#include <gtest/gtest.h>

#include "host/claims/papers.hpp"
#include "host/claims/structure.hpp"
#include "kernels/families/efc.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::test {
namespace {

TEST(EftAgreement, ClaimsAndSimulatorParentsAgreeOnEveryNode) {
  for (int n = 3; n <= 20; ++n) {
    const auto f = families::enhanced_fibonacci_cube::make(n);
    for (uint64_t v = 0; v < f.size(); ++v) {
      const uint64_t x = f.unrank(v);
      ASSERT_EQ(host::claims::eft_parent(n, x, host::claims::eft_reading::claims_md), sim::eft_parent(n, x))
          << "n " << n << " node " << x;
    }
  }
}

TEST(EftAgreement, TheTreesHaveTheSameShape) {
  for (int n = 3; n <= 14; ++n) {
    const auto f = families::enhanced_fibonacci_cube::make(n);
    const graph::csr_graph g = graph::build_csr(core::backend::cpu, f);
    std::vector<uint64_t> parent(g.nodes);
    for (uint64_t v = 0; v < g.nodes; ++v)
      parent[v] = host::claims::rank_of(g, host::claims::eft_parent(n, g.labels[v], host::claims::eft_reading::claims_md));
    const host::claims::tree_report report = host::claims::check_spanning_tree(g, parent, 0);
    ASSERT_TRUE(report.spanning_tree) << "n " << n << ": " << report.problem;
    const sim::spanning_tree t = sim::make_tree(f, sim::tree_kind::eft, nullptr);
    EXPECT_EQ(report.height, t.height) << "n " << n;
    const std::vector<uint64_t> root_children(t.children.begin() + t.child_offsets[0],
                                              t.children.begin() + t.child_offsets[1]);
    EXPECT_EQ(host::claims::tree_children(parent, 0)[0], root_children) << "n " << n;
    EXPECT_EQ(host::claims::tree_preorder(parent, 0), std::vector<uint64_t>(t.order.begin(), t.order.end()))
        << "n " << n;
  }
}

}  // namespace
}  // namespace tv::test
