#include "engine/search/iterative_deepening.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using namespace testing;

// Iterations 1..6 of full width: the sum over k of 6^0 + ... + 6^k nodes.
TEST(IterativeDeepening, CountsAddUpOverIterations) {
  std::uint64_t expected_nodes = 0, expected_leaves = 0, level = 1, total = 1;
  for (int k = 1; k <= LAB_HEIGHT; ++k) {
    level *= 6;
    total += level;
    expected_nodes += total;
    expected_leaves += level;
  }
  for (int t = 0; t < 4; ++t) {
    const LabRun run = run_lab("negamax,id", t);
    EXPECT_EQ(run.score, lab_value(t));
    EXPECT_EQ(run.counters.nodes, expected_nodes);
    EXPECT_EQ(run.counters.leaves, expected_leaves);
  }
}

TEST(IterativeDeepening, EveryAlgorithmAndWindowReturnsTheNegamaxValue) {
  for (const char* mode :
       {"alphabeta,id", "alphabeta,id,tt,pv-move", "alphabeta,id,tt,pv-move,killers,history",
        "alphabeta,id,pv-move,aspiration=1", "alphabeta,id,tt,pv-move,aspiration=5",
        "alphabeta,id,tt,pv-move,aspiration=50", "fail-hard,id,tt,pv-move,aspiration=3",
        "algo=pvs,id,tt,pv-move", "algo=pvs,id,tt,pv-move,killers,history,aspiration=2",
        "algo=pvs,fail=hard,id,tt,aspiration=10", "algo=mtdf,tt,id", "algo=mtdf,tt,id,fail=hard,guess=40",
        "minimax,id"}) {
    for (const char* order : {"order=natural", "order=random", "order=best"}) {
      const std::string full =
          std::string(mode) + (std::string(mode).starts_with("minimax") ? "" : std::string(",") + order);
      for (int t = 0; t < LAB_TREES; ++t) {
        const LabRun run = run_lab(full, t);
        EXPECT_EQ(run.score, lab_value(t)) << full << " tree " << t;
        ASSERT_FALSE(run.result.pv.empty()) << full;
        EXPECT_EQ(run.result.best_move, run.result.pv.front());
        EXPECT_EQ(value_at_end_of(run.result.pv, t), run.score) << full << " tree " << t;
      }
    }
  }
}

// MTD(f) as Plaat et al. ran it: iterative deepening, the table kept across
// iterations, and the passes of each iteration counted by its depth.
TEST(IterativeDeepening, MtdfCountsThePassesOfEachIteration) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const SearchCounters c = run_lab("algo=mtdf,tt,id", t).counters;
    // The first iteration has an empty table and the guess 0, like a plain depth-1 search.
    EXPECT_EQ(c.mtdf_passes_per_depth[1], run_lab("algo=mtdf,tt", t, 1).counters.mtdf_passes) << "tree " << t;
    std::uint64_t sum = 0;
    for (int depth = 1; depth <= LAB_HEIGHT; ++depth) {
      // One pass can never settle both bounds.
      EXPECT_GE(c.mtdf_passes_per_depth[std::size_t(depth)], 2u) << "tree " << t << " depth " << depth;
      sum += c.mtdf_passes_per_depth[std::size_t(depth)];
    }
    EXPECT_EQ(sum, c.mtdf_passes) << "tree " << t;
    EXPECT_EQ(c.mtdf_passes_per_depth[0], 0u);
    EXPECT_EQ(c.mtdf_passes_per_depth[LAB_HEIGHT + 1], 0u);
  }
}

// A window of +-1 around an unrelated shallow score fails on most trees.
TEST(IterativeDeepening, NarrowAspirationFailsAndIsRepeated) {
  std::uint64_t researches = 0;
  for (int t = 0; t < LAB_TREES; ++t)
    researches += run_lab("alphabeta,id,tt,pv-move,aspiration=1", t).counters.aspiration_researches;
  EXPECT_GT(researches, 0u);
  for (int t = 0; t < LAB_TREES; ++t)
    EXPECT_EQ(run_lab("alphabeta,id,tt,pv-move", t).counters.aspiration_researches, 0u);
}

// Killers, history and the PV move change the order, never the line's value.
TEST(IterativeDeepening, BestMoveLeadsToTheValue) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const LabRun run = run_lab("id-tt-killers,order=natural", t);
    RandomTree tree = lab_tree(t);
    tree.make(run.result.best_move);
    EXPECT_EQ(-reference_negamax(tree, LAB_HEIGHT - 1), run.score);
  }
}

}  // namespace
}  // namespace prunebench
