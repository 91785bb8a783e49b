// What every search algorithm does at a node, written once.
//
// The algorithms (minimax.h, negamax.h, alphabeta.h, pvs.h, mtdf.h) differ
// only in how they search the children. Everything else a node does lives
// here, so that a node, a leaf, a cut-off and a table hit mean the same thing
// in every mode:
//
//   enter_node()      count the node (the ONLY place a node is counted, but
//                     for count_leaf_children: leaves scored from their parent)
//   visit_horizon_node()  enter a node at the horizon and score it: no
//                     children -> terminal, otherwise the static evaluation,
//                     or with qsearch the quiescence search (quiescence.h).
//                     The terminal test comes before the depth test, as
//                     reference 000 requires: every algorithm's search() first
//                     sends depth 0 here, then searches the children.
//   terminal_value()  an interior node whose move list is empty
//   probe_table() / store_table()   the transposition table (tt.h)
//   prepare_moves()   move ordering (ordering.h), skipped when it is a no-op
//   record_cutoff()   cut-off counters, killers, history
//   count_node_types()  expected (Knuth-Moore) and behaved node types
//
// Definitions (also in the README glossary): a node is one entry into the
// search function, the root included, so full-width minimax to depth d visits
// perft(0)+...+perft(d); a leaf is a node scored without searching children
// (a horizon evaluation or a terminal; a node ended by a table entry is
// counted in tt_cutoffs, not as a leaf); a cut-off is a node whose move loop
// ended because a child's value reached beta, counted even when that child
// was the last move, with nothing left to skip.
#pragma once

#include <cstddef>
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/search/counters.h"
#include "engine/search/distinct_nodes.h"
#include "engine/search/leaf_children.h"
#include "engine/search/mutant.h"
#include "engine/search/node_clock.h"
#include "engine/search/ordering.h"
#include "engine/search/pv_table.h"
#include "engine/search/shared_tt.h"
#include "engine/search/spec.h"
#include "engine/search/split_nodes.h"
#include "engine/search/stop.h"
#include "engine/search/tree.h"
#include "engine/search/tt.h"
#include "engine/types.h"

namespace prunebench {

// The deepest search the ply-indexed tables allow.
constexpr int MAX_SEARCH_DEPTH = MAX_PLY - 1;

// Knuth-Moore node types: the root is PV; the first child of a PV node is PV,
// its other children CUT; children of a CUT node are ALL; of an ALL node, CUT.
enum class NodeType { PV, CUT, ALL };

// CHILD_TYPE[parent][first child?]: a table, since it runs for every child searched.
inline constexpr NodeType CHILD_TYPE[3][2] = {
    {NodeType::CUT, NodeType::PV}, {NodeType::ALL, NodeType::ALL}, {NodeType::CUT, NodeType::CUT}};

constexpr NodeType child_type(NodeType parent, std::size_t index) { return CHILD_TYPE[int(parent)][index == 0]; }

// Instrumentation a tree may offer (the explicit trees of the tree lab do, to
// print the textbook's trace). Values are the search's: negamax, side to move.
struct CutoffEvent {
  int ply;
  Score value;  // the node's best value when it stopped
  Score alpha;  // the node's alpha when it stopped
  Score beta;
  int skipped;  // children left unsearched
};
struct NodeValueEvent {
  int ply;
  Score value;  // the node's value after searching every child
  Score alpha;  // alpha after the last child
  Score beta;
};

template <typename T>
concept ObservesSearch = requires(const T& tree, const CutoffEvent& cut, const NodeValueEvent& done) {
  tree.on_cutoff(cut);
  tree.on_node_value(done);
};

// Everything one search carries from node to node.
template <Tree T>
struct SearchContext {
  using Move = typename T::MoveType;

