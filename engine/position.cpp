// Position state changes: placing pieces, playing moves, keeping the Zobrist
// key and material in step. FEN reading and writing live in fen.cpp.
#include "engine/position.h"

#include "engine/zobrist.h"

namespace prunebench {

Position::Position()
    : by_type_{},
      by_color_{},
      key_(0),
      material_{},
      game_ply_(2),  // move 1, white to move
      halfmove_clock_(0),
      en_passant_(NO_SQUARE),
      castling_(NO_CASTLING),
      en_passant_keyed_(false) {
  for (int s = 0; s < SQUARE_NB; ++s) set_square(Square(s), NO_PIECE);
}

Position Position::start() { return from_fen(START_FEN).value; }

void Position::put_piece(Piece p, Square s) {
  const Bitboard b = square_bb(s);
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
  set_square(s, p);
  key_ ^= ZOBRIST.piece_square[p][s];
  material_[color_of(p)] += PIECE_VALUE[type_of(p)];
}

void Position::remove_piece(Square s) {
  take_piece(piece_on(s), s);
  set_square(s, NO_PIECE);
}

// En passant, castling and promotions, with or without a capture; the
// en-passant square is already cleared (and if `Begun`, the clock advanced and
// the turn passed: see begin_move).
template <bool Begun>
void Position::play_special(Move m) {
  const Color us = Begun ? ~side_to_move() : side_to_move();
  const Square from = m.from(), to = m.to();
  const PieceType mover = type_of(piece_on(from));

  if constexpr (!Begun) ++halfmove_clock_;
  if (mover == PAWN || m.is_capture()) halfmove_clock_ = 0;

  if (m.is_en_passant()) {
    remove_piece(Square(to ^ 8));  // the captured pawn stands beside the mover, not on `to`
  } else if (m.is_capture()) {
    remove_piece(to);
  }

  if (m.is_castle()) {
    const bool king_side = m.kind() == KING_CASTLE;
    const Square rook_from = relative_square(us, king_side ? H1 : A1);
    const Square rook_to = relative_square(us, king_side ? F1 : D1);
    move_piece(piece_on(rook_from), rook_from, rook_to);
  }

  move_piece(piece_on(from), from, to);
  if (m.is_promotion()) {
    remove_piece(to);
    put_piece(make_piece(us, m.promotion_type()), to);
  }

  lose_castling_rights(from, to);
  if constexpr (!Begun) pass_turn();
}
template void Position::play_special<false>(Move m);
template void Position::play_special<true>(Move m);

Key Position::compute_key() const {
  Key k = 0;
  for (int s = 0; s < SQUARE_NB; ++s)
    if (const Piece p = piece_on(Square(s)); p != NO_PIECE) k ^= ZOBRIST.piece_square[p][s];
  k ^= ZOBRIST.castling[castling_];
  if (en_passant_capturable()) k ^= ZOBRIST.en_passant_file[file_of(en_passant_)];
  if (side_to_move() == BLACK) k ^= ZOBRIST.black_to_move;
  return k;
}

}  // namespace prunebench
