// The census of the exact minimal tree's proof (minimal.h): the proof with the
// minimal NODES, where several tie the one that picks, at every choice, the
// first child in generator order. A walk over it, through the choices the
// proof made (MinimalProof::choice, as proof_graph.h walks them), counts what
// the README glossary says a `minimal` record describes: nodes_per_ply,
// terminals and the node types (PV for an Exact node, CUT for a Ge node, ALL
// for a Le node, interior nodes only, expected_* = behaved_*), and follows its
// Exact nodes to the exact line, the PV, whose first move is the best move.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/search/counters.h"
#include "engine/search/tree.h"

namespace prunebench {

template <Tree T>
class MinimalProof;

template <Tree T>
class MinimalCensus {
 public:
  using Proof = MinimalProof<T>;
  using Kind = typename Proof::Kind;
  using Move = typename T::MoveType;

  // After proof.search() has proved the root (without its error), with the
  // tree at the root.
  MinimalCensus(Proof& proof, T& tree, SearchCounters& counters) : proof_(proof), tree_(tree), counters_(counters) {}

  // Adds the proof's census to the counters; returns its exact line.
  std::vector<Move> count() {
    line_.clear();
    walk(Proof::EXACT, 0);
    return line_;
  }

 private:
  void count_type(Kind kind) {
    SearchCounters& c = counters_;
    if (kind == Proof::EXACT) ++c.expected_pv, ++c.behaved_pv;
    if (kind == Proof::GE) ++c.expected_cut, ++c.behaved_cut;
    if (kind == Proof::LE) ++c.expected_all, ++c.behaved_all;
  }

  // The proof `kind` of the current node: Ge holds the child it chose, Le
  // every child, Exact every child and goes on as Exact through its choice.
  void walk(Kind kind, int ply) {
    ++counters_.nodes_per_ply[std::size_t(ply)];
    if (ply == proof_.depth() || !tree_.has_children()) {
      counters_.terminals += !tree_.has_children();
      return;
    }
    count_type(kind);
    typename T::MoveList moves;
    tree_.generate(moves);
    const std::size_t chosen = kind == Proof::LE ? moves.size() : proof_.choice(kind, Proof::NODES, ply);
    if (kind == Proof::EXACT) line_.push_back(moves[chosen]);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (kind == Proof::GE && i != chosen) continue;
      tree_.make(moves[i]);
      walk(kind == Proof::GE ? Proof::LE : kind == Proof::EXACT && i == chosen ? Proof::EXACT : Proof::GE, ply + 1);
      tree_.unmake(moves[i]);
    }
  }

  Proof& proof_;
  T& tree_;
  SearchCounters& counters_;
  std::vector<Move> line_;
};

}  // namespace prunebench
