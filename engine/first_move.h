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

// The captures whose mvv_lva_score equals the first move's, for an ordering
// that breaks equal scores by more (history, read per origin and
// destination): one move per origin and destination (a capturing
// promotion's four moves share both, the queen's first), in generator
// order, the first move first. `count` 0: the first move is quiet, or its
// ties are more than fit or of a kind this does not list (an en passant
// capture, or a knight taken by the king beside a bishop taken by a pawn).
struct FirstMoveTies {
  static constexpr int CAPACITY = 8;
  // Left uninitialized (the search makes one at every node that may ask):
  // the first `count` are written.
  FirstMoveTies() {}
  union {
    Move moves[CAPACITY];
  };
  int count = 0;
};

// True, with `move` the move an MVV-LVA ordering of generate_legal(pos)'s
// list puts first. False when `pos` holds something this leaves to the full
// list: check, an en passant capture that could come first,
// or neither a capture nor a knight's move. `ties`, when asked for (it costs
// a walk over the tied captures): see FirstMoveTies.
bool first_mvv_lva_move(const Position& pos, Move& move, FirstMoveTies* ties = nullptr);

}  // namespace prunebench
