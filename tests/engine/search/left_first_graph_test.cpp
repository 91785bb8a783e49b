// The left-first minimal graph (engine/search/left_first_graph.h): the
// distinct (position, remaining depth) pairs of two null-window searches at
// the mode's value. The expected figures are worked out here by hand from
// the move counts of the naive generator, not from a search.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "engine/movegen.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

constexpr std::size_t BUDGET_MEGABYTES = 64;
const char* const TABLE_MODES[] = {"mtdf", "id-tt", "id-tt-killers", "pvs-id-tt-killers"};
const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

SearchResult<Move> search_chess(const Position& root, const std::string& mode, int depth,
                                std::size_t megabytes = BUDGET_MEGABYTES) {
  const ModeParse parsed = parse_mode(mode);
  EXPECT_TRUE(parsed.ok()) << mode;
  ChessTree tree(root, parsed.value.mate_distance);
  SearchCounters counters;
  return search(tree, parsed.value, depth, counters, nullptr, megabytes);
}

std::uint64_t legal_moves(const Position& pos) {
  MoveList moves;
  generate_legal_naive(pos, moves);
  return moves.size();
}

// At depth 1 the null window above the value refutes nothing: every child
// is entered, and the root, whatever the order.
TEST(LeftFirstGraph, DepthOneIsTheRootAndEveryChild) {
  for (const std::string& fen : {std::string(Position::START_FEN), std::string(KIWIPETE)}) {
    const Position root = Position::from_fen(fen).value;
    for (const char* mode : TABLE_MODES) {
      const auto result = search_chess(root, mode, 1);
      ASSERT_TRUE(result.left_first_graph) << mode;
      ASSERT_TRUE(result.left_first_graph->nodes) << mode << ": " << result.left_first_graph->missing;
      EXPECT_EQ(*result.left_first_graph->nodes, 1 + legal_moves(root)) << mode << ' ' << fen;
    }
  }
}

// At start depth 2 (no transpositions in two plies, every move 20 replies) a
// proof of the exact value needs the root, its 20 children, all 20 replies
// to the best move and at least one reply to each of the 19 others: 60. The
// graph holds a proof, so it is at least that; a search that refuted a move
// twice with different replies would be above it, and only the full width
// (1 + 20 + 400) bounds it from above.
TEST(LeftFirstGraph, StartDepthTwoHoldsAProof) {
  const Position root = Position::start();
  for (const char* mode : TABLE_MODES) {
    const auto result = search_chess(root, mode, 2);
    ASSERT_TRUE(result.left_first_graph && result.left_first_graph->nodes) << mode;
    EXPECT_GE(*result.left_first_graph->nodes, 60u) << mode;
    EXPECT_LE(*result.left_first_graph->nodes, 421u) << mode;
  }
}

// Only modes with a table of their own draft, the fixed-depth value and no
// oracle have one; the count is asked for with distinct_nodes.
TEST(LeftFirstGraph, OnlyTableModesHaveOne) {
  const Position root = Position::start();
  for (const char* mode : {"minimax", "alphabeta", "mvv-lva", "pvs", "id-tt+tt-draft=ge",
                           "pvs-id-tt-killers+qsearch", "pvs-id-tt-killers+nullmove=2"})
    EXPECT_FALSE(search_chess(root, mode, 3).left_first_graph) << mode;
  EXPECT_FALSE(search_chess(root, "id-tt", 3, 0).left_first_graph);
}

// Too small a budget: no figure, and why; never a partial count.
TEST(LeftFirstGraph, OutOfItsBudgetItSaysWhy) {
  const auto result = search_chess(Position::from_fen(KIWIPETE).value, "id-tt", 5, 1);
  ASSERT_TRUE(result.left_first_graph);
  EXPECT_FALSE(result.left_first_graph->nodes);
  EXPECT_NE(result.left_first_graph->missing.find("distinct-memory=1 MB"), std::string::npos);
}

}  // namespace
}  // namespace prunebench
