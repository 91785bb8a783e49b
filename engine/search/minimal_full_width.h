// The exact minimal tree by one full-width pass: the reference computation.
//
// minimal.h computes the same figures lazily and is what the `minimal` mode
// runs; this file is kept as the oracle its tests compare against, and as the
// "before" of its benchmark, because it is simple enough to check by reading:
// it proves every node of the tree, in generator order, in one bottom-up pass.
//
// Knuth and Moore's b^ceil(d/2) + b^floor(d/2) - 1 is the size of the minimal
// tree of a UNIFORM tree with DISTINCT leaf values. A chess position is
// neither, so that formula is only an estimate there. This file computes the
// real thing, under the project's definitions (README glossary):
//
//   Every move sequence is its own node (transpositions are not merged), and
//   V(n) is the fixed-depth negamax value. A leaf is a horizon node or a
//   terminal. A proof costs, under the NODES measure, one per node in it, and
//   under the LEAVES measure, one per leaf in it. For a node n:
//     Ge(n, t)  proof that V(n) >= t: a leaf costs its measure; an interior
//               node its own measure + min over children c with V(c) <= -t
//               of Le(c, -t)
//     Le(n, t)  proof that V(n) <= t: own measure + sum over ALL children c
//               of Ge(c, -t)
//     Exact(n)  proof that V(n) = w, its value: own measure + min over
//               children c* with V(c*) = -w of
//               Exact(c*) + sum over the other children c of Ge(c, -w)
//   minimal nodes = Exact(root) under the nodes measure, minimal leaves =
//   Exact(root) under the leaves measure: two independent minimisations.
//
// Every threshold at ply p is (-1)^p * V(root), so once the root's value v is
// known (an alpha-beta search finds it cheaply) ONE full-width pass computes
// all three proofs of every node bottom-up: the cost of full-width minimax.
//
// What the search reports (SearchCounters): nodes and leaves are the two
// minima. terminals, nodes_per_ply, and the node-type census (expected_* = behaved_*:
// PV for an Exact node, CUT for a Ge node, ALL for a Le node, interior nodes
// only), describe the proof that attains the minimal NODES; where several do,
// the one that picks, at every choice, the first child in generator order.
// That proof's root move is the best move, and its exact line the PV. The
// value-finding search and the full-width pass are not counted: the counters
// describe the proof, not the work of finding it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/search/alphabeta.h"
#include "engine/search/leaf_scan.h"
#include "engine/search/node.h"

namespace prunebench {

// The cost of one proof under both measures; NO_PROOF where none exists.
struct ProofCost {
  static constexpr std::uint64_t NO_PROOF = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t nodes = NO_PROOF;
  std::uint64_t leaves = NO_PROOF;

  bool exists() const { return nodes != NO_PROOF; }
  bool operator==(const ProofCost&) const = default;
};

template <Tree T>
class MinimalProofFullWidth {
 public:
  enum Kind { GE, LE, EXACT, KIND_NB };

  // The three proofs of one node, against the threshold of its ply.
  struct NodeProofs {
    Score value;
    ProofCost ge, le, exact;
  };
  // What the nodes-cheapest proof of one kind consists of: nodes per ply and
  // interior nodes by kind. Only plies [ply, ply + depth] of a node are used.
  struct Shape {
    std::array<std::uint64_t, MAX_PLY + 2> per_ply;
    std::array<std::uint64_t, KIND_NB + 1> types;  // interior nodes by Kind, then terminal leaves
  };
  explicit MinimalProofFullWidth(SearchContext<T>& ctx) : ctx_(ctx), shapes_(MAX_PLY + 2), frames_(MAX_PLY + 2) {}

  // The root's value searched `depth` plies; fills ctx.counters with the
  // minimal tree and ctx.pv row 0 with the cheapest exact proof's line.
  Score search(int depth) { return search(depth, root_value(depth)); }

  // The same, given the root's value v.
  Score search(int depth, Score v) {
    const NodeProofs root = prove(0, depth, v);
    const Shape& shape = shapes_[0][EXACT];
    SearchCounters& c = ctx_.counters;
    c.nodes = root.exact.nodes;
    c.leaves = root.exact.leaves;
    c.terminals = shape.types[TERMINALS];
    for (int p = 0; p <= depth; ++p) c.nodes_per_ply[std::size_t(p)] = shape.per_ply[std::size_t(p)];
    c.expected_pv = c.behaved_pv = shape.types[EXACT];
    c.expected_cut = c.behaved_cut = shape.types[GE];
    c.expected_all = c.behaved_all = shape.types[LE];
    return root.value;
  }

