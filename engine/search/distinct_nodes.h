// distinct_nodes: how many distinct (position, remaining depth) pairs a
// search entered, over the whole search (every iteration, MTD(f) pass and
// re-search); a pair entered many times counts once.
//
// `nodes` counts entries, so a search that meets a transposition twice
// counts it twice; measured against a minimal *graph* (Plaat et al., "Nearly
// Optimal Minimax Tree Search?", 1994), which counts each such pair once, a
// table mode needs this count instead. A position is what SubtreeState
// compares (subtree_state.h: the whole board for chess, the key for a
// synthetic tree), never a hash alone, so a collision cannot change the
// count. The pairs are kept in a ProofTable, which never forgets an entry
// and refuses new ones past its memory budget: then there is no figure at
// all, rather than a partial one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/search/proof_table.h"
#include "engine/search/subtree_state.h"
#include "engine/search/tree.h"

namespace prunebench {

template <Tree T>
class DistinctNodes {
 public:
  explicit DistinctNodes(std::size_t megabytes) : megabytes_(megabytes), pairs_(megabytes * 1024 * 1024) {}

  // The tree's current node, entered with `depth` plies to go. Out of line
  // and cold: enter_node (node.h) calls it only when the count is on.
  [[gnu::cold, gnu::noinline]] void enter(const T& tree, int depth) {
    if (full_) return;
    bool created = false;
    full_ = pairs_.find_or_add(tree.key(), subtree_state(tree), depth, created) == nullptr;
  }

  // The count, or nothing when the pairs outgrew the budget.
  std::optional<std::uint64_t> count() const {
    return full_ ? std::nullopt : std::optional<std::uint64_t>(pairs_.size());
  }
  // Why count() is empty; the budget is named as the harness's option is.
  std::string missing_reason() const {
    return "needs more than distinct-memory=" + std::to_string(megabytes_) + " MB";
  }

 private:
  struct Nothing {};
  std::size_t megabytes_;
  // Keyed by the state and the remaining depth (the table's "ply" slot).
  ProofTable<SubtreeState<T>, Nothing> pairs_;
  bool full_ = false;
};

}  // namespace prunebench
