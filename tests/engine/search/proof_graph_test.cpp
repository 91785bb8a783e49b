// Upper bounds on the minimal graph (proof_graph.h) and its instance
// (proof_graph_instance.h): on trees without transpositions they are the
// minimal tree; on chess they order as they must, and a known transposition
// makes the merged proof smaller than the tree.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/search/proof_graph_instance.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/explicit_tree.h"
#include "engine/trees/random_tree.h"
#include "engine/trees/search_instances.h"
#include "tests/engine/search/tie_trees.h"

namespace prunebench {
namespace {

template <Tree T>
SearchResult<typename T::MoveType> run_minimal(T& tree, int depth, SearchCounters& counters) {
  const ModeParse parsed = parse_mode("minimal");
  EXPECT_TRUE(parsed.ok()) << parsed.error;
  // The bounds come with distinct_nodes (any budget above 0 asks for them).
  return search(tree, parsed.value, depth, counters, nullptr, std::size_t(1024));
}

// Without transpositions every node of a proof is distinct and nothing can be
// shared: both bounds are the minimal tree, under each measure.
template <Tree T>
void expect_bounds_are_the_tree(T& tree, int depth, const std::string& what) {
  SearchCounters counters;
  const auto result = run_minimal(tree, depth, counters);
  ASSERT_TRUE(result.minimal_graph.has_value()) << what;
  const MinimalGraphBounds& bounds = *result.minimal_graph;
  EXPECT_EQ(bounds.error, "") << what;
  EXPECT_EQ(bounds.tree_proof_merged, (GraphCost{counters.nodes, counters.leaves})) << what;
  EXPECT_EQ(bounds.graph_upper, (GraphCost{counters.nodes, counters.leaves})) << what;
  EXPECT_EQ(bounds.nodes_method, "tree-proof-merged") << what;
}

TEST(ProofGraph, SyntheticTreesHaveNoTranspositions) {
  for (int b : {2, 3, 5})
    for (int d : {0, 1, 2, 3, 4})
      for (std::uint64_t index = 0; index < 4; ++index) {
        RandomTree tree(b, d, 7, index);
        expect_bounds_are_the_tree(tree, d, "random b=" + std::to_string(b) + " d=" + std::to_string(d));
      }
  // Leaves of 0s and 1s: ties everywhere, where a choice's tie-break matters.
  for (std::uint32_t seed = 1; seed <= 10; ++seed) {
    ExplicitTree tree(testing::zero_one_tree(seed, 4));
    expect_bounds_are_the_tree(tree, 4, "ties seed " + std::to_string(seed));
  }
}

GraphCost minimal_tree(const Position& root, int depth, MinimalGraphBounds& bounds) {
  ChessTree tree(root);
  SearchCounters counters;
  const auto result = run_minimal(tree, depth, counters);
  EXPECT_TRUE(result.minimal_graph.has_value());
  if (result.minimal_graph) bounds = *result.minimal_graph;
  return {counters.nodes, counters.leaves};
}

const char* const MIDDLEGAME = "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9";

TEST(ProofGraph, ChessBoundsOrderAsTheyMust) {
  const std::vector<std::pair<std::string_view, int>> cases = {{Position::START_FEN, 4}, {MIDDLEGAME, 3}};
  for (const auto& [fen, max_depth] : cases) {
    const Position root = Position::from_fen(fen).value;
    for (int depth = 1; depth <= max_depth; ++depth) {
      MinimalGraphBounds bounds;
      const GraphCost tree = minimal_tree(root, depth, bounds);
      EXPECT_EQ(bounds.error, "");
      EXPECT_LE(bounds.graph_upper.nodes, bounds.tree_proof_merged.nodes) << fen << " depth " << depth;
      EXPECT_LE(bounds.graph_upper.leaves, bounds.tree_proof_merged.leaves) << fen << " depth " << depth;
      EXPECT_LE(bounds.tree_proof_merged.nodes, tree.nodes) << fen << " depth " << depth;
      EXPECT_LE(bounds.tree_proof_merged.leaves, tree.leaves) << fen << " depth " << depth;
    }
  }
}

// Two plies cannot transpose (the 400 positions after 1...any are distinct),
// three can: 1.Nf3 a6 2.Nc3 and 1.Nc3 a6 2.Nf3 reach one position. The tree
// proof holds black's one reply to each of white's 20 first moves and then
// every white move: the same black reply after Nf3 and after Nc3 makes the
// two orders meet.
TEST(ProofGraph, TranspositionsMakeTheMergedProofSmaller) {
  MinimalGraphBounds bounds;
  const GraphCost two = minimal_tree(Position::start(), 2, bounds);
  EXPECT_EQ(bounds.tree_proof_merged, two);
  const GraphCost three = minimal_tree(Position::start(), 3, bounds);
  EXPECT_LT(bounds.tree_proof_merged.nodes, three.nodes);
  EXPECT_LT(bounds.tree_proof_merged.leaves, three.leaves);
}

// Reference 002's 3x3 tree, MAX[MIN(3,12,8), MIN(2,4,6), MIN(14,5,2)], value
// 3: A is at its threshold (-3 at ply 1), so every child is a candidate; B
// and C are above it, so only their children whose Le holds (the 2s) are.
TEST(ProofGraphInstance, StandingTreeByHand) {
  ExplicitTree tree(standing_tree("ABC"));
  const GraphInstance instance = GraphInstanceBuilder<ExplicitTree>(tree, false, 16).build(2);
  EXPECT_EQ(instance.error, "");
  EXPECT_EQ(instance.value, 3);
  ASSERT_EQ(instance.nodes.size(), 9u);
  EXPECT_EQ(instance.nodes[0].children, (std::vector<std::uint32_t>{1, 2, 3}));
  EXPECT_EQ(instance.nodes[0].order, 0);
  EXPECT_EQ(instance.nodes[1].order, 0);
  EXPECT_EQ(instance.nodes[1].children.size(), 3u);
  EXPECT_EQ(instance.nodes[2].order, 1);
  EXPECT_EQ(instance.nodes[2].children.size(), 1u);
  EXPECT_EQ(instance.nodes[3].children.size(), 1u);
  for (std::size_t i = 4; i < 9; ++i) EXPECT_TRUE(instance.nodes[i].leaf);
}

// No capture is possible in two plies, so every node is at the value 0 and
// reachable: 1 + 20 + 400 distinct nodes.
TEST(ProofGraphInstance, StartPositionDepthTwo) {
  ChessTree tree(Position::start());
  const GraphInstance instance = GraphInstanceBuilder<ChessTree>(tree, false, 64).build(2);
  EXPECT_EQ(instance.nodes.size(), 421u);
  EXPECT_EQ(instance.value, 0);
}

TEST(ProofGraphInstance, OutOfMemoryIsAnError) {
  ChessTree tree(Position::start());
  const GraphInstance instance = GraphInstanceBuilder<ChessTree>(tree, false, 1).build(4);
  EXPECT_NE(instance.error, "");
  EXPECT_TRUE(instance.nodes.empty());
}

}  // namespace
}  // namespace prunebench
