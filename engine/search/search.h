// The one entry point: search a tree to a fixed depth as a SearchSpec says.
//
//   if (std::string e = check_spec(tree, spec); !e.empty()) { report e }
//   SearchCounters counters;
//   SearchResult<T::MoveType> r = search(tree, spec, depth, counters);
//
// Every mode returns exactly the fixed-depth minimax value (with qsearch,
// the Q-value: quiescence.h), in the negamax convention (for the side to
// move at the root), so results of modes of one value function compare directly. The transposition table belongs to one search and
// starts empty, so a count never depends on what ran before.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/search/alphabeta.h"
#include "engine/search/iterative_deepening.h"
#include "engine/search/left_first_graph.h"
#include "engine/search/minimal.h"
#include "engine/search/minimax.h"
#include "engine/search/mtdf.h"
#include "engine/search/negamax.h"
#include "engine/search/node.h"
#include "engine/search/proof_graph.h"
#include "engine/search/pvs.h"
#include "engine/search/selective.h"
#include "engine/search/spec.h"

namespace prunebench {

template <typename Move>
struct SearchResult {
  Score score = 0;
  Move best_move{};      // Move{} when the root has no children or depth is 0
  std::vector<Move> pv;  // may stop early where a table entry ended a node
  // Specs that are not value-preserving by design (tt-draft=ge, the selective
  // options): the exact fixed-depth value (with qsearch, the Q-value), from
  // a separate, uncounted search.
  std::optional<Score> exact_score;
  // Selective specs (is_selective): the value and best move of the same spec
  // without nullmove, lmr and futility (without_selective), searched apart
  // and counted nowhere. Absent otherwise, and when the search was stopped.
  std::optional<Score> reference_score;
  Move reference_best_move{};
  // Ended early by a SearchStop: score means nothing; pv and best_move are
  // the last completed iteration's (id), else empty; counters are partial.
  bool stopped = false;
  // Empty, or why the figures could not be computed (the exact minimal tree
  // out of its memory): then nothing but this is a result.
  std::string error;
  // Asked for (distinct_nodes.h): the distinct (position, remaining depth)
  // pairs entered, or, when empty, why not in distinct_nodes_missing.
  std::optional<std::uint64_t> distinct_nodes;
  std::string distinct_nodes_missing;
  // Asked for with distinct_nodes, modes with has_left_first_graph only: the
  // left-first minimal graph's nodes, or why not (left_first_graph.h).
  std::optional<LeftFirstGraph> left_first_graph;
  // The minimal tree only: upper bounds on the minimal graph (proof_graph.h).
  std::optional<MinimalGraphBounds> minimal_graph;
};

// Empty if `tree` can run `spec`, else one line saying why not.
template <Tree T>
std::string check_spec(const T& tree, const SearchSpec& spec) {
  if (std::string error = spec_error(spec); !error.empty()) return error;
  // Any tree can be ordered by exact value: the values are searched.
  if (spec.ordering.base != BaseOrdering::ORACLE && !tree.supports_ordering(spec.ordering.base))
    return "this tree does not support order=" + std::string(to_string(spec.ordering.base));
  if (spec.ordering.canonical_tiebreak && !tree.supports_ordering(BaseOrdering::CANONICAL))
    return "this tree does not support tiebreak=canonical";
  if (spec.ordering.scan_tiebreak != 0 && !KnowsScanOrders<T>) return "this tree does not support tiebreak=scan";
  if (spec.qsearch && !(QuiescenceTree<T> && tree.supports_ordering(BaseOrdering::MVV_LVA)))
    return "qsearch searches captures and promotions: this tree has none (synthetic trees cannot run it)";
  if (spec.qsearch_checks && !QuiescenceChecksTree<T>)
    return "qsearch=checks searches quiet checks: this tree cannot tell them (synthetic trees cannot run it)";
  if (is_selective(spec) && !SelectiveTree<T>)
    return "nullmove, lmr and futility need a pass, checks and quiet moves: this tree has none (synthetic "
           "trees cannot run them)";
  // Synthetic trees are the tree lab's exact figures: never timing-dependent ones.
  if (spec.smp != Smp::NONE && !(QuiescenceTree<T> && std::is_move_assignable_v<T>))
    return "smp=" + std::string(to_string(spec.smp)) + " searches chess positions only (synthetic trees cannot run it)";
  return "";
}

namespace detail {

// order=oracle's values: full-window alpha-beta in a context of its own (its
// own counters and table), so that the ordered search counts only its own
// nodes. MVV-LVA and a table when the tree has them, for speed only: every
// value is exact either way.
template <Tree T>
class ExactValues {
 public:
  ExactValues(T& tree, const SearchSpec& spec) : tree_(tree) {
    spec_.mate_distance = spec.mate_distance;
    spec_.qsearch = spec.qsearch;  // the values of the search's own value function
    spec_.qsearch_checks = spec.qsearch_checks;
    if (spec.ordering.base != BaseOrdering::ORACLE) return;
    if (tree.supports_ordering(BaseOrdering::MVV_LVA)) spec_.ordering.base = BaseOrdering::MVV_LVA;
    spec_.tt = spec_.ordering.tt_move_first = true;
    tt_ = std::make_unique<TranspositionTable<typename T::MoveType>>(
        TranspositionTable<typename T::MoveType>::with_megabytes(spec_.tt_megabytes, spec_.mate_distance));
    ctx_ = std::make_unique<SearchContext<T>>(tree_, counters_, spec_, tt_.get());
  }
  std::function<Score(int, int)> function() {
    return [this](int ply, int depth) {
      return AlphaBeta<T>(*ctx_).search(ply, depth, -INFINITE_SCORE, INFINITE_SCORE);
    };
  }