  // v, found by an alpha-beta search in its own context: not counted.
  Score root_value(int depth) {
    SearchSpec spec;
    spec.mate_distance = ctx_.mate_distance;
    if (ctx_.tree.supports_ordering(BaseOrdering::MVV_LVA)) spec.ordering.base = BaseOrdering::MVV_LVA;
    SearchCounters scratch;
    SearchContext<T> value_ctx(ctx_.tree, scratch, spec, nullptr);
    return AlphaBeta<T>(value_ctx).search(0, depth, -INFINITE_SCORE, INFINITE_SCORE);
  }

 private:
  static constexpr std::size_t TERMINALS = KIND_NB;
  // An interior node's running choices while its children are proved.
  struct Frame {
    Shape sum_ge;        // sum of the children's Ge shapes
    Shape cheapest_le;   // the Le shape of the child Ge(n) picks
    Shape exact_pick;    // the Exact shape of the child Exact(n) picks ...
    Shape exact_pick_ge; // ... and its Ge shape, which the sum holds instead
  };

  static constexpr std::uint64_t NONE = ProofCost::NO_PROOF;

  static std::uint64_t add(std::uint64_t a, std::uint64_t b) { return a == NONE || b == NONE ? NONE : a + b; }

  // A leaf against threshold t; its shapes cover plies [ply, ply + depth].
  NodeProofs prove_leaf(int ply, int depth, Score value, bool terminal, Score t) {
    ctx_.pv.clear(ply);
    for (Shape& s : shapes_[std::size_t(ply)]) {
      clear_shape(s, ply, depth);
      s.per_ply[std::size_t(ply)] = 1;
      s.types[TERMINALS] = terminal ? 1 : 0;
    }
    const ProofCost one{1, 1};
    return {value, value >= t ? one : ProofCost{}, value <= t ? one : ProofCost{},
            value == t ? one : ProofCost{}};
  }

  NodeProofs prove(int ply, int depth, Score t) {
    if (depth <= 0) {
      bool terminal;
      const Score value = leaf_value(ctx_, ply, terminal);
      return prove_leaf(ply, depth, value, terminal, t);
    }
    typename T::MoveList moves;
    ctx_.tree.generate(moves);
    if (moves.size() == 0) return prove_leaf(ply, depth, ctx_.tree.terminal_score(mate_ply(ctx_, ply)), true, t);
    ctx_.pv.clear(ply);
    return depth == 1 ? prove_above_leaves(ply, moves, t) : prove_interior(ply, depth, moves, t);
  }

  // A node whose children are all leaves: every child costs 1 in both
  // measures, so only the children's values matter. The hot path.
  NodeProofs prove_above_leaves(int ply, const typename T::MoveList& moves, Score t) {
    const Score u = -t;  // the children's threshold
    Score lowest = INFINITE_SCORE;
    const std::size_t none = moves.size();
    std::size_t first_at_u = none;
    std::uint64_t terminals = 0;
    bool first_below_terminal = false;  // the first child <= u: Ge's pick
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ctx_.tree.make(moves[i]);
      bool terminal;
      const Score child = leaf_value(ctx_, ply + 1, terminal);
      ctx_.tree.unmake(moves[i]);
      terminals += terminal;
      if (child <= u && lowest > u) first_below_terminal = terminal;
      if (child < lowest) lowest = child;
      if (child == u && first_at_u == none) first_at_u = i;
    }
    const std::uint64_t k = moves.size();
    NodeProofs proofs{-lowest, {}, {}, {}};
    auto& shapes = shapes_[std::size_t(ply)];
    // Ge: one child with a value <= u, and its leaf.
    if (lowest <= u) proofs.ge = {2, 1}, set_shape(shapes[GE], ply, 1, first_below_terminal, GE);
    // Le and Exact: every child, each a leaf proving its side of u.
    if (lowest >= u) proofs.le = {1 + k, k}, set_shape(shapes[LE], ply, k, terminals, LE);
    if (lowest == u) {
      proofs.exact = {1 + k, k}, set_shape(shapes[EXACT], ply, k, terminals, EXACT);
      ctx_.pv.clear(ply + 1);
      ctx_.pv.update(ply, moves[first_at_u]);
    }
    return proofs;
  }

