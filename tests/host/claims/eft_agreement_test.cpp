// The EFT claims (host/claims/efc/tree.cpp) read the simulators' EFT_n (sim::eft_parent)
// through the claims' parent-array helpers (host/claims/structure/trees.cpp), while the
// simulators read it through sim::make_tree's derived arrays: this test shows the two
// agree on EFC_3..EFC_14 (height, the root's children, pre-order).  The claims had their
// own copy of Definition 2 until it was shown to agree with sim::eft_parent on every node
// of EFC_3..EFC_20; efc_claims_test.cpp checks sim::eft_parent, both readings, against the
// test's own construction.
#include <gtest/gtest.h>

#include "host/claims/structure.hpp"
#include "kernels/families/efc.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::test {
namespace {

TEST(EftAgreement, TheTreesHaveTheSameShape) {
  for (int n = 3; n <= 14; ++n) {
    const auto f = families::enhanced_fibonacci_cube::make(n);
    const graph::csr_graph g = graph::build_csr(core::backend::cpu, f);
    std::vector<uint64_t> parent(g.nodes);
    for (uint64_t v = 0; v < g.nodes; ++v)
      parent[v] = host::claims::rank_of(g, sim::eft_parent(n, g.labels[v]));
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
