// Alpha-beta in negamax form, fail-soft or fail-hard, optionally "with
// memory" (a transposition table, as MTD(f) requires), with move ordering.
//
// The contract (reference 001): with window (alpha, beta) the result v
// satisfies v <= alpha => V <= v; v >= beta => V >= v; otherwise v == V, the
// node's true value. Fail-hard additionally keeps v within [alpha, beta].
// The cut-off test is `alpha >= beta` after raising alpha, i.e. a child value
// >= beta cuts (reference 002: >= rather than >, which prunes more).
//
// Principal variation search (pvs.h) is this same node with one step changed,
// how a child after the first is searched: ChildWindow::NULL_WINDOW_FIRST.
//
// M (mutant.h) plants one of the bug museum's bugs; every line it changes is
// an `if constexpr`, so AlphaBeta<T, F, W> with Mutant::NONE is the plain code.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "engine/search/node.h"
#include "engine/search/selective.h"

namespace prunebench {

// How a node searches its children after the first: with the node's window
// (alpha-beta), or first with a null window and again only if that fails
// high inside the window (PVS).
enum class ChildWindow { FULL, NULL_WINDOW_FIRST };

template <Tree T, Fail F = Fail::SOFT, ChildWindow W = ChildWindow::FULL, Mutant M = Mutant::NONE>
class AlphaBeta {
 public:
  using Move = typename T::MoveType;

  explicit AlphaBeta(SearchContext<T>& ctx)
      : ctx_(ctx),
        first_move_use_(first_move_use(ctx)),
        first_child_first_(searches_first_child_first(ctx, first_move_use_)),
        hash_child_first_(searches_hash_child_first(ctx)),
        unordered_scan_(scans_before_ordering(ctx)) {}

  // `on_previous_pv`: this node lies on the previous iteration's principal
  // variation (iterative deepening), so its move there is tried early.
  // Always inline: a leaf is then scored inside its parent's loop, without a
  // call (g++'s own choice varies with the size of the code around it).
  [[gnu::always_inline]] Score search(int ply, int depth, Score alpha, Score beta, NodeType expected = NodeType::PV,
                                      bool on_previous_pv = true) {
    if (depth <= 0)
      return bounded<F>(visit_horizon_node<M>(ctx_, ply, alpha, beta), alpha, beta);
    return search_children(ply, depth, alpha, beta, expected, on_previous_pv);
  }

 private:
  // A node with one ply to go scores its leaf children itself when the tree
  // can (leaf_children.h): the same counts, fewer instructions.
  Score search_children(int ply, int depth, Score alpha, Score beta, NodeType expected, bool on_previous_pv) {
    if constexpr (ScoresLeafChildren<T> && M == Mutant::NONE)
      if (visits_leaf_children(ctx_, depth))
        return search_children_as<true>(ply, depth, alpha, beta, expected, on_previous_pv);
    return search_children_as<false>(ply, depth, alpha, beta, expected, on_previous_pv);
  }

