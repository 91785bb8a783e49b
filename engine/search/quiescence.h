// Quiescence search: a horizon node scored by playing out its captures and
// promotions, instead of by the static evaluation alone (reference 001 on
// selective search: the horizon effect, and why engines search on until the
// position is quiet).
//
// The Q-value of a node (README glossary, "Q-value"):
//   - a node with no legal move: its terminal score, as in the main search
//     (checkmate loses, stalemate is a draw);
//   - otherwise the larger of its static evaluation (eval.h, "standing pat":
//     the side to move may decline every capture) and the best -Q(child)
//     over its quiescence moves.
// Quiescence moves are the legal moves that are not quiet (ChessTree::is_quiet):
// every capture (en passant included) and every promotion, capturing or not,
// under-promotions included. A side in check still stands pat and searches
// captures and promotions only, no other evasion: then each quiescence move
// removes a piece or a pawn, so the search ends by itself within
// MAX_QUIESCENCE_PLIES plies, with no depth limit of its own.
//
// qsearch=checks (README glossary, "Q-value with checks"): at the horizon
// node, the first quiescence ply, the quiet moves that give check are
// quiescence moves too, searched after the captures and promotions in
// generator order. The node such a check leads to does not stand pat (a side
// in check cannot decline to answer it): it searches every legal move, in
// MVV-LVA order, and below them the quiescence search goes on as without the
// option. Only those two plies leave captures and promotions, so a line
// below the horizon is still bounded, two plies longer.
//
// Order: MVV-LVA (captures by 10 * victim - attacker, the non-capturing
// promotions after them), equal keys in the mode's tie-break (generator
// order unless tiebreak= says otherwise).
//
// Search: alpha-beta, fail-soft, within the window the horizon node was
// given (stand-pat >= beta cuts, and so does a child >= beta). The
// full-width modes (minimax, negamax) give each horizon node the full
// window, so they too get the exact Q-value of every horizon node: a
// quiescence search of every capture in every order is out of reach (tens of
// millions of quiescence nodes below minimax's 9,323 nodes at depth 3 from
// the start).
//
// Counting: the horizon node is entered by visit_horizon_node (node.h) and
// counted there, in nodes and leaves, as without qsearch; every node below it
// is counted once, here, in qnodes (counters.h). This header is node.h's
// second half, included at its end: it needs the context defined there.
#pragma once

#include <concepts>
#include <cstddef>

#include "engine/search/node.h"

