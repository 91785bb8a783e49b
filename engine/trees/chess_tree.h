// Chess positions seen as a search Tree (engine/search/tree.h): the adapter
// that lets the generic algorithms search chess.
//
// It keeps one Position per ply (copy-make), so unmake is a pointer step and
// can never restore the wrong state.
//
// Moves are played lazily. make() only notes the move; the child position is
// built the first time something needs it (its moves, its key, a grandchild).
// Most children are leaves, and a leaf is only asked whether it has a legal
// move and what it evaluates to: LeafShortcut (leaf_shortcut.h) and
// evaluate_after (eval.h) answer that from the parent for nine leaves in ten.
// A frontier node reached by a quiet move that its first capture ends is
// not built either: the capture is its siblings' (sibling_first_move.h) and
// its board is read from the parent (quiet_child.h).
// The search cannot tell the difference: it enters, counts and scores every
// node exactly as before, and every count is the same. With
// LeafPlay::EVERY_LEAF each child is built at make(), for measuring the
// difference and as the tests' reference.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/eval.h"
#include "engine/first_move.h"
#include "engine/leaf_shortcut.h"
#include "engine/move_order_scores.h"
#include "engine/movegen.h"
#include "engine/scan_order.h"
#include "engine/search/leaf_children.h"
#include "engine/search/tree.h"
#include "engine/sibling_first_move.h"

namespace prunebench {

enum class LeafPlay { LAZY, EVERY_LEAF };

class ChessTree {
 public:
  using MoveType = Move;
  using MoveList = prunebench::MoveList;
  static constexpr int HISTORY_SIZE = SQUARE_NB * SQUARE_NB;

  // With `mate_distance`, a mate found at ply p scores MATE - p (shorter mates
  // are preferred); otherwise every mate is worth the constant MATE, as in
  // reference 000.
  explicit ChessTree(const Position& root, bool mate_distance = false, LeafPlay leaf_play = LeafPlay::LAZY)
      : stack_(MAX_PLY + 1), current_(stack_.data()), mate_distance_(mate_distance), lazy_(leaf_play == LeafPlay::LAZY) {
    stack_[0] = root;
  }
  // current_ points into stack_, so a copy would point into the original's
  // positions. Moving keeps the vector's buffer, and with it the pointers.
  ChessTree(const ChessTree&) = delete;
  ChessTree& operator=(const ChessTree&) = delete;
  ChessTree(ChessTree&&) = default;
  ChessTree& operator=(ChessTree&&) = default;

  // The current node's position (built now if its move is still pending).
  const Position& position() const {
    play_pending();
    return *current_;
  }
  int ply() const { return int(current_ - stack_.data()) + (pending_.is_none() ? 0 : 1); }

  void generate(MoveList& list) const { generate_legal(position(), list); }
  // has_children and evaluate (and the shortcut's answers behind them) run
  // at nearly every leaf, so they are always inline: g++'s own choice flips
  // with the size of the code around them, costing up to 10 % of a search.
  [[gnu::always_inline]] bool has_children() const {
    if (!pending_.is_none() && shortcut_parent_ == current_ &&
        shortcut_.child_has_legal_move_out_of_check(*current_, pending_))
      return true;
    return has_children_slowly();
  }
  // Checkmate loses, stalemate is a draw.
  Score terminal_score(int ply) const { return terminal_score_of(position(), ply); }
  [[gnu::always_inline]] Score evaluate() const {
    if (pending_.is_none()) return prunebench::evaluate(*current_);
    if (shortcut_parent_ == current_) return shortcut_.child_evaluation(*current_, pending_);
    return evaluate_after(*current_, pending_);
  }

