// The static evaluation of reference 000: material only (pawn 100, knight
// 320, bishop 330, rook 500, queen 900), from the side to move's point of
// view. Deliberately dumb: every node costs the same, and pruning is measured
// rather than the evaluation.
#pragma once

#include "engine/position.h"

namespace prunebench {

// Board: a Position, or a view with the same accessors (quiet_child.h).
template <typename Board>
Score evaluate(const Board& pos) {
  const Color us = pos.side_to_move();
  return pos.material(us) - pos.material(~us);
}

// evaluate(pos.after(m)) without playing `m`: the material `m` wins (its
// victim, and a promoted piece's gain over the pawn) flips to the other side.
template <typename Board>
Score evaluate_after(const Board& pos, Move m) {
  if (!m.is_capture() && !m.is_promotion()) return -evaluate(pos);  // most moves: nothing changes hands
  Score gain = 0;
  if (m.is_en_passant())
    gain = PIECE_VALUE[PAWN];
  else if (m.is_capture())
    gain = PIECE_VALUE[type_of(pos.piece_on(m.to()))];
  if (m.is_promotion()) gain += PIECE_VALUE[m.promotion_type()] - PIECE_VALUE[PAWN];
  return -(evaluate(pos) + gain);
}

}  // namespace prunebench
