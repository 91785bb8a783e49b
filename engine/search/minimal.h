// The exact minimal tree: the cheapest proof of the root's fixed-depth value,
// computed lazily, top-down, only where a proof can still be the cheapest.
//
// Definitions (README glossary): every move sequence is its own node, V(n)
// is the fixed-depth negamax value, a leaf is a horizon node or a terminal.
// A proof costs, under the NODES measure, one per node in it, and under the
// LEAVES measure, one per leaf in it. For a node n:
//   Ge(n, t)  proof that V(n) >= t: a leaf costs its measure; an interior
//             node its own measure + min over children c with V(c) <= -t of Le(c, -t)
//   Le(n, t)  proof that V(n) <= t: own measure + sum over ALL children c of Ge(c, -t)
//   Exact(n)  proof that V(n) = w, its value: own measure + min over children c*
//             with V(c*) = -w of Exact(c*) + sum over the other children c of Ge(c, -w)
// minimal nodes = Exact(root) under the nodes measure, minimal leaves =
// Exact(root) under the leaves measure: two independent minimisations.
//
// minimal_full_width.h computes every proof of every node in one pass; this
// file computes the same numbers without visiting most of the tree:
//  - Once alpha-beta has found the root's value v, every threshold at ply p
//    is (-1)^p v, so a node's proofs depend only on the node and its ply:
//    they are computed once per distinct (state, ply) and reused at every
//    transposition (proof_table.h; a transposed subtree is still counted
//    every time the proof holds it).
//  - Only the proofs a proof needs are computed, each with a budget: a
//    choice (Ge's child, Exact's child) tries its candidates cheapest-looking
//    first, each with the best cost found so far as its budget, and a
//    candidate stops as soon as what it has summed passes its budget (branch
//    and bound). An aborted proof leaves a lower bound in the table, never a
//    cost. Budgets are strict against an earlier child in generator order
//    and loose against a later one, so ties still go to the first child.
//  - Whether a proof exists at all (V against the threshold) is settled,
//    five or more plies above the horizon, by an uncounted alpha-beta
//    search with the window (t - 1, t + 1), once per entry. Lower down the
//    proof itself finds out, as cheaply: a proof that does not exist fails
//    at the first child (or grandchild) whose proof fails, and two plies
//    above the horizon each candidate reads its leaves and stops at the
//    first that fails it. (Value searches at three and four plies cost more
//    than they saved.)
//  - Nodes one ply above the horizon are never kept: they read their leaves.
//    Two plies above, where most of the nodes met are, a proof is computed
//    in full, under both measures at once (one scan of the children serves
//    both), without a budget (its candidates' costs follow exactly from
//    their move counts there), and kept in a lossy cache (proof_cache.h)
//    that serves transpositions, later budgets, the other measure's pass and
//    choice(); a node it has lost is computed again. The move counts of
//    their children come from a counting board (child_counts), not a make.
//  - Three plies above, a choice's candidates are bounded by their exact Le
//    wherever it exists (1 + 2k - terminals among the k children, under the
//    nodes measure), so the first candidate that holds is the choice.
//
// What the search reports (SearchCounters): nodes and leaves are the two
// minima; the rest describes the proof of the minimal nodes, with its exact
// line as the PV (minimal_census.h). The value searches and the proofs tried
// and abandoned are not counted: the counters describe the proof, not the
// work of finding it. The computation runs on one thread.
//
// Memory: the table, the cache and the value searches' table share the
// budget (SearchSpec::minimal_megabytes). When the table is full the figures
// are not computed: error() says so and the counters stay as they were (the
// cache only loses entries).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/search/alphabeta.h"
#include "engine/search/leaf_scan.h"
#include "engine/search/minimal_census.h"
#include "engine/search/node.h"
#include "engine/search/proof_cache.h"
#include "engine/search/proof_knowledge.h"
#include "engine/search/proof_table.h"
#include "engine/search/subtree_state.h"

