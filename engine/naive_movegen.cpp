// The test oracle: pseudo-legal moves square by square, then "play it and see
// whether my king is attacked". Slow and deliberately free of the fast
// generator's cleverness (no pins, no check masks), so the two fail
// independently.
#include "engine/movegen.h"

namespace prunebench {
namespace {

void add_pawn_moves(const Position& pos, Square from, MoveList& out) {
  const Color us = pos.side_to_move();
  const int up = us == WHITE ? 8 : -8;
  const bool promotes = relative_rank(us, from) == 6;
  const auto add = [&](Square to, MoveKind kind) {
    if (!promotes) {
      out.push_back(Move(from, to, kind));
      return;
    }
    const int capture = kind == CAPTURE ? CAPTURE : 0;
    for (int promo : {PROMO_KNIGHT, PROMO_BISHOP, PROMO_ROOK, PROMO_QUEEN})
      out.push_back(Move(from, to, MoveKind(promo | capture)));
  };
  const Square one = Square(from + up);
  if (pos.piece_on(one) == NO_PIECE) {
    add(one, QUIET);
    const Square two = Square(from + 2 * up);
    if (relative_rank(us, from) == 1 && pos.piece_on(two) == NO_PIECE) out.push_back(Move(from, two, DOUBLE_PUSH));
  }
  Bitboard captures = pawn_attacks(us, from);
  while (captures) {
    const Square to = pop_lsb(captures);
    if (pos.pieces(~us) & square_bb(to)) add(to, CAPTURE);
    if (to == pos.en_passant_square()) out.push_back(Move(from, to, EN_PASSANT));
  }
}

void add_castling(const Position& pos, MoveList& out) {
  const Color us = pos.side_to_move();
  const Square king = relative_square(us, E1);
  const auto empty = [&](std::initializer_list<Square> squares) {
    for (Square s : squares)
      if (pos.piece_on(relative_square(us, s)) != NO_PIECE) return false;
    return true;
  };
  const auto safe = [&](std::initializer_list<Square> squares) {
    for (Square s : squares)
      if (pos.is_attacked(relative_square(us, s), ~us)) return false;
    return true;
  };
  const int oo = us == WHITE ? WHITE_OO : BLACK_OO;
  const int ooo = us == WHITE ? WHITE_OOO : BLACK_OOO;
  if ((pos.castling_rights() & oo) && empty({F1, G1}) && safe({E1, F1, G1}))
    out.push_back(Move(king, relative_square(us, G1), KING_CASTLE));
  if ((pos.castling_rights() & ooo) && empty({B1, C1, D1}) && safe({E1, D1, C1}))
    out.push_back(Move(king, relative_square(us, C1), QUEEN_CASTLE));
}

void generate_pseudo_legal(const Position& pos, MoveList& out) {
  const Color us = pos.side_to_move();
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const Square from = Square(sq);
    const Piece p = pos.piece_on(from);
    if (p == NO_PIECE || color_of(p) != us) continue;
    const PieceType pt = type_of(p);
    if (pt == PAWN) {
      add_pawn_moves(pos, from, out);
      continue;
    }
    Bitboard targets = pt == KNIGHT ? knight_attacks(from)
                       : pt == KING ? king_attacks(from)
                       : pt == QUEEN ? slow_slider_attacks(ROOK, from, pos.occupied()) |
                                           slow_slider_attacks(BISHOP, from, pos.occupied())
                                     : slow_slider_attacks(pt, from, pos.occupied());
    targets &= ~pos.pieces(us);
    while (targets) {
      const Square to = pop_lsb(targets);
      out.push_back(Move(from, to, pos.piece_on(to) == NO_PIECE ? QUIET : CAPTURE));
    }
  }
  add_castling(pos, out);
}

}  // namespace

void generate_legal_naive(const Position& pos, MoveList& list) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  list.clear();
  const Color us = pos.side_to_move();
  for (Move m : pseudo) {
    const Position next = pos.after(m);
    if (!next.is_attacked(next.king_square(us), ~us)) list.push_back(m);
  }
}

}  // namespace prunebench