  NodeProofs prove_interior(int ply, int depth, const typename T::MoveList& moves, Score t) {
    const Score u = -t;
    Frame& f = frames_[std::size_t(ply)];
    clear_shape(f.sum_ge, ply, depth);
    const auto& child_shapes = shapes_[std::size_t(ply) + 1];
    ProofCost sum_ge{0, 0};
    ProofCost cheapest_le;  // Ge's choice, per measure
    // Exact's choice, per measure: Exact(c*) - Ge(c*, u), the extra cost of
    // proving c* exactly instead of only from one side.
    std::int64_t extra_nodes = std::numeric_limits<std::int64_t>::max();
    std::int64_t extra_leaves = extra_nodes;
    Score lowest = INFINITE_SCORE;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ctx_.tree.make(moves[i]);
      const NodeProofs child = prove(ply + 1, depth - 1, u);
      ctx_.tree.unmake(moves[i]);
      if (child.value < lowest) lowest = child.value;
      sum_ge = {add(sum_ge.nodes, child.ge.nodes), add(sum_ge.leaves, child.ge.leaves)};
      if (child.ge.exists()) add_shape(f.sum_ge, child_shapes[GE], ply + 1, depth - 1);
      if (child.le.nodes < cheapest_le.nodes)
        cheapest_le.nodes = child.le.nodes, copy_shape(f.cheapest_le, child_shapes[LE], ply + 1, depth - 1);
      if (child.le.leaves < cheapest_le.leaves) cheapest_le.leaves = child.le.leaves;
      if (!child.exact.exists()) continue;
      const auto extra = [](std::uint64_t exact, std::uint64_t ge) { return std::int64_t(exact - ge); };
      if (extra(child.exact.nodes, child.ge.nodes) < extra_nodes) {
        extra_nodes = extra(child.exact.nodes, child.ge.nodes);
        copy_shape(f.exact_pick, child_shapes[EXACT], ply + 1, depth - 1);
        copy_shape(f.exact_pick_ge, child_shapes[GE], ply + 1, depth - 1);
        ctx_.pv.update(ply, moves[i]);
      }
      if (extra(child.exact.leaves, child.ge.leaves) < extra_leaves)
        extra_leaves = extra(child.exact.leaves, child.ge.leaves);
    }

    NodeProofs proofs{-lowest, {}, {}, {}};
    auto& shapes = shapes_[std::size_t(ply)];
    if (cheapest_le.exists()) {
      proofs.ge = {cheapest_le.nodes + 1, cheapest_le.leaves};
      finish_shape(shapes[GE], f.cheapest_le, ply, depth, GE);
    }
    if (sum_ge.exists()) {
      proofs.le = {sum_ge.nodes + 1, sum_ge.leaves};
      finish_shape(shapes[LE], f.sum_ge, ply, depth, LE);
    }
    if (lowest == u && sum_ge.exists()) {
      proofs.exact = {sum_ge.nodes + std::uint64_t(extra_nodes) + 1, sum_ge.leaves + std::uint64_t(extra_leaves)};
      Shape& exact = shapes[EXACT];
      finish_shape(exact, f.sum_ge, ply, depth, EXACT);
      subtract_shape(exact, f.exact_pick_ge, ply + 1, depth - 1);
      add_shape(exact, f.exact_pick, ply + 1, depth - 1);
    }
    return proofs;
  }

  // --- shapes: only the plies a node's subtree can reach are touched ---

  static void clear_shape(Shape& s, int ply, int depth) {
    for (int p = ply; p <= ply + depth; ++p) s.per_ply[std::size_t(p)] = 0;
    s.types = {};
  }
  static void copy_shape(Shape& to, const Shape& from, int ply, int depth) {
    for (int p = ply; p <= ply + depth; ++p) to.per_ply[std::size_t(p)] = from.per_ply[std::size_t(p)];
    to.types = from.types;
  }
  static void add_shape(Shape& to, const Shape& from, int ply, int depth) {
    for (int p = ply; p <= ply + depth; ++p) to.per_ply[std::size_t(p)] += from.per_ply[std::size_t(p)];
    for (std::size_t k = 0; k < to.types.size(); ++k) to.types[k] += from.types[k];
  }
  static void subtract_shape(Shape& to, const Shape& from, int ply, int depth) {
    for (int p = ply; p <= ply + depth; ++p) to.per_ply[std::size_t(p)] -= from.per_ply[std::size_t(p)];
    for (std::size_t k = 0; k < to.types.size(); ++k) to.types[k] -= from.types[k];
  }
  // An interior node of kind `kind` at `ply` over the children's shape `below`.
  static void finish_shape(Shape& to, const Shape& below, int ply, int depth, Kind kind) {
    copy_shape(to, below, ply + 1, depth - 1);
    to.per_ply[std::size_t(ply)] = 1;
    ++to.types[std::size_t(kind)];
  }
  // A node just above the leaves, of kind `kind`, with `leaves` leaf
  // children in its proof, `terminals` of them terminal.
  static void set_shape(Shape& to, int ply, std::uint64_t leaves, std::uint64_t terminals, Kind kind) {
    to.per_ply[std::size_t(ply)] = 1;
    to.per_ply[std::size_t(ply) + 1] = leaves;
    to.types = {};
    ++to.types[std::size_t(kind)];
    to.types[TERMINALS] = terminals;
  }

  SearchContext<T>& ctx_;
  std::vector<std::array<Shape, KIND_NB>> shapes_;  // by ply: the node's three proofs' shapes
  std::vector<Frame> frames_;                       // by ply: an interior node's running choices
};

}  // namespace prunebench