namespace prunebench {

template <Tree T>
class MinimalProof : public ProofKnowledge {
 public:
  using Move = typename T::MoveType;

  MinimalProof(SearchContext<T>& ctx, std::size_t megabytes)
      : ctx_(ctx),
        megabytes_(megabytes),
        table_(megabytes * 1024 * 1024),
        cache_(0),
        value_table_(0, ctx.mate_distance),
        value_ctx_(ctx.tree, value_counters_, value_spec(ctx), &value_table_) {}

  // The root's value searched `depth` plies; fills ctx.counters with the
  // minimal tree and ctx.pv row 0 with the cheapest exact proof's line,
  // unless the table ran out of memory (then error() is set).
  Score search(int depth) {
    depth_ = depth;
    const std::size_t value_megabytes = value_table_megabytes(depth);
    value_table_ = TranspositionTable<Move>::with_megabytes(value_megabytes, ctx_.mate_distance);
    const std::size_t cache_megabytes = megabytes_ / CACHE_SHARE;
    cache_ = Cache(cache_megabytes * 1024 * 1024);
    table_ = Table((megabytes_ - value_megabytes - cache_megabytes) * 1024 * 1024);
    frames_.resize(std::size_t(depth) + 1);
    v_ = AlphaBeta<T>(value_ctx_).search(0, depth, -INFINITE_SCORE, INFINITE_SCORE);
    std::array<Cost, MEASURE_NB> root{};
    for (const Measure m : {NODES, LEAVES}) {
      measure_ = m;
      root[m] = prove(EXACT, 0, UNBOUNDED, true);
    }
    if (out_of_memory_) {
      error_ = "the exact minimal tree needs more than minimal-memory=" + std::to_string(megabytes_) +
               " MB (give it more, or search less deep)";
      return v_;
    }
    measure_ = NODES;
    SearchCounters& c = ctx_.counters;
    ctx_.pv.set(0, MinimalCensus<T>(*this, ctx_.tree, c).count());
    c.nodes = root[NODES];
    c.leaves = root[LEAVES];
    return v_;
  }

  // Empty, or why the figures could not be computed.
  const std::string& error() const { return error_; }

  // --- for walks over the proofs found (proof_graph.h) ---

  int depth() const { return depth_; }
  // The child (generator index) that the cheapest proof `kind` (GE or EXACT)
  // of the tree's current interior node at `ply` picks under `measure`, ties
  // to the first; the proof must exist. After search(), without error().
  std::size_t choice(Kind kind, Measure measure, int ply) {
    const Measure kept = measure_;
    measure_ = measure;
    const std::size_t index = depth_ - ply == 1 ? choice_above_leaves(kind, ply) : choice_memoised(kind, ply);
    measure_ = kept;
    return index;
  }
  // Nodes the uncounted value searches visited: part of the work, none of the figures.
  std::uint64_t value_search_nodes() const { return value_counters_.nodes; }
  // Distinct (node, ply) entries the computation kept: its memory.
  std::size_t table_entries() const { return table_.size(); }

 private:
  static constexpr Cost UNBOUNDED = NO_PROOF - 1;
  // Proofs are kept for good from three plies above the horizon. Two plies
  // above is where most of the nodes met are: keeping them all would take
  // four times the memory, so they go to a cache of bounded size that loses
  // the oldest (proof_cache.h), and are computed again when lost.
  static constexpr int STORED_FROM = 3;
  // A value search settles whether a proof exists from this many plies above
  // the horizon; lower down the proof finds out itself (see the top).
  static constexpr int CLASSIFIED_FROM = 5;
  // The cache's share of the memory budget (1 / CACHE_SHARE): what it may grow
  // to, so the table's own budget is smaller by as much. Half: at start
  // depth 8 the cache's hits (the other measure's pass above all) saved a
  // seventh of the time a quarter took (docs/speed-notes.md).
  static constexpr std::size_t CACHE_SHARE = 2;

  using Table = ProofTable<SubtreeState<T>, Known>;
  using Cache = ProofCache<SubtreeState<T>, CompactKnown>;