  SearchContext(T& tree_, SearchCounters& counters_, const SearchSpec& spec, TableRef<Move> tt_)
      : tree(tree_),
        counters(counters_),
        ordering(spec.ordering),
        mate_distance(spec.mate_distance),
        qsearch(spec.qsearch),
        qsearch_checks(spec.qsearch_checks),
        selective(is_selective(spec)),
        null_move_reduction(spec.null_move_reduction),
        null_move_rule(spec.null_move_rule),
        lmr(spec.lmr),
        lmr_full_depth_moves(spec.lmr_full_depth_moves),
        futility_margin(spec.futility_margin),
        extended_futility_margin(spec.extended_futility_margin),
        tt_draft(spec.tt_draft),
        tt(tt_),
        history(spec.ordering.history ? std::size_t(T::HISTORY_SIZE) : 0) {}

  T& tree;
  SearchCounters& counters;
  OrderingSpec ordering;
  bool mate_distance;
  bool qsearch;  // horizon nodes scored by the quiescence search (quiescence.h)
  bool qsearch_checks;  // qsearch=checks: quiet checks at the horizon node too
  // The unsound options (selective.h), as in SearchSpec; `selective`: any of them on.
  bool selective;
  int null_move_reduction;
  NullMoveRule null_move_rule;
  bool lmr;
  int lmr_full_depth_moves;
  Score futility_margin;
  Score extended_futility_margin;
  // nullmove: the ply of the null child being searched, -1 when none, so
  // that a null child does not pass in turn (never two null moves in a row).
  int null_child_ply = -1;
  // nullmove=verified: the verify flag of the current path, on from the
  // root, off below a node whose null move failed high while it was on.
  bool verify_null_move = true;
  TtDraft tt_draft;
  TableRef<Move> tt;  // false: no table; else its own or a shared one (shared_tt.h)
  KillerTable<Move> killers;
  HistoryTable history;
  PvTable<Move> pv;
  std::vector<Move> previous_pv;  // iterative deepening: the last iteration's line
  // order=oracle: the exact value of the current node searched `depth` plies
  // deep from `ply`, found by a search of its own that counts nowhere here.
  // search.h sets it only for that ordering.
  std::function<Score(int ply, int depth)> exact_value;
  // A parallel full-width search (split.h): the nodes at split_ply were
  // searched by other threads, and this search takes their results there.
  // -1: a search that is not split.
  int split_ply = -1;
  SplitNodes<Move>* split = nullptr;
  // A search that may be ended early (stop.h); nullptr: it runs to its end.
  const SearchStop* stop = nullptr;
  // The parallel model's clock (node_clock.h), advanced at every node
  // entered; nullptr: none. A clocked search has a stop too.
  NodeClock* clock = nullptr;
  // Counting distinct_nodes (distinct_nodes.h); nullptr: not counted.
  DistinctNodes<T>* distinct = nullptr;
  std::uint32_t nodes_to_stop_poll = STOP_POLL_INTERVAL;

