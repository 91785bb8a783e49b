// Selective search: null-move pruning, late move reductions and futility
// pruning, the unsound options (README glossary, "nullmove", "lmr",
// "futility"). Each one skips or shortens the search of a part of the tree
// on a guess that the part cannot matter, so the root value may change: a
// mode with any of them is not value-preserving (spec.h, is_selective), and
// its record carries the exact reference of the same mode without them
// (search.h).
//
// The rules, to the letter (the glossary repeats them):
//
//   nullmove=R  At a node with at least one legal move, not the root, the
//               side to move not in check, the move into it not a null move,
//               and the side to move owning a piece other than king and pawns
//               (the zugzwang guard): the side passes (make_null), and the
//               null child is searched with the window (-beta, -beta + 1) to
//               depth - 1 - R (at most 0: a horizon node, qsearch's if on).
//               If its value, negated, is >= beta the node returns it (then
//               fail=hard clamps it to beta) without searching a move and
//               without storing it in the table.
//   nullmove=adaptive  The same, with Heinz's R (Adaptive Null-Move Pruning,
//               ICCA J. 22(3), 1999): 3 when depth > 8, or when depth > 6 and
//               each side has at least 3 pieces (knights, bishops, rooks,
//               queens: ChessTree::fewest_pieces); otherwise 2.
//   nullmove=verified  R = 3 and the same conditions (David-Tabibi and
//               Netanyahu, Verified Null-Move Pruning, ICGA J. 25(3), 2002,
//               Figure 3). A verify flag rides down each path, on at the
//               root, handed to every child, the null child included. Where
//               it is off, a fail-high cuts as above. Where it is on, the
//               node does not cut: it searches its moves to depth - 1 (its
//               children to depth - 2) with the flag off in their subtrees;
//               if that search's best value is < beta (a zugzwang: the null
//               move failed high but no move does), it searches its moves
//               again, to its own depth, with the flag on.
//   lmr[=K]     At a node with depth >= 3, not in check: the i-th move in the
//               node's order (from 0) with i >= K (default 3), quiet (neither
//               capture nor promotion), not giving check, and, with killers
//               on, not one of the node's two killers at the time, is first
//               searched to depth - 2 with the window (-alpha - 1, -alpha);
//               if its value exceeds alpha it is searched again as it would
//               have been without lmr (depth - 1, the node's child window).
//   futility=M  At a node with depth 1, not in check: the i-th move with
//               i >= 1 (the first move in the node's order is never pruned),
//               quiet and not giving check, is skipped when static evaluation
//               + M <= alpha (the node's alpha when the move's turn comes).
//               The node's value is the best of the moves it searched.
//   extended-futility=E  The same at depth 2 with margin E (Heinz, Extended
//               Futility Pruning, ICCA J. 21(2), 1998: about a rook, 500).
//
// A node's depth here is the depth its moves are searched to: one less than
// it was entered with while a verified null move's reduced search runs.
//
// Only trees that can pass and tell checks and quiet moves (SelectiveTree:
// chess) run them; check_spec (search.h) refuses them elsewhere.
#pragma once

#include <concepts>
#include <cstddef>
#include <optional>

#include "engine/search/node.h"