namespace prunebench {

// Each quiescence move captures a piece other than a king (at most 30 of
// them) or promotes a pawn (at most 16), so no line below a horizon node is
// longer: the ply-indexed tables need this much room past the main depth.
constexpr int MAX_QUIESCENCE_PLIES = 30 + 16 + 2;  // + qsearch=checks: a quiet check and the reply to it

// A tree the quiescence search can run on: it tells quiet moves from the
// rest, and its move lists can be built move by move (chess). Synthetic trees
// have no captures; check_spec (search.h) refuses qsearch on them.
template <typename T>
concept QuiescenceTree = KnowsQuietMoves<T> && requires(typename T::MoveList list, typename T::MoveType move) {
  list.push_back(move);
};

// A tree that can also tell the moves that give check (qsearch=checks: chess).
template <typename T>
concept QuiescenceChecksTree = QuiescenceTree<T> && requires(const T& tree, typename T::MoveType move) {
  { tree.gives_check(move) } -> std::same_as<bool>;
};

namespace detail {

// `moves` in MVV-LVA order, equal keys in the mode's tie-break.
template <QuiescenceTree T>
void order_by_mvv_lva(SearchContext<T>& ctx, typename T::MoveList& moves, int ply) {
  OrderingSpec by_mvv_lva;
  by_mvv_lva.base = BaseOrdering::MVV_LVA;
  by_mvv_lva.canonical_tiebreak = ctx.ordering.canonical_tiebreak;
  by_mvv_lva.scan_tiebreak = ctx.ordering.scan_tiebreak;
  order_moves(ctx.tree, moves, by_mvv_lva, OrderingHints<typename T::MoveType>{{}, {}, ply}, ctx.killers,
              ctx.history);
}

// The node's quiescence moves, in the order they are searched; the first
// `quiet_checks_from` of them are captures and promotions, the rest quiet
// checks (only when `with_checks`).
template <QuiescenceTree T>
std::size_t quiescence_moves(SearchContext<T>& ctx, const typename T::MoveList& legal, typename T::MoveList& moves,
                             int ply, bool with_checks) {
  for (const auto move : legal)
    if (!ctx.tree.is_quiet(move)) moves.push_back(move);
  order_by_mvv_lva(ctx, moves, ply);
  const std::size_t quiet_checks_from = moves.size();
  if constexpr (QuiescenceChecksTree<T>) {
    if (with_checks)
      for (const auto move : legal)
        if (ctx.tree.is_quiet(move) && ctx.tree.gives_check(move)) moves.push_back(move);
  }
  return quiet_checks_from;
}

// The only place a quiescence node is counted; `qply`: its distance below the horizon.
template <Tree T>
void enter_quiescence_node(SearchContext<T>& ctx, int qply) {
  ++ctx.counters.qnodes;
  if (qply > ctx.counters.qsearch_max_ply) ctx.counters.qsearch_max_ply = qply;
  if (ctx.stop) [[unlikely]]
    poll_stop(ctx);
}

// `check_reply`: the node a quiet check from the horizon leads to (qsearch=checks).
template <QuiescenceTree T>
Score quiescence_node(SearchContext<T>& ctx, int ply, int qply, Score alpha, Score beta, bool check_reply);

// The best of `best` and the values of `moves`, fail-soft within the window;
// the moves from `quiet_checks_from` on are quiet checks.
template <QuiescenceTree T>
Score best_of_moves(SearchContext<T>& ctx, const typename T::MoveList& moves, std::size_t quiet_checks_from,
                    int ply, int qply, Score best, Score alpha, Score beta) {
  if (best > alpha) alpha = best;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const bool quiet_check = i >= quiet_checks_from;
    if (quiet_check) ++ctx.counters.qsearch_checks;
    ctx.tree.make(moves[i]);
    const Score child = -quiescence_node(ctx, ply + 1, qply + 1, -beta, -alpha, quiet_check);
    ctx.tree.unmake(moves[i]);
    if (child > best) best = child;
    if (child > alpha) alpha = child;
    if (alpha >= beta) break;
  }
  return best;
}

// The Q-value of the current node, whose legal moves `legal` are not none.
template <QuiescenceTree T>
Score stand_pat_or_capture(SearchContext<T>& ctx, const typename T::MoveList& legal, int ply, int qply,
                           Score alpha, Score beta) {
  const Score stand_pat = ctx.tree.evaluate();
  if (stand_pat >= beta) return stand_pat;
  typename T::MoveList moves;
  const std::size_t quiet_checks_from = quiescence_moves(ctx, legal, moves, ply, qply == 0 && ctx.qsearch_checks);
  return best_of_moves(ctx, moves, quiet_checks_from, ply, qply, stand_pat, alpha, beta);
}

// A node below the horizon, entered here: a terminal, or stand-pat and
// captures; a check reply node does not stand pat but plays every legal move.
template <QuiescenceTree T>
Score quiescence_node(SearchContext<T>& ctx, int ply, int qply, Score alpha, Score beta, bool check_reply) {
  enter_quiescence_node(ctx, qply);
  typename T::MoveList legal;
  ctx.tree.generate(legal);
  if (legal.size() == 0) return ctx.tree.terminal_score(mate_ply(ctx, ply));
  if (!check_reply) [[likely]]
    return stand_pat_or_capture(ctx, legal, ply, qply, alpha, beta);
  order_by_mvv_lva(ctx, legal, ply);
  return best_of_moves(ctx, legal, legal.size(), ply, qply, -INFINITE_SCORE, alpha, beta);
}

}  // namespace detail

// The Q-value of a horizon node that has a legal move, already entered and
// counted by visit_horizon_node. Out of line: without qsearch the horizon
// path stays as short as it was.
template <Tree T>
[[gnu::noinline]] Score search_quiescence(SearchContext<T>& ctx, int ply, Score alpha, Score beta) {
  if constexpr (QuiescenceTree<T>) {
    typename T::MoveList legal;
    ctx.tree.generate(legal);
    return detail::stand_pat_or_capture(ctx, legal, ply, 0, alpha, beta);
  } else {
    (void)ply, (void)alpha, (void)beta;
    return ctx.tree.evaluate();  // unreachable: check_spec refuses qsearch on such a tree
  }
}

}  // namespace prunebench
