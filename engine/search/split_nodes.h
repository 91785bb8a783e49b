// The nodes at which a parallel full-width search is split (split.h), and
// what the thread that searched each one found.
//
// A SplitNodes list is made by walking the tree down to the split ply in
// generator order; the sequential pass over the plies above then meets those
// nodes in the same order, and takes each one's result (node.h, take_split)
// instead of searching it.
#pragma once

#include <cassert>
#include <cstddef>
#include <utility>
#include <vector>

#include "engine/types.h"

namespace prunebench {

enum class NodeType;

template <typename Move>
struct SplitNode {
  std::vector<Move> path;  // the moves from the root, in order
  Key key;                 // the tree's key() at the node: the pass checks it meets the same node
  NodeType expected;       // its Knuth-Moore type, as the sequential search works it out
  Score value = 0;         // the algorithm's value of the node (minimax: MAX's view; negamax: side to move)
  std::vector<Move> pv;    // the node's principal variation, from the node down
};

template <typename Move>
class SplitNodes {
 public:
  SplitNodes(int ply, std::vector<SplitNode<Move>> nodes) : ply_(ply), nodes_(std::move(nodes)) {}

  int ply() const { return ply_; }
  std::size_t size() const { return nodes_.size(); }
  SplitNode<Move>& operator[](std::size_t i) { return nodes_[i]; }

  // The next node the sequential pass meets, and its index.
  std::size_t take(Key key) {
    assert(next_ < nodes_.size() && nodes_[next_].key == key);
    (void)key;
    return next_++;
  }

 private:
  int ply_;
  std::vector<SplitNode<Move>> nodes_;
  std::size_t next_ = 0;
};

}  // namespace prunebench
