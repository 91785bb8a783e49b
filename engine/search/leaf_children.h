// An optional Tree capability: scoring a child at the horizon from its parent.
//
// Most nodes of a full-width search are leaves, and a leaf is only asked
// whether it has children and what it evaluates to. A tree that can answer
// both from the parent and the move (chess: LeafShortcut, evaluate_after)
// lets a node whose children are all leaves (one ply to go) score them in
// its own move loop, without make(), unmake() or a call per child. The search
// still enters, counts and scores every leaf exactly as visit_horizon_node
// does (node.h), so every count is the same with or without it.
#pragma once

#include <concepts>
#include <cstdint>

#include "engine/search/tree.h"
#include "engine/types.h"

namespace prunebench {

// A leaf's value for its side to move, and whether it is a terminal (no children).
struct LeafChildScore {
  Score value;
  bool terminal;
};

template <typename T>
concept ScoresLeafChildren = Tree<T> &&
    requires(T& tree, const T& const_tree, typename T::MoveType move, Score& value) {
  // Whether it does so now (a chess tree set to play every leaf does not).
  { const_tree.scores_leaf_children() } -> std::same_as<bool>;
  // Called on a node with one ply to go before its first child is scored.
  // `terminal_ply`: the argument terminal_score() takes at the children.
  { tree.prepare_leaf_children(0) } -> std::same_as<void>;
  // The child reached by `move`, scored as has_children(), terminal_score()
  // and evaluate() would score it after make(move).
  { const_tree.leaf_child_score(move) } -> std::same_as<LeafChildScore>;
  // The same for most children, cheaply: true if the child provably has
  // children, with its evaluation in `value`; false if this cannot tell
  // (then the search asks leaf_child_score). Two calls rather than one, so
  // that the cheap answer's path through the search stays short.
  { const_tree.quick_leaf_child_value(move, value) } -> std::same_as<bool>;
};

// Optional beside it: every leaf child's value bounded at once, without a
// move list, for a node whose order cannot matter unless a child scores
// above alpha (alphabeta.h's scan in list order).
template <typename T>
concept BoundsLeafChildren = ScoresLeafChildren<T> &&
    requires(const T& const_tree, Score bound, std::uint64_t& count, Score& best) {
  // After prepare_leaf_children: true when every child is provably not a
  // terminal and scores at most `bound` from this node's side (its value
  // negated), with their number in `count` and the largest of those scores
  // in `best`; false when it cannot tell (nothing is known then).
  { const_tree.leaf_children_at_most(bound, count, best) } -> std::same_as<bool>;
};

// Optional beside it: the child a node searches first when its moves are
// ordered by MVV-LVA, found without generating them, for a node with one ply
// to go whose first move reaches beta at once (alphabeta.h).
template <typename T>
concept FindsFirstMove = ScoresLeafChildren<T> &&
    requires(T& tree, const T& const_tree, typename T::MoveType& move, typename T::FirstMoveTies* ties,
             Score evaluation, int terminal_ply) {
  // True, with `move`, when the tree can find the ordered list's first move
  // so; false when it cannot tell. `*ties`, if asked for: the moves with the
  // same base score, one per history index, in list order (`moves`, `count`;
  // count 0 when it cannot list them).
  { const_tree.first_mvv_lva_move(move, ties) } -> std::same_as<bool>;
  { ties->moves[0] } -> std::convertible_to<typename T::MoveType>;
  { ties->count } -> std::convertible_to<int>;
  // The child's evaluation for its side to move: its value unless it is a
  // terminal, which only scoring it can tell.
  { const_tree.leaf_child_evaluation(move) } -> std::same_as<Score>;
  // leaf_child_score(move) without prepare_leaf_children first;
  // `evaluation`: leaf_child_evaluation(move), already asked for.
  { tree.lone_leaf_child_score(move, evaluation, terminal_ply) } -> std::same_as<LeafChildScore>;
};

}  // namespace prunebench