  // The previous iteration's move at `ply`, if this node lies on its line.
  Move previous_pv_move(int ply, bool on_previous_pv) const {
    return on_previous_pv && std::size_t(ply) < previous_pv.size() ? previous_pv[std::size_t(ply)] : Move{};
  }
};

// Fail-hard clamps every result into [alpha, beta]; fail-soft passes it through.
template <Fail F>
constexpr Score bounded(Score value, Score alpha, Score beta) {
  if constexpr (F == Fail::HARD) {
    return value < alpha ? alpha : value > beta ? beta : value;
  } else {
    (void)alpha;
    (void)beta;
    return value;
  }
}

// Terminal scores take a distance from the root only in mate-distance mode;
// in constant-mate mode the search passes 0, so a tree that scores mate as
// MATE - ply yields the constant MATE. (Synthetic trees ignore the argument.)
template <Tree T>
int mate_ply(const SearchContext<T>& ctx, int ply) {
  return ctx.mate_distance ? ply : 0;
}

// Looks at the stop request every STOP_POLL_INTERVAL nodes, and ticks the
// parallel model's clock; out of line so that a search without a stop pays
// only enter_node's test of the pointer.
template <Tree T>
[[gnu::cold, gnu::noinline]] void poll_stop(SearchContext<T>& ctx) {
  if (ctx.clock) ctx.clock->tick();
  if (--ctx.nodes_to_stop_poll != 0) return;
  ctx.nodes_to_stop_poll = STOP_POLL_INTERVAL;
  if (ctx.stop->requested.load(std::memory_order_relaxed)) throw SearchStopped{};
}

// Counts the node: the ONLY place a node is counted, but for the leaves a
// node scores from itself, which count_leaf_children counts in bulk.
// `depth`: the plies the node has to go (0 at the horizon), for distinct_nodes.
template <Tree T>
void enter_node(SearchContext<T>& ctx, int ply, int depth) {
  ctx.counters.count_node(ply);
  ctx.pv.clear(ply);
  if (ctx.distinct) [[unlikely]]
    ctx.distinct->enter(ctx.tree, depth);
  if (ctx.stop) [[unlikely]]
    poll_stop(ctx);
}

// A node at the split ply of a parallel search (split.h): another thread
// searched it, counting it and its subtree in its own counters. Sets the
// node's PV row and returns its index in ctx.split, for the algorithm to read
// the value it left there.
template <Tree T>
[[gnu::cold]] std::size_t take_split(SearchContext<T>& ctx, int ply) {
  const std::size_t index = ctx.split->take(ctx.tree.key());
  ctx.pv.set(ply, (*ctx.split)[index].pv);
  return index;
}

// Defined in quiescence.h, included at the end of this file.
template <Tree T>
Score search_quiescence(SearchContext<T>& ctx, int ply, Score alpha, Score beta);

// A node at the horizon, entered and scored: a terminal (no children), a
// static evaluation, or with qsearch the quiescence search (its value for
// the window (alpha, beta), fail-soft; the full-width modes give none, the
// full window). Small and
// inline, so that an algorithm reaches its leaves without a call (most nodes
// are leaves). Two of the museum's bugs live here (mutant.h): the counter
// after the depth test, and an evaluation whose sign is not flipped at odd plies.
template <Mutant M = Mutant::NONE, Tree T>
[[gnu::always_inline]] inline Score visit_horizon_node(SearchContext<T>& ctx, int ply,
                                                       Score alpha = -INFINITE_SCORE,
                                                       Score beta = INFINITE_SCORE) {
  if constexpr (M == Mutant::COUNT_AFTER_DEPTH_TEST)
    ctx.pv.clear(ply);
  else
    enter_node(ctx, ply, 0);
  ++ctx.counters.leaves;
  if (!ctx.tree.has_children()) {
    ++ctx.counters.terminals;
    return ctx.tree.terminal_score(mate_ply(ctx, ply));
  }
  if (ctx.qsearch) [[unlikely]]
    return search_quiescence(ctx, ply, alpha, beta);
  if constexpr (M == Mutant::UNFLIPPED_EVALUATION)
    if (ply % 2 != 0) return -ctx.tree.evaluate();
  return ctx.tree.evaluate();
}

// Whether a node with `depth` to go scores its children from itself, with
// visit_leaf_child (see leaf_children.h). Only trees with that capability,
// not when distinct_nodes is counted (that needs every leaf's state), not
// with qsearch, whose horizon nodes search on, not in a selective search
// (selective.h), whose frontier nodes look at each move first, and not on the
// parallel model's clock, which ticks once per leaf entered.
template <ScoresLeafChildren T>
bool visits_leaf_children(const SearchContext<T>& ctx, int depth) {
  return depth == 1 && !ctx.qsearch && !ctx.selective && ctx.tree.scores_leaf_children() && !ctx.distinct &&
         !ctx.clock;
}

// The leaves a node scored from itself (visit_leaf_child), counted in its
// move loop and added to the counters once, when the loop ends: registers
// rather than memory in the loop. The same counts as enter_node and
// visit_horizon_node would make, one leaf at a time.
struct LeafTally {
  std::uint64_t visits = 0;
  std::uint64_t terminals = 0;
};

// Called once per node with one ply to go, before its first child is scored.
template <ScoresLeafChildren T>
void prepare_leaf_children(SearchContext<T>& ctx, int child_ply) {
  ctx.tree.prepare_leaf_children(mate_ply(ctx, child_ply));
}

// visit_horizon_node for the child `move` of the current node, scored from
// the node without make() or unmake(): the same value, counted in `tally`
// (see count_leaf_children). The child's PV row is not cleared: its parent
// sets its own row with record_pv<true>, which reads no child row.
template <ScoresLeafChildren T>
[[gnu::always_inline]] inline Score visit_leaf_child(SearchContext<T>& ctx, LeafTally& tally,
                                                     typename T::MoveType move) {
  ++tally.visits;
  Score value;
  if (ctx.tree.quick_leaf_child_value(move, value)) [[likely]]
    return value;
  const LeafChildScore score = ctx.tree.leaf_child_score(move);
  tally.terminals += score.terminal;
  return score.value;
}

// Every leaf in `tally` entered the search at `child_ply`: nodes and leaves.
inline void count_leaf_children(SearchCounters& counters, int child_ply, const LeafTally& tally) {
  counters.nodes += tally.visits;
  counters.nodes_per_ply[std::size_t(child_ply)] += tally.visits;
  counters.leaves += tally.visits;
  counters.terminals += tally.terminals;
}

// `move` raised the node's value: its line becomes `move` and the child's
// line, which is empty when the child was visited by visit_leaf_child.
template <bool LEAF_CHILD, typename Move>
void record_pv(PvTable<Move>& pv, int ply, Move move) {
  if constexpr (LEAF_CHILD)
    pv.update_leaf(ply, move);
  else
    pv.update(ply, move);
}

// The value of an interior node whose move list came back empty.
template <Tree T>
Score terminal_value(SearchContext<T>& ctx, int ply) {
  ++ctx.counters.leaves;
  ++ctx.counters.terminals;
  return ctx.tree.terminal_score(mate_ply(ctx, ply));
}

// The ply the table converts mate scores with (tt.h): the node's, but for
// the museum's path-dependent bug, which converts none (ply 0).
template <Mutant M>
constexpr int table_ply(int ply) {
  return M == Mutant::MATE_SCORE_FROM_ROOT ? 0 : ply;
}

// Whether an entry searched to `draft` may end a node with `depth` to go:
// equal drafts only (exact), or any draft at least as deep (tt-draft=ge).
inline bool draft_settles(TtDraft rule, int draft, int depth) {
  return rule == TtDraft::EQUAL ? draft == depth : draft >= depth;
}

// Looks the node up. Fills `hash_move` from an entry of any draft; returns
// true (with `value`) when an entry whose draft settles the node (see
// draft_settles, and tt.h for why the default is equal drafts) bounds it for
// the window. Never cuts at the root, which must produce a move.
template <Mutant M = Mutant::NONE, Tree T>
bool probe_table(SearchContext<T>& ctx, int ply, int depth, Score alpha, Score beta, Score& value,
                 typename T::MoveType& hash_move) {
  ++ctx.counters.tt_probes;
  const auto entry = ctx.tt.probe(ctx.tree.key(), table_ply<M>(ply));
  if (!entry) return false;
  ++ctx.counters.tt_hits;
  hash_move = entry->move;
  if (ply == 0 || !draft_settles(ctx.tt_draft, entry->draft(), depth)) return false;
  if (entry->lower >= beta) {
    value = entry->lower;
  } else if (entry->upper <= alpha) {
    value = entry->upper;
  } else if (entry->is_exact()) {
    value = entry->lower;
  } else {
    return false;
  }
  ++ctx.counters.tt_cutoffs;
  return true;
}

template <Mutant M = Mutant::NONE, Tree T>
void store_table(SearchContext<T>& ctx, int ply, int depth, Score value, Score alpha, Score beta,
                 typename T::MoveType best_move) {
  if constexpr (M == Mutant::BOUND_AS_EXACT)  // a window the value lies inside: "exact"
    ctx.tt.store(ctx.tree.key(), ply, depth, value, -INFINITE_SCORE, INFINITE_SCORE, best_move);
  else
    ctx.tt.store(ctx.tree.key(), table_ply<M>(ply), depth, value, alpha, beta, best_move);
}

// order=oracle: each child's exact value from this node's side (best first),
// searched to the depth the child will be searched.
template <Tree T>
void score_by_exact_value(SearchContext<T>& ctx, const typename T::MoveList& moves, int ply, int depth,
                          std::int64_t* scores) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    ctx.tree.make(moves[i]);
    scores[i] = -std::int64_t(ctx.exact_value(ply + 1, depth - 1));
    ctx.tree.unmake(moves[i]);
  }
}

