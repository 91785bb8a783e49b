// The part of a position that counting its legal moves needs, in the form
// counting reads fastest.
//
// Bulk perft counts the moves of every position one ply above the leaves
// (perft.cpp). Building each of those positions as a full Position costs
// more than a third of counting its moves: a 160-byte copy, the Zobrist key,
// the mailbox, material and clocks, none of which the count reads. A
// CountBoard is only what the generator reads: one bitboard per colour and
// piece type (so "our knights" is one load, not an intersection), each side's
// pieces, the occupancy, castling rights and the en-passant square. after()
// plays a move on it using the parent Position's mailbox to learn which
// pieces move and fall.
//
// It is a board for counting only: it has no key and cannot be searched.
#pragma once

#include <cstdint>

#include "engine/bitboard.h"
#include "engine/position.h"
#include "engine/types.h"

namespace prunebench {

class CountBoard {
 public:
  explicit CountBoard(const Position& pos) {
    for (int c = WHITE; c < COLOR_NB; ++c) {
      for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) pieces_[c][pt] = pos.pieces(Color(c), PieceType(pt));
      by_color_[c] = pos.pieces(Color(c));
    }
    occupied_ = pos.occupied();
    side_ = std::uint8_t(pos.side_to_move());
    castling_ = std::uint8_t(pos.castling_rights());
    en_passant_ = std::uint8_t(pos.en_passant_square());
  }

  // This board after `m`, a legal move of `parent`, whose board this is.
  [[gnu::always_inline]] CountBoard after(const Position& parent, Move m) const {
    CountBoard child = *this;
    child.play(parent, m);
    return child;
  }

  // This board after `Us`'s `mover` steps from `from` to `to`, taking
  // `victim` there (NO_PIECE_TYPE: nothing) and leaving `en_passant` behind
  // (a double push; otherwise NO_SQUARE). Every move but castling, en passant
  // and promotion, played without decoding a Move: the generator knows these,
  // and the side to move is a constant, so each bitboard's place is too.
  template <Color Us>
  [[gnu::always_inline]] CountBoard after_step(PieceType mover, Square from, Square to, PieceType victim,
                                              Square en_passant = NO_SQUARE) const {
    CountBoard child = *this;
    child.step<Us>(mover, from, to, victim, en_passant);
    return child;
  }

  Color side_to_move() const { return Color(side_); }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType pt) const { return pieces_[c][pt]; }
  Bitboard occupied() const { return occupied_; }
  Square king_square(Color c) const { return lsb(pieces_[c][KING]); }
  int castling_rights() const { return castling_; }
  Square en_passant_square() const { return Square(en_passant_); }

  bool operator==(const CountBoard&) const = default;

 private:
  // after_step's work, in place.
  template <Color Us>
  [[gnu::always_inline]] void step(PieceType mover, Square from, Square to, PieceType victim, Square en_passant) {
    if (victim != NO_PIECE_TYPE) remove(~Us, victim, to);
    toggle(Us, mover, square_bb(from) | square_bb(to));
    en_passant_ = std::uint8_t(en_passant);
    // A pawn's step starts and ends off the first and last ranks, where the
    // kings and rooks that castling needs stand (promotions are not steps).
    if (mover != PAWN) castling_ &= std::uint8_t(CASTLING_KEPT[from] & CASTLING_KEPT[to]);
    side_ = std::uint8_t(~Us);
  }

  [[gnu::always_inline]] void play(const Position& parent, Move m) {
    const Square from = m.from(), to = m.to();
    const MoveKind kind = m.kind();
    if (kind == QUIET || kind == DOUBLE_PUSH || kind == CAPTURE) [[likely]] {
      const Square en_passant = kind == DOUBLE_PUSH ? passed_square(from, to) : NO_SQUARE;
      const PieceType mover = type_of(parent.piece_on(from));
      const PieceType victim = kind == CAPTURE ? type_of(parent.piece_on(to)) : NO_PIECE_TYPE;
      if (side_to_move() == WHITE)
        step<WHITE>(mover, from, to, victim, en_passant);
      else
        step<BLACK>(mover, from, to, victim, en_passant);
      return;
    }
    play_special(parent, side_to_move(), m);
    en_passant_ = std::uint8_t(NO_SQUARE);
    castling_ &= std::uint8_t(CASTLING_KEPT[from] & CASTLING_KEPT[to]);
    side_ = std::uint8_t(~side_to_move());
  }

  // Castling, en passant and promotions.
  void play_special(const Position& parent, Color us, Move m) {
    const Square from = m.from(), to = m.to();
    if (m.is_castle()) {
      const bool king_side = m.kind() == KING_CASTLE;
      const Square rook_from = relative_square(us, king_side ? H1 : A1);
      const Square rook_to = relative_square(us, king_side ? F1 : D1);
      toggle(us, ROOK, square_bb(rook_from) | square_bb(rook_to));
      toggle(us, KING, square_bb(from) | square_bb(to));
      return;
    }
    if (m.is_en_passant()) {
      remove(~us, PAWN, Square(to ^ 8));  // the victim stands beside the mover, not on `to`
      toggle(us, PAWN, square_bb(from) | square_bb(to));
      return;
    }
    // A promotion: the victim (if any) leaves `to`, the pawn leaves `from`,
    // the new piece appears on `to`.
    if (m.is_capture()) remove(~us, type_of(parent.piece_on(to)), to);
    toggle(us, PAWN, square_bb(from));
    toggle(us, m.promotion_type(), square_bb(to));
  }

  void remove(Color c, PieceType pt, Square s) { toggle(c, pt, square_bb(s)); }
  // Puts `pt` on, or takes it off, the squares of `b` (a move is both its squares).
  void toggle(Color c, PieceType pt, Bitboard b) {
    pieces_[c][pt] ^= b;
    by_color_[c] ^= b;
    occupied_ ^= b;
  }

  Bitboard pieces_[COLOR_NB][PIECE_TYPE_NB];
  Bitboard by_color_[COLOR_NB];
  Bitboard occupied_;
  // Bytes, so that the whole board is 128 bytes: four 32-byte copies.
  std::uint8_t side_;
  std::uint8_t en_passant_;
  std::uint8_t castling_;
};
static_assert(sizeof(CountBoard) == 128, "a child board is copied as four 32-byte blocks");

// The number of legal moves on `board` (count_legal for a Position).
int count_legal(const CountBoard& board);

}  // namespace prunebench