  template <bool LEAF_CHILDREN>
  Score search_children_as(int ply, int depth, Score alpha, Score beta, NodeType expected,
                           bool on_previous_pv) {
    enter_node(ctx_, ply, depth);
    Score value;
    Move hash_move{};
    if (ctx_.tt && probe_table<M>(ctx_, ply, depth, alpha, beta, value, hash_move))
      return bounded<F>(value, alpha, beta);
    // The hash move is searched first, and its child probes the table on
    // entry: asked for now, its bucket arrives while the moves are generated.
    if constexpr (HintsChildKeys<T>)
      if (depth > 1 && hash_move != Move{}) ctx_.tt.prefetch(ctx_.tree.child_key_hint(hash_move));
    if constexpr (LEAF_CHILDREN && FindsFirstMove<T>)
      if (first_move_use_ != FirstMoveUse::NEVER &&
          first_move_cuts(ply, depth, alpha, beta, expected, hash_move, on_previous_pv, value))
        return value;
    [[maybe_unused]] SearchedFirst searched;
    if constexpr (!LEAF_CHILDREN && FindsFirstMove<T>)
      if (first_child_first_ &&
          first_child_cuts(ply, depth, alpha, beta, expected, on_previous_pv, searched, value))
        return value;
    [[maybe_unused]] LeafTally leaves;
    MoveLoop loop;
    if constexpr (LEAF_CHILDREN) {
      prepare_leaf_children(ctx_, ply + 1);
      if (leaf_children_bounded_by_alpha(alpha, loop, leaves))
        return end_node<LEAF_CHILDREN>(ply, depth, alpha, beta, expected, loop, leaves);
    }
    typename T::MoveList list;
    ctx_.tree.generate(list);
    if (list.size() == 0) return bounded<F>(terminal_value(ctx_, ply), alpha, beta);
    if constexpr (!LEAF_CHILDREN)
      if (hash_child_first_ && hash_move != Move{} &&
          hash_child_cuts(list, ply, depth, alpha, beta, expected, on_previous_pv, hash_move, searched,
                          value))
        return value;
    if (!(LEAF_CHILDREN && leaf_children_at_most_alpha(list, alpha, loop, leaves))) {
      MovePicker<T> moves(list);
      SelectiveNode selective;
      NullMoveOutcome null_move;
      if (ctx_.selective) [[unlikely]] {
        selective = selective_node(ctx_, depth);
        const auto search_null = [&](int null_depth, Score null_alpha, Score null_beta) {
          return search(ply + 1, null_depth, null_alpha, null_beta, child_type(expected, 1), false);
        };
        null_move = try_null_move(ctx_, selective, ply, depth, beta, search_null);
        if (null_move.kind == NullMoveOutcome::CUTOFF) return bounded<F>(null_move.value, alpha, beta);
      }
      order_moves(moves, list, ply, depth, hash_move, on_previous_pv, LEAF_CHILDREN, searched);
      const Move pv_move = ctx_.previous_pv_move(ply, on_previous_pv);
      if (null_move.kind == NullMoveOutcome::VERIFY) [[unlikely]]
        loop = verify_null_move(moves, leaves, selective, ply, depth, alpha, beta, expected, on_previous_pv,
                                pv_move);
      else
        loop = search_moves<LEAF_CHILDREN>(moves, leaves, selective, ply, depth, alpha, beta, expected,
                                           on_previous_pv, pv_move, searched);
    }
    return end_node<LEAF_CHILDREN>(ply, depth, alpha, beta, expected, loop, leaves);
  }

  // Under MVV-LVA a node searches its best capture first (with no capture
  // and MVV-LVA alone, its first listed move), and at a node with one ply to
  // go that move usually reaches beta. A tree that can find it without
  // generating the node's moves (FindsFirstMove) lets the node score it
  // before anything else. If it reaches beta the node ends as its move loop
  // would have ended it, with the same counts, table entry and killers, and
  // `result` is its value; otherwise nothing was counted and the node goes on
  // as usual, its loop scoring that move again.
  //
  // Hints change which move is first: a hash or PV move comes before every
  // capture, killers and history reorder the quiet moves, and history breaks
  // ties between equal captures. So with hints only a node without a hash or
  // PV move takes this path, and only for a capture: of those tied with it
  // (FirstMoveTies), the one with the largest history score, the earliest
  // listed of equals (without history, the first).
  //
  // Always inline: it runs at every frontier node, and g++ made it a call
  // of its own once the tree's first move could come from the siblings.
  enum class FirstMoveUse { NEVER, ALWAYS, FIRST_CAPTURE };
  static FirstMoveUse first_move_use(const SearchContext<T>& ctx) {
    if constexpr (FindsFirstMove<T> && !ObservesSearch<T> && M == Mutant::NONE) {
      const OrderingSpec& o = ctx.ordering;
      if (o.base != BaseOrdering::MVV_LVA || o.canonical_tiebreak || o.scan_tiebreak != 0)
        return FirstMoveUse::NEVER;
      return o == OrderingSpec{.base = BaseOrdering::MVV_LVA} ? FirstMoveUse::ALWAYS : FirstMoveUse::FIRST_CAPTURE;
    }
    return FirstMoveUse::NEVER;
  }
  [[gnu::always_inline]] bool first_move_cuts(int ply, int depth, Score alpha, Score beta, NodeType expected,
                                              Move hash_move, bool on_previous_pv, Score& result) {
    const bool hinted = first_move_use_ == FirstMoveUse::FIRST_CAPTURE;
    if (hinted && (hash_move != Move{} || ctx_.previous_pv_move(ply, on_previous_pv) != Move{})) return false;
    Move move;
    typename T::FirstMoveTies ties;
    if (!ctx_.tree.first_mvv_lva_move(move, hinted ? &ties : nullptr) || (hinted && ties.count == 0)) return false;
    if (hinted && ties.count > 1 && ctx_.ordering.history) move = most_history(ties);
    // Below beta unless the child is a terminal: leave that rare case to the loop.
    const Score evaluation = ctx_.tree.leaf_child_evaluation(move);
    if (-evaluation < beta) return false;
    const LeafChildScore score = ctx_.tree.lone_leaf_child_score(move, evaluation, mate_ply(ctx_, ply + 1));
    const Score child = -bounded<F>(score.value, -beta, -alpha);
    if (!reaches_beta(std::max(alpha, child), beta)) return false;
    result = end_on_first_move<true>(ply, depth, alpha, beta, expected, move, child);
    count_leaf_children(ctx_.counters, ply + 1, LeafTally{1, std::uint64_t(score.terminal)});
    return true;
  }

