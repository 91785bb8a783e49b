// SiblingFirstMoves against first_mvv_lva_move on the played child: asked
// for every move of every node of perft(2) from every suite position and of
// perft(3) from two quiet openings, in list order as a search asks, whatever
// it shares must be the child's own answer, ties included, and a leaf it
// calls ordinary must be out of check with a legal move. A position that
// takes over a forgotten parent's slot gets its own answers.
#include "engine/sibling_first_move.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/leaf_shortcut.h"
#include "engine/movegen.h"
#include "engine/uci_move.h"
#include "tests/engine/perft_suite.h"
#include "tests/engine/search/chess_run.h"

namespace prunebench {
namespace {

using testing::from_fen;

struct Tally {
  int asked = 0;
  int shared = 0;
  int ordinary_leaves = 0;
};

bool same_ties(const FirstMoveTies& a, const FirstMoveTies& b) {
  return a.count == b.count && std::equal(a.moves, a.moves + a.count, b.moves);
}

// Asks for every move of `pos` (standing in `slot`) in list order.
void check_siblings(SiblingFirstMoves& siblings, const Position* slot, Tally& tally) {
  const Position& pos = *slot;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    bool found = false;
    Move move;
    FirstMoveTies ties;
    ++tally.asked;
    if (!siblings.lookup(slot, m, found, move, &ties)) continue;
    ++tally.shared;
    const Position child = pos.after(m);
    Move own_move;
    FirstMoveTies own_ties;
    const bool own_found = first_mvv_lva_move(child, own_move, &own_ties);
    const std::string where = pos.fen() + " " + to_uci(m);
    EXPECT_EQ(found, own_found) << where;
    if (own_found) {
      EXPECT_EQ(move, own_move) << where << ": " << to_uci(move) << " instead of " << to_uci(own_move);
      EXPECT_TRUE(same_ties(ties, own_ties)) << where;
    }
    if (found && siblings.shared_leaf_is_ordinary(slot, m, move)) {
      ++tally.ordinary_leaves;
      // What the child would have answered itself, and the truth.
      EXPECT_TRUE(lone_child_has_legal_move(child, move)) << where << " " << to_uci(move);
      const Position leaf = child.after(move);
      EXPECT_FALSE(leaf.in_check()) << where << " " << to_uci(move);
      EXPECT_TRUE(has_legal_move(leaf)) << where << " " << to_uci(move);
    }
  }
}

void check_tree(const Position& pos, int depth, Tally& tally) {
  SiblingFirstMoves siblings;
  check_siblings(siblings, &pos, tally);
  if (depth == 1 || ::testing::Test::HasFailure()) return;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) check_tree(pos.after(m), depth - 1, tally);
}

TEST(SiblingFirstMoves, ShareOnlyTheChildsOwnFirstMove) {
  Tally tally;
  for (const auto& c : testing::load_perft_suite()) {
    check_tree(from_fen(c.fen), 2, tally);
    if (HasFailure()) return;
  }
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9"})
    check_tree(from_fen(fen), 3, tally);
  // Black's first move, Nxc4, leaves the e-file, where white's bishop on e3
  // then shields its king from the rook on e8; and white's only pawn has a
  // push. So Be3-d2 and Bc1-a3 share black's first move but not its leaf's
  // answer: after the one the leaf is in check, after the other the pawn is
  // blocked.
  check_tree(from_fen("4r2k/8/8/4n3/2R5/4B3/P7/2B1K3 w - - 0 1"), 1, tally);
  // Enough shared answers for the comparison to mean something.
  EXPECT_GT(tally.shared, tally.asked / 5) << tally.shared << " of " << tally.asked;
  EXPECT_GT(tally.ordinary_leaves, tally.shared / 2) << tally.ordinary_leaves << " of " << tally.shared;
}

TEST(SiblingFirstMoves, AnotherPositionInAForgottenSlotGetsItsOwnAnswers) {
  // White to move in both. After most white moves of the first, black's
  // first move is a knight's; of the second, its queen's capture: an answer
  // kept from the first position would be wrong in the second.
  Position slot = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  SiblingFirstMoves siblings;
  Tally first, second;
  check_siblings(siblings, &slot, first);
  slot = from_fen("rnb1kbnr/pppppppp/8/8/3q4/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
  siblings.forget(&slot);
  check_siblings(siblings, &slot, second);
  EXPECT_GT(first.shared, 5);
  EXPECT_GT(second.shared, 5);
}

}  // namespace
}  // namespace prunebench