  // Scoring a leaf child from its parent (engine/search/leaf_children.h):
  // the same answers as make(m), has_children() and evaluate() or
  // terminal_score(), without the pending move. Not with EVERY_LEAF, which
  // is there to play every leaf.
  bool scores_leaf_children() const { return lazy_; }
  void prepare_leaf_children(int terminal_ply) {
    play_pending();
    shortcut_ = LeafShortcut(*current_);
    shortcut_parent_ = current_;
    leaf_terminal_ply_ = terminal_ply;
  }
  [[gnu::always_inline]] bool quick_leaf_child_value(Move m, Score& value) const {
    if (!shortcut_.child_has_legal_move_out_of_check(*current_, m)) return false;
    value = shortcut_.accepted_child_evaluation(*current_, m);
    return true;
  }
  // Every leaf child at once (LeafShortcut::children_at_most), after
  // prepare_leaf_children.
  bool leaf_children_at_most(Score bound, std::uint64_t& count, Score& best) const {
    return shortcut_.children_at_most(*current_, bound, count, best);
  }
  // The child played in the slot above the parent, which stays the current node.
  [[gnu::noinline]] LeafChildScore leaf_child_score(Move m) const {
    overwriting(current_ + 1);
    Position& child = current_[1];
    child = *current_;
    child.play(m);
    if (has_legal_move(child)) return {prunebench::evaluate(child), false};
    return {terminal_score_of(child, leaf_terminal_ply_), true};
  }

  // The move an MVV-LVA ordering puts first (first_move.h), and its child's
  // evaluation and score from here as leaf_child_score scores it. A node
  // whose move is still pending may find its first move among its
  // siblings' (sibling_first_move.h), without being built.
  using FirstMoveTies = prunebench::FirstMoveTies;
  [[gnu::always_inline]] bool first_mvv_lva_move(Move& m, FirstMoveTies* ties) const {
    bool found;
    if (!pending_.is_none() && siblings_.lookup(current_, pending_, found, m, ties)) return found;
    return prunebench::first_mvv_lva_move(position(), m, ties);
  }
  // A node still pending after a quiet move is read from its parent
  // (quiet_child.h), and is built only if its child needs a closer look.
  [[gnu::always_inline]] Score leaf_child_evaluation(Move m) const {
    if (pending_is_quiet()) return evaluate_after(QuietChild(*current_, pending_), m);
    return evaluate_after(position(), m);
  }
  // A child pending after a quiet move is asked once, unbuilt: built, it
  // would give the same answer.
  LeafChildScore lone_leaf_child_score(Move m, Score evaluation, int terminal_ply) {
    if (pending_is_quiet()) {
      if (siblings_.shared_leaf_is_ordinary(current_, pending_, m) ||
          lone_child_has_legal_move(QuietChild(*current_, pending_), m))
        return {evaluation, false};
    } else if (lone_child_has_legal_move(position(), m)) {
      return {evaluation, false};
    }
    play_pending();
    leaf_terminal_ply_ = terminal_ply;
    return leaf_child_score(m);
  }

  void make(Move m) {
    play_pending();
    pending_ = m;
    if (!lazy_) play_pending();
  }
  void unmake(Move) {
    if (pending_.is_none())
      --current_;
    else
      pending_ = Move::none();
  }
  Key key() const { return position().key(); }
  Key child_key_hint(Move m) const { return position().key_hint(m); }

  bool supports_ordering(BaseOrdering ordering) const {
    return ordering == BaseOrdering::NATURAL || ordering == BaseOrdering::MVV_LVA ||
           ordering == BaseOrdering::QUIET_PST || ordering == BaseOrdering::CANONICAL;
  }
  std::int64_t move_score(BaseOrdering ordering, Move m) const {
    if (ordering == BaseOrdering::MVV_LVA) return mvv_lva_score(position(), m);
    if (ordering == BaseOrdering::QUIET_PST) return quiet_pst_score(position(), m);
    if (ordering == BaseOrdering::CANONICAL) return canonical_score(m);
    return 0;
  }
  // move_score of every move of `list`, the position and the ordering looked
  // up once (ordering.h uses it when a tree offers it).
  void move_scores(BaseOrdering ordering, const MoveList& list, std::int64_t* scores) const {
    const Position& pos = position();
    if (ordering == BaseOrdering::MVV_LVA) {
      mvv_lva_scores(pos, list.begin(), list.size(), scores);
      return;
    }
    for (std::size_t i = 0; i < list.size(); ++i)
      scores[i] = ordering == BaseOrdering::QUIET_PST   ? quiet_pst_score(pos, list[i])
                  : ordering == BaseOrdering::CANONICAL ? canonical_score(list[i])
                                                        : 0;
  }
  // The moves of `list` that `ordering` scores other than zero, and those of
  // `also`, with their scores, when that is a few of them (ordering.h then
  // leaves the rest as listed): under MVV-LVA, the captures. False for the
  // other orderings.
  template <std::size_t N>
  bool sparse_move_scores(BaseOrdering ordering, const MoveList& list, const std::array<Move, N>& also,
                          std::int64_t* scores, std::uint16_t* indices, std::size_t& count) const {
    if (ordering != BaseOrdering::MVV_LVA) return false;
    count = mvv_lva_listed_scores(position(), list.begin(), list.size(), also, scores, indices);
    return true;
  }
  std::int64_t scan_order_score(const ScanOrder& order, Move m) const {
    return prunebench::scan_order_score(position(), m, order);
  }
  // One index per (from, to) pair: the move's low twelve bits, which hold
  // exactly those two squares (types.h), so no field is taken apart.
  int history_index(Move m) const { return m.raw() & (HISTORY_SIZE - 1); }
  bool is_quiet(Move m) const { return !m.is_capture() && !m.is_promotion(); }

