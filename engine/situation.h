// The side to move's situation, as the legal move generator sees it: its
// checkers, its pinned pieces, and whether the enemy attacks a square. Shared
// by the generator (movegen.cpp) and by the searches' first move
// (first_move.cpp), which must agree with it on every move's legality.
#pragma once

#include "engine/bitboard.h"
#include "engine/types.h"

namespace prunebench::situation {
// Internal to each file that includes it, as it was while it lived in
// movegen.cpp alone: with external linkage g++ compiles the counting
// generator differently (smaller, and Kiwipete's perft 6 % slower).
namespace {

// Everything the generator needs to know about the side to move's situation,
// computed once per position.
struct Situation {
  Bitboard occupied, ours, theirs;
  Square king;
  Bitboard checkers;
  Bitboard check_mask;  // squares a non-king move must land on (all, when not in check)
  Bitboard pinned;      // our pieces that may only move along the line to our king
  Bitboard their_rooks_queens, their_bishops_queens;
};

// Inline: it runs once per generation, and as a call of its own its prologue
// and epilogue cost about a twentieth of counting a position's moves.
template <Color Us, typename Board>
[[gnu::always_inline]] inline Situation analyse(const Board& pos) {
  Situation s;
  s.occupied = pos.occupied();
  s.ours = pos.pieces(Us);
  s.theirs = pos.pieces(~Us);
  s.king = pos.king_square(Us);
  // One pass over the enemy sliders on a line with our king finds both the
  // slider checks (nothing between) and the pins (exactly one piece between,
  // and it is ours); leapers and pawns can only check.
  s.checkers = (pawn_attacks(Us, s.king) & pos.pieces(~Us, PAWN)) | (knight_attacks(s.king) & pos.pieces(~Us, KNIGHT));
  s.their_rooks_queens = pos.pieces(~Us, ROOK) | pos.pieces(~Us, QUEEN);
  s.their_bishops_queens = pos.pieces(~Us, BISHOP) | pos.pieces(~Us, QUEEN);
  Bitboard snipers = (rook_rays(s.king) & s.their_rooks_queens) | (bishop_rays(s.king) & s.their_bishops_queens);
  s.pinned = 0;
  while (snipers) {
    const Square sniper = pop_lsb(snipers);
    const Bitboard blockers = between_bb(s.king, sniper) & s.occupied;
    if (!blockers)
      s.checkers |= square_bb(sniper);
    else if (!more_than_one(blockers))
      s.pinned |= blockers & s.ours;  // a lone enemy blocker pins nothing
  }
  s.check_mask = ~Bitboard(0);
  if (s.checkers) s.check_mask = more_than_one(s.checkers) ? 0 : between_bb(s.king, lsb(s.checkers)) | s.checkers;
  return s;
}

// Whether an enemy slider attacks `sq`, with `occupied` as the blockers. A
// slider table is looked up only when an enemy slider stands on one of the
// empty board's lines through `sq`: for most squares a king could step to,
// none does.
[[gnu::always_inline]] inline bool slider_attacks(const Situation& s, Square sq, Bitboard occupied) {
  if ((rook_rays(sq) & s.their_rooks_queens) && (rook_attacks(sq, occupied) & s.their_rooks_queens)) return true;
  return (bishop_rays(sq) & s.their_bishops_queens) && (bishop_attacks(sq, occupied) & s.their_bishops_queens);
}

// Whether the enemy attacks `sq`, with `occupied` as the blockers.
template <Color Us, typename Board>
[[gnu::always_inline]] inline bool attacked_by_them(const Board& pos, const Situation& s, Square sq, Bitboard occupied) {
  constexpr Color Them = ~Us;
  if ((pawn_attacks(Us, sq) & pos.pieces(Them, PAWN)) | (knight_attacks(sq) & pos.pieces(Them, KNIGHT)) |
      (king_attacks(sq) & pos.pieces(Them, KING)))
    return true;
  return slider_attacks(s, sq, occupied);
}


// The squares a piece of type Pt (not a pawn or king) on `from` attacks.
template <PieceType Pt>
[[gnu::always_inline]] inline Bitboard piece_attacks(Square from, Bitboard occupied) {
  if constexpr (Pt == KNIGHT) return knight_attacks(from);
  if constexpr (Pt == BISHOP) return bishop_attacks(from, occupied);
  if constexpr (Pt == ROOK) return rook_attacks(from, occupied);
  if constexpr (Pt == QUEEN) return queen_attacks(from, occupied);
}

}  // namespace
}  // namespace prunebench::situation
