// Iterative deepening (references 002 and 003): search depth 1, 2, ..., d
// with the same algorithm, so each iteration can try first the move the
// previous one preferred (the PV move, and the hash move from the table, which
// is kept across iterations within one search). Node counts add up over the
// iterations.
//
// Aspiration windows: from depth 2 on, the root is searched with a window of
// +-W around the previous score; if the result falls outside, the failing side
// is opened to infinity and the root searched again (counted in
// SearchCounters::aspiration_researches). Fail-soft makes the retry cheap to
// aim; fail-hard only reports the window edge (reference 001), which is still
// correct because the retry opens that side completely.
#pragma once

#include <algorithm>

#include "engine/search/node.h"

namespace prunebench {

// Whether a root score failed the aspiration window: at its edge too, since
// fail-hard returns the edge itself.
template <Mutant M>
bool fails_low(Score score, Score alpha) {
  if constexpr (M == Mutant::ASPIRATION_FAIL_HARD) return score < alpha;
  return score <= alpha;
}
template <Mutant M>
bool fails_high(Score score, Score beta) {
  if constexpr (M == Mutant::ASPIRATION_FAIL_HARD) return score > beta;
  return score >= beta;
}

// `search_root(depth, alpha, beta, previous_score)` searches the root once and
// leaves its line in ctx.pv row 0 (or returns it through `line_of_root`).
// Returns the score of the final iteration. `first_depth`: the first
// iteration's depth (a lazy SMP helper may start one ahead, lazy_smp.h).
// M (mutant.h): the museum's aspiration bug, a failure seen only beyond the edge.
template <Mutant M = Mutant::NONE, Tree T, typename RootSearch, typename RootLine>
Score iterative_deepening(SearchContext<T>& ctx, int max_depth, Score aspiration, Score first_guess,
                          RootSearch&& search_root, RootLine&& line_of_root, int first_depth = 1) {
  Score previous = first_guess;
  Score score = 0;
  for (int depth = std::min(first_depth, max_depth); depth <= max_depth; ++depth) {
    Score alpha = -INFINITE_SCORE;
    Score beta = INFINITE_SCORE;
    if (aspiration > 0 && depth > 1) {
      alpha = std::max(previous - aspiration, -INFINITE_SCORE);
      beta = std::min(previous + aspiration, INFINITE_SCORE);
    }
    while (true) {
      score = search_root(depth, alpha, beta, previous);
      if (fails_low<M>(score, alpha) && alpha > -INFINITE_SCORE) {
        alpha = -INFINITE_SCORE;
      } else if (fails_high<M>(score, beta) && beta < INFINITE_SCORE) {
        beta = INFINITE_SCORE;
      } else {
        break;
      }
      ++ctx.counters.aspiration_researches;
    }
    ctx.previous_pv = line_of_root();
    previous = score;
  }
  return score;
}

}  // namespace prunebench
