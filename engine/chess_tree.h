// Chess positions seen as a search Tree (engine/search/tree.h): the adapter
// that lets the generic algorithms search chess.
//
// It keeps one Position per ply (copy-make), so unmake is a pointer step and
// can never restore the wrong state.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "engine/eval.h"
#include "engine/move_order_scores.h"
#include "engine/movegen.h"
#include "engine/search/tree.h"

namespace prunebench {

static_assert(std::is_trivially_copyable_v<Position>);

class ChessTree {
 public:
  using MoveType = Move;
  using MoveList = prunebench::MoveList;
  static constexpr int HISTORY_SIZE = SQUARE_NB * SQUARE_NB;

  // With `mate_distance`, a mate found at ply p scores MATE - p (shorter mates
  // are preferred); otherwise every mate is worth the constant MATE, as in
  // reference 000.
  explicit ChessTree(const Position& root, bool mate_distance = false)
      : stack_(MAX_PLY + 1), current_(stack_.data()), mate_distance_(mate_distance) {
    stack_[0] = root;
  }

  const Position& position() const { return *current_; }
  int ply() const { return int(current_ - stack_.data()); }

  void generate(MoveList& list) const { generate_legal(position(), list); }
  bool has_children() const { return has_legal_move(position()); }
  // Checkmate loses, stalemate is a draw.
  Score terminal_score(int ply) const {
    if (!position().in_check()) return 0;
    return -(mate_distance_ ? MATE - ply : MATE);
  }
  Score evaluate() const { return prunebench::evaluate(position()); }

  void make(Move m) {
    current_[1] = current_[0];
    ++current_;
    current_->play(m);
  }
  void unmake(Move) { --current_; }
  Key key() const { return position().key(); }

  bool supports_ordering(BaseOrdering ordering) const {
    return ordering == BaseOrdering::NATURAL || ordering == BaseOrdering::MVV_LVA ||
           ordering == BaseOrdering::QUIET_PST;
  }
  std::int64_t move_score(BaseOrdering ordering, Move m) const {
    if (ordering == BaseOrdering::MVV_LVA) return mvv_lva_score(position(), m);
    if (ordering == BaseOrdering::QUIET_PST) return quiet_pst_score(position(), m);
    return 0;
  }
  int history_index(Move m) const { return m.from() * SQUARE_NB + m.to(); }
  bool is_quiet(Move m) const { return !m.is_capture() && !m.is_promotion(); }

 private:
  std::vector<Position> stack_;
  Position* current_;  // &stack_[ply]
  bool mate_distance_;
};

static_assert(Tree<ChessTree>);

}  // namespace prunebench
