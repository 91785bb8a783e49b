#include "engine/search/negamax.h"

#include <gtest/gtest.h>

#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using namespace testing;

// Full width reads every leaf once and enters every node once: 6^6 leaves and
// 6^0 + ... + 6^6 nodes, 6^i of them at ply i.
TEST(Negamax, FullWidthVisitsEveryNodeOnce) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const LabRun run = run_lab("negamax", t);
    EXPECT_EQ(run.score, lab_value(t)) << "tree " << t;
    EXPECT_EQ(run.counters.leaves, LAB_FULL_LEAVES);
    EXPECT_EQ(run.counters.terminals, LAB_FULL_LEAVES);
    EXPECT_EQ(run.counters.nodes, LAB_FULL_NODES);
    std::uint64_t per_ply = 1;
    for (int ply = 0; ply <= LAB_HEIGHT; ++ply, per_ply *= 6)
      EXPECT_EQ(run.counters.nodes_per_ply[ply], per_ply);
    EXPECT_EQ(run.counters.cutoffs, 0u);
    const std::uint64_t interior = LAB_FULL_NODES - LAB_FULL_LEAVES;
    EXPECT_EQ(run.counters.expected_pv + run.counters.expected_cut + run.counters.expected_all, interior);
    EXPECT_EQ(run.counters.behaved_pv, interior);
    EXPECT_EQ(run.counters.expected_pv, std::uint64_t(LAB_HEIGHT));  // one PV node per interior ply
  }
}

TEST(Negamax, PrincipalVariationLeadsToTheValue) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const LabRun run = run_lab("negamax", t);
    ASSERT_EQ(run.result.pv.size(), std::size_t(LAB_HEIGHT));
    EXPECT_EQ(run.result.best_move, run.result.pv.front());
    EXPECT_EQ(value_at_end_of(run.result.pv, t), run.score);
  }
}

// Above the leaves the horizon nodes are evaluated, not terminals.
TEST(Negamax, ShallowSearchEvaluatesAtTheHorizon) {
  const LabRun run = run_lab("negamax", 0, 3);
  EXPECT_EQ(run.counters.nodes, 1u + 6 + 36 + 216);
  EXPECT_EQ(run.counters.leaves, 216u);
  EXPECT_EQ(run.counters.terminals, 0u);
  RandomTree tree = lab_tree(0);
  EXPECT_EQ(run.score, reference_negamax(tree, 3));
}

TEST(Negamax, DepthZeroEvaluatesTheRoot) {
  const LabRun run = run_lab("negamax", 4, 0);
  EXPECT_EQ(run.counters.nodes, 1u);
  EXPECT_EQ(run.counters.leaves, 1u);
  EXPECT_EQ(run.score, lab_tree(4).evaluate());
  EXPECT_EQ(run.result.best_move, ChildMove{});
  EXPECT_TRUE(run.result.pv.empty());
}

}  // namespace
}  // namespace prunebench
