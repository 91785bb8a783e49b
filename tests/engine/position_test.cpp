// Playing moves: keys, castling rights, en passant, promotions, counters.
#include <gtest/gtest.h>

#include "engine/movegen.h"
#include "engine/uci_move.h"

namespace prunebench {
namespace {

Position play_line(Position pos, std::initializer_list<const char*> moves) {
  for (const char* uci : moves) {
    const Move m = parse_uci_move(pos, uci);
    EXPECT_FALSE(m.is_none()) << uci << " is not legal in " << pos.fen();
    if (m.is_none()) break;
    pos = pos.after(m);
  }
  return pos;
}

TEST(Position, PlayingAMoveLeavesTheOriginalUntouched) {
  const Position start = Position::start();
  const Position copy = start;
  const Position next = start.after(parse_uci_move(start, "e2e4"));
  EXPECT_EQ(start, copy);
  EXPECT_NE(next.key(), start.key());
  EXPECT_EQ(next.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

TEST(Position, TranspositionsShareAKey) {
  const Position a = play_line(Position::start(), {"g1f3", "g8f6", "b1c3", "b8c6"});
  const Position b = play_line(Position::start(), {"b1c3", "b8c6", "g1f3", "g8f6"});
  EXPECT_EQ(a.key(), b.key());
  EXPECT_EQ(a.fen(), b.fen());
}

TEST(Position, UselessEnPassantSquareIsNotKeyed) {
  // After 1.e4 no black pawn can capture on e3, so the key equals that of
  // the same placement reached without a double push.
  const Position after_e4 = play_line(Position::start(), {"e2e4"});
  const Position same_placement =
      Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").value;
  EXPECT_EQ(after_e4.key(), same_placement.key());
  EXPECT_EQ(after_e4.en_passant_square(), E3);
}

TEST(Position, CastlingMovesTheRookAndClearsRights) {
  const Position pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").value;
  const Position castled = play_line(pos, {"e1g1"});
  EXPECT_EQ(castled.piece_on(F1), W_ROOK);
  EXPECT_EQ(castled.piece_on(G1), W_KING);
  EXPECT_EQ(castled.castling_rights(), BLACK_OO | BLACK_OOO);
  const Position rook_taken = play_line(pos, {"a1a8"});
  EXPECT_EQ(rook_taken.castling_rights(), WHITE_OO | BLACK_OO);
  EXPECT_EQ(rook_taken.material(BLACK), 500);
}

TEST(Position, EnPassantRemovesThePassedPawn) {
  const Position pos = play_line(Position::start(), {"e2e4", "a7a6", "e4e5", "d7d5", "e5d6"});
  EXPECT_EQ(pos.piece_on(D5), NO_PIECE);
  EXPECT_EQ(pos.piece_on(D6), W_PAWN);
  EXPECT_EQ(pos.material(BLACK), Position::start().material(BLACK) - 100);
  EXPECT_EQ(pos.key(), pos.compute_key());
}

TEST(Position, PromotionReplacesThePawn) {
  const Position pos = Position::from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").value;
  const Position promoted = play_line(pos, {"a7b8q"});
  EXPECT_EQ(promoted.piece_on(B8), W_QUEEN);
  EXPECT_EQ(promoted.material(WHITE), 900);
  EXPECT_EQ(promoted.material(BLACK), 0);
  EXPECT_EQ(promoted.halfmove_clock(), 0);
}

TEST(Position, CountersAdvance) {
  const Position pos = play_line(Position::start(), {"g1f3", "g8f6", "f3g1"});
  EXPECT_EQ(pos.halfmove_clock(), 3);
  EXPECT_EQ(pos.fullmove_number(), 2);
}

// Perft makes its leaves as children_base() plus complete_move(m); every
// child must equal after(m) byte for byte (key, clocks, rights, en passant).
void expect_children_made_in_two_parts_equal(const Position& pos, int depth) {
  MoveList moves;
  generate_legal(pos, moves);
  const Position base = pos.children_base();
  for (Move m : moves) {
    Position child = base;
    child.complete_move(m);
    ASSERT_EQ(child, pos.after(m)) << pos.fen() << " " << to_uci(m);
    ASSERT_EQ(child.key(), child.compute_key()) << pos.fen() << " " << to_uci(m);
    if (depth > 1) expect_children_made_in_two_parts_equal(child, depth - 1);
  }
}

TEST(Position, ChildrenMadeInTwoPartsEqualPlayedOnes) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "1r2k3/P7/8/8/8/8/6p1/4K2R b K - 7 40"})
    expect_children_made_in_two_parts_equal(Position::from_fen(fen).value, 3);
}

// The key hint is the child's key for a quiet move or a plain capture that
// keeps the castling rights (an en-passant square the parent keyed, as in
// the third position, included): every such move, most of each list.
TEST(Position, KeyHintIsTheChildsKeyForQuietMovesAndPlainCaptures) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}) {
    const Position pos = Position::from_fen(fen).value;
    MoveList list;
    generate_legal(pos, list);
    std::size_t exact = 0;
    for (const Move m : list) {
      const Position child = pos.after(m);
      if ((m.kind() != QUIET && m.kind() != CAPTURE) || child.castling_rights() != pos.castling_rights()) continue;
      EXPECT_EQ(pos.key_hint(m), child.key()) << fen << " " << to_uci(m);
      ++exact;
    }
    EXPECT_GT(exact * 2, list.size()) << fen;
  }
}

TEST(Position, UciNames) {
  EXPECT_EQ(to_uci(Move(E7, E8, PROMO_QUEEN)), "e7e8q");
  EXPECT_EQ(to_uci(Move(E1, G1, KING_CASTLE)), "e1g1");
  EXPECT_EQ(to_uci(Move::none()), "0000");
  EXPECT_TRUE(parse_uci_move(Position::start(), "e2e5").is_none());
}

}  // namespace
}  // namespace prunebench
