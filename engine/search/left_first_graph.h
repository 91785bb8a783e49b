// The left-first minimal graph of a mode with a transposition table (Plaat,
// Schaeffer, Pijls & de Bruin, "Exploiting Graph Properties of Game Trees",
// AAAI-96; README glossary: left-first minimal graph): the graph the mode's
// own move order proves once the minimax value v is known.
//
//   1. The mode runs its own iterations 1 .. d-1 (uncounted), so that its
//      table holds the hash moves, and its killers, history and previous
//      principal variation are those it would bring to depth d.
//   2. The table's bounds are forgotten, its moves kept: a bound from a
//      shallower iteration would settle a node whose proof at this depth was
//      never searched.
//   3. Two null-window alpha-beta searches to depth d, one after the other
//      with one table: window (v-1, v), which fails high and proves V >= v,
//      and (v, v+1), which fails low and proves V <= v.
//
// The figure is the number of distinct (position, remaining depth) pairs the
// two searches entered together (distinct_nodes.h): a pair met again, in
// either search, counts once. Every bound the table returns was stored by one
// of the two searches at the same draft (tt.h's exactness rule), so the pairs
// entered hold a proof graph of v. They also hold the children tried before
// the one that proved a bound (the order does not know which child proves),
// so this is what the mode's order costs with the value known, not a
// minimum: an upper bound on the minimal graph.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/search/alphabeta.h"
#include "engine/search/distinct_nodes.h"
#include "engine/search/node.h"
#include "engine/search/stop.h"

namespace prunebench {

// The modes that have one: a table whose bounds end only nodes of their own
// draft, a value-preserving alpha-beta family search, no oracle ordering (its
// values come from a search of their own) and the fixed-depth value.
inline bool has_left_first_graph(const SearchSpec& spec) {
  const bool alpha_beta = spec.algorithm == Algorithm::ALPHABETA || spec.algorithm == Algorithm::PVS ||
                          spec.algorithm == Algorithm::MTDF;
  return spec.tt && alpha_beta && is_value_preserving(spec) && !spec.qsearch &&
         spec.ordering.base != BaseOrdering::ORACLE && spec.smp == Smp::NONE;
}

struct LeftFirstGraph {
  std::optional<std::uint64_t> nodes;  // empty: see `missing`
  std::string missing;
};

// `ctx`: a fresh context of the mode (its own table, uncounted counters).
// `run_iterations(depth)` runs the mode's own iterations to `depth` (nothing
// for a mode without iterative deepening).
template <Tree T, Fail F, typename Iterations>
LeftFirstGraph left_first_graph(SearchContext<T>& ctx, int depth, Score value, std::size_t megabytes,
                                Iterations&& run_iterations) {
  LeftFirstGraph graph;
  DistinctNodes<T> distinct(megabytes);
  try {
    if (depth > 1) run_iterations(depth - 1);
    ctx.tt.own()->forget_bounds();
    ctx.distinct = &distinct;
    AlphaBeta<T, F>(ctx).search(0, depth, value - 1, value);
    AlphaBeta<T, F>(ctx).search(0, depth, value, value + 1);
  } catch (const SearchStopped&) {
    graph.missing = "the search was stopped";
    return graph;
  }
  graph.nodes = distinct.count();
  if (!graph.nodes) graph.missing = distinct.missing_reason();
  return graph;
}

}  // namespace prunebench