  // An interior node's scratch while it chooses among its children.
  struct Frame {
    std::array<Cost, MAX_MOVES> cost;
  };

  // The value searches revisit the same subtrees from many nodes, so they
  // keep a transposition table (equal drafts only: exact values, tt.h),
  // taken from the memory budget: 1 MB to depth 4, 8 MB at depth 5 and
  // doubling per ply beyond (a deeper search's value searches gain more from
  // it than they lose to cache misses), at most 64 MB and an eighth of the
  // budget (small searches stay cheap).
  std::size_t value_table_megabytes(int depth) const {
    const std::size_t grown = depth <= 4 ? 1 : std::size_t(1) << std::min(depth - 2, 6);
    return std::min({grown, std::size_t(64), megabytes_ / 8});
  }
  static SearchSpec value_spec(const SearchContext<T>& ctx) {
    SearchSpec spec;
    spec.mate_distance = ctx.mate_distance;
    if (ctx.tree.supports_ordering(BaseOrdering::MVV_LVA)) spec.ordering.base = BaseOrdering::MVV_LVA;
    spec.tt = spec.ordering.tt_move_first = true;
    return spec;
  }

  Score threshold(int ply) const { return ply % 2 == 0 ? v_ : -v_; }
  Cost own() const { return measure_ == NODES ? 1 : 0; }
  Cost leaf_proof(Kind kind, Score value, int ply) const {
    return holds(kind, order_of(value, threshold(ply))) ? 1 : NO_PROOF;
  }

  // --- the proofs ---

  // The cheapest proof `kind` of the current node at `ply`, under measure_,
  // if it costs at most `budget`; otherwise a lower bound above `budget`
  // (NO_PROOF when there is no such proof at all). `exists`: the caller
  // knows the proof exists (every child of a Le or Exact node has its Ge).
  Cost prove(Kind kind, int ply, Cost budget, bool exists = false) {
    const int depth = depth_ - ply;
    if (depth <= 0) {
      bool terminal;
      return leaf_proof(kind, leaf_value(ctx_, ply, terminal), ply);
    }
    if (depth == 1) return prove_above_leaves(kind, ply);
    if (depth < STORED_FROM) return two_above(kind, ply).cost[measure_][kind];
    Known* known = entry(ply);
    if (known == nullptr) return NO_PROOF;  // out of memory: the result is discarded
    if (exists) learn_holds(*known, kind);
    return prove_memoised(*known, kind, ply, budget);
  }

  // A node whose children are all leaves, each costing 1 in both measures:
  // only their values matter, and the scan stops once they decide.
  Cost prove_above_leaves(Kind kind, int ply) {
    Cost k;
    return holds_above_leaves(kind, ply, k) ? above_leaves_cost(kind, measure_, k) : NO_PROOF;
  }
  // Whether proof `kind` exists at the current node, one ply above the
  // horizon; `k` gets its number of children (0: a terminal).
  bool holds_above_leaves(Kind kind, int ply, Cost& k) {
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    k = moves.size();
    if (k == 0) return leaf_proof(kind, ctx_.tree.terminal_score(mate_ply(ctx_, ply)), ply) != NO_PROOF;
    const Score u = -threshold(ply);
    bool below = false, at = false;  // a child below u, at u
    for_each_leaf_child(ctx_, moves, ply, [&](std::size_t, Score value, bool) {
      below |= value < u;
      at |= value == u;
      return kind == GE ? !(below || at) : !below;
    });
    if (kind == GE) return below || at;
    return !below && (kind != EXACT || at);
  }
  // What an existing proof `kind` one ply above the horizon costs under `m`,
  // for a node with `k` children: a terminal is a leaf; Ge holds the node
  // and one leaf, Le and Exact the node and every leaf.
  static Cost above_leaves_cost(Kind kind, Measure m, Cost k) {
    if (k == 0) return 1;
    return (m == NODES ? 1 : 0) + (kind == GE ? 1 : k);
  }

