// The EFT claims (host/claims/efc/tree.cpp) check the simulators' EFT_n (sim::eft_parent)
// with the claims' spanning-tree check (host/claims/structure/trees.cpp), then read it
// through sim::tree_from_parents's arrays, as the simulators do through sim::make_tree.
// This test shows that the claims' parent array and the simulators' tree agree on
// EFC_3..EFC_14: a spanning tree, the same height, the same parents.  (The claims had their
// own copy of Definition 2 until it was shown to agree with sim::eft_parent on every node
// of EFC_3..EFC_20, and their own children and pre-order helpers until this test showed
// them equal to sim's; efc_claims_test.cpp checks the claims against the test's own
// construction.)
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
    EXPECT_EQ(parent, std::vector<uint64_t>(t.parent.begin(), t.parent.end())) << "n " << n;
  }
}

}  // namespace
}  // namespace tv::test
