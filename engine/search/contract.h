// Reference 001's contract of a windowed search, for any Tree and any mode.
//
// For a node with true value V (plain negamax, computed below independently
// of the searches), a search with window (a, b) returning v must satisfy
//   v <= a  =>  V <= v      (fail low: an upper bound)
//   v >= b  =>  V >= v      (fail high: a lower bound)
//   else        v == V
// and a fail-hard search must also keep a <= v <= b.
//
// A mode is checked in two ways at each node (probe_mode):
//   - its windowed core, the search its driver calls with narrower windows:
//     alpha-beta or PVS with the mode's ordering, table and fail policy, or,
//     for MTD(f), null-window alpha-beta with memory. Before the checked call
//     the same context runs the searches that would have filled its table,
//     killers and history in a real run (shallower iterations under id, other
//     windows at the same depth with a table), so stored bounds are met; with
//     a table and mate-distance scores, first a search of each child of the
//     node, as a table kept from one move of a game to the next holds them,
//     so entries are also met a ply away from where they were stored (where
//     a mate score kept relative to the root shows). Not without mate
//     distance: there a value is the same at every ply, and the children's
//     exact entries would end the searches that store bounds;
//   - the whole mode at the node with its own root window, whose value must
//     be V: this covers the drivers (iterative deepening, aspiration, MTD(f)'s
//     passes) and the full-width modes, which take no window.
// A mode that is not value-preserving by design (tt-draft=ge) has no contract
// with the fixed-depth value: contract_refusal says so.
//
// probe_mode can plant one of the bug museum's mutants (mutant.h) in both;
// the true value V is never mutated.
#pragma once

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "engine/search/mutant_search.h"
#include "engine/search/splitmix.h"

