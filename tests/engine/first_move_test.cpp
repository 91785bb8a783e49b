// The first move found without the move list, against the list: at every
// node of perft(3) from every suite position, and at hand-made positions for
// each rule of the order (ties between pairs and within one, promotions,
// pins, pinned pawns' captures, the king's captures, en passant, the
// knights' quiet moves). Whenever first_mvv_lva_move answers, its move must be the first of the legal moves
// sorted stably by mvv_lva_score, larger first (the order MVV-LVA searches,
// move_order_scores.h); and it may leave a position to the list only for the
// reasons its header names.
#include "engine/first_move.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/move_order_scores.h"
#include "engine/movegen.h"
#include "engine/uci_move.h"
#include "tests/engine/perft_suite.h"
#include "tests/engine/search/chess_run.h"

namespace prunebench {
namespace {

using testing::from_fen;

// The definition: the legal moves in MVV-LVA order, the first one.
Move first_by_mvv_lva(const Position& pos, const MoveList& list) {
  std::vector<Move> moves(list.begin(), list.end());
  std::stable_sort(moves.begin(), moves.end(),
                   [&](Move a, Move b) { return mvv_lva_score(pos, a) > mvv_lva_score(pos, b); });
  return moves.front();
}

// A pawn of the side to move that may only move along a line to its king:
// lifting it off the board would let an enemy slider see the king.
bool has_pinned_pawn(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  for (Bitboard pawns = pos.pieces(us, PAWN); pawns;) {
    const Bitboard lifted = pos.occupied() ^ square_bb(pop_lsb(pawns));
    if (pos.attackers_to(king, ~us, lifted) & ~pos.attackers_to(king, ~us, pos.occupied())) return true;
  }
  return false;
}

// A capture by a pawn that stands pinned to its king.
bool pinned_pawn_capture(const Position& pos, Move m) {
  if (!m.is_capture() || type_of(pos.piece_on(m.from())) != PAWN) return false;
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard lifted = pos.occupied() ^ square_bb(m.from());
  return (pos.attackers_to(king, ~us, lifted) & ~pos.attackers_to(king, ~us, pos.occupied())) != 0;
}

// The definition of the ties: the legal moves with the first move's score,
// the first of each origin and destination, in list order.
std::vector<Move> tied_with(const Position& pos, const MoveList& list, Move first) {
  std::vector<Move> ties;
  for (Move m : list) {
    if (mvv_lva_score(pos, m) != mvv_lva_score(pos, first)) continue;
    const bool seen = std::any_of(ties.begin(), ties.end(), [&](Move t) { return t.from() == m.from() && t.to() == m.to(); });
    if (!seen) ties.push_back(m);
  }
  return ties;
}

struct Tally {
  int positions = 0;
  int answered_pinned_pawn = 0;        // answered with a pawn of the side to move pinned
  int answered_pinned_pawn_first = 0;  // answered with a pinned pawn's capture first
  int capture_first = 0;
  int answered_capture_first = 0;
  int answered_quiet_first = 0;
  int listed = 0;  // ties listed
  int listed_several = 0;
};

void check_position(const Position& pos, Tally& tally) {
  MoveList list;
  generate_legal(pos, list);
  Move found;
  FirstMoveTies ties;
  const bool answered = first_mvv_lva_move(pos, found, &ties);
  Move found_without_ties;  // the same answer when the ties are not asked for
  EXPECT_EQ(first_mvv_lva_move(pos, found_without_ties), answered) << pos.fen();
  EXPECT_TRUE(!answered || found_without_ties == found) << pos.fen();
  ++tally.positions;
  if (list.empty()) {
    EXPECT_FALSE(answered) << pos.fen();
    return;
  }
  const Move first = first_by_mvv_lva(pos, list);
  const Square ep = pos.en_passant_square();
  const bool en_passant =
      ep != NO_SQUARE && (pawn_attacks(~pos.side_to_move(), ep) & pos.pieces(pos.side_to_move(), PAWN));
  tally.capture_first += first.is_capture();
  tally.answered_capture_first += answered && first.is_capture();
  tally.answered_quiet_first += answered && !first.is_capture();
  if (answered) {
    tally.answered_pinned_pawn += has_pinned_pawn(pos);
    tally.answered_pinned_pawn_first += pinned_pawn_capture(pos, first);
    EXPECT_EQ(to_uci(found), to_uci(first)) << pos.fen();
    EXPECT_EQ(found, first) << pos.fen() << " " << to_uci(found);  // the kind too
    const std::vector<Move> expected = tied_with(pos, list, first);
    tally.listed += ties.count != 0;
    tally.listed_several += ties.count > 1;
    if (ties.count != 0) {
      EXPECT_TRUE(first.is_capture()) << pos.fen();
      EXPECT_EQ(std::vector<Move>(ties.moves, ties.moves + ties.count), expected) << pos.fen();
    } else if (first.is_capture()) {
      // Not listed: only too many, or an en passant capture that could tie,
      // or attackers of two kinds (the king and a pawn at 3,200).
      const bool two_kinds = std::any_of(expected.begin(), expected.end(), [&](Move m) {
        return type_of(pos.piece_on(m.from())) != type_of(pos.piece_on(first.from()));
      });
      EXPECT_TRUE(expected.size() > std::size_t(FirstMoveTies::CAPACITY) || en_passant || two_kinds)
          << pos.fen() << " " << to_uci(first);
    }
  } else {
    const bool no_knight_first = !first.is_capture() && type_of(pos.piece_on(first.from())) != KNIGHT;
    EXPECT_TRUE(pos.in_check() || en_passant || no_knight_first) << pos.fen() << " " << to_uci(first);
  }
}

void walk(const Position& pos, int depth, Tally& tally) {
  check_position(pos, tally);
  if (depth == 0) return;
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) walk(pos.after(m), depth - 1, tally);
}

TEST(FirstMove, IsTheFirstMoveOfTheMvvLvaOrderAtEveryNodeOfTheSuite) {
  const auto suite = testing::load_perft_suite();
  ASSERT_GT(suite.size(), 100u);
  Tally tally;
  for (std::size_t i = 0; i < suite.size(); ++i) walk(from_fen(suite[i].fen), 3, tally);
  // It answers for nearly every position whose first move is a capture (the
  // exceptions are rare), and for some of the others.
  EXPECT_GT(tally.positions, 500'000);
  EXPECT_GT(tally.capture_first, tally.positions / 2);
  EXPECT_GT(tally.answered_capture_first, tally.capture_first * 9 / 10);
  EXPECT_GT(tally.answered_quiet_first, 10'000);
  EXPECT_GT(tally.listed, tally.answered_capture_first * 9 / 10);
  EXPECT_GT(tally.listed_several, tally.answered_capture_first / 10);
  EXPECT_GT(tally.answered_pinned_pawn, 2'000);
  EXPECT_GT(tally.answered_pinned_pawn_first, 100);
}

struct Case {
  const char* fen;
  const char* first;  // the UCI move, or "" when the list decides
};

TEST(FirstMove, HandMadePositions) {
  const Case cases[] = {
      // A knight taken by the king ties with a bishop taken by a pawn (3,200
      // each): the king's move is listed first.
      {"4k3/8/8/8/8/b7/1P1n4/4K3 w - - 0 1", "e1d2"},
      // Defended, the knight is the king's no longer: the pawn takes the bishop.
      {"4k3/8/8/8/8/b7/1P1n4/4K2r w - - 0 1", ""},  // in check from h1
      {"3rk3/8/8/8/8/b7/1P1n4/4K3 w - - 0 1", "b2a3"},
      // A knight taken by a pawn (3,100) outscores a bishop taken by a queen (2,400).
      {"4k3/8/8/3b4/8/Q1n5/1P6/4K3 w - - 0 1", "b2c3"},
      // Two pawns take equal victims: towards the a-file first, by destination.
      {"4k3/8/8/8/8/n1n5/1P1P4/4K3 w - - 0 1", "b2a3"},
      {"4k3/8/8/8/8/2n1n3/1P1P4/4K3 w - - 0 1", "d2c3"},
      // Two knights take equal victims: the lower origin square first.
      {"4k3/8/8/8/4p3/8/3N1N2/4K3 w - - 0 1", "d2e4"},
      // A capturing promotion comes as a queen.
      {"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"},
      // On one side the capturing promotions come before the plain captures,
      // whatever their squares (the ties: b7a8q, then d4c5).
      {"n3k3/1P6/8/2n5/3P4/8/8/4K3 w - - 0 1", "b7a8q"},
      // A pinned knight takes nothing; the pinned rook takes along its pin only.
      {"4k3/4r3/8/8/3p4/4R3/4N3/4K3 w - - 0 1", "e3e7"},
      {"4k3/8/8/8/b7/8/2N5/3K4 w - - 0 1", ""},
      // A pawn pinned on a diagonal takes its pinner; one pinned on a file takes nothing.
      {"4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1", "d2c3"},
      {"b6k/1P6/2K5/8/8/8/8/8 w - - 0 1", "b7a8q"},
      {"4k3/4r3/8/8/8/3b4/4P3/4K1N1 w - - 0 1", "g1f3"},
      // Equal pawn captures: the free pawns' (either side) are listed before the pinned pawns'.
      {"4k3/8/8/8/8/2b4b/3P2P1/4K3 w - - 0 1", "g2h3"},
      // Black to move: towards the a-file is south-west.
      {"4k3/8/8/2p1p3/1N1N4/8/8/4K3 b - - 0 1", "c5b4"},
      // En passant (900) comes first only when nothing scores more.
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", ""},
      {"4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 2", "e5f6"},
      // No capture: the first knight's first square, and none without a knight's move.
      {"4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", "b1d2"},
      {"4k3/8/8/8/b7/8/2N5/3K2N1 w - - 0 1", "g1e2"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", ""},
  };
  for (const Case& c : cases) {
    const Position pos = from_fen(c.fen);
    Move found;
    const bool answered = first_mvv_lva_move(pos, found);
    EXPECT_EQ(answered ? to_uci(found) : std::string(), c.first) << c.fen;
    Tally tally;
    check_position(pos, tally);
  }
}

}  // namespace
}  // namespace prunebench
