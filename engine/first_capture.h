// The move MVV-LVA orders first, found without generating the move list.
//
// Under MVV-LVA alone a search tries a node's captures first, the largest
// mvv_lva_score (move_order_scores.h) first and equal scores in generator
// order (movegen.h), and at a node one ply from the horizon that first
// capture usually ends the node at once. Finding it needs only the captures'
// squares: each piece type's legal captures as one set, the (victim,
// attacker) pairs tried from the largest score down, and the first pair
// present resolved to one move by the generator's order.
#pragma once

#include "engine/position.h"

namespace prunebench {

// True, with `move` the move an MVV-LVA ordering of generate_legal(pos)'s
// list puts first, when that move is a capture. False when `pos` has no
// capture, and also when it holds something this leaves to the full list:
// check, a pinned pawn, or an en passant capture that could come first.
bool first_mvv_lva_capture(const Position& pos, Move& move);

}  // namespace prunebench