  // The same first move at a node with more plies to go, under MVV-LVA
  // alone: its child is searched before the node generates its moves, and if
  // it reaches beta the node ends as its move loop would have ended it.
  // Otherwise `searched` keeps the move and its value, and the loop, whose
  // first move it is, goes on from the second. Only MVV-LVA alone: no hint
  // puts another move first, and the moves are ordered after the first
  // child's search, which must not have taught anything the order reads
  // (killers and history would).
  // Not in a selective search (a selective node may try a null move before
  // any child, and its pruning rules read the move list), and not with a
  // tree that plays every leaf, which stays the plain loop that this path is
  // tested against.
  static bool searches_first_child_first(const SearchContext<T>& ctx, FirstMoveUse use) {
    if constexpr (FindsFirstMove<T>)
      return use == FirstMoveUse::ALWAYS && !ctx.selective && ctx.tree.scores_leaf_children();
    return false;
  }
  static constexpr std::size_t NO_HISTORY_MARK = ~std::size_t(0);
  struct SearchedFirst {
    Move move{};
    Score value = 0;
    // The history's mark (HistoryTable::mark) from before the move's search,
    // which the order of the rest must not see.
    std::size_t history_mark = NO_HISTORY_MARK;
  };
  bool first_child_cuts(int ply, int depth, Score alpha, Score beta, NodeType expected, bool on_previous_pv,
                        SearchedFirst& searched, Score& result) {
    Move move;
    if (!ctx_.tree.first_mvv_lva_move(move, nullptr)) return false;
    return searched_first_cuts(move, ply, depth, alpha, beta, expected, on_previous_pv, searched, result);
  }

  // The loop's first move, `move`, searched before the loop: true if its
  // child reaches beta, the node then ending as its loop would have ended it
  // (`result`: its value); otherwise `searched` keeps the move and its value.
  bool searched_first_cuts(Move move, int ply, int depth, Score alpha, Score beta, NodeType expected,
                           bool on_previous_pv, SearchedFirst& searched, Score& result) {
    const Move pv_move = ctx_.previous_pv_move(ply, on_previous_pv);
    LeafTally no_leaves;
    ctx_.tree.make(move);
    const Score child = search_child<false>(no_leaves, move, ply + 1, child_depth(depth, 0), alpha, beta,
                                            child_type(expected, 0), on_previous_pv && move == pv_move, true);
    ctx_.tree.unmake(move);
    if (!reaches_beta(std::max(alpha, child), beta)) {
      searched.move = move, searched.value = child;
      return false;
    }
    result = end_on_first_move<false>(ply, depth, alpha, beta, expected, move, child);
    return true;
  }