  // Two plies above the horizon a proof's cost under either measure follows
  // from the same scan of the children (their move counts and whether their
  // proofs exist), so both are computed at once, without a budget, and kept:
  // the other measure's pass finds its figure in the cache.
  Cost prove_two_above(Known& known, Kind kind, int ply) {
    if (is_exact(known, measure_, kind)) return known.cost[measure_][kind];
    std::array<Cost, MEASURE_NB> cost{NO_PROOF, NO_PROOF};
    if (!surely_fails(kind, known.low, known.high)) {
      if (kind == GE)
        ge_two_above(known, ply, cost);
      else
        le_or_exact_two_above(known, kind, ply, cost);
    }
    if (cost[NODES] == NO_PROOF)
      learn_fails(known, kind);
    else
      learn_holds(known, kind);
    for (const Measure m : {NODES, LEAVES}) {
      known.cost[m][kind] = cost[m];
      known.exact |= exact_bit(m, kind);
    }
    return cost[measure_];
  }

  // Ge two plies above the horizon: the child whose Le is cheapest. A
  // child's Le, where it exists, costs exactly what its move count says, so
  // under each measure the candidates are tried by that cost (the first
  // child among equals) and the first whose Le exists is the choice. The two
  // measures order the candidates alike but for terminals, so a candidate's
  // scan serves both.
  void ge_two_above(Known& known, int ply, std::array<Cost, MEASURE_NB>& cost) {
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    Cost* k = frames_[std::size_t(ply)].cost.data();
    child_counts(ctx_.tree, moves, k);
    std::array<std::int8_t, MAX_MOVES> exists;  // -1 not scanned yet, else whether the child's Le exists
    std::fill_n(exists.begin(), moves.size(), std::int8_t(-1));
    std::array<Cost, MAX_MOVES> order;
    for (const Measure m : {NODES, LEAVES}) {
      for (std::size_t i = 0; i < moves.size(); ++i) order[i] = above_leaves_cost(LE, m, k[i]);
      for (;;) {
        const std::size_t i = first_least(order.data(), moves.size());
        if (order[i] == NO_PROOF) break;  // no child's Le exists
        if (exists[i] < 0) {
          ctx_.tree.make(moves[i]);
          Cost count;
          exists[i] = holds_above_leaves(LE, ply + 1, count);
          ctx_.tree.unmake(moves[i]);
        }
        if (exists[i]) {
          cost[m] = (m == NODES ? 1 : 0) + order[i];
          known.ge_choice[m] = std::uint8_t(i);
          break;
        }
        order[i] = NO_PROOF;
      }
    }
  }

  // Le and Exact two plies above the horizon: every child's Ge (a terminal
  // is a leaf; any other child costs itself, under the nodes measure, and
  // one leaf), and for Exact the child c* at the threshold whose Exact(c*) -
  // Ge(c*) is least: k - 1 for a child with k leaves, 0 for a terminal, under
  // both measures alike, so both pick the same child.
  void le_or_exact_two_above(Known& known, Kind kind, int ply, std::array<Cost, MEASURE_NB>& cost) {
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    std::array<Cost, MEASURE_NB> sum{1, 0};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ctx_.tree.make(moves[i]);
      Cost k;
      const bool exists = holds_above_leaves(GE, ply + 1, k);
      ctx_.tree.unmake(moves[i]);
      if (!exists) return;
      for (const Measure m : {NODES, LEAVES}) sum[m] += above_leaves_cost(GE, m, k);
    }
    if (kind == LE) {
      cost = sum;
      return;
    }
    std::size_t best_index = moves.size();
    Cost best = NO_PROOF;
    for (std::size_t i = 0; i < moves.size() && best != 0; ++i) {
      ctx_.tree.make(moves[i]);
      Cost k;
      const bool at = holds_above_leaves(EXACT, ply + 1, k);
      ctx_.tree.unmake(moves[i]);
      const Cost extra = k == 0 ? 0 : k - 1;
      if (at && extra < best) {
        best = extra;
        best_index = i;
      }
    }
    if (best_index == moves.size()) return;
    for (const Measure m : {NODES, LEAVES}) {
      cost[m] = sum[m] + best;
      known.exact_choice[m] = std::uint8_t(best_index);
    }
  }

