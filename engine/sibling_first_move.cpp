#include "engine/sibling_first_move.h"

namespace prunebench {
namespace {

// Every square `c`'s pieces attack, pinned or not, through `occupied`.
Bitboard attacked_by(const Position& pos, Color c, Bitboard occupied) {
  const Bitboard pawns = pos.pieces(c, PAWN);
  Bitboard attacked = c == WHITE ? shift<NORTH_WEST>(pawns) | shift<NORTH_EAST>(pawns)
                                 : shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns);
  attacked |= king_attacks(pos.king_square(c));
  for (Bitboard knights = pos.pieces(c, KNIGHT); knights;) attacked |= knight_attacks(pop_lsb(knights));
  for (Bitboard diagonal = pos.pieces(c, BISHOP) | pos.pieces(c, QUEEN); diagonal;)
    attacked |= bishop_attacks(pop_lsb(diagonal), occupied);
  for (Bitboard straight = pos.pieces(c, ROOK) | pos.pieces(c, QUEEN); straight;)
    attacked |= rook_attacks(pop_lsb(straight), occupied);
  return attacked;
}

}  // namespace

void SiblingFirstMoves::analyse(const Position& parent) {
  ready_ = true;
  ordinary_leaf_ = false;
  // In check, passing the turn is no position (their pieces would attack
  // our king), and every move out of check touches a square they attack.
  if (parent.in_check()) {
    avoid_from_ = ~Bitboard(0);
    return;
  }
  const Position passed = parent.children_base();  // the turn passed: what the children share
  const Color them = passed.side_to_move(), us = ~them;
  const Square king = passed.king_square(them);
  if (king_attacks(king) & passed.pieces(us)) {
    avoid_from_ = ~Bitboard(0);
    return;
  }
  found_ = first_mvv_lva_move(passed, move_, &ties_);
  // The first move's leaf: a child that shares the move changes the
  // passed position only by a quiet move of ours, outside every square
  // the enemy attacks, so the leaf answer holds unless that move touches
  // one of the squares it rests on.
  ordinary_leaf_ = found_ && lone_child_has_legal_move_out_of_check(passed, move_, leaf_rests_on_);
  const Bitboard attacked = attacked_by(passed, them, passed.occupied());
  // Our sliders on a line with their king, whatever stands between: leaving
  // or entering the squares between may make or break a pin or a check, and
  // so may the slider's own move.
  Bitboard lines = 0;
  Bitboard snipers = (rook_rays(king) & (passed.pieces(us, ROOK) | passed.pieces(us, QUEEN))) |
                     (bishop_rays(king) & (passed.pieces(us, BISHOP) | passed.pieces(us, QUEEN)));
  while (snipers) {
    const Square sniper = pop_lsb(snipers);
    lines |= between_bb(king, sniper) | square_bb(sniper);
  }
  avoid_from_ = attacked | lines;
  // A piece that lands where it attacks their king, or on a line to it
  // where it could pin (a check or a new pin).
  avoid_to_[PAWN] = attacked | lines | pawn_attacks(them, king);
  avoid_to_[KNIGHT] = attacked | lines | knight_attacks(king);
  avoid_to_[BISHOP] = attacked | lines | bishop_rays(king);
  avoid_to_[ROOK] = attacked | lines | rook_rays(king);
  avoid_to_[QUEEN] = avoid_to_[BISHOP] | rook_rays(king);
  avoid_to_[KING] = attacked | lines;
}

}  // namespace prunebench
