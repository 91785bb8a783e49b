// The first MVV-LVA move (first_move.h) of a position's children, worked
// out once for the siblings that share it.
//
// A node one ply above the frontier tries its moves, and each child is a
// frontier node that asks for its own first move, usually a capture that
// ends it at once. Most of those children differ only by a quiet move of
// the side that just moved, and such a move leaves the answer alone when
//   - it neither leaves nor reaches a square the side now to move attacks:
//     no victim appears or leaves, no slider's ray grows or shrinks;
//   - it neither leaves nor reaches a square between their king and one of
//     our sliders on a line with it, nor moves that slider: no pin or check
//     is made or broken;
//   - the piece does not land where it attacks their king, or on a line
//     through it that it moves along: no new check or pin;
// and it sets no en-passant square. Then the child's captures, pins and
// checks, and so its first move and ties, are those of the parent with the
// turn passed. That position is analysed once, at the second child that
// asks (a parent that cuts at its first child never pays for it). A king
// of theirs with one of our pieces beside it could take a piece that our
// move uncovers or guards, and a parent in check has no position with the
// turn passed (every move out of check touches a square they attack): then
// nothing is shared.
//
// The answer is exactly first_mvv_lva_move on the child (a test checks it
// at every move of many positions); the tree forgets a parent as soon as
// its slot is overwritten.
//
// With the move the siblings share its leaf's answer to the frontier's other
// question (leaf_shortcut.h): out of check, with a legal move. A child whose
// move touches none of the squares that answer rests on (the king's, the
// lines of a check, the piece with a step and its step's square) gets it
// without asking its own position.
#pragma once

#include "engine/first_move.h"
#include "engine/leaf_shortcut.h"
#include "engine/position.h"

namespace prunebench {

class SiblingFirstMoves {
 public:
  // True when the child of `parent` (a position that stays put while the
  // tree stands on it) after `m` shares the siblings' first move: then
  // `found` is what first_mvv_lva_move returns on that child, with `move`
  // and `ties` (when asked for) as it sets them.
  [[gnu::always_inline]] bool lookup(const Position* parent, Move m, bool& found, Move& move,
                                     FirstMoveTies* ties) {
    if ((parent != parent_ || !ready_) && !ready_for(parent)) return false;
    if (m.kind() != QUIET || (avoid_from_ & square_bb(m.from())) ||
        (avoid_to_[type_of(parent->piece_on(m.from()))] & square_bb(m.to())))
      return false;
    found = found_;
    move = move_;
    if (ties) *ties = ties_;
    shared_child_ = m;
    return true;
  }
  // True when the child of `parent` after `m`, whose first move lookup() last
  // shared, plays `first`, the shared move, into a leaf that is out of check
  // with a legal move: as the siblings' leaf is, and `m` touches nothing that
  // answer rests on (leaf_shortcut.h).
  [[gnu::always_inline]] bool shared_leaf_is_ordinary(const Position* parent, Move m, Move first) const {
    return parent == parent_ && m == shared_child_ && first == move_ && ordinary_leaf_ &&
           !((square_bb(m.from()) | square_bb(m.to())) & leaf_rests_on_);
  }
  // `slot` now holds another position.
  void forget(const Position* slot) {
    if (parent_ == slot) parent_ = nullptr, shared_child_ = Move::none();
  }

 private:
  // Whether `parent`'s children are analysed, after this request.
  [[gnu::noinline]] bool ready_for(const Position* parent) {
    if (parent != parent_) {
      parent_ = parent;
      asked_ = 0;
      ready_ = false;
      shared_child_ = Move::none();
    }
    if (++asked_ < ANALYSED_AT_REQUEST) return false;
    analyse(*parent);
    return true;
  }
  void analyse(const Position& parent);

  static constexpr int ANALYSED_AT_REQUEST = 2;
  const Position* parent_ = nullptr;
  int asked_ = 0;
  bool ready_ = false;
  bool found_ = false;
  // The squares a move shared with the siblings may not leave, and, by the
  // type of the piece moved, may not reach.
  Bitboard avoid_from_ = 0;
  Bitboard avoid_to_[PIECE_TYPE_NB] = {};
  Move move_;
  FirstMoveTies ties_;
  // The last child whose first move was shared, and what the shared move's
  // leaf answer rests on (ordinary_leaf_: out of check, with a legal move).
  Move shared_child_ = Move::none();
  bool ordinary_leaf_ = false;
  Bitboard leaf_rests_on_ = 0;
};

}  // namespace prunebench
