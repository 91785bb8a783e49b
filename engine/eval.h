// The static evaluation of reference 000: material only (pawn 100, knight
// 320, bishop 330, rook 500, queen 900), from the side to move's point of
// view. Deliberately dumb: every node costs the same, and pruning is measured
// rather than the evaluation.
#pragma once

#include "engine/position.h"

namespace prunebench {

inline Score evaluate(const Position& pos) {
  const Color us = pos.side_to_move();
  return pos.material(us) - pos.material(~us);
}

}  // namespace prunebench