  Known* entry(int ply) {
    bool created;
    auto* e = table_.find_or_add(ctx_.tree.key(), subtree_state(ctx_.tree), ply, created);
    if (e == nullptr) {
      out_of_memory_ = true;
      return nullptr;
    }
    if (created) initialise(e->data, ply);
    return &e->data;
  }
  // What is known of the current node, two plies above the horizon, once
  // its proof `kind` is: from the cache, or computed now and kept there.
  Known two_above(Kind kind, int ply) {
    bool created;
    CompactKnown& kept = cache_.slot(ctx_.tree.key(), subtree_state(ctx_.tree), ply, created);
    Known known;
    if (created)
      initialise(known, ply);
    else
      known = expand(kept);
    if (created || !is_exact(known, measure_, kind)) {
      prove_two_above(known, kind, ply);  // makes no node two plies above: `kept` stays valid
      kept = compact(known);
    }
    return known;
  }
  // What is kept of the current node, into `known`, if anything (two plies
  // above the horizon: while the cache has it).
  bool find(int ply, Known& known) {
    if (depth_ - ply < STORED_FROM) {
      const CompactKnown* kept = cache_.find(ctx_.tree.key(), subtree_state(ctx_.tree), ply);
      if (kept != nullptr) known = expand(*kept);
      return kept != nullptr;
    }
    const auto* e = table_.find(ctx_.tree.key(), subtree_state(ctx_.tree), ply);
    if (e != nullptr) known = e->data;
    return e != nullptr;
  }

  // A new entry: a terminal's proofs are known at once; an interior node
  // starts from the lower bounds its move count gives (every proof holds the
  // node, Ge at least one child, Le and Exact every child).
  void initialise(Known& known, int ply) {
    const Cost k = child_count(ctx_.tree);
    if (k == 0) {
      const Score value = ctx_.tree.terminal_score(mate_ply(ctx_, ply));
      known.leaf = true;
      known.low = known.high = order_of(value, threshold(ply));
      for (auto& costs : known.cost)
        for (std::size_t k = 0; k < KIND_NB; ++k) costs[k] = holds(Kind(k), known.low) ? 1 : NO_PROOF;
      known.exact = 0x3f;
      return;
    }
    known.cost[NODES] = {2, 1 + k, 1 + k};
    known.cost[LEAVES] = {1, k, k};
  }

  // A proof three or more plies above the horizon, under its budget: a value
  // search settles first whether it exists.
  Cost prove_memoised(Known& known, Kind kind, int ply, Cost budget) {
    Cost& cost = known.cost[measure_][kind];
    if (is_exact(known, measure_, kind) || cost > budget) return cost;
    const bool unsettled = !surely_holds(kind, known.low, known.high) && !surely_fails(kind, known.low, known.high);
    if (unsettled && depth_ - ply >= CLASSIFIED_FROM) classify(known, kind, ply);
    Cost found = NO_PROOF;
    if (!surely_fails(kind, known.low, known.high)) {
      if (kind == GE) found = prove_ge(known, ply, budget);
      if (kind == LE) found = prove_le(ply, budget);
      if (kind == EXACT) found = prove_exact(known, ply, budget);
    }
    if (found == NO_PROOF) learn_fails(known, kind);
    if (found <= budget || found == NO_PROOF) {
      cost = found;
      known.exact |= exact_bit(measure_, kind);
    } else {
      cost = std::max(cost, found);
    }
    return cost;
  }

