// The two largest figures of reference 000's minimax table (about 160 M
// nodes together): ctest -L slow.
#include <gtest/gtest.h>

#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

std::uint64_t minimax_nodes(const Position& pos, int depth) {
  ChessTree tree(pos);
  SearchCounters counters;
  search(tree, parse_mode("minimax").value, depth, counters);
  return counters.nodes;
}

TEST(ChessSearchSlow, MinimaxStartDepth6) { EXPECT_EQ(minimax_nodes(Position::start(), 6), 124'132'537u); }

TEST(ChessSearchSlow, MinimaxMiddlegameDepth5) {
  const Position pos =
      Position::from_fen("r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9").value;
  EXPECT_EQ(minimax_nodes(pos, 5), 35'911'467u);
}

}  // namespace
}  // namespace prunebench
