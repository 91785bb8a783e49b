#include "engine/search/minimax.h"

#include <gtest/gtest.h>

#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using namespace testing;

// Two-sided minimax reports the root player's value: the negamax number.
TEST(Minimax, SameValueAndCountsAsNegamax) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const LabRun run = run_lab("minimax", t);
    EXPECT_EQ(run.score, lab_value(t)) << "tree " << t;
    EXPECT_EQ(run.counters.leaves, LAB_FULL_LEAVES);
    EXPECT_EQ(run.counters.nodes, LAB_FULL_NODES);
    EXPECT_EQ(run.counters, run_lab("negamax", t).counters);
    EXPECT_EQ(value_at_end_of(run.result.pv, t), run.score);
  }
}

// Odd depths are where a forgotten sign flip shows (reference 001).
TEST(Minimax, OddDepthsAgreeWithNegamax) {
  for (int depth : {1, 3, 5}) {
    for (int t = 0; t < 5; ++t) {
      RandomTree tree = lab_tree(t);
      EXPECT_EQ(run_lab("minimax", t, depth).score, reference_negamax(tree, depth)) << depth << " " << t;
    }
  }
}

}  // namespace
}  // namespace prunebench