// `depth`: the node's remaining depth (the oracle ordering searches its
// children). `leaf_children`: the node scores its children itself
// (visits_leaf_children), so no cut-off below it can teach the history.
template <Tree T>
void prepare_moves(SearchContext<T>& ctx, MovePicker<T>& moves, typename T::MoveList& list, int ply,
                   int depth, typename T::MoveType hash_move, bool on_previous_pv, bool leaf_children = false) {
  if (!ctx.ordering.reorders()) return;
  const OrderingHints<typename T::MoveType> hints{hash_move, ctx.previous_pv_move(ply, on_previous_pv), ply,
                                                  leaf_children};
  const bool by_value = ctx.ordering.base == BaseOrdering::ORACLE;
  if (!by_value) {
    moves.order(ctx.tree, ctx.ordering, hints, ctx.killers, ctx.history);
    return;
  }
  std::array<std::int64_t, MAX_MOVES> exact_scores;
  score_by_exact_value(ctx, list, ply, depth, exact_scores.data());
  // Equal values in canonical order where the tree has one (chess), so that
  // the oracle's counts do not depend on the move generator.
  OrderingSpec ordering = ctx.ordering;
  ordering.canonical_tiebreak |= ctx.tree.supports_ordering(BaseOrdering::CANONICAL);
  moves.order(ctx.tree, ordering, hints, ctx.killers, ctx.history, exact_scores.data());
}