  // A node whose ordering puts its hash move first (any ordering with
  // tt_move_first, the move being in the list) searches that child right
  // after generating, before ordering the rest: a node that cuts off on it,
  // as most with a hash move do, never orders its moves. The rest are
  // ordered afterwards exactly as they would have been before: the killers
  // of this ply are written only by this node, and the history is read as it
  // stood before the child's search (HistoryTable::mark and rewind). Not in
  // a selective search (a null move may come before any child), not with
  // the oracle's ordering (its keys are searches), not for trees that
  // observe the search, not for the bug museum's mutants.
  static bool searches_hash_child_first(const SearchContext<T>& ctx) {
    if constexpr (ObservesSearch<T> || M != Mutant::NONE) return false;
    const OrderingSpec& o = ctx.ordering;
    return o.tt_move_first && o.base != BaseOrdering::ORACLE && !ctx.selective && bool(ctx.tt);
  }
  bool hash_child_cuts(const typename T::MoveList& list, int ply, int depth, Score alpha, Score beta,
                       NodeType expected, bool on_previous_pv, Move hash_move, SearchedFirst& searched,
                       Score& result) {
    if (std::find(list.begin(), list.end(), hash_move) == list.end()) return false;
    const bool marks_history = ctx_.ordering.history;
    if (marks_history) searched.history_mark = ctx_.history.mark();
    if (!searched_first_cuts(hash_move, ply, depth, alpha, beta, expected, on_previous_pv, searched, result))
      return false;
    if (marks_history) ctx_.history.release();
    return true;
  }
  // The node's moves ordered as they would have been before its first child
  // was searched, when that child was searched before the ordering.
  void order_moves(MovePicker<T>& moves, typename T::MoveList& list, int ply, int depth, Move hash_move,
                   bool on_previous_pv, bool leaf_children, const SearchedFirst& searched) {
    const bool rewinds = searched.history_mark != NO_HISTORY_MARK;
    if (rewinds) ctx_.history.rewind(searched.history_mark);
    prepare_moves(ctx_, moves, list, ply, depth, hash_move, on_previous_pv, leaf_children);
    if (rewinds) {
      ctx_.history.replay(searched.history_mark);
      ctx_.history.release();
    }
  }

  // What a node's move loop records when its first move, whose child scored
  // `child`, reaches beta; returns the node's value. The move count is read
  // only by trees that observe the search, which never end a node this way.
  template <bool LEAF_CHILDREN>
  [[gnu::always_inline]] Score end_on_first_move(int ply, int depth, Score alpha, Score beta,
                                                 NodeType expected, Move move, Score child) {
    record_pv<LEAF_CHILDREN>(ctx_.pv, ply, move);
    record_cutoff(ctx_, move, 0, 1, ply, depth, child, child, beta);
    count_node_types(ctx_.counters, expected, NodeType::CUT);
    const Score result = bounded<F>(child, alpha, beta);
    if (ctx_.tt) store_table<M>(ctx_, ply, depth, result, alpha, beta, move);
    return result;
  }

  // Of tied moves in list order, the first with the largest history score.
  template <typename Ties>
  Move most_history(const Ties& ties) const {
    Move best = ties.moves[0];
    std::int64_t most = ctx_.history.score(ctx_.tree.history_index(best));
    for (int k = 1; k < ties.count; ++k) {
      const std::int64_t score = ctx_.history.score(ctx_.tree.history_index(ties.moves[k]));
      if (score > most) best = ties.moves[k], most = score;
    }
    return best;
  }

  // What a node's move loop found: its best value (unclamped), the move that
  // raised alpha last, how it behaved, and alpha at the end.
  struct MoveLoop {
    Score best = -INFINITE_SCORE;
    Move best_move{};
    NodeType behaved = NodeType::ALL;
    Score alpha = 0;
  };

  // What a node records once its move loop has ended; returns its value.
  template <bool LEAF_CHILDREN>
  [[gnu::always_inline]] Score end_node(int ply, int depth, Score alpha, Score beta, NodeType expected,
                                        const MoveLoop& loop, const LeafTally& leaves) {
    if (loop.behaved != NodeType::CUT) record_node_value(ctx_, ply, loop.best, loop.alpha, beta);
    if constexpr (LEAF_CHILDREN) count_leaf_children(ctx_.counters, ply + 1, leaves);
    count_node_types(ctx_.counters, expected, loop.behaved);
    const Score best = bounded<F>(loop.best, alpha, beta);
    if (ctx_.tt) store_table<M>(ctx_, ply, depth, best, alpha, beta, loop.best_move);
    return best;
  }