namespace prunebench {

// Plain negamax, the oracle. With `mate_distance` a mate at `ply` plies from
// the node scores MATE - ply, as the searches score it; otherwise constant.
template <Tree T>
Score reference_negamax(T& tree, int depth, bool mate_distance = false, int ply = 0) {
  const int mate_at = mate_distance ? ply : 0;
  if (depth == 0) return tree.has_children() ? tree.evaluate() : tree.terminal_score(mate_at);
  typename T::MoveList moves;
  tree.generate(moves);
  if (moves.size() == 0) return tree.terminal_score(mate_at);
  Score best = -INFINITE_SCORE;
  for (const auto move : moves) {
    tree.make(move);
    const Score v = -reference_negamax(tree, depth - 1, mate_distance, ply + 1);
    tree.unmake(move);
    if (v > best) best = v;
  }
  return best;
}

// "" if (v, V) satisfy the contract for window (a, b), else what is wrong.
inline std::string contract_violation(Score v, Score truth, Score a, Score b, bool fail_hard) {
  std::ostringstream why;
  if (fail_hard && (v < a || v > b)) {
    why << "fail-hard result " << v << " outside [" << a << ", " << b << "]";
  } else if (v <= a && !(truth <= v)) {
    why << "failed low with " << v << " but the true value is " << truth;
  } else if (v >= b && !(truth >= v)) {
    why << "failed high with " << v << " but the true value is " << truth;
  } else if (a < v && v < b && v != truth) {
    why << "returned " << v << " inside the window but the true value is " << truth;
  }
  return why.str();
}

// Why `spec` has no contract to check, or "" when it has one.
inline std::string contract_refusal(const SearchSpec& spec) {
  if (is_selective(spec))
    return "nullmove, lmr and futility are not value-preserving by design: their results are not bounds of "
           "the exact value, so the contract does not apply";
  if (!is_value_preserving(spec))
    return "tt-draft=ge is not value-preserving by design: its results are not bounds of the fixed-depth "
           "value, so the contract does not apply";
  if (spec.qsearch)
    return "qsearch returns the Q-value, and the contract's reference is the fixed-depth negamax value: "
           "the tests check qsearch's value instead";
  return "";
}

// Whether the mode's core takes a window at all (the full-width modes do not).
inline bool takes_window(const SearchSpec& spec) {
  return spec.algorithm == Algorithm::ALPHABETA || spec.algorithm == Algorithm::PVS ||
         spec.algorithm == Algorithm::MTDF;
}
// MTD(f)'s core only ever sees null windows.
inline bool null_windows_only(const SearchSpec& spec) { return spec.algorithm == Algorithm::MTDF; }

struct ContractProbe {
  Score window_value = 0;  // the core's result for the window (a, b)
  Score mode_value = 0;    // the whole mode's root value
};

namespace detail {

// A few windows at the checked depth that a real run's earlier searches would
// have used, drawn from `seed`: they leave bounds in the table.
constexpr int CONTRACT_WARMUPS = 2;

template <Tree T, Fail F, Mutant M>
Score run_core(SearchContext<T>& ctx, const SearchSpec& spec, int depth, Score a, Score b) {
  if (spec.algorithm == Algorithm::PVS) return Pvs<T, F, M>(ctx).search(0, depth, a, b);
  return AlphaBeta<T, F, ChildWindow::FULL, M>(ctx).search(0, depth, a, b);
}

// The table as searches of the node's children leave it: their entries one
// ply nearer their root than they are to the node's.
template <Tree T, Fail F, Mutant M>
void search_children_first(SearchContext<T>& ctx, const SearchSpec& spec, int depth) {
  if (depth < 2) return;
  typename T::MoveList moves;
  ctx.tree.generate(moves);
  for (const auto move : moves) {
    ctx.tree.make(move);
    run_core<T, F, M>(ctx, spec, depth - 1, -INFINITE_SCORE, INFINITE_SCORE);
    ctx.tree.unmake(move);
  }
}

template <Tree T, Fail F, Mutant M>
Score windowed_core(T& tree, const SearchSpec& spec, int depth, Score a, Score b, std::uint64_t seed) {
  using Move = typename T::MoveType;
  std::unique_ptr<TranspositionTable<Move>> tt;
  if (spec.tt)
    tt = std::make_unique<TranspositionTable<Move>>(
        TranspositionTable<Move>::with_megabytes(spec.tt_megabytes, spec.mate_distance));
  SearchCounters counters;
  SearchContext<T> ctx(tree, counters, spec, tt.get());
  ExactValues<T> exact_values(tree, spec);
  if (spec.ordering.base == BaseOrdering::ORACLE) ctx.exact_value = exact_values.function();
  if (spec.tt && spec.mate_distance) search_children_first<T, F, M>(ctx, spec, depth);
  if (spec.iterative_deepening)
    for (int d = 1; d < depth; ++d) run_core<T, F, M>(ctx, spec, d, -INFINITE_SCORE, INFINITE_SCORE);
  if (spec.tt) {
    std::uint64_t state = seed;
    for (int i = 0; i < CONTRACT_WARMUPS; ++i) {
      state = splitmix64(state);
      const Score wa = b - Score(state % 201);
      const Score wb = null_windows_only(spec) ? wa + 1 : wa + 1 + Score((state >> 32) % 60);
      run_core<T, F, M>(ctx, spec, depth, wa, wb);
    }
  }
  return run_core<T, F, M>(ctx, spec, depth, a, b);
}

}  // namespace detail

// Runs `spec` at the tree's current node, with `mutant` planted. Preconditions:
// check_spec(tree, spec) and contract_refusal(spec) are empty; a < b; with a
// full-width mode the window is ignored (window_value is the mode's value).
template <Tree T>
ContractProbe probe_mode(T& tree, const SearchSpec& spec, int depth, Score a, Score b, std::uint64_t seed,
                         Mutant mutant = Mutant::NONE) {
  ContractProbe probe;
  SearchCounters counters;
  probe.mode_value = search_with_mutant(tree, spec, depth, counters, mutant).score;
  if (!takes_window(spec)) {
    probe.window_value = probe.mode_value;
  } else {
    probe.window_value = with_mutant(mutant, [&]<Mutant M>() {
      return spec.fail == Fail::HARD ? detail::windowed_core<T, Fail::HARD, M>(tree, spec, depth, a, b, seed)
                                     : detail::windowed_core<T, Fail::SOFT, M>(tree, spec, depth, a, b, seed);
    });
  }
  return probe;
}

}  // namespace prunebench
