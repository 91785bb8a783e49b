#include "engine/search/alphabeta.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using namespace testing;

const char* const ORDERS[] = {"order=natural", "order=best", "order=worst", "order=random",
                              "order=random,seed=5"};

// Reference 001: with perfect order alpha-beta reaches the Knuth-Moore
// minimal tree exactly, 6^3 + 6^3 - 1 = 431 leaves, on every tree.
TEST(AlphaBeta, BestFirstReadsExactlyTheMinimalTree) {
  for (const char* mode : {"alphabeta,order=best", "fail-hard,order=best"}) {
    for (int t = 0; t < LAB_TREES; ++t) {
      const LabRun run = run_lab(mode, t);
      EXPECT_EQ(run.score, lab_value(t)) << mode << " tree " << t;
      EXPECT_EQ(run.counters.leaves, LAB_MINIMAL_LEAVES) << mode << " tree " << t;
      EXPECT_EQ(run.counters.expected_pv, std::uint64_t(LAB_HEIGHT));
      // With perfect order every expected CUT node cuts on its first move.
      EXPECT_EQ(run.counters.first_move_cutoffs, run.counters.cutoffs);
    }
  }
}

TEST(AlphaBeta, EveryOrderingAndPolicyReturnsTheNegamaxValue) {
  for (const char* base : {"alphabeta", "fail-hard", "alphabeta,tt", "fail-hard,tt",
                           "alphabeta,killers,history", "fail-hard,tt,killers,history"}) {
    for (const char* order : ORDERS) {
      const std::string mode = std::string(base) + "," + order;
      for (int t = 0; t < LAB_TREES; ++t) {
        const LabRun run = run_lab(mode, t);
        EXPECT_EQ(run.score, lab_value(t)) << mode << " tree " << t;
        EXPECT_EQ(value_at_end_of(run.result.pv, t), run.score) << mode << " tree " << t;
        EXPECT_EQ(run.result.pv.size(), std::size_t(LAB_HEIGHT)) << mode << " tree " << t;
      }
    }
  }
}

// Clamping never changes a cut-off decision (a clamped value is > alpha or
// >= beta exactly when the unclamped one is), so without a table fail-soft
// and fail-hard search the same tree.
TEST(AlphaBeta, FailHardSearchesTheSameTreeAsFailSoft) {
  for (const char* order : ORDERS) {
    for (int t = 0; t < LAB_TREES; ++t) {
      const LabRun soft = run_lab(std::string("alphabeta,") + order, t);
      const LabRun hard = run_lab(std::string("fail-hard,") + order, t);
      EXPECT_EQ(soft.counters, hard.counters) << order << " tree " << t;
    }
  }
}

// Every interior node gets one expected and one behaved type; leaves none.
TEST(AlphaBeta, NodeTypesCoverEveryInteriorNode) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const SearchCounters c = run_lab("alphabeta,order=random", t).counters;
    const std::uint64_t interior = c.nodes - c.leaves;
    EXPECT_EQ(c.expected_pv + c.expected_cut + c.expected_all, interior);
    EXPECT_EQ(c.behaved_pv + c.behaved_cut + c.behaved_all, interior);
    EXPECT_EQ(c.behaved_cut, c.cutoffs);
    EXPECT_LE(c.first_move_cutoffs, c.cutoffs);
    std::uint64_t by_index = 0;
    for (std::uint64_t n : c.cutoff_move_index) by_index += n;
    EXPECT_EQ(by_index, c.cutoffs);
    EXPECT_EQ(c.cutoff_move_index[0], c.first_move_cutoffs);
  }
}

// Pruning only ever removes work: never more leaves than full width.
TEST(AlphaBeta, NeverReadsMoreThanTheFullTree) {
  for (const char* order : ORDERS)
    for (int t = 0; t < LAB_TREES; ++t)
      EXPECT_LE(run_lab(std::string("alphabeta,") + order, t).counters.leaves, LAB_FULL_LEAVES);
}

}  // namespace
}  // namespace prunebench