// The same, for a search that wants the whole list in order at once.
template <Tree T>
void prepare_moves(SearchContext<T>& ctx, typename T::MoveList& list, int ply, int depth,
                   typename T::MoveType hash_move, bool on_previous_pv) {
  MovePicker<T> moves(list);
  prepare_moves(ctx, moves, list, ply, depth, hash_move, on_previous_pv);
  moves.write_back();
}

// A child's value reached beta: count it and teach killers and history.
template <Tree T>
void record_cutoff(SearchContext<T>& ctx, typename T::MoveType move, std::size_t index,
                   std::size_t move_count, int ply, int depth, Score value, Score alpha, Score beta) {
  ctx.counters.count_cutoff(int(index));
  if ((ctx.ordering.killers || ctx.ordering.history) && is_quiet(ctx.tree, move)) {
    if (ctx.ordering.killers) ctx.killers.add(ply, move);
    if (ctx.ordering.history) ctx.history.bump(ctx.tree.history_index(move), depth);
  }
  if constexpr (ObservesSearch<T>)
    ctx.tree.on_cutoff(CutoffEvent{ply, value, alpha, beta, int(move_count - index - 1)});
}

// A node that searched every child without a cut-off.
template <Tree T>
void record_node_value(SearchContext<T>& ctx, int ply, Score value, Score alpha, Score beta) {
  if constexpr (ObservesSearch<T>) {
    ctx.tree.on_node_value(NodeValueEvent{ply, value, alpha, beta});
  } else {
    (void)ctx, (void)ply, (void)value, (void)alpha, (void)beta;
  }
}

// Counted once per node that searched children: nodes a table entry ended
// are not typed, so the types add up to nodes - leaves - tt_cutoffs.
inline void count_node_types(SearchCounters& counters, NodeType expected, NodeType behaved) {
  switch (expected) {
    case NodeType::PV:
      ++counters.expected_pv;
      break;
    case NodeType::CUT:
      ++counters.expected_cut;
      break;
    case NodeType::ALL:
      ++counters.expected_all;
      break;
  }
  switch (behaved) {
    case NodeType::PV:
      ++counters.behaved_pv;
      break;
    case NodeType::CUT:
      ++counters.behaved_cut;
      break;
    case NodeType::ALL:
      ++counters.behaved_all;
      counters.expected_cut_behaved_all += expected == NodeType::CUT;
      break;
  }
}

}  // namespace prunebench

// The quiescence search visit_horizon_node calls: it needs SearchContext and
// enter_node's neighbours above, so it comes after them.
#include "engine/search/quiescence.h"  // IWYU pragma: export