  // Settles whether `kind` holds at the current node by an uncounted search
  // with the narrowest window that tells: (t - 1, t) whether V >= t,
  // (t, t + 1) whether V <= t, (t - 1, t + 1) both.
  void classify(Known& known, Kind kind, int ply) {
    const Score t = threshold(ply);
    const bool lower = kind != LE && known.low < AT, upper = kind != GE && known.high > AT;
    const Score alpha = lower ? t - 1 : t, beta = upper ? t + 1 : t;
    const Score value = AlphaBeta<T>(value_ctx_).search(ply, depth_ - ply, alpha, beta);
    if (value <= alpha) {  // V <= value: below the window
      known.high = std::min(known.high, lower ? BELOW : AT);
    } else if (value >= beta) {
      known.low = std::max(known.low, upper ? ABOVE : AT);
    } else {  // inside (t - 1, t + 1): exactly t
      known.low = known.high = AT;
    }
  }

  // A lower bound of Le at the current node (a child of the node choosing).
  // Two plies above the horizon it is Le's cost wherever Le exists: every
  // child's Ge costs 1 under the leaves measure, and under the nodes measure
  // 1 for a terminal and 2 for any other child.
  Cost le_lower_bound(int ply) {
    if (Known known; find(ply, known))
      return surely_fails(LE, known.low, known.high) ? NO_PROOF : known.cost[measure_][LE];
    if (measure_ == NODES && depth_ - ply == 2) {
      typename T::MoveList moves;
      ctx_.tree.generate(moves);
      const Cost k = moves.size();
      return k == 0 ? 1 : 1 + 2 * k - terminal_children(ctx_.tree, moves);
    }
    const Cost k = child_count(ctx_.tree);
    return k == 0 ? 1 : own() + k;
  }

