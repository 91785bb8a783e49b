// A position after a quiet move, read from its parent without being built.
//
// A quiet move (not a capture, double push, castling or promotion) only
// moves one piece to an empty square: the child's pieces are the parent's
// with that piece's square changed, its material is the parent's, and no
// en-passant square is set. QuietChild answers the board questions that
// the frontier asks of such a child (eval.h's evaluate_after and
// leaf_shortcut.h's lone-child test) from the parent and the move, so a
// child that ends at its first move is never copied and played. Its
// answers are the played child's (a test compares them).
#pragma once

#include "engine/position.h"

namespace prunebench {

class QuietChild {
 public:
  // `m` must be a legal QUIET move of `parent`, which must outlive this.
  QuietChild(const Position& parent, Move m)
      : parent_(parent),
        from_(m.from()),
        to_(m.to()),
        moved_(parent.piece_on(m.from())),
        from_to_(square_bb(m.from()) | square_bb(m.to())) {}

  Color side_to_move() const { return ~parent_.side_to_move(); }
  Piece piece_on(Square s) const { return s == to_ ? moved_ : s == from_ ? NO_PIECE : parent_.piece_on(s); }
  Bitboard pieces(Color c) const { return parent_.pieces(c) ^ (c == color_of(moved_) ? from_to_ : 0); }
  Bitboard pieces(PieceType pt) const { return parent_.pieces(pt) ^ (pt == type_of(moved_) ? from_to_ : 0); }
  Bitboard pieces(Color c, PieceType pt) const { return pieces(c) & pieces(pt); }
  Bitboard occupied() const { return parent_.occupied() ^ from_to_; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  Score material(Color c) const { return parent_.material(c); }

 private:
  const Position& parent_;
  Square from_, to_;
  Piece moved_;
  Bitboard from_to_;
};

}  // namespace prunebench