  // A node whose children are leaves scores them in list order before it
  // orders them, when ordering can only matter through a child above alpha:
  // if none is, no child raises alpha, so none is re-searched (PVS), none
  // enters the PV or becomes the best move, none cuts off or teaches killers
  // and history, and every child is scored once, whatever the order. The
  // node then ends with those scores (`loop`, `leaves`) and never orders its
  // moves. At the first child above alpha this gives up, with nothing
  // counted, and the node orders and searches its moves as usual.
  bool leaf_children_at_most_alpha(const typename T::MoveList& list, Score alpha, MoveLoop& loop,
                                   LeafTally& leaves) {
    if constexpr (!SCORES_REST_IN_LIST_ORDER || !ScoresLeafChildren<T>) {
      (void)list, (void)alpha, (void)loop, (void)leaves;
      return false;
    } else {
      if (!unordered_scan_) return false;
      Score best = -INFINITE_SCORE;
      std::uint64_t terminals = 0;
      for (std::size_t i = 0; i < list.size(); ++i) {
        const Move move = list[i];
        Score leaf;
        bool terminal = false;
        if (!ctx_.tree.quick_leaf_child_value(move, leaf)) [[unlikely]] {
          const LeafChildScore score = ctx_.tree.leaf_child_score(move);
          leaf = score.value, terminal = score.terminal;
        }
        if (-leaf > alpha) return false;
        best = std::max(best, -leaf);
        terminals += terminal;
      }
      leaves = {list.size(), terminals};
      loop.best = best;
      loop.alpha = alpha;
      return true;
    }
  }
  // leaf_children_at_most_alpha's outcome when every child is at most alpha,
  // from the tree without a move list (BoundsLeafChildren): the same
  // children, values and counts, none of them a terminal. False, with
  // nothing counted, when the tree cannot tell or a child is above alpha.
  bool leaf_children_bounded_by_alpha(Score alpha, MoveLoop& loop, LeafTally& leaves) {
    if constexpr (!SCORES_REST_IN_LIST_ORDER || !BoundsLeafChildren<T>) {
      (void)alpha, (void)loop, (void)leaves;
      return false;
    } else {
      std::uint64_t count;
      Score best;
      if (!unordered_scan_ || !ctx_.tree.leaf_children_at_most(alpha, count, best)) return false;
      leaves = {count, 0};
      loop.best = best;
      loop.alpha = alpha;
      return true;
    }
  }
  // Orderings whose keys cost something to build and that search nothing
  // to build them (the oracle's keys are searches of their own).
  static bool scans_before_ordering(const SearchContext<T>& ctx) {
    return ctx.ordering.reorders() && ctx.ordering.base != BaseOrdering::ORACLE;
  }

  // The node's moves, in order, each searched to depth - 1 (or pruned,
  // reduced: selective.h) until one reaches beta.
  template <bool LEAF_CHILDREN>
  MoveLoop search_moves(MovePicker<T>& moves, LeafTally& leaves, const SelectiveNode& selective, int ply,
                        int depth, Score alpha, Score beta, NodeType expected, bool on_previous_pv,
                        Move pv_move, SearchedFirst searched = {}) {
    MoveLoop loop;
    // Read once, into registers: the loop's stores could alias the context.
    // A node that scores its leaf children is never selective (visits_leaf_children).
    const bool prunes = !LEAF_CHILDREN && ctx_.selective;
    const std::size_t n = moves.size();
    std::size_t rest_from = n;
    if constexpr (LEAF_CHILDREN && SCORES_REST_IN_LIST_ORDER) rest_from = moves.rest_from();
    std::size_t from = 0;
    // The first child, searched already (first_child_cuts), did not reach beta.
    if constexpr (!LEAF_CHILDREN)
      if (searched.move != Move{}) {
        take_child<LEAF_CHILDREN>(loop, searched.value, searched.move, 0, n, ply, depth, alpha, beta);
        from = 1;
      }
    for (std::size_t i = from; i < rest_from; ++i) {
      const Move move = moves[i];
      if constexpr (M == Mutant::SHARED_ALPHA) alpha = std::max(alpha, shared_alpha_);
      if (prunes && futility_prunes(ctx_, selective, move, i, depth, alpha)) [[unlikely]]
        continue;
      const bool reduced = prunes && lmr_reduces(ctx_, selective, move, i, ply, depth);
      if constexpr (!LEAF_CHILDREN) {
        if constexpr (HintsChildKeys<T>)
          if (ctx_.tt && depth > 1) prefetch_child_buckets(moves, move, i, n);
        ctx_.tree.make(move);
      }
      const Score child =
          reduced ? search_reduced_child(leaves, move, ply + 1, child_depth(depth, i), alpha, beta,
                                         child_type(expected, i), on_previous_pv && move == pv_move)
                  : search_child<LEAF_CHILDREN>(leaves, move, ply + 1, child_depth(depth, i), alpha, beta,
                                                child_type(expected, i), on_previous_pv && move == pv_move, i == 0);
      if constexpr (!LEAF_CHILDREN) ctx_.tree.unmake(move);
      if (take_child<LEAF_CHILDREN>(loop, child, move, i, n, ply, depth, alpha, beta)) break;
    }
    if constexpr (LEAF_CHILDREN && SCORES_REST_IN_LIST_ORDER)
      if (loop.behaved != NodeType::CUT && rest_from < n)
        search_rest_in_list_order(moves, leaves, rest_from, ply, depth, alpha, beta, loop);
    loop.alpha = alpha;
    return loop;
  }

