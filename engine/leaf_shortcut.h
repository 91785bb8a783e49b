// What a search needs to know about a leaf, answered from its parent.
//
// At the horizon a search asks two things of a node: does the side to move
// have a legal move (if not, it is mate or stalemate), and what is its static
// evaluation. Nine leaves in ten are answered here from the parent position
// and the move, without playing the move:
//
//   - The child is not in check if the move gives neither a direct check (the
//     mover lands on a square attacking the enemy king) nor a discovered one
//     (it leaves a line between one of our sliders and that king).
//   - Out of check, the side to move has a legal move if one of its knights,
//     bishops, rooks or queens cannot be pinned (it stands on no line through
//     its own king, or another of its own pieces stands between) and has a
//     step it can take: a neighbouring square in one of its directions that
//     does not hold a piece of its own. Our move cannot change either fact,
//     except by capturing the piece.
//   - The evaluation is material only, so it follows from the capture and
//     the promotion (see evaluate_after in eval.h), or for most moves is
//     simply the parent's, negated.
//
// Anything else (castling, en passant, promotions, checks, a side with no such
// piece) is left to the caller, which then plays the move and asks the
// position. Tests compare every answer with the played position's.
#pragma once

#include <cstdint>

#include "engine/eval.h"
#include "engine/position.h"
#include "engine/quiet_child.h"

namespace prunebench {

// True if `m`'s child has a legal move, with nothing precomputed: for a node
// that scores a single child (alphabeta.h's first move), where building the
// shortcut for every child would cost more than it saves. Out of check, the
// proof is an unpinnable knight of the child's side with a step or an
// unpinnable pawn with a push. In check from the mover alone, it is an
// unpinnable piece that takes the checker or steps between it and the king,
// or a king step to a square none of ours attacks. Anything else (a
// discovered check, castling, en passant, a promotion, no such proof) is
// left to the caller.
bool lone_child_has_legal_move(const Position& parent, Move m);
// The same for the grandchild `m` leads to from a child not yet built.
bool lone_child_has_legal_move(const QuietChild& parent, Move m);
// The out-of-check half of lone_child_has_legal_move (a check is refused),
// and with a yes, in `rests_on`, the squares that answer
// rests on besides `m`'s own: the enemy king's, the line through it and m's
// origin, those between it and m's destination, and the enemy knight or
// pawn found with a step and that step's square. A legal position that
// differs from `parent` only by a piece of the enemy's (not its king) moved
// between two squares outside them, with `m` still legal and taking the
// same victim, gets the same yes (legal: no line to the enemy king is open
// but through m's origin).
bool lone_child_has_legal_move_out_of_check(const Position& parent, Move m, Bitboard& rests_on);

class LeafShortcut {
 public:
  // Precomputes, for the children of `parent`, the enemy king's check squares,
  // our discovered-check candidates and the enemy's unpinnable mobile pieces.
  explicit LeafShortcut(const Position& parent);
  LeafShortcut() = default;

  // True if `m`'s child is provably not in check and has a legal move; false
  // if this cannot tell (the child may still be an ordinary position).
  [[gnu::always_inline]] bool child_has_legal_move_out_of_check(const Position& parent, Move m) const {
    constexpr unsigned ORDINARY = 1u << QUIET | 1u << DOUBLE_PUSH | 1u << CAPTURE;  // not castling, e.p., promotion
    if (!(ORDINARY >> m.kind() & 1)) return false;
    const Square from = m.from(), to = m.to();
    // Most moves land on no square worth a closer look and uncover no line
    // to the enemy king: then the answer is yes at once.
    if (!(look_closer_ & square_bb(to)) && !(discoverers_ & square_bb(from))) return true;
    // Most moves land on no check square at all, and then the mover's type
    // need not be looked up.
    if ((any_check_square_ & square_bb(to)) && (check_squares_[type_of(parent.piece_on(from))] & square_bb(to)))
      return false;
    if ((discoverers_ & square_bb(from)) && !(line_bb(from, enemy_king_) & square_bb(to))) return false;
    return (mobile_ & ~square_bb(to)) != 0;  // a capture on `to` removes that piece
  }

  // Every child of `parent` at once, without listing the moves: true when
  // every child provably has a legal move - the test above says yes at once
  // (no move leaves a line to the enemy king or takes its only mobile
  // piece, none is castling, en passant or a promotion), or for a direct
  // check, lone_child_has_legal_move's three sights find an answer - and
  // each child's value from the parent's side (its evaluation negated) is
  // at most `bound`; then `count` is the number of moves and `best` the
  // largest of those values. False when some child needs a closer look,
  // when one is worth more than `bound`, or when there is no move.
  bool children_at_most(const Position& parent, Score bound, std::uint64_t& count, Score& best) const;

  // evaluate(parent.after(m)), with the parent's evaluation looked up once.
  [[gnu::always_inline]] Score child_evaluation(const Position& parent, Move m) const {
    if (!m.is_capture() && !m.is_promotion()) return -parent_evaluation_;
    return evaluate_after(parent, m);
  }

  // child_evaluation() for a move child_has_legal_move_out_of_check()
  // accepted: no promotion and no en passant, so only an ordinary capture
  // changes the material.
  [[gnu::always_inline]] Score accepted_child_evaluation(const Position& parent, Move m) const {
    if (!m.is_capture()) [[likely]]
      return -parent_evaluation_;
    return -(parent_evaluation_ + PIECE_VALUE[type_of(parent.piece_on(m.to()))]);
  }

 private:
  Square enemy_king_ = NO_SQUARE;
  Bitboard check_squares_[PIECE_TYPE_NB] = {};  // where each of our piece types would give check
  Bitboard any_check_square_ = 0;               // their union
  Bitboard discoverers_ = 0;                    // our pieces whose leaving may uncover a check
  Bitboard mobile_ = 0;                         // enemy pieces that can always make a legal step
  // Destinations that need the full test: check squares, and the squares
  // whose capture could leave the enemy without a mobile piece.
  Bitboard look_closer_ = ~Bitboard(0);
  Score parent_evaluation_ = 0;
};

}  // namespace prunebench
