#include "engine/trees/explicit_tree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

struct StandingRun {
  Score value;
  std::vector<Score> leaves;
  std::vector<TraceLine> trace;
  SearchCounters counters;
};

StandingRun run_standing(std::string_view mode, std::string_view order = "ABC", int depth = 2) {
  ExplicitTree tree(standing_tree(order));
  StandingRun run{};
  run.value = search(tree, parse_mode(mode).value, depth, run.counters).score;
  run.leaves = tree.examined_leaves();
  run.trace = tree.trace();
  return run;
}

// Reference 002: value 3; alpha-beta examines 3, 12, 8, 2, 14, 5, 2 - seven of nine.
TEST(StandingTree, AlphaBetaExaminesSevenLeavesInTextbookOrder) {
  for (const char* mode : {"alphabeta", "fail-hard", "pvs,order=natural"}) {
    const StandingRun run = run_standing(mode);
    EXPECT_EQ(run.value, 3) << mode;
    EXPECT_EQ(run.leaves, (std::vector<Score>{3, 12, 8, 2, 14, 5, 2})) << mode;
  }
}

TEST(StandingTree, MinimaxExaminesAllNine) {
  for (const char* mode : {"minimax", "negamax"}) {
    const StandingRun run = run_standing(mode);
    EXPECT_EQ(run.value, 3);
    EXPECT_EQ(run.leaves, (std::vector<Score>{3, 12, 8, 2, 4, 6, 14, 5, 2}));
    EXPECT_EQ(run.counters.leaves, 9u);
    EXPECT_EQ(run.counters.nodes, 13u);
  }
}

// Reference 002: the six branch orders examine 7, 7, 9, 9, 7, 7 and all give 3.
TEST(StandingTree, SixOrderings) {
  const std::pair<const char*, std::size_t> expected[] = {{"ABC", 7}, {"ACB", 7}, {"BAC", 9},
                                                          {"BCA", 9}, {"CAB", 7}, {"CBA", 7}};
  for (const auto& [order, leaves] : expected) {
    ASSERT_TRUE(is_standing_order(order));
    const StandingRun run = run_standing("alphabeta", order);
    EXPECT_EQ(run.value, 3) << order;
    EXPECT_EQ(run.leaves.size(), leaves) << order;
    EXPECT_EQ(run.counters.leaves, leaves) << order;
  }
  EXPECT_FALSE(is_standing_order("ABB"));
  EXPECT_FALSE(is_standing_order("AB"));
}

// The textbook's trace: both MIN cut-offs against alpha 3, and the MIN and
// MAX values of the nodes searched in full.
TEST(StandingTree, TraceMatchesTheTextbook) {
  const StandingRun run = run_standing("alphabeta");
  std::vector<std::string> lines;
  for (const TraceLine& t : run.trace) {
    const std::string who = t.is_max() ? "MAX" : "MIN";
    switch (t.kind) {
      case TraceLine::Kind::LEAF:
        lines.push_back("leaf " + std::to_string(t.value));
        break;
      case TraceLine::Kind::CUTOFF:
        lines.push_back("CUT " + who + " " + std::to_string(t.value) + " " + std::to_string(t.bound) +
                        " skip " + std::to_string(t.skipped));
        break;
      case TraceLine::Kind::NODE_VALUE:
        lines.push_back(who + " = " + std::to_string(t.value) + " bound " + std::to_string(t.bound));
        break;
    }
  }
  EXPECT_EQ(lines, (std::vector<std::string>{"leaf 3", "leaf 12", "leaf 8", "MIN = 3 bound 3", "leaf 2",
                                             "CUT MIN 2 3 skip 2", "leaf 14", "leaf 5", "leaf 2",
                                             "CUT MIN 2 3 skip 0", "MAX = 3 bound 3"}));
}

// Searching deeper than the tree changes nothing: leaves have no children.
TEST(StandingTree, DeeperSearchFindsTheSameLeaves) {
  const StandingRun run = run_standing("alphabeta", "ABC", 7);
  EXPECT_EQ(run.value, 3);
  EXPECT_EQ(run.leaves, (std::vector<Score>{3, 12, 8, 2, 14, 5, 2}));
  EXPECT_EQ(run.counters.terminals, 7u);
}

// Leaf values are MAX's: a MIN-to-move leaf is negated for the search, and
// uneven depths work.
TEST(ExplicitTree, UnevenTreeAndSideToMove) {
  // MAX chooses between a leaf worth 4 and a MIN node over (9, MAX(1, 6)).
  ExplicitTree tree(interior({leaf(4), interior({leaf(9), interior({leaf(1), leaf(6)})})}));
  SearchCounters counters;
  EXPECT_EQ(search(tree, parse_mode("minimax").value, 5, counters).score, 6);
  EXPECT_EQ(search(tree, parse_mode("alphabeta").value, 5, counters).score, 6);
  EXPECT_EQ(tree.leaf_count(), 4u);
  tree.make(ChildMove{1});
  EXPECT_EQ(tree.ply(), 1);
  tree.make(ChildMove{0});  // the leaf 9, MAX to move
  EXPECT_EQ(tree.terminal_score(0), 9);
  tree.unmake(ChildMove{0});
  tree.make(ChildMove{1});
  tree.make(ChildMove{0});  // the leaf 1, MIN to move
  EXPECT_EQ(tree.terminal_score(0), -1);
}

}  // namespace
}  // namespace prunebench
