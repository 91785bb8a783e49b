// Reading leaves without a search around them: the minimal tree (minimal.h)
// and its full-width oracle (minimal_full_width.h) ask of a leaf only its
// value and whether it is a terminal, and scan the leaf children of a node one
// ply above the horizon until their values decide.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/search/node.h"

namespace prunebench {

// The current node's value for its side to move, scored as a leaf at `ply`,
// and whether it is a terminal (no legal move).
template <Tree T>
Score leaf_value(SearchContext<T>& ctx, int ply, bool& terminal) {
  terminal = !ctx.tree.has_children();
  if (terminal) return ctx.tree.terminal_score(mate_ply(ctx, ply));
  return ctx.tree.evaluate();
}

// Calls f(index, value, terminal) for the children `moves` of the current
// node at `ply`, each a leaf, in generator order until f returns false: from
// the parent where the tree can score its leaf children (leaf_children.h),
// else each child made and unmade.
template <Tree T, typename F>
void for_each_leaf_child(SearchContext<T>& ctx, const typename T::MoveList& moves, int ply, F&& f) {
  if constexpr (ScoresLeafChildren<T>) {
    if (ctx.tree.scores_leaf_children()) {
      prepare_leaf_children(ctx, ply + 1);
      LeafTally tally;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::uint64_t terminals = tally.terminals;
        const Score value = visit_leaf_child(ctx, tally, moves[i]);
        if (!f(i, value, tally.terminals != terminals)) return;
      }
      return;
    }
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    ctx.tree.make(moves[i]);
    bool terminal;
    const Score value = leaf_value(ctx, ply + 1, terminal);
    ctx.tree.unmake(moves[i]);
    if (!f(i, value, terminal)) return;
  }
}

}  // namespace prunebench
