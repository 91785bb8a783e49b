// Principal variation search (NegaScout; reference 001).
//
// The first child is searched with the full window; every later child is
// first probed with a null window around alpha ("is it better than alpha?")
// and searched again only if the probe says it is. The re-search uses the
// node's window (alpha, beta), as Marsland's PVS does, rather than NegaScout's
// (v, beta): with fail-soft, v is often the exact value already, and a
// (v, beta) search would then fail low and return no principal variation.
// A bet on the first move being best: with good ordering the probes are cheap
// and rarely repeated; with poor ordering the re-searches (counted in
// SearchCounters::researches) cost more than PVS saves.
//
// Everything else - node entry, table, ordering, cut-offs, fail policy - is
// shared with alpha-beta through node.h.
#pragma once

#include <cstddef>

#include "engine/search/node.h"

namespace prunebench {

template <Tree T, Fail F = Fail::SOFT>
class Pvs {
 public:
  using Move = typename T::MoveType;

  explicit Pvs(SearchContext<T>& ctx) : ctx_(ctx) {}

  Score search(int ply, int depth, Score alpha, Score beta, NodeType expected = NodeType::PV,
               bool on_previous_pv = true) {
    if (depth <= 0) return bounded<F>(visit_horizon_node(ctx_, ply), alpha, beta);
    return search_children(ply, depth, alpha, beta, expected, on_previous_pv);
  }

 private:
  Score search_children(int ply, int depth, Score alpha, Score beta, NodeType expected, bool on_previous_pv) {
    enter_node(ctx_, ply);
    Score value;
    Move hash_move{};
    if (ctx_.tt && probe_table(ctx_, ply, depth, alpha, beta, value, hash_move))
      return bounded<F>(value, alpha, beta);
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    if (moves.size() == 0) return bounded<F>(terminal_value(ctx_, ply), alpha, beta);
    prepare_moves(ctx_, moves, ply, hash_move, on_previous_pv);
    const Move pv_move = ctx_.previous_pv_move(ply, on_previous_pv);

    const Score original_alpha = alpha;
    Score best = -INFINITE_SCORE;
    Move best_move{};
    NodeType behaved = NodeType::ALL;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move move = moves[i];
      const NodeType type = child_type(expected, i);
      const bool child_on_pv = on_previous_pv && move == pv_move;
      ctx_.tree.make(move);
      Score child;
      if (i == 0) {
        child = -search(ply + 1, depth - 1, -beta, -alpha, type, child_on_pv);
      } else {
        child = -search(ply + 1, depth - 1, -alpha - 1, -alpha, type, child_on_pv);
        if (alpha < child && child < beta) {
          ++ctx_.counters.researches;
          child = -search(ply + 1, depth - 1, -beta, -alpha, type, child_on_pv);
        }
      }
      ctx_.tree.unmake(move);
      if (child > best) best = child;
      if (child > alpha) {
        alpha = child;
        best_move = move;
        behaved = NodeType::PV;
        ctx_.pv.update(ply, move);
        if (alpha >= beta) {
          behaved = NodeType::CUT;
          record_cutoff(ctx_, move, i, moves.size(), ply, depth, best, alpha, beta);
          break;
        }
      }
    }
    if (behaved != NodeType::CUT) record_node_value(ctx_, ply, best, alpha, beta);
    count_node_types(ctx_.counters, expected, behaved);
    best = bounded<F>(best, original_alpha, beta);
    if (ctx_.tt) store_table(ctx_, ply, depth, best, original_alpha, beta, best_move);
    return best;
  }

  SearchContext<T>& ctx_;
};

}  // namespace prunebench