 private:
  T& tree_;
  SearchSpec spec_;
  SearchCounters counters_;
  std::unique_ptr<TranspositionTable<typename T::MoveType>> tt_;
  std::unique_ptr<SearchContext<T>> ctx_;
};

// Runs `spec.algorithm` at one depth with window (alpha, beta); `guess` seeds
// MTD(f). M (mutant.h) reaches only the alpha-beta family.
template <Tree T, Fail F, Mutant M>
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
      score = AlphaBeta<T, F, ChildWindow::FULL, M>(ctx).search(0, depth, alpha, beta);
      break;
    case Algorithm::PVS:
      score = Pvs<T, F, M>(ctx).search(0, depth, alpha, beta);
      break;
    case Algorithm::MINIMAL:  // run_minimal: it can fail
      break;
    case Algorithm::MTDF: {
      Mtdf<T, F, M> mtdf(ctx);
      score = mtdf.search(depth, guess);
      line = mtdf.pv();
      return score;
    }
  }
  line = ctx.pv.line(0);
  return score;
}

// The exact minimal tree (not a search, and never iterated). With
// `graph_bounds` also its bounds on the minimal graph (proof_graph.h): asked
// for with distinct_nodes, the same footing, since each walks the proof once
// more and they would change every record of the mode.
template <Tree T>
SearchResult<typename T::MoveType> run_minimal(SearchContext<T>& ctx, const SearchSpec& spec, int depth,
                                               bool graph_bounds) {
  MinimalProof<T> proof(ctx, spec.minimal_megabytes);
  SearchResult<typename T::MoveType> result;
  result.score = proof.search(depth);
  result.error = proof.error();
  if (!result.error.empty()) return result;
  result.pv = ctx.pv.line(0);
  if (!result.pv.empty()) result.best_move = result.pv.front();
  if (graph_bounds) result.minimal_graph = minimal_graph_bounds(proof, ctx.tree, spec.minimal_megabytes);
  return result;
}

// The search itself: all iterations (id, from `first_depth`), or the one depth.
template <Tree T, Fail F, Mutant M>
void search_iterations(SearchContext<T>& ctx, const SearchSpec& spec, int depth,
                       SearchResult<typename T::MoveType>& result, int first_depth = 1) {
  if (spec.iterative_deepening) {
    result.score = iterative_deepening<M>(
        ctx, depth, spec.aspiration, spec.mtdf_guess,
        [&](int d, Score alpha, Score beta, Score previous) {
          return search_root<T, F, M>(ctx, spec, d, alpha, beta, previous, result.pv);
        },
        [&] { return result.pv; }, first_depth);
  } else {
    result.score =
        search_root<T, F, M>(ctx, spec, depth, -INFINITE_SCORE, INFINITE_SCORE, spec.mtdf_guess, result.pv);
  }
}

// The count, or why there is none: a stopped search has entered only part of its pairs.
template <Tree T, typename Move>
void report_distinct_nodes(const DistinctNodes<T>& distinct, SearchResult<Move>& result) {
  result.distinct_nodes = result.stopped ? std::nullopt : distinct.count();
  if (!result.distinct_nodes)
    result.distinct_nodes_missing = result.stopped ? "the search was stopped" : distinct.missing_reason();
}

// The mode's left-first minimal graph at its value `value`, in a context and
// table of its own, counted nowhere.
template <Tree T, Fail F, Mutant M>
LeftFirstGraph mode_left_first_graph(T& tree, const SearchSpec& spec, int depth, Score value,
                                     const SearchStop* stop, std::size_t megabytes) {
  using Move = typename T::MoveType;
  auto tt = TranspositionTable<Move>::with_megabytes(spec.tt_megabytes, spec.mate_distance);
  SearchCounters uncounted;
  SearchContext<T> ctx(tree, uncounted, spec, &tt);
  ctx.stop = stop;
  SearchResult<Move> iterations;
  return left_first_graph<T, F>(ctx, depth, value, megabytes, [&](int d) {
    if (spec.iterative_deepening) search_iterations<T, F, M>(ctx, spec, d, iterations);
  });
}

