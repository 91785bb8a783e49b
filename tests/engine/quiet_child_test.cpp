// QuietChild, the child of a quiet move read from its parent, against the
// played child: every board question it answers, and what the frontier asks
// through it (the evaluation after each of the child's moves, and whether
// that move's own child surely has a legal move out of check), for every
// quiet move at the root and the children of every suite position and of
// two quiet openings.
#include "engine/quiet_child.h"

#include <gtest/gtest.h>

#include "engine/eval.h"
#include "engine/leaf_shortcut.h"
#include "engine/movegen.h"
#include "engine/uci_move.h"
#include "tests/engine/perft_suite.h"
#include "tests/engine/search/chess_run.h"

namespace prunebench {
namespace {

using testing::from_fen;

void check_board(const QuietChild& view, const Position& child, const std::string& where) {
  EXPECT_EQ(view.side_to_move(), child.side_to_move()) << where;
  EXPECT_EQ(view.occupied(), child.occupied()) << where;
  for (Color c : {WHITE, BLACK}) {
    EXPECT_EQ(view.pieces(c), child.pieces(c)) << where;
    EXPECT_EQ(view.king_square(c), child.king_square(c)) << where;
    EXPECT_EQ(view.material(c), child.material(c)) << where;
    for (int pt = PAWN; pt <= KING; ++pt)
      EXPECT_EQ(view.pieces(c, PieceType(pt)), child.pieces(c, PieceType(pt))) << where;
  }
  for (int pt = PAWN; pt <= KING; ++pt)
    EXPECT_EQ(view.pieces(PieceType(pt)), child.pieces(PieceType(pt))) << where;
  for (int s = 0; s < SQUARE_NB; ++s) EXPECT_EQ(view.piece_on(Square(s)), child.piece_on(Square(s))) << where;
}

// Returns how many grandchildren were compared.
int check_quiet_children(const Position& pos, int depth) {
  int compared = 0;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    const Position child = pos.after(m);
    if (m.kind() == QUIET) {
      const QuietChild view(pos, m);
      const std::string where = pos.fen() + " " + to_uci(m);
      check_board(view, child, where);
      MoveList replies;
      generate_legal(child, replies);
      for (Move r : replies) {
        EXPECT_EQ(evaluate_after(view, r), evaluate_after(child, r)) << where << " " << to_uci(r);
        EXPECT_EQ(lone_child_has_legal_move(view, r), lone_child_has_legal_move(child, r))
            << where << " " << to_uci(r);
        ++compared;
      }
    }
    if (::testing::Test::HasFailure()) return compared;
    if (depth > 1) compared += check_quiet_children(child, depth - 1);
  }
  return compared;
}

TEST(QuietChild, AnswersAsThePlayedChild) {
  int compared = 0;
  for (const auto& c : testing::load_perft_suite()) {
    compared += check_quiet_children(from_fen(c.fen), 2);
    if (HasFailure()) return;
  }
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9"})
    compared += check_quiet_children(from_fen(fen), 2);
  EXPECT_GT(compared, 100'000);
}

}  // namespace
}  // namespace prunebench