  // What the selective options ask of a node (engine/search/selective.h).
  bool in_check() const { return position().in_check(); }
  bool gives_check(Move m) const { return position().after(m).in_check(); }
  // The null-move zugzwang guard: the side to move has a piece other than king and pawns.
  bool side_to_move_has_piece() const {
    const Position& pos = position();
    return (pos.pieces(pos.side_to_move()) & ~(pos.pieces(KING) | pos.pieces(PAWN))) != 0;
  }
  // nullmove=adaptive: the pieces (knights, bishops, rooks, queens) of the side that has fewer.
  int fewest_pieces() const {
    const Position& pos = position();
    const Bitboard pieces = ~(pos.pieces(KING) | pos.pieces(PAWN));
    return std::min(popcount(pos.pieces(WHITE) & pieces), popcount(pos.pieces(BLACK) & pieces));
  }
  // The pass, played at once (never pending), and taken back.
  void make_null() {
    play_pending();
    overwriting(current_ + 1);
    current_[1] = current_[0];
    ++current_;
    current_->play_null();
  }
  void unmake_null() { --current_; }

 private:
  Score terminal_score_of(const Position& pos, int ply) const {
    if (!pos.in_check()) return 0;
    return -(mate_distance_ ? MATE - ply : MATE);
  }

  bool pending_is_quiet() const { return !pending_.is_none() && pending_.kind() == QUIET; }

  // `slot` is about to hold another position: what was worked out for the
  // one it held is forgotten.
  void overwriting(const Position* slot) const {
    if (shortcut_parent_ == slot) shortcut_parent_ = nullptr;
    siblings_.forget(slot);
  }

  // Builds the child of a pending move. Logically const: the node the tree
  // stands on does not change, only whether its position exists yet.
  void play_pending() const {
    if (pending_.is_none()) return;
    overwriting(current_ + 1);
    current_[1] = current_[0];
    ++current_;
    current_->play(pending_);
    pending_ = Move::none();
  }

  // has_children() when the shortcut has not been computed for this parent
  // yet, or cannot tell. Out of line: the inline part runs at every leaf.
  [[gnu::noinline]] bool has_children_slowly() const {
    if (!pending_.is_none() && shortcut_parent_ != current_) {
      shortcut_ = LeafShortcut(*current_);
      shortcut_parent_ = current_;
      if (shortcut_.child_has_legal_move_out_of_check(*current_, pending_)) return true;
    }
    return has_legal_move(position());
  }

  mutable std::vector<Position> stack_;
  mutable Position* current_;     // &stack_[deepest built ply]
  mutable Move pending_;          // made but not yet played, or none
  mutable LeafShortcut shortcut_;
  mutable const Position* shortcut_parent_ = nullptr;  // whose children shortcut_ describes
  mutable SiblingFirstMoves siblings_;
  bool mate_distance_;
  bool lazy_;
  int leaf_terminal_ply_ = 0;  // prepare_leaf_children()'s terminal_ply
};

static_assert(Tree<ChessTree>);
static_assert(ScoresLeafChildren<ChessTree>);
static_assert(FindsFirstMove<ChessTree>);
static_assert(HintsChildKeys<ChessTree>);

}  // namespace prunebench