template <Tree T, Fail F, Mutant M = Mutant::NONE>
SearchResult<typename T::MoveType> run_search(T& tree, const SearchSpec& spec, int depth,
                                              SearchCounters& counters, const SearchStop* stop,
                                              std::size_t distinct_megabytes) {
  using Move = typename T::MoveType;
  std::unique_ptr<TranspositionTable<Move>> tt;
  if (spec.tt)
    tt = std::make_unique<TranspositionTable<Move>>(
        TranspositionTable<Move>::with_megabytes(spec.tt_megabytes, spec.mate_distance));
  SearchContext<T> ctx(tree, counters, spec, tt.get());
  ExactValues<T> exact_values(tree, spec);
  if (spec.ordering.base == BaseOrdering::ORACLE) ctx.exact_value = exact_values.function();
  ctx.stop = stop;
  if (spec.algorithm == Algorithm::MINIMAL)  // no distinct_nodes: not a search; its graph bounds instead
    return run_minimal(ctx, spec, depth, distinct_megabytes > 0);

  std::optional<DistinctNodes<T>> distinct;
  if (distinct_megabytes > 0) ctx.distinct = &distinct.emplace(distinct_megabytes);
  SearchResult<Move> result;
  try {
    search_iterations<T, F, M>(ctx, spec, depth, result);
  } catch (const SearchStopped&) {
    result.stopped = true;  // result.pv is still the last completed iteration's
  }
  if (!result.pv.empty()) result.best_move = result.pv.front();
  if (!distinct) return result;
  report_distinct_nodes(*distinct, result);
  distinct.reset();  // its memory, before the graph's own count takes as much
  if (has_left_first_graph(spec) && !result.stopped)
    result.left_first_graph =
        mode_left_first_graph<T, F, M>(tree, spec, depth, result.score, stop, distinct_megabytes);
  return result;
}

}  // namespace detail

namespace detail {

// The fixed-depth value (with qsearch, the Q-value) by plain alpha-beta, counted nowhere.
template <Tree T>
Score exact_value(T& tree, const SearchSpec& spec, int depth) {
  SearchSpec exact;
  exact.mate_distance = spec.mate_distance;
  exact.qsearch = spec.qsearch;
  exact.qsearch_checks = spec.qsearch_checks;
  if (tree.supports_ordering(BaseOrdering::MVV_LVA)) exact.ordering.base = BaseOrdering::MVV_LVA;
  SearchCounters uncounted;
  SearchContext<T> ctx(tree, uncounted, exact, nullptr);
  return AlphaBeta<T>(ctx).search(0, depth, -INFINITE_SCORE, INFINITE_SCORE);
}

}  // namespace detail

namespace detail {

// A selective spec's exact reference: the spec without its unsound options,
// run in counters of its own. When that spec is value-preserving its value
// is the exact value too, and no third search is needed.
template <Tree T, typename Move>
void add_reference(T& tree, const SearchSpec& spec, int depth, const SearchStop* stop,
                   SearchResult<Move>& result) {
  const SearchSpec reference = without_selective(spec);
  SearchCounters uncounted;
  const auto found = reference.fail == Fail::HARD
                         ? run_search<T, Fail::HARD>(tree, reference, depth, uncounted, stop, 0)
                         : run_search<T, Fail::SOFT>(tree, reference, depth, uncounted, stop, 0);
  if (found.stopped) {
    result.stopped = true;
    return;
  }
  result.reference_score = found.score;
  result.reference_best_move = found.best_move;
  if (is_value_preserving(reference)) result.exact_score = found.score;
}

}  // namespace detail

// Precondition: check_spec(tree, spec) is empty and 0 <= depth <= MAX_SEARCH_DEPTH
// (with qsearch, depth <= MAX_PLY - MAX_QUIESCENCE_PLIES: its lines go on below the horizon).
// `stop` (stop.h): a search that may be ended early, from another thread.
// `distinct_megabytes` > 0: count distinct_nodes (distinct_nodes.h) in at
// most that much memory (not for algo=minimal, which is not a search).
template <Tree T>
SearchResult<typename T::MoveType> search(T& tree, const SearchSpec& spec, int depth, SearchCounters& counters,
                                          const SearchStop* stop = nullptr, std::size_t distinct_megabytes = 0) {
  auto result = spec.fail == Fail::HARD
                    ? detail::run_search<T, Fail::HARD>(tree, spec, depth, counters, stop, distinct_megabytes)
                    : detail::run_search<T, Fail::SOFT>(tree, spec, depth, counters, stop, distinct_megabytes);
  if (is_selective(spec) && !result.stopped) detail::add_reference(tree, spec, depth, stop, result);
  if (!is_value_preserving(spec) && !result.stopped && !result.exact_score)
    result.exact_score = detail::exact_value(tree, spec, depth);
  return result;
}

}  // namespace prunebench
