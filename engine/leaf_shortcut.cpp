#include "engine/leaf_shortcut.h"

namespace prunebench {
namespace {

// A piece on `s` can be pinned to its king on `king` only if it stands on a
// line with it and nothing stays between them. Pieces of its own side between
// stay put whatever the opponent plays (a capture leaves the capturer there).
bool cannot_be_pinned(Square king, Square s, Bitboard own) {
  return !line_bb(king, s) || (between_bb(king, s) & own);
}

}  // namespace

LeafShortcut::LeafShortcut(const Position& parent) {
  const Color us = parent.side_to_move(), them = ~us;
  const Bitboard occupied = parent.occupied();
  enemy_king_ = parent.king_square(them);
  parent_evaluation_ = evaluate(parent);

  check_squares_[PAWN] = pawn_attacks(them, enemy_king_);
  check_squares_[KNIGHT] = knight_attacks(enemy_king_);
  check_squares_[BISHOP] = bishop_attacks(enemy_king_, occupied);
  check_squares_[ROOK] = rook_attacks(enemy_king_, occupied);
  check_squares_[QUEEN] = check_squares_[BISHOP] | check_squares_[ROOK];
  check_squares_[KING] = 0;
  any_check_square_ = check_squares_[PAWN] | check_squares_[KNIGHT] | check_squares_[QUEEN];

  // Our sliders on a line with the enemy king, behind exactly one piece of ours.
  Bitboard snipers = (rook_rays(enemy_king_) & (parent.pieces(us, ROOK) | parent.pieces(us, QUEEN))) |
                     (bishop_rays(enemy_king_) & (parent.pieces(us, BISHOP) | parent.pieces(us, QUEEN)));
  while (snipers) {
    const Bitboard blockers = between_bb(enemy_king_, pop_lsb(snipers)) & occupied;
    if (blockers && !more_than_one(blockers) && (blockers & parent.pieces(us))) discoverers_ |= blockers;
  }

  // Enemy pieces that cannot be pinned after our move, with a step to take.
  // Two are enough: a capture removes at most one.
  const Bitboard theirs = parent.pieces(them);
  Bitboard candidates = theirs & ~parent.pieces(PAWN) & ~parent.pieces(KING);
  while (candidates && !more_than_one(mobile_)) {
    const Square s = pop_lsb(candidates);
    if (!cannot_be_pinned(enemy_king_, s, theirs)) continue;
    Bitboard steps = knight_attacks(s);
    if (const PieceType pt = type_of(parent.piece_on(s)); pt != KNIGHT) {
      steps = king_attacks(s);
      if (pt == BISHOP) steps &= bishop_rays(s);
      if (pt == ROOK) steps &= rook_rays(s);
    }
    if (steps & ~theirs) mobile_ |= square_bb(s);
  }
  // With two mobile pieces no capture removes both; with one, only its
  // capture needs a look; with none, every move does.
  const Bitboard mobile_at_risk = more_than_one(mobile_) ? 0 : mobile_ ? mobile_ : ~Bitboard(0);
  look_closer_ = any_check_square_ | mobile_at_risk;
}

}  // namespace prunebench
