// Upper bounds on the minimal graph: proofs of the root's value in which a
// node - a distinct (state, remaining depth) - counts once however many move
// sequences reach it (README glossary: proof graph, minimal graph).
//
// A proof graph S is a set of (node, role) pairs, role Ge, Le or Exact, with
// (root, Exact) in S, each pair justified by its children as in the tree
// (minimal.h), except that a child already in S with a role that serves is
// not proved again: Ge needs one child with Le or Exact, Le every child with
// Ge or Exact, Exact every child with Ge or Exact and one with Exact. Its
// cost is the number of distinct nodes in S (nodes measure) or of distinct
// leaves (leaves measure). Finding the least is NP-hard on a DAG (Furtak &
// Buro, IJCAI-09), so this file builds two proofs that bound it from above,
// both walked depth first in generator order from the choices the minimal
// tree made under the same measure (MinimalProof::choice):
//  - tree-proof-merged: exactly the tree's cheapest proof, each (node, role)
//    expanded once; its distinct nodes.
//  - greedy-shared: the same walk, but a requirement already met by S costs
//    nothing, and a choice prefers the first child (generator order) that S
//    already proves in a role that serves, else the tree's choice.
// The exact minimum comes from integer programming on the instance that
// proof_graph_instance.h exports (scripts/prunebench/proof_graph.py).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/search/minimal.h"
#include "engine/search/proof_table.h"
#include "engine/search/subtree_state.h"

namespace prunebench {

// One measure's cost of a proof graph.
struct GraphCost {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  bool operator==(const GraphCost&) const = default;
};

// What MinimalGraphBounds found, by measure: each measure's own proof.
struct MinimalGraphBounds {
  GraphCost tree_proof_merged;  // nodes under the nodes measure's proof, leaves under the leaves measure's
  GraphCost graph_upper;        // the lesser of tree-proof-merged and greedy-shared, per measure
  std::string nodes_method, leaves_method;  // which of the two gave graph_upper
  std::string error;                        // empty, or why nothing above is a figure
};

enum class GraphWalk { TREE_PROOF_MERGED, GREEDY_SHARED };

template <Tree T>
class ProofGraphWalk {
 public:
  using Proof = MinimalProof<T>;
  using Kind = typename Proof::Kind;
  using Measure = typename Proof::Measure;

  // `megabytes`: the most memory the set S may take.
  ProofGraphWalk(Proof& proof, T& tree, std::size_t megabytes)
      : proof_(proof), tree_(tree), megabytes_(megabytes), in_proof_(0) {}

  // The distinct nodes and leaves of the proof graph `walk` builds from the
  // choices of `measure`; error() when S outgrew its memory.
  GraphCost cost(GraphWalk walk, Measure measure) {
    walk_ = walk;
    measure_ = measure;
    in_proof_ = Set(megabytes_ * 1024 * 1024);
    found_ = {};
    visit(Proof::EXACT, Proof::EXACT, 0);
    return found_;
  }

  bool out_of_memory() const { return out_of_memory_; }

 private:
  // The roles S holds for one node, as bits.
  using Roles = std::uint8_t;
  using Set = ProofTable<SubtreeState<T>, Roles>;
  static constexpr Roles bit(Kind kind) { return Roles(1u << int(kind)); }

  Roles roles_in_proof(int ply) {
    const auto* e = in_proof_.find(tree_.key(), subtree_state(tree_), ply);
    return e == nullptr ? 0 : e->data;
  }
  // A role that serves `need` (Ge needs its child's Le, Le its children's Ge):
  // itself or Exact.
  static Roles serving(Kind need) { return Roles(bit(need) | bit(Proof::EXACT)); }

