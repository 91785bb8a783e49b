// MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, 1996; reference 001).
//
// Only null-window alpha-beta searches of the root: each pass asks "is the
// value >= beta?" with beta next to the current guess, and its fail-soft
// result moves the lower or the upper bound until they meet. The passes
// revisit the same tree, so MTD(f) is meant to run over alpha-beta "with
// memory" (a transposition table keeping both bounds, tt.h); without one it
// is still correct, only slow. Passes are counted in SearchCounters::mtdf_passes
// and, by depth, in mtdf_passes_per_depth.
//
// With iterative deepening (algo=mtdf+id, as Plaat et al. ran it) each
// iteration's first guess is the previous iteration's value
// (iterative_deepening.h), and the table keeps both bounds across iterations.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/search/alphabeta.h"
#include "engine/search/node.h"

namespace prunebench {

template <Tree T, Fail F = Fail::SOFT, Mutant M = Mutant::NONE>
class Mtdf {
 public:
  using Move = typename T::MoveType;

  explicit Mtdf(SearchContext<T>& ctx) : ctx_(ctx) {}

  // The root value at `depth`, starting from `guess`.
  Score search(int depth, Score guess) {
    AlphaBeta<T, F, ChildWindow::FULL, M> alphabeta(ctx_);
    Score g = guess;
    Score lower = -INFINITE_SCORE;
    Score upper = INFINITE_SCORE;
    pv_.clear();
    while (lower < upper) {
      const Score beta = g == lower ? g + 1 : g;
      ++ctx_.counters.mtdf_passes;
      ++ctx_.counters.mtdf_passes_per_depth[std::size_t(depth)];
      g = alphabeta.search(0, depth, beta - 1, beta);
      if (g < beta) {
        upper = g;
      } else {
        lower = g;
        // A pass that fails high proves its cut-off move reaches g: the last
        // such pass (g is then the final value) names the best move.
        pv_ = ctx_.pv.line(0);
      }
    }
    return g;
  }

  // The best move and the refutation line below it from the last fail-high
  // pass. Null-window passes prove bounds, not lines, so this is usually just
  // the best move.
  const std::vector<Move>& pv() const { return pv_; }

 private:
  SearchContext<T>& ctx_;
  std::vector<Move> pv_;
};

}  // namespace prunebench