  // The loop's step after the i-th child's search: its value raises the
  // best, then alpha, and may cut off (true).
  template <bool LEAF_CHILDREN>
  [[gnu::always_inline]] bool take_child(MoveLoop& loop, Score child, Move move, std::size_t i, std::size_t n,
                                         int ply, int depth, Score& alpha, Score beta) {
    if (child > loop.best) loop.best = child;
    if (child <= alpha) return false;
    alpha = child;
    if constexpr (M == Mutant::SHARED_ALPHA) shared_alpha_ = alpha;
    loop.best_move = move;
    loop.behaved = NodeType::PV;
    record_pv<LEAF_CHILDREN>(ctx_.pv, ply, move);
    if (!reaches_beta(alpha, beta)) return false;
    loop.behaved = NodeType::CUT;
    record_cutoff(ctx_, move, i, n, ply, depth, loop.best, alpha, beta);
    return true;
  }

  // A child with depth left probes the table on entry, and the bucket it
  // reads is rarely in the cache: asked for just before the child is made,
  // it is still on its way when the probe needs it. A node that got past its
  // first move will most likely search them all, so from the second move on
  // the buckets of the next SIBLINGS_AHEAD siblings are asked for too, each
  // several children's searches before its probe. Picking those siblings
  // early changes nothing: at a node whose children search on, every key was
  // fixed when the node ordered its moves (the history part from a snapshot,
  // MovePicker), and a prefetch is a hint.
  void prefetch_child_buckets(MovePicker<T>& moves, Move move, std::size_t i, std::size_t n) {
    ctx_.tt.prefetch(ctx_.tree.child_key_hint(move));
    if (i == 0) return;
    const std::size_t first = i == 1 ? 2 : i + SIBLINGS_AHEAD;  // those before it were asked for already
    for (std::size_t j = first; j <= i + SIBLINGS_AHEAD && j < n; ++j)
      ctx_.tt.prefetch(ctx_.tree.child_key_hint(moves[j]));
  }
  // Measured at 1, 2, 3 and 5: each step further gained a little where ALL
  // nodes have many moves (the middlegame, MTD(f)'s passes).
  static constexpr std::size_t SIBLINGS_AHEAD = 5;

  // The moves a node with leaf children searches last in history order
  // (MovePicker::rest_from) may be scored in list order instead: a leaf's
  // value does not depend on the window, so under fail-soft the loop's
  // outcome follows from the values. A child at or below alpha when the rest
  // begins can only raise the best value (it is never re-searched, never
  // raises alpha); only the few above alpha need their place in the order,
  // and the children after a cut-off their place to be left uncounted. The
  // counts, value, best move, PV, killers and history are the ordered loop's.
  // Not for trees that observe the search, which see each event in order.
  static constexpr bool SCORES_REST_IN_LIST_ORDER = F == Fail::SOFT && M == Mutant::NONE && !ObservesSearch<T>;

  // Trivial, so that an array of them is left uninitialized (a Move is not).
  struct RestChild {
    Score value;          // from this node's side
    std::uint16_t index;  // in the list: the order's tie-break
    bool terminal;
  };

