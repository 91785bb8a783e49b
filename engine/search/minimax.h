// Two-sided minimax: MAX at even plies, MIN at odd plies (reference 000's
// first version, and the textbook's).
//
// Values are from the root player's (MAX's) point of view. Trees score nodes
// for the side to move, so leaf values are negated at odd plies. The result
// at the root is therefore the same number negamax returns. Kept separate
// from negamax on purpose: it is the form the textbook traces.
#pragma once

#include <cstddef>

#include "engine/search/node.h"

namespace prunebench {

template <Tree T>
class Minimax {
 public:
  explicit Minimax(SearchContext<T>& ctx) : ctx_(ctx) {}

  // The minimax value, for the player to move at ply 0, of the current node.
  Score search(int ply, int depth, NodeType expected = NodeType::PV) {
    return ply % 2 == 0 ? search_as<true>(ply, depth, expected) : search_as<false>(ply, depth, expected);
  }

 private:
  // MAX and MIN are two instantiations, so no node tests whose turn it is.
  template <bool MAXIMIZING>
  Score search_as(int ply, int depth, NodeType expected) {
    if (depth <= 0) return for_root_player<MAXIMIZING>(visit_horizon_node(ctx_, ply));
    return search_children<MAXIMIZING>(ply, depth, expected);
  }

  // A child's expected node type is worked out only if it has children of its
  // own: most children are leaves.
  template <bool MAXIMIZING>
  Score search_child(int ply, int depth, NodeType parent, std::size_t index) {
    if (depth <= 0) return for_root_player<MAXIMIZING>(visit_horizon_node(ctx_, ply));
    return search_children<MAXIMIZING>(ply, depth, child_type(parent, index));
  }

  // A node with one ply to go scores its leaf children itself when the tree
  // can (leaf_children.h): the same counts, fewer instructions.
  template <bool MAXIMIZING>
  Score search_children(int ply, int depth, NodeType expected) {
    if constexpr (ScoresLeafChildren<T>)
      if (visits_leaf_children(ctx_, depth)) return search_children_as<MAXIMIZING, true>(ply, depth, expected);
    return search_children_as<MAXIMIZING, false>(ply, depth, expected);
  }

  template <bool MAXIMIZING, bool LEAF_CHILDREN>
  Score search_children_as(int ply, int depth, NodeType expected) {
    if (ply == ctx_.split_ply) [[unlikely]]
      return (*ctx_.split)[take_split(ctx_, ply)].value;  // already MAX's view
    enter_node(ctx_, ply, depth);
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    if (moves.size() == 0) return for_root_player<MAXIMIZING>(terminal_value(ctx_, ply));
    [[maybe_unused]] LeafTally leaves;
    if constexpr (LEAF_CHILDREN) prepare_leaf_children(ctx_, ply + 1);

    Score best = MAXIMIZING ? -INFINITE_SCORE : INFINITE_SCORE;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto move = moves[i];
      Score child;
      if constexpr (LEAF_CHILDREN) {
        child = for_root_player<!MAXIMIZING>(visit_leaf_child(ctx_, leaves, move));
      } else {
        ctx_.tree.make(move);
        child = search_child<!MAXIMIZING>(ply + 1, depth - 1, expected, i);
        ctx_.tree.unmake(move);
      }
      if (MAXIMIZING ? child > best : child < best) {
        best = child;
        record_pv<LEAF_CHILDREN>(ctx_.pv, ply, move);
      }
    }
    if constexpr (LEAF_CHILDREN) count_leaf_children(ctx_.counters, ply + 1, leaves);
    count_node_types(ctx_.counters, expected, NodeType::PV);
    return best;
  }

  // Trees score for the side to move: MAX's own view, MIN's negated.
  template <bool MAXIMIZING>
  static Score for_root_player(Score side_to_move_value) {
    return MAXIMIZING ? side_to_move_value : -side_to_move_value;
  }

  SearchContext<T>& ctx_;
};

}  // namespace prunebench
