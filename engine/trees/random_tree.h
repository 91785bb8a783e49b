// Uniform random game trees for the tree lab (reference 001's experiment).
//
// Every interior node has `branching` children and every leaf lies at
// `height`. Nothing is stored: a node is identified by a hash of (seed, tree
// index, path from the root), and its values are functions of that hash, so a
// tree of any size costs only the current path (b up to 64, d up to MAX_PLY).
//
// Values (uniform integers in [-100, 100], from the 64-bit node hash reduced
// modulo 201; the bias of that reduction is below 1e-17):
//   - a leaf's value is for the side to move AT THE LEAF (negamax convention);
//     terminal_score() returns it;
//   - an interior node's evaluate() - used only when a search stops above the
//     leaves - is drawn the same way from its own hash, independent of the
//     subtree below, so shallow searches carry no information about deep ones.
//
// Orderings: NATURAL (child 0 first), BEST_FIRST / WORST_FIRST (an oracle:
// each child's true negamax value to the leaves, computed by recursion, so
// only for small trees), RANDOM (a hash of the node key and the child index).
// The oracle keeps the value of each node with at least 64 leaves below it
// that it has computed: a search that orders the same node again (each
// iteration of iterative deepening, each pass of MTD(f)) then reads it, not
// its whole subtree. The memo is at most a 64th of the leaves, and belongs
// to this copy of the tree (a parallel search's workers each have theirs).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/search/splitmix.h"
#include "engine/search/tree.h"
#include "engine/trees/child_list.h"
#include "engine/types.h"

namespace prunebench {

class RandomTree {
 public:
  using MoveType = ChildMove;
  using MoveList = ChildList;
  static constexpr int HISTORY_SIZE = ChildList::CAPACITY;
  static constexpr int MAX_BRANCHING = ChildList::CAPACITY;
  static constexpr Score MIN_VALUE = -100;
  static constexpr Score MAX_VALUE = 100;
  static constexpr const char* VALUE_DISTRIBUTION =
      "uniform integers in [-100, 100] from a hash of (seed, tree, path)";

  // Preconditions: 1 <= branching <= MAX_BRANCHING, 0 <= height <= MAX_PLY.
  RandomTree(int branching, int height, std::uint64_t seed, std::uint64_t index = 0)
      : branching_(branching),
        height_(height),
        memo_min_remaining_(plies_to_64_leaves(branching)),
        path_{hash_combine(splitmix64(seed), index)} {
    path_.reserve(std::size_t(height) + 1);
  }

  int branching() const { return branching_; }
  int height() const { return height_; }
  // Distance of the current node from the root of the tree.
  int ply() const { return int(path_.size()) - 1; }
  // Back to the root.
  void reset() { path_.resize(1); }

  // --- the Tree concept ---
  void generate(ChildList& list) const {
    list.clear();
    if (!has_children()) return;
    for (int i = 0; i < branching_; ++i) list.push_back(ChildMove{i});
  }
  bool has_children() const { return ply() < height_; }
  Score terminal_score(int /*ply*/) const { return value_of(key()); }
  Score evaluate() const { return value_of(key()); }
  void make(ChildMove m) { path_.push_back(child_key(key(), m.index)); }
  void unmake(ChildMove) { path_.pop_back(); }
  Key key() const { return path_.back(); }
  bool supports_ordering(BaseOrdering o) const {
    return o == BaseOrdering::NATURAL || o == BaseOrdering::BEST_FIRST || o == BaseOrdering::WORST_FIRST ||
           o == BaseOrdering::RANDOM;
  }
  std::int64_t move_score(BaseOrdering o, ChildMove m) const {
    switch (o) {
      case BaseOrdering::BEST_FIRST:
        return -true_value(child_key(key(), m.index), height_ - ply() - 1);
      case BaseOrdering::WORST_FIRST:
        return true_value(child_key(key(), m.index), height_ - ply() - 1);
      case BaseOrdering::RANDOM:
        return std::int64_t(hash_combine(splitmix64(key()), std::uint64_t(m.index)) >> 1);
      default:
        return 0;
    }
  }
  int history_index(ChildMove m) const { return m.index; }

  // The negamax value of the current node searched to the leaves (the oracle).
  Score true_value() const { return true_value(key(), height_ - ply()); }

 private:
  static Key child_key(Key parent, int index) { return hash_combine(parent, std::uint64_t(index) + 1); }
  static Score value_of(Key key) { return Score(splitmix64(key) % 201) + MIN_VALUE; }

  // The fewest plies whose subtree has at least 64 leaves (b = 1: never).
  static int plies_to_64_leaves(int branching) {
    if (branching < 2) return MAX_PLY + 1;
    int plies = 0;
    for (std::uint64_t leaves = 1; leaves < 64; leaves *= std::uint64_t(branching)) ++plies;
    return plies;
  }

  Score true_value(Key node, int remaining) const {
    if (remaining == 0) return value_of(node);
    const bool memo = remaining >= memo_min_remaining_;
    if (memo) {
      const auto known = true_values_.find(node);
      // Two nodes with one key are one subtree, but the remaining depth must match too.
      if (known != true_values_.end() && known->second.remaining == remaining) return known->second.value;
    }
    Score best = -INFINITE_SCORE;
    for (int i = 0; i < branching_; ++i) {
      const Score v = -true_value(child_key(node, i), remaining - 1);
      if (v > best) best = v;
    }
    if (memo) true_values_.insert_or_assign(node, KnownValue{best, remaining});
    return best;
  }

  struct KnownValue {
    Score value;
    int remaining;
  };

  int branching_;
  int height_;
  int memo_min_remaining_;
  std::vector<Key> path_;  // keys from the root to the current node
  mutable std::unordered_map<Key, KnownValue> true_values_;  // the oracle's memo
};

static_assert(Tree<RandomTree>);

}  // namespace prunebench