  void search_rest_in_list_order(MovePicker<T>& moves, LeafTally& leaves, std::size_t rest_from, int ply,
                                 int depth, Score& alpha, Score beta, MoveLoop& loop) {
    std::array<RestChild, MAX_MOVES> rest;
    std::array<std::uint16_t, MAX_MOVES> above;  // the children above alpha, by position in rest
    std::size_t n_rest = 0, n_above = 0;
    std::uint64_t terminals = 0;
    Score best = -INFINITE_SCORE;
    moves.for_each_rest([&](std::uint16_t index, Move move) {
      Score leaf;
      bool terminal = false;
      if (!ctx_.tree.quick_leaf_child_value(move, leaf)) [[unlikely]] {
        const LeafChildScore score = ctx_.tree.leaf_child_score(move);
        leaf = score.value, terminal = score.terminal;
      }
      const Score value = -leaf;
      rest[n_rest] = {value, index, terminal};
      above[n_above] = std::uint16_t(n_rest);
      n_above += value > alpha;
      terminals += terminal;
      best = std::max(best, value);
      ++n_rest;
    });
    // Mostly none is above alpha: each child searched once, in whatever order.
    if (n_above == 0) [[likely]] {
      leaves.visits += n_rest;
      leaves.terminals += terminals;
      loop.best = std::max(loop.best, best);
      return;
    }
    search_rest_above_alpha(moves, leaves, rest.data(), n_rest, above.data(), n_above, rest_from, ply, depth, alpha,
                            beta, loop);
  }

  // The children above alpha, each where the order puts it: the first of them
  // that is still above alpha raises it (after a re-search under PVS), until
  // one reaches beta. Then every child counts once if it comes no later.
  [[gnu::noinline]] void search_rest_above_alpha(MovePicker<T>& moves, LeafTally& leaves, const RestChild* rest,
                                                 std::size_t n_rest, std::uint16_t* above, std::size_t n_above,
                                                 std::size_t rest_from, int ply, int depth, Score& alpha,
                                                 Score beta, MoveLoop& loop) {
    std::array<std::int64_t, MAX_MOVES> history;
    for (std::size_t k = 0; k < n_rest; ++k) history[k] = moves.rest_history(rest[k].index);
    // Larger history first, then list order.
    const auto precedes = [&](std::size_t a, std::size_t b) {
      return history[a] > history[b] || (history[a] == history[b] && rest[a].index < rest[b].index);
    };
    const auto position = [&](std::size_t k) {
      std::size_t before = 0;
      for (std::size_t j = 0; j < n_rest; ++j) before += precedes(j, k);
      return rest_from + before;
    };
    std::size_t cut = n_rest;
    while (cut == n_rest) {
      std::size_t next = n_above;
      for (std::size_t a = 0; a < n_above; ++a)
        if (rest[above[a]].value > alpha && (next == n_above || precedes(above[a], above[next]))) next = a;
      if (next == n_above) break;
      const std::size_t k = above[next];
      above[next] = above[--n_above];
      const RestChild& child = rest[k];
      // Under PVS every child but the node's first is searched with a null
      // window first, and again when its value lies inside the window.
      if (W == ChildWindow::NULL_WINDOW_FIRST && child.value < beta && (rest_from != 0 || position(k) != 0)) {
        ++leaves.visits;
        leaves.terminals += child.terminal;
        ++ctx_.counters.researches;
      }
      const Move move = moves.list_move(child.index);
      alpha = child.value;
      loop.best_move = move;
      loop.behaved = NodeType::PV;
      record_pv<true>(ctx_.pv, ply, move);
      if (reaches_beta(alpha, beta)) {
        loop.behaved = NodeType::CUT;
        cut = k;
        record_cutoff(ctx_, move, position(k), moves.size(), ply, depth, loop.best, alpha, beta);
      }
    }
    for (std::size_t k = 0; k < n_rest; ++k) {
      if (cut != n_rest && k != cut && !precedes(k, cut)) continue;
      ++leaves.visits;
      leaves.terminals += rest[k].terminal;
      loop.best = std::max(loop.best, rest[k].value);
    }
  }

  // nullmove=verified, a fail-high with the verify flag on (selective.h):
  // the moves searched one ply shallower with the flag off below, and, if
  // none reaches beta (zugzwang), again to the node's depth with it on, in
  // the same order. Never a node that scores leaf children: it is selective.
  [[gnu::cold]] MoveLoop verify_null_move(MovePicker<T>& moves, LeafTally& leaves,
                                          const SelectiveNode& selective, int ply, int depth, Score alpha,
                                          Score beta, NodeType expected, bool on_previous_pv, Move pv_move) {
    ctx_.verify_null_move = false;
    const MoveLoop reduced =
        search_moves<false>(moves, leaves, selective, ply, depth - 1, alpha, beta, expected, on_previous_pv, pv_move);
    ctx_.verify_null_move = true;
    if (reduced.best >= beta) return reduced;
    ++ctx_.counters.null_move_verification_failures;
    ctx_.pv.clear(ply);
    return search_moves<false>(moves, leaves, selective, ply, depth, alpha, beta, expected, on_previous_pv, pv_move);
  }