  // Ge: the child whose Le is cheapest. Candidates are tried by their lower
  // bound, least first (the first child among equals), picked one at a time:
  // most choices end after one or two.
  Cost prove_ge(Known& known, int ply, Cost budget) {
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    Cost* bound = frames_[std::size_t(ply)].cost.data();
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ctx_.tree.make(moves[i]);
      bound[i] = le_lower_bound(ply + 1);
      ctx_.tree.unmake(moves[i]);
    }
    const Cost room = budget - own();
    const std::size_t none = moves.size();
    std::size_t best_index = none;
    Cost best = NO_PROOF, least = NO_PROOF;
    for (;;) {
      const std::size_t i = first_least(bound, moves.size());
      if (bound[i] == NO_PROOF) break;  // every candidate tried
      Cost limit = room;
      if (best_index != none) limit = std::min(limit, i < best_index ? best : best - 1);
      if (bound[i] > limit) {  // and so is every bound left
        least = std::min(least, bound[i]);
        break;
      }
      ctx_.tree.make(moves[i]);
      const Cost cost = prove(LE, ply + 1, limit);
      ctx_.tree.unmake(moves[i]);
      bound[i] = NO_PROOF;  // tried
      if (cost <= limit) {
        best = cost;
        best_index = i;
      } else {
        least = std::min(least, cost);
      }
    }
    if (best_index == none) return add(own(), least);
    known.ge_choice[measure_] = std::uint8_t(best_index);
    return own() + best;
  }

  // The index of the least cost, the first among equals.
  static std::size_t first_least(const Cost* cost, std::size_t n) {
    std::size_t least = 0;
    for (std::size_t i = 1; i < n; ++i)
      if (cost[i] < cost[least]) least = i;
    return least;
  }

  // The sum of Ge over every child, or a lower bound above `budget`; each
  // child's Ge goes to `costs`.
  Cost sum_ge(const typename T::MoveList& moves, int ply, Cost budget, Cost* costs) {
    Cost partial = own();
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Cost rest = moves.size() - i - 1;  // every later child costs at least 1
      if (add(partial, rest + 1) > budget) return add(partial, rest + 1);
      const Cost limit = budget - partial - rest;
      ctx_.tree.make(moves[i]);
      const Cost cost = prove(GE, ply + 1, limit, true);
      ctx_.tree.unmake(moves[i]);
      if (cost > limit) return add(add(partial, rest), cost);
      partial += cost;
      costs[i] = cost;
    }
    return partial;
  }

  Cost prove_le(int ply, Cost budget) {
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    return sum_ge(moves, ply, budget, frames_[std::size_t(ply)].cost.data());
  }

  // Exact: every child's Ge, then the child c* whose Exact(c*) - Ge(c*) is
  // least, in generator order (Exact nodes are few).
  Cost prove_exact(Known& known, int ply, Cost budget) {
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    Frame& f = frames_[std::size_t(ply)];
    const Cost sum = sum_ge(moves, ply, budget, f.cost.data());
    if (sum > budget) return sum;
    const std::size_t none = moves.size();
    std::size_t best_index = none;
    Cost best = NO_PROOF, least = NO_PROOF;  // Exact(c*) - Ge(c*): never negative
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (best_index != none && best == 0) break;
      Cost limit = budget - sum;
      if (best_index != none) limit = std::min(limit, best - 1);
      ctx_.tree.make(moves[i]);
      if (child_order(ply + 1) == AT) {
        const Cost cost = prove(EXACT, ply + 1, f.cost[i] + limit);
        if (cost <= f.cost[i] + limit) {
          best = cost - f.cost[i];
          best_index = i;
        } else {
          least = std::min(least, cost == NO_PROOF ? NO_PROOF : cost - f.cost[i]);
        }
      }
      ctx_.tree.unmake(moves[i]);
    }
    if (best_index == none) return add(sum, least);
    known.exact_choice[measure_] = std::uint8_t(best_index);
    return sum + best;
  }

  // V of the current node against its threshold (its Ge has been proved).
  Order child_order(int ply) {
    const int depth = depth_ - ply;
    if (depth <= 0) {
      bool terminal;
      return order_of(leaf_value(ctx_, ply, terminal), threshold(ply));
    }
    if (depth == 1) return prove_above_leaves(EXACT, ply) != NO_PROOF ? AT : ABOVE;
    if (depth < STORED_FROM) return prove(EXACT, ply, UNBOUNDED) != NO_PROOF ? AT : ABOVE;
    Known* known = entry(ply);
    if (known == nullptr) return ABOVE;
    if (!surely_holds(EXACT, known->low, known->high) && !surely_fails(EXACT, known->low, known->high))
      classify(*known, EXACT, ply);
    return known->low == AT && known->high == AT ? AT : ABOVE;
  }

  // choice(), one ply above the horizon: every leaf costs 1 in both
  // measures, so Ge picks the first child at or below u, Exact the first at u.
  std::size_t choice_above_leaves(Kind kind, int ply) {
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    const Score u = -threshold(ply);
    std::size_t index = 0;
    for_each_leaf_child(ctx_, moves, ply, [&](std::size_t i, Score value, bool) {
      index = i;
      return kind == GE ? value > u : value != u;
    });
    return index;
  }
  // choice(), higher up: the table's or the cache's choice (computed now
  // where the cache lost it, or where it was kept only under the other measure).
  std::size_t choice_memoised(Kind kind, int ply) {
    if (depth_ - ply < STORED_FROM) {
      const Known known = two_above(kind, ply);
      return kind == GE ? known.ge_choice[measure_] : known.exact_choice[measure_];
    }
    Known* known = entry(ply);
    if (known == nullptr) return 0;  // out of memory: error() says so
    if (!is_exact(*known, measure_, kind)) prove_memoised(*known, kind, ply, UNBOUNDED);
    return kind == GE ? known->ge_choice[measure_] : known->exact_choice[measure_];
  }

  SearchContext<T>& ctx_;
  std::size_t megabytes_;
  Table table_;
  Cache cache_;
  TranspositionTable<Move> value_table_;
  SearchCounters value_counters_;  // the value searches' own: counted nowhere
  SearchContext<T> value_ctx_;
  std::vector<Frame> frames_;  // by ply
  int depth_ = 0;
  Score v_ = 0;
  Measure measure_ = NODES;
  bool out_of_memory_ = false;
  std::string error_;
};

}  // namespace prunebench
