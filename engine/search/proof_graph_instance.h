// The minimal graph as an optimisation problem: every node a proof graph of
// the root's value could hold, with what a solver needs to choose among them
// (scripts/prunebench/proof_graph.py solves it by integer programming).
//
// A node is a distinct (state, ply) (subtree_state.h; the ply fixes the
// remaining depth and so the threshold (-1)^ply v). The instance holds the
// nodes reachable from (root, Exact) under roles that hold: an Exact or Le
// node's children may be proved Ge (or Exact), a Ge node's children Le (or
// Exact) where their value allows. Each node has its leaf flag, its order
// (sign of V - t: which of Ge, Le, Exact hold) and its children in the
// instance: all of them where Le holds (then every child's Ge holds), else
// only those whose Le holds (the Ge choice's candidates).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/search/node.h"
#include "engine/search/proof_table.h"
#include "engine/search/subtree_state.h"

namespace prunebench {

struct GraphInstanceNode {
  int ply = 0;
  bool leaf = false;
  std::int8_t order = 0;                // -1, 0, 1: V below, at, above the threshold
  std::vector<std::uint32_t> children;  // indices into GraphInstance::nodes, generator order
};

struct GraphInstance {
  Score value = 0;                        // the root's fixed-depth negamax value v
  std::vector<GraphInstanceNode> nodes;   // by ply, the root first
  std::string error;                      // empty, or why there is no instance
};

template <Tree T>
class GraphInstanceBuilder {
 public:
  GraphInstanceBuilder(T& tree, bool mate_distance, std::size_t megabytes)
      : tree_(tree), mate_distance_(mate_distance), max_bytes_(megabytes * 1024 * 1024), ids_(max_bytes_) {}

  // The instance of the tree's current node searched `depth` plies.
  GraphInstance build(int depth) {
    depth_ = depth;
    GraphInstance instance;
    add_node(0);
    if (out_of_memory_) {
      instance.error = "the minimal graph's instance needs more than " + std::to_string(max_bytes_ >> 20) +
                       " MB (search less deep)";
      return instance;
    }
    instance.value = value_[0];
    instance.nodes = reachable();
    return instance;
  }

 private:
  using Id = std::uint32_t;
  enum : std::uint8_t { GE = 1, LE = 2, EXACT = 4 };

  // The whole DAG below the current node, each distinct node once, with its
  // negamax value; returns its id.
  Id add_node(int ply) {
    bool created;
    auto* e = ids_.find_or_add(tree_.key(), subtree_state(tree_), ply, created);
    if (e == nullptr || out_of_memory_) {
      out_of_memory_ = true;
      return 0;
    }
    if (!created) return e->data;
    const Id id = Id(ply_.size());
    e->data = id;
    ply_.push_back(ply);
    value_.push_back(0);
    children_.emplace_back();
    typename T::MoveList moves;
    if (ply < depth_) tree_.generate(moves);
    if (moves.size() == 0) {
      value_[id] = ply < depth_ || !tree_.has_children() ? tree_.terminal_score(mate_distance_ ? ply : 0)
                                                         : tree_.evaluate();
      return id;
    }
    Score best = -INFINITE_SCORE;
    std::vector<Id> children;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      tree_.make(moves[i]);
      const Id child = add_node(ply + 1);
      tree_.unmake(moves[i]);
      if (out_of_memory_) return 0;
      children.push_back(child);
      best = std::max(best, Score(-value_[child]));
    }
    value_[id] = best;
    edges_ += children.size();
    if (bytes() > max_bytes_) out_of_memory_ = true;
    children_[id] = std::move(children);
    return id;
  }

  std::size_t bytes() const {
    return ids_.bytes() + ply_.size() * (sizeof(int) + sizeof(Score) + sizeof(std::vector<Id>)) +
           edges_ * sizeof(Id);
  }

  std::int8_t order(Id id) const {
    const Score t = ply_[id] % 2 == 0 ? value_[0] : -value_[0];
    return std::int8_t(value_[id] < t ? -1 : value_[id] > t ? 1 : 0);
  }

  // The roles each child of a node holding `roles` may be asked for.
  std::uint8_t child_roles(std::uint8_t roles, std::int8_t child_order) const {
    std::uint8_t asked = 0;
    if ((roles & GE) && child_order <= 0) asked |= LE;
    if (roles & (LE | EXACT)) asked |= GE;
    if (asked && child_order == 0) asked |= EXACT;
    return asked;
  }

  // The nodes reachable from (root, Exact), renumbered by ply.
  std::vector<GraphInstanceNode> reachable() const {
    std::vector<std::vector<Id>> by_ply(std::size_t(depth_) + 1);
    for (Id id = 0; id < ply_.size(); ++id) by_ply[std::size_t(ply_[id])].push_back(id);
    std::vector<std::uint8_t> roles(ply_.size(), 0);
    roles[0] = EXACT;
    std::vector<Id> renumbered(ply_.size(), UINT32_MAX);
    std::vector<Id> kept;
    for (const auto& level : by_ply)
      for (const Id id : level) {
        if (roles[id] == 0) continue;
        renumbered[id] = Id(kept.size());
        kept.push_back(id);
        for (const Id child : children_[id]) roles[child] |= child_roles(roles[id], order(child));
      }
    std::vector<GraphInstanceNode> nodes;
    nodes.reserve(kept.size());
    for (const Id id : kept) {
      GraphInstanceNode node{ply_[id], children_[id].empty(), order(id), {}};
      for (const Id child : children_[id])
        if (order(id) <= 0 || order(child) <= 0) node.children.push_back(renumbered[child]);
      nodes.push_back(std::move(node));
    }
    return nodes;
  }

  T& tree_;
  bool mate_distance_;
  std::size_t max_bytes_;
  ProofTable<SubtreeState<T>, Id> ids_;
  std::vector<int> ply_;
  std::vector<Score> value_;
  std::vector<std::vector<Id>> children_;
  std::size_t edges_ = 0;
  int depth_ = 0;
  bool out_of_memory_ = false;
};

}  // namespace prunebench
