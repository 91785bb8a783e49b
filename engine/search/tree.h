// The game-tree interface every search algorithm is written against.
//
// Minimax, negamax, alpha-beta, PVS and MTD(f) are each implemented once, as
// templates over a `Tree`. The chess adapter (engine/trees/chess_tree.h) and the
// synthetic trees of the tree lab (engine/trees/) both model this concept, so
// the numbers measured on random trees come from the very code that searches
// chess positions.
//
// A Tree is a cursor: it sits on one node and moves down with make() and back
// up with unmake(). Scores are always from the point of view of the side to
// move at the current node (negamax convention).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "engine/types.h"

namespace prunebench {

// Base orderings a tree may know how to score (see engine/search/ordering.h).
// A tree that does not support one rejects it in supports_ordering().
enum class BaseOrdering {
  NATURAL,     // as generated ("unordered")
  MVV_LVA,     // chess: captures by 10*victim - attacker, quiets after
  QUIET_PST,   // chess: MVV-LVA, then quiets by piece-square gain (reference 000's negative result)
  CANONICAL,   // chess: ascending by UCI string, the portable order (docs/portable-counts.md)
  BEST_FIRST,  // synthetic trees: oracle, children by their true negamax value, best first
  WORST_FIRST, // synthetic trees: oracle, worst first
  RANDOM,      // synthetic trees: seeded shuffle
  ORACLE,      // any tree: children by their exact value, found by searching them (the `oracle` mode)
};

template <typename T>
concept Tree = requires(T tree, const T& const_tree, typename T::MoveType move,
                        typename T::MoveList& list, BaseOrdering ordering) {
  typename T::MoveType;  // a small value type; MoveType{} means "no move"
  typename T::MoveList;  // size(), operator[], begin()/end(), mutable elements
  { const_tree.generate(list) } -> std::same_as<void>;        // children, natural order
  { const_tree.has_children() } -> std::same_as<bool>;       // cheap test used at the horizon
  { const_tree.terminal_score(0) } -> std::same_as<Score>;    // value of a node with no children, at this ply
  { const_tree.evaluate() } -> std::same_as<Score>;           // static value at the horizon
  { tree.make(move) } -> std::same_as<void>;
  { tree.unmake(move) } -> std::same_as<void>;
  { const_tree.key() } -> std::same_as<Key>;                  // identifies the node (transposition table)
  { const_tree.supports_ordering(ordering) } -> std::same_as<bool>;
  // Sort key for the base ordering: larger first. Called before make().
  { const_tree.move_score(ordering, move) } -> std::convertible_to<std::int64_t>;
  // Dense index in [0, T::HISTORY_SIZE) for killer/history tables.
  { const_tree.history_index(move) } -> std::convertible_to<int>;
  { T::HISTORY_SIZE } -> std::convertible_to<int>;
};

// A tree that can guess a child's key() before the child is made offers
// `child_key_hint(move)`: the search asks the table's cache for it ahead of
// the probe. A guess: a wrong one costs a wasted prefetch, never a count.
template <typename T>
concept HintsChildKeys = Tree<T> && requires(const T& tree, typename T::MoveType move) {
  { tree.child_key_hint(move) } -> std::convertible_to<Key>;
};

// Makes a fresh tree at the root: the parallel searches give each thread a
// tree of its own. A std::function rather than a template parameter, so a
// caller's lambda does not compile the whole parallel search once more, and
// search_instances.h can offer one compiled copy per shipped tree.
template <Tree T>
using TreeMaker = std::function<T()>;

}  // namespace prunebench
