// Finite trees written out in full: the textbook's examples (reference 002).
//
// A tree is given as nested ExplicitNodes; a node without children is a leaf.
// As the textbook writes them, values are from the point of view of MAX, the
// player to move at the root; the tree converts them to the side to move's
// point of view (negated at odd plies) for the search. An interior node's
// value is used only if a search stops above the leaves (its static value).
//
// For the CLI and the tests the tree records, in order, the raw (MAX's view)
// values of the leaves the search examined, and a textbook-style trace of
// cut-offs and node values (see node.h, ObservesSearch).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/search/node.h"
#include "engine/search/splitmix.h"
#include "engine/search/tree.h"
#include "engine/trees/child_list.h"
#include "engine/types.h"

namespace prunebench {

struct ExplicitNode {
  Score value = 0;  // MAX's point of view
  std::vector<ExplicitNode> children;
};

inline ExplicitNode leaf(Score value) { return ExplicitNode{value, {}}; }
inline ExplicitNode interior(std::vector<ExplicitNode> children) {
  return ExplicitNode{0, std::move(children)};
}

// One line of the textbook trace, in MAX/MIN terms (values from MAX's view).
struct TraceLine {
  enum class Kind { LEAF, CUTOFF, NODE_VALUE };
  Kind kind;
  int ply;      // MAX moves at even plies, MIN at odd
  Score value;  // leaf value, or the node's value so far
  Score bound;  // CUTOFF: beta at MAX / alpha at MIN; NODE_VALUE: alpha at MAX / beta at MIN
  int skipped;  // CUTOFF: siblings left unexamined
  bool is_max() const { return ply % 2 == 0; }
};

class ExplicitTree {
 public:
  using MoveType = ChildMove;
  using MoveList = ChildList;
  static constexpr int HISTORY_SIZE = ChildList::CAPACITY;

  // Precondition: no node has more than ChildList::CAPACITY children.
  explicit ExplicitTree(const ExplicitNode& root) {
    nodes_.push_back({});
    flatten(root, 0);
    path_.push_back(0);
  }

  // --- the Tree concept ---
  void generate(ChildList& list) const {
    list.clear();
    for (int i = 0; i < current().child_count; ++i) list.push_back(ChildMove{i});
  }
  bool has_children() const { return current().child_count > 0; }
  Score terminal_score(int /*ply*/) const {
    examined_.push_back(current().value);
    trace_.push_back({TraceLine::Kind::LEAF, ply(), current().value, 0, 0});
    return for_side_to_move(current().value);
  }
  Score evaluate() const { return for_side_to_move(current().value); }
  void make(ChildMove m) { path_.push_back(current().first_child + m.index); }
  void unmake(ChildMove) { path_.pop_back(); }
  Key key() const { return splitmix64(std::uint64_t(path_.back())); }
  bool supports_ordering(BaseOrdering o) const { return o == BaseOrdering::NATURAL; }
  std::int64_t move_score(BaseOrdering, ChildMove) const { return 0; }
  int history_index(ChildMove m) const { return m.index; }

  // --- search observation (node.h) ---
  void on_cutoff(const CutoffEvent& e) const {
    // A negamax cut-off at a MIN node is the textbook's "MIN value <= alpha".
    trace_.push_back(
        {TraceLine::Kind::CUTOFF, ply(), for_side_to_move(e.value), for_side_to_move(e.beta), e.skipped});
  }
  void on_node_value(const NodeValueEvent& e) const {
    trace_.push_back(
        {TraceLine::Kind::NODE_VALUE, ply(), for_side_to_move(e.value), for_side_to_move(e.alpha), 0});
  }

  // Raw leaf values in the order the searches since the last clear examined them.
  const std::vector<Score>& examined_leaves() const { return examined_; }
  const std::vector<TraceLine>& trace() const { return trace_; }
  void clear_record() {
    examined_.clear();
    trace_.clear();
  }

  std::size_t leaf_count() const {
    std::size_t n = 0;
    for (const Node& node : nodes_) n += node.child_count == 0;
    return n;
  }
  int ply() const { return int(path_.size()) - 1; }

 private:
  struct Node {
    Score value = 0;
    int first_child = 0;
    int child_count = 0;
  };

  // Children of a node are stored contiguously, so a move is an offset.
  void flatten(const ExplicitNode& source, int index) {
    const int first = int(nodes_.size());
    nodes_[std::size_t(index)] = {source.value, first, int(source.children.size())};
    nodes_.resize(nodes_.size() + source.children.size());
    for (std::size_t i = 0; i < source.children.size(); ++i) flatten(source.children[i], first + int(i));
  }

  const Node& current() const { return nodes_[std::size_t(path_.back())]; }
  // MAX's value <-> the side to move's (the same negation both ways).
  Score for_side_to_move(Score v) const { return ply() % 2 == 0 ? v : -v; }

  std::vector<Node> nodes_;
  std::vector<int> path_;
  // Observation records are not part of the tree's state: recording them
  // from const members keeps the Tree concept's const interface.
  mutable std::vector<Score> examined_;
  mutable std::vector<TraceLine> trace_;
};

static_assert(Tree<ExplicitTree>);
static_assert(ObservesSearch<ExplicitTree>);

// The standing tree of reference 002: MAX over three MIN nodes,
// A = (3, 12, 8), B = (2, 4, 6), C = (14, 5, 2); value 3.
// `order` lists the branches left to right, e.g. "ABC" or "CBA".
inline bool is_standing_order(std::string_view order) {
  return order.size() == 3 && order.find('A') != std::string_view::npos &&
         order.find('B') != std::string_view::npos && order.find('C') != std::string_view::npos;
}

// Precondition: is_standing_order(order).
inline ExplicitNode standing_tree(std::string_view order = "ABC") {
  const auto branch = [](char name) {
    switch (name) {
      case 'A':
        return interior({leaf(3), leaf(12), leaf(8)});
      case 'B':
        return interior({leaf(2), leaf(4), leaf(6)});
      default:
        return interior({leaf(14), leaf(5), leaf(2)});
    }
  };
  std::vector<ExplicitNode> branches;
  for (char name : order) branches.push_back(branch(name));
  return interior(std::move(branches));
}

}  // namespace prunebench