  // The cut-off test: >= (reference 002), or the museum's > that prunes less.
  static bool reaches_beta(Score alpha, Score beta) {
    if constexpr (M == Mutant::STRICT_CUTOFF) return alpha > beta;
    return alpha >= beta;
  }

  // The depth the i-th child is searched to: one ply less, or, under the
  // museum's unsound pruning, two plies less after the second move.
  static int child_depth(int depth, std::size_t i) {
    if constexpr (M == Mutant::UNSOUND_PRUNING)
      if (i >= UNSOUND_REDUCTION_FROM_MOVE && depth >= 2) return depth - 2;
    return depth - 1;
  }
  static constexpr std::size_t UNSOUND_REDUCTION_FROM_MOVE = 2;

  // A child's value from this node's side, searched as W says. `move` leads
  // to it; it is already made unless LEAF_CHILDREN (then it is counted in
  // `leaves`).
  template <bool LEAF_CHILDREN>
  Score search_child(LeafTally& leaves, Move move, int ply, int depth, Score alpha, Score beta, NodeType type,
                     bool on_pv, bool first) {
    if (W == ChildWindow::FULL || first)
      return -visit_child<LEAF_CHILDREN>(leaves, move, ply, depth, -beta, -alpha, type, on_pv);
    const Score probe =
        -visit_child<LEAF_CHILDREN>(leaves, move, ply, depth, -alpha - 1, -alpha, type, on_pv);
    if (!(alpha < probe && probe < beta)) return probe;
    if constexpr (M == Mutant::SEARCH_INSTABILITY) return probe;
    ++ctx_.counters.researches;
    return -visit_child<LEAF_CHILDREN>(leaves, move, ply, depth, -beta, -alpha, type, on_pv);
  }

  // lmr (selective.h): the child, already made, searched one ply shallower
  // with a null window, and again as search_child would if it beats alpha.
  // Never a leaf child: lmr needs depth >= 3.
  Score search_reduced_child(LeafTally& leaves, Move move, int ply, int depth, Score alpha, Score beta,
                             NodeType type, bool on_pv) {
    ++ctx_.counters.lmr_reductions;
    const Score reduced = -search(ply, depth - 1, -alpha - 1, -alpha, type, on_pv);
    if (reduced <= alpha) return reduced;
    ++ctx_.counters.lmr_researches;
    return search_child<false>(leaves, move, ply, depth, alpha, beta, type, on_pv, false);
  }

  // One search of a child: scored from this node (a leaf, see
  // leaf_children.h) or made and searched.
  template <bool LEAF_CHILDREN>
  [[gnu::always_inline]] Score visit_child(LeafTally& leaves, Move move, int ply, int depth, Score alpha,
                                           Score beta, NodeType type, bool on_pv) {
    if constexpr (LEAF_CHILDREN) {
      (void)ply, (void)depth, (void)type, (void)on_pv;
      return bounded<F>(visit_leaf_child(ctx_, leaves, move), alpha, beta);
    } else {
      (void)leaves, (void)move;
      return search(ply, depth, alpha, beta, type, on_pv);
    }
  }

  SearchContext<T>& ctx_;
  const FirstMoveUse first_move_use_;
  const bool first_child_first_;
  const bool hash_child_first_;
  const bool unordered_scan_;
  // The museum's shared alpha (mutant.h); no member at all in the plain search.
  struct NoSharedAlpha {};
  [[no_unique_address]] std::conditional_t<M == Mutant::SHARED_ALPHA, Score, NoSharedAlpha> shared_alpha_{
      shared_alpha_start()};
  static constexpr auto shared_alpha_start() {
    if constexpr (M == Mutant::SHARED_ALPHA)
      return -INFINITE_SCORE;
    else
      return NoSharedAlpha{};
  }
};

}  // namespace prunebench
