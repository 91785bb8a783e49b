// The memo of the exact minimal tree (minimal.h): what is known about the
// proofs of each node met, keyed by the node's whole state and its ply.
//
// Unlike the transposition table (tt.h), nothing is ever replaced or lost:
// a proof's cost read back must be the cost computed, so an entry is found
// only by comparing the full state (subtree_state.h), never a hash alone,
// and an entry stays until the table is dropped. The memory is bounded
// instead: the table grows by doubling up to `max_bytes` (growth included),
// and then refuses new nodes, which the caller reports as an error rather
// than guess. Entries live in a deque, so a reference to one stays valid
// while the recursion below it adds more.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "engine/search/splitmix.h"

namespace prunebench {

template <typename State, typename Data>
class ProofTable {
 public:
  struct Entry {
    State state;
    std::uint8_t ply;
    Data data;
  };

  explicit ProofTable(std::size_t max_bytes) : max_bytes_(max_bytes), slots_(INITIAL_SLOTS) {}

  // The entry of the node (`state`, `ply`), whose `key` hashes the state; a
  // new one holds Data{} and sets `created`. nullptr when a new entry would
  // take the table past its memory budget.
  Entry* find_or_add(std::uint64_t key, const State& state, int ply, bool& created) {
    created = false;
    const std::uint64_t hash = splitmix64(key + std::uint64_t(ply));
    std::size_t i = std::size_t(hash) & (slots_.size() - 1);
    for (; slots_[i].index != EMPTY; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i].hash != hash) continue;
      Entry& entry = entries_[slots_[i].index];
      if (entry.ply == ply && entry.state == state) return &entry;
    }
    if (!make_room()) return nullptr;
    if (slots_.size() != slot_count_before_) i = free_slot(hash);  // the table grew: the slot moved
    slots_[i] = {hash, std::uint32_t(entries_.size())};
    entries_.push_back({state, std::uint8_t(ply), Data{}});
    created = true;
    return &entries_.back();
  }

  // The entry of (`state`, `ply`) if there is one.
  Entry* find(std::uint64_t key, const State& state, int ply) {
    const std::uint64_t hash = splitmix64(key + std::uint64_t(ply));
    for (std::size_t i = std::size_t(hash) & (slots_.size() - 1); slots_[i].index != EMPTY;
         i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i].hash != hash) continue;
      Entry& entry = entries_[slots_[i].index];
      if (entry.ply == ply && entry.state == state) return &entry;
    }
    return nullptr;
  }

  std::size_t size() const { return entries_.size(); }
  // What the table holds now: its slots and its entries.
  std::size_t bytes() const { return slots_.size() * sizeof(Slot) + entries_.size() * sizeof(Entry); }

 private:
  struct Slot {
    std::uint64_t hash = 0;       // most mismatches end here, and growing needs no state
    std::uint32_t index = EMPTY;  // into entries_
  };
  static constexpr std::uint32_t EMPTY = UINT32_MAX;
  static constexpr std::size_t INITIAL_SLOTS = 1024;

  // Room for one more entry: the slots at most 3/4 full (doubled while the
  // budget allows, both sizes counted during the copy), else at most 15/16.
  bool make_room() {
    slot_count_before_ = slots_.size();
    const std::size_t after = entries_.size() + 1;
    if (after > EMPTY - 1 || bytes() + sizeof(Entry) > max_bytes_) return false;
    if (after * 4 <= slots_.size() * 3) return true;
    const std::size_t grown = slots_.size() * 2;
    if ((grown + slots_.size()) * sizeof(Slot) + after * sizeof(Entry) <= max_bytes_) {
      grow(grown);
      return true;
    }
    return after * 16 <= slots_.size() * 15;
  }

  void grow(std::size_t slot_count) {
    std::vector<Slot> old(slot_count);
    old.swap(slots_);
    for (const Slot& slot : old)
      if (slot.index != EMPTY) slots_[free_slot(slot.hash)] = slot;
  }

  // The first free slot of `hash`'s probe sequence.
  std::size_t free_slot(std::uint64_t hash) const {
    std::size_t i = std::size_t(hash) & (slots_.size() - 1);
    while (slots_[i].index != EMPTY) i = (i + 1) & (slots_.size() - 1);
    return i;
  }

  std::size_t max_bytes_;
  std::vector<Slot> slots_;
  std::deque<Entry> entries_;
  std::size_t slot_count_before_ = 0;
};

}  // namespace prunebench
