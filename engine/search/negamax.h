// Negamax: full-width minimax with one sign flip per ply (reference 000).
//
// Every value is from the side to move's point of view, so a child's value is
// negated on the way up and one max() serves both players. No window, no
// pruning, no ordering: this is the baseline whose node count is exactly
// perft(0)+...+perft(d), so the loop is kept lean (it must run at full speed).
#pragma once

#include <cstddef>

#include "engine/search/node.h"

namespace prunebench {

template <Tree T>
class Negamax {
 public:
  explicit Negamax(SearchContext<T>& ctx) : ctx_(ctx) {}

  // The negamax value of the current node searched `depth` plies deep.
  Score search(int ply, int depth, NodeType expected = NodeType::PV) {
    if (depth <= 0) return visit_horizon_node(ctx_, ply);
    return search_children(ply, depth, expected);
  }

 private:
  // A child's expected node type is worked out only if it has children of its
  // own: most children are leaves.
  Score search_child(int ply, int depth, NodeType parent, std::size_t index) {
    if (depth <= 0) return visit_horizon_node(ctx_, ply);
    return search_children(ply, depth, child_type(parent, index));
  }

  // A node with one ply to go scores its leaf children itself when the tree
  // can (leaf_children.h): the same counts, fewer instructions.
  Score search_children(int ply, int depth, NodeType expected) {
    if constexpr (ScoresLeafChildren<T>)
      if (visits_leaf_children(ctx_, depth)) return search_children_as<true>(ply, depth, expected);
    return search_children_as<false>(ply, depth, expected);
  }

  template <bool LEAF_CHILDREN>
  Score search_children_as(int ply, int depth, NodeType expected) {
    if (ply == ctx_.split_ply) [[unlikely]]
      return (*ctx_.split)[take_split(ctx_, ply)].value;
    enter_node(ctx_, ply, depth);
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    if (moves.size() == 0) return terminal_value(ctx_, ply);
    [[maybe_unused]] LeafTally leaves;
    if constexpr (LEAF_CHILDREN) prepare_leaf_children(ctx_, ply + 1);

    Score best = -INFINITE_SCORE;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto move = moves[i];
      Score child;
      if constexpr (LEAF_CHILDREN) {
        child = -visit_leaf_child(ctx_, leaves, move);
      } else {
        ctx_.tree.make(move);
        child = -search_child(ply + 1, depth - 1, expected, i);
        ctx_.tree.unmake(move);
      }
      if (child > best) {
        best = child;
        record_pv<LEAF_CHILDREN>(ctx_.pv, ply, move);
      }
    }
    // With no window every node is exact: it behaves as a PV node.
    if constexpr (LEAF_CHILDREN) count_leaf_children(ctx_.counters, ply + 1, leaves);
    count_node_types(ctx_.counters, expected, NodeType::PV);
    return best;
  }

  SearchContext<T>& ctx_;
};

}  // namespace prunebench
