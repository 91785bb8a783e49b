// The move MVV-LVA orders first, found without generating the move list.
//
// Under MVV-LVA alone a search tries a node's captures first, the largest
// mvv_lva_score (move_order_scores.h) first and equal scores in generator
// order (movegen.h), then the other moves as the generator lists them; at a
// node one ply from the horizon that first move usually ends the node at
// once. Finding it needs only the captures' squares: each piece type's legal
// captures as one set, the (victim, attacker) pair scored highest among
// them, resolved to one move by the generator's order; with no capture, the
// generator's first move, which is a knight's whenever a knight can move.
#pragma once

#include "engine/position.h"

namespace prunebench {

// True, with `move` the move an MVV-LVA ordering of generate_legal(pos)'s
// list puts first. False when `pos` holds something this leaves to the full
// list: check, a pinned pawn, an en passant capture that could come first,
// or neither a capture nor a knight's move. `alone`, when asked for (it
// costs a count of the captures): the move is a capture and no other legal
// move has its mvv_lva_score, so that an ordering which breaks equal scores
// by more (history) puts it first as well.
bool first_mvv_lva_move(const Position& pos, Move& move, bool* alone = nullptr);

}  // namespace prunebench