namespace prunebench {

template <typename T>
concept SelectiveTree =
    KnowsQuietMoves<T> && requires(T tree, const T& const_tree, typename T::MoveType move) {
      { const_tree.in_check() } -> std::same_as<bool>;
      { const_tree.gives_check(move) } -> std::same_as<bool>;
      { const_tree.side_to_move_has_piece() } -> std::same_as<bool>;
      { const_tree.fewest_pieces() } -> std::same_as<int>;
      tree.make_null();
      tree.unmake_null();
    };

// What a node of a selective search works out once, before its move loop.
struct SelectiveNode {
  bool in_check = false;
  Score static_eval = 0;  // where futility may act only
};

// The futility margin at a node whose moves are searched to `depth`: M at
// depth 1, E at depth 2 (extended-futility), -1 where none applies.
template <Tree T>
Score futility_margin_at(const SearchContext<T>& ctx, int depth) {
  if (depth == 1) return ctx.futility_margin;
  return depth == 2 ? ctx.extended_futility_margin : -1;
}

template <Tree T>
SelectiveNode selective_node(const SearchContext<T>& ctx, int depth) {
  SelectiveNode node;
  if constexpr (SelectiveTree<T>) {
    node.in_check = ctx.tree.in_check();
    // A verified null move may search the moves one ply shallower.
    const bool verified = ctx.null_move_rule == NullMoveRule::VERIFIED;
    if (!node.in_check && (futility_margin_at(ctx, depth) >= 0 || (verified && futility_margin_at(ctx, depth - 1) >= 0)))
      node.static_eval = ctx.tree.evaluate();
  } else {
    (void)ctx, (void)depth;
  }
  return node;
}

// Whether the moves of this node may be reduced or pruned by their kind: a
// quiet move that does not give check (and, for lmr, is not a killer).
template <Tree T>
bool quiet_and_no_check(const SearchContext<T>& ctx, typename T::MoveType move) {
  if constexpr (SelectiveTree<T>) {
    return ctx.tree.is_quiet(move) && !ctx.tree.gives_check(move);
  } else {
    (void)ctx, (void)move;
    return false;
  }
}

// nullmove's R at a node with `depth` to go: fixed, or Heinz's adaptive R.
template <SelectiveTree T>
int null_move_reduction(const SearchContext<T>& ctx, int depth) {
  if (ctx.null_move_rule != NullMoveRule::ADAPTIVE) return ctx.null_move_reduction;
  constexpr int HEINZ_PIECES = 3, HEINZ_DEPTH = 6, HEINZ_FEW_PIECES_DEPTH = 8;
  const int deeper_than = ctx.tree.fewest_pieces() >= HEINZ_PIECES ? HEINZ_DEPTH : HEINZ_FEW_PIECES_DEPTH;
  return ctx.null_move_reduction + (depth > deeper_than ? 1 : 0);
}

// What the null move did at a node: nothing (no pass, or it failed low), a
// cut-off with `value`, or (nullmove=verified, flag on) a fail-high to verify.
struct NullMoveOutcome {
  enum Kind { NONE, CUTOFF, VERIFY } kind = NONE;
  Score value = 0;
};

// nullmove: passes if the rules allow and says what came of it.
// `search_null(depth, alpha, beta)` searches the null child, already made,
// from its own side.
template <Tree T, typename SearchNull>
NullMoveOutcome try_null_move(SearchContext<T>& ctx, const SelectiveNode& node, int ply, int depth, Score beta,
                              SearchNull search_null) {
  if constexpr (SelectiveTree<T>) {
    if (ctx.null_move_reduction == 0 || ply == 0 || node.in_check || ctx.null_child_ply == ply ||
        !ctx.tree.side_to_move_has_piece())
      return {};
    ++ctx.counters.null_move_tries;
    const int outer_null_child = ctx.null_child_ply;  // restored: a null child below this one may come later
    ctx.null_child_ply = ply + 1;
    ctx.tree.make_null();
    const Score value = -search_null(depth - 1 - null_move_reduction(ctx, depth), -beta, -beta + 1);
    ctx.tree.unmake_null();
    ctx.null_child_ply = outer_null_child;
    if (value < beta) return {};
    if (ctx.null_move_rule == NullMoveRule::VERIFIED && ctx.verify_null_move) {
      ++ctx.counters.null_move_verifications;
      return {NullMoveOutcome::VERIFY, value};
    }
    ++ctx.counters.null_move_cutoffs;
    return {NullMoveOutcome::CUTOFF, value};
  } else {
    (void)ctx, (void)node, (void)ply, (void)depth, (void)beta, (void)search_null;
    return {};
  }
}

// futility: whether the `index`-th move is skipped unsearched (and counted).
template <Tree T>
bool futility_prunes(SearchContext<T>& ctx, const SelectiveNode& node, typename T::MoveType move,
                     std::size_t index, int depth, Score alpha) {
  const Score margin = futility_margin_at(ctx, depth);
  if (margin < 0 || node.in_check || index == 0) return false;
  if (node.static_eval + margin > alpha || !quiet_and_no_check(ctx, move)) return false;
  ++ctx.counters.futility_pruned;
  return true;
}

// lmr: whether the `index`-th move is searched reduced first.
template <Tree T>
bool lmr_reduces(const SearchContext<T>& ctx, const SelectiveNode& node, typename T::MoveType move,
                 std::size_t index, int ply, int depth) {
  if (!ctx.lmr || depth < 3 || node.in_check || index < std::size_t(ctx.lmr_full_depth_moves)) return false;
  if (ctx.ordering.killers && ctx.killers.rank(ply, move) != 0) return false;
  return quiet_and_no_check(ctx, move);
}

}  // namespace prunebench