  // Adds (current node, `kind`) to S with what it needs below, unless S
  // already meets `need` (greedy-shared) or holds the very pair.
  void visit(Kind kind, Kind need, int ply) {
    bool created;
    auto* e = in_proof_.find_or_add(tree_.key(), subtree_state(tree_), ply, created);
    if (e == nullptr) {
      out_of_memory_ = true;
      return;
    }
    const Roles held = e->data;
    if ((held & bit(kind)) || (walk_ == GraphWalk::GREEDY_SHARED && (held & serving(need)))) return;
    e->data = Roles(held | bit(kind));
    const bool leaf = ply == proof_.depth() || !tree_.has_children();
    if (created) {
      ++found_.nodes;
      found_.leaves += leaf;
    }
    if (!leaf) expand(kind, ply);
  }

  void expand(Kind kind, int ply) {
    typename T::MoveList moves;
    tree_.generate(moves);
    const std::size_t none = moves.size();
    const std::size_t chosen = kind == Proof::LE ? none : choose(kind, moves, ply);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (kind == Proof::GE && i != chosen) continue;
      tree_.make(moves[i]);
      if (kind == Proof::GE)
        visit(Proof::LE, Proof::LE, ply + 1);
      else
        visit(i == chosen ? Proof::EXACT : Proof::GE, i == chosen ? Proof::EXACT : Proof::GE, ply + 1);
      tree_.unmake(moves[i]);
    }
  }

  // The child a Ge or Exact choice takes: greedy-shared prefers the first
  // that S already holds in a role that serves.
  std::size_t choose(Kind kind, const typename T::MoveList& moves, int ply) {
    if (walk_ == GraphWalk::GREEDY_SHARED) {
      const Roles serves = kind == Proof::GE ? serving(Proof::LE) : bit(Proof::EXACT);
      for (std::size_t i = 0; i < moves.size(); ++i) {
        tree_.make(moves[i]);
        const bool shared = (roles_in_proof(ply + 1) & serves) != 0;
        tree_.unmake(moves[i]);
        if (shared) return i;
      }
    }
    return proof_.choice(kind, measure_, ply);
  }

  Proof& proof_;
  T& tree_;
  std::size_t megabytes_;
  Set in_proof_;
  GraphWalk walk_ = GraphWalk::TREE_PROOF_MERGED;
  Measure measure_ = Proof::NODES;
  GraphCost found_;
  bool out_of_memory_ = false;
};

// Both walks under both measures, after proof.search() (without its error).
// The tree is the one the proof searched, at its root.
template <Tree T>
MinimalGraphBounds minimal_graph_bounds(MinimalProof<T>& proof, T& tree, std::size_t megabytes) {
  using Proof = MinimalProof<T>;
  ProofGraphWalk<T> walk(proof, tree, megabytes);
  MinimalGraphBounds bounds;
  const GraphCost merged_nodes = walk.cost(GraphWalk::TREE_PROOF_MERGED, Proof::NODES);
  const GraphCost merged_leaves = walk.cost(GraphWalk::TREE_PROOF_MERGED, Proof::LEAVES);
  const GraphCost greedy_nodes = walk.cost(GraphWalk::GREEDY_SHARED, Proof::NODES);
  const GraphCost greedy_leaves = walk.cost(GraphWalk::GREEDY_SHARED, Proof::LEAVES);
  if (walk.out_of_memory()) {
    bounds.error = "the minimal graph's bounds need more than minimal-memory=" + std::to_string(megabytes) + " MB";
    return bounds;
  }
  bounds.tree_proof_merged = {merged_nodes.nodes, merged_leaves.leaves};
  const bool greedy_nodes_less = greedy_nodes.nodes < merged_nodes.nodes;
  const bool greedy_leaves_less = greedy_leaves.leaves < merged_leaves.leaves;
  bounds.graph_upper = {greedy_nodes_less ? greedy_nodes.nodes : merged_nodes.nodes,
                        greedy_leaves_less ? greedy_leaves.leaves : merged_leaves.leaves};
  bounds.nodes_method = greedy_nodes_less ? "greedy-shared" : "tree-proof-merged";
  bounds.leaves_method = greedy_leaves_less ? "greedy-shared" : "tree-proof-merged";
  return bounds;
}

}  // namespace prunebench
