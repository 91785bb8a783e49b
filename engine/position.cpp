// Position state changes: placing pieces, playing moves, keeping the Zobrist
// key and material in step. FEN reading and writing live in fen.cpp.
#include "engine/position.h"

#include <array>

#include "engine/movegen.h"
#include "engine/zobrist.h"

namespace prunebench {
namespace {

// CASTLING_KEPT[sq]: the rights that survive a move from or to `sq`. Moving
// the king loses both of its side's rights; moving or capturing a rook on
// its home corner loses that one.
constexpr std::array<std::uint8_t, SQUARE_NB> make_castling_kept() {
  std::array<std::uint8_t, SQUARE_NB> kept{};
  for (auto& k : kept) k = ANY_CASTLING;
  kept[E1] = ANY_CASTLING & ~(WHITE_OO | WHITE_OOO);
  kept[H1] = ANY_CASTLING & ~WHITE_OO;
  kept[A1] = ANY_CASTLING & ~WHITE_OOO;
  kept[E8] = ANY_CASTLING & ~(BLACK_OO | BLACK_OOO);
  kept[H8] = ANY_CASTLING & ~BLACK_OO;
  kept[A8] = ANY_CASTLING & ~BLACK_OOO;
  return kept;
}
constexpr std::array<std::uint8_t, SQUARE_NB> CASTLING_KEPT = make_castling_kept();

// Whether a pawn of `side` could capture en passant onto `ep`: only then does
// the en-passant square belong in the key.
bool en_passant_capturable(const Position& pos, Square ep, Color side) {
  return ep != NO_SQUARE && (pawn_attacks(~side, ep) & pos.pieces(side, PAWN));
}

}  // namespace

Position::Position() {
  for (auto& square : board_) square = NO_PIECE;
}

Position Position::start() { return from_fen(START_FEN).position; }

void Position::put_piece(Piece p, Square s) {
  const Bitboard b = square_bb(s);
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
  board_[s] = std::uint8_t(p);
  key_ ^= ZOBRIST.piece_square[p][s];
  material_[color_of(p)] += PIECE_VALUE[type_of(p)];
}

void Position::remove_piece(Square s) {
  const Piece p = piece_on(s);
  const Bitboard b = square_bb(s);
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  board_[s] = NO_PIECE;
  key_ ^= ZOBRIST.piece_square[p][s];
  material_[color_of(p)] -= PIECE_VALUE[type_of(p)];
}

void Position::move_piece(Square from, Square to) {
  const Piece p = piece_on(from);
  const Bitboard from_to = square_bb(from) | square_bb(to);
  by_type_[type_of(p)] ^= from_to;
  by_color_[color_of(p)] ^= from_to;
  board_[from] = NO_PIECE;
  board_[to] = std::uint8_t(p);
  key_ ^= ZOBRIST.piece_square[p][from] ^ ZOBRIST.piece_square[p][to];
}

// Sets the en-passant square for the side now to move, keying it only when
// that side has a pawn ready to capture there.
void Position::set_en_passant(Square s) {
  if (en_passant_capturable(*this, en_passant_, side_to_move_)) key_ ^= ZOBRIST.en_passant_file[file_of(en_passant_)];
  en_passant_ = s;
  if (en_passant_capturable(*this, en_passant_, side_to_move_)) key_ ^= ZOBRIST.en_passant_file[file_of(en_passant_)];
}

void Position::play(Move m) {
  const Color us = side_to_move_;
  const Square from = m.from(), to = m.to();
  const PieceType mover = type_of(piece_on(from));

  // Clear the old en-passant key while the old side to move is still set.
  if (en_passant_capturable(*this, en_passant_, us)) key_ ^= ZOBRIST.en_passant_file[file_of(en_passant_)];
  en_passant_ = NO_SQUARE;

  ++halfmove_clock_;
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
    move_piece(rook_from, rook_to);
  }

  move_piece(from, to);
  if (m.is_promotion()) {
    remove_piece(to);
    put_piece(make_piece(us, m.promotion_type()), to);
  }

  // Most moves touch no king or rook home square: no right to lose.
  if (const int kept = CASTLING_KEPT[from] & CASTLING_KEPT[to]; castling_ & ~kept) {
    key_ ^= ZOBRIST.castling[castling_] ^ ZOBRIST.castling[castling_ & kept];
    castling_ &= std::uint8_t(kept);
  }

  side_to_move_ = ~us;
  key_ ^= ZOBRIST.black_to_move;
  if (us == BLACK) ++fullmove_number_;

  if (m.kind() == DOUBLE_PUSH) set_en_passant(Square((from + to) / 2));
}

Key Position::compute_key() const {
  Key k = 0;
  for (int s = 0; s < SQUARE_NB; ++s)
    if (board_[s] != NO_PIECE) k ^= ZOBRIST.piece_square[board_[s]][s];
  k ^= ZOBRIST.castling[castling_];
  if (en_passant_capturable(*this, en_passant_, side_to_move_)) k ^= ZOBRIST.en_passant_file[file_of(en_passant_)];
  if (side_to_move_ == BLACK) k ^= ZOBRIST.black_to_move;
  return k;
}

Move Position::parse_uci_move(std::string_view uci) const {
  MoveList moves;
  generate_legal(*this, moves);
  for (Move m : moves)
    if (to_uci(m) == uci) return m;
  return Move::none();
}

}  // namespace prunebench
