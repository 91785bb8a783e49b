// The one entry point: search a tree to a fixed depth as a SearchSpec says.
//
//   if (std::string e = check_spec(tree, spec); !e.empty()) { report e }
//   SearchCounters counters;
//   SearchResult<T::MoveType> r = search(tree, spec, depth, counters);
//
// Every mode returns exactly the fixed-depth minimax value, in the negamax
// convention (for the side to move at the root), so results of different
// modes compare directly. The transposition table belongs to one search and
// starts empty, so a count never depends on what ran before.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/search/alphabeta.h"
#include "engine/search/iterative_deepening.h"
#include "engine/search/minimax.h"
#include "engine/search/mtdf.h"
#include "engine/search/negamax.h"
#include "engine/search/node.h"
#include "engine/search/pvs.h"
#include "engine/search/spec.h"

namespace prunebench {

template <typename Move>
struct SearchResult {
  Score score = 0;
  Move best_move{};      // Move{} when the root has no children or depth is 0
  std::vector<Move> pv;  // may stop early where a table entry ended a node
};

// Empty if `tree` can run `spec`, else one line saying why not.
template <Tree T>
std::string check_spec(const T& tree, const SearchSpec& spec) {
  if (std::string error = spec_error(spec); !error.empty()) return error;
  if (!tree.supports_ordering(spec.ordering.base))
    return "this tree does not support order=" + std::string(to_string(spec.ordering.base));
  if (spec.ordering.canonical_tiebreak && !tree.supports_ordering(BaseOrdering::CANONICAL))
    return "this tree does not support tiebreak=canonical";
  if (spec.ordering.scan_tiebreak != 0 && !KnowsScanOrders<T>) return "this tree does not support tiebreak=scan";
  return "";
}

namespace detail {

// Runs `spec.algorithm` at one depth with window (alpha, beta); `guess` seeds MTD(f).
template <Tree T, Fail F>
Score search_root(SearchContext<T>& ctx, const SearchSpec& spec, int depth, Score alpha, Score beta,
                  Score guess, std::vector<typename T::MoveType>& line) {
  Score score = 0;
  switch (spec.algorithm) {
    case Algorithm::MINIMAX:
      score = Minimax<T>(ctx).search(0, depth);
      break;
    case Algorithm::NEGAMAX:
      score = Negamax<T>(ctx).search(0, depth);
      break;
    case Algorithm::ALPHABETA:
      score = AlphaBeta<T, F>(ctx).search(0, depth, alpha, beta);
      break;
    case Algorithm::PVS:
      score = Pvs<T, F>(ctx).search(0, depth, alpha, beta);
      break;
    case Algorithm::MTDF: {
      Mtdf<T, F> mtdf(ctx);
      score = mtdf.search(depth, guess);
      line = mtdf.pv();
      return score;
    }
  }
  line = ctx.pv.line(0);
  return score;
}

template <Tree T, Fail F>
SearchResult<typename T::MoveType> run_search(T& tree, const SearchSpec& spec, int depth,
                                              SearchCounters& counters) {
  using Move = typename T::MoveType;
  std::unique_ptr<TranspositionTable<Move>> tt;
  if (spec.tt)
    tt = std::make_unique<TranspositionTable<Move>>(
        TranspositionTable<Move>::with_megabytes(spec.tt_megabytes, spec.mate_distance));
  SearchContext<T> ctx(tree, counters, spec, tt.get());

  SearchResult<Move> result;
  if (spec.iterative_deepening) {
    result.score = iterative_deepening(
        ctx, depth, spec.aspiration, spec.mtdf_guess,
        [&](int d, Score alpha, Score beta, Score previous) {
          return search_root<T, F>(ctx, spec, d, alpha, beta, previous, result.pv);
        },
        [&] { return result.pv; });
  } else {
    result.score =
        search_root<T, F>(ctx, spec, depth, -INFINITE_SCORE, INFINITE_SCORE, spec.mtdf_guess, result.pv);
  }
  if (!result.pv.empty()) result.best_move = result.pv.front();
  return result;
}

}  // namespace detail

// Precondition: check_spec(tree, spec) is empty and 0 <= depth <= MAX_SEARCH_DEPTH.
template <Tree T>
SearchResult<typename T::MoveType> search(T& tree, const SearchSpec& spec, int depth,
                                          SearchCounters& counters) {
  return spec.fail == Fail::HARD ? detail::run_search<T, Fail::HARD>(tree, spec, depth, counters)
                                 : detail::run_search<T, Fail::SOFT>(tree, spec, depth, counters);
}

}  // namespace prunebench
