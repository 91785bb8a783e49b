// A lossy memo for the exact minimal tree (minimal.h): what is known about
// the proofs of nodes two plies above the horizon, where most of the nodes
// the computation meets are, each met several times.
//
// Unlike the proof table (proof_table.h) an entry may be lost: a new node
// takes the slot of the one there, which is then computed again from nothing
// when it is met again, as if it had never been kept. What an entry holds is
// still exact - a slot is found only by comparing the full state and the ply
// (subtree_state.h), never a hash alone - so losing one costs time, never a
// figure, and the cache never runs out of memory. It starts small and doubles,
// up to `max_bytes`, as it takes new nodes: a shallow search keeps it small,
// a deep one fills its budget.
//
// A reference to an entry stays valid until the next slot() call: the caller
// must not hold one across the recursion that adds nodes (minimal.h's nodes
// two plies above the horizon have no cached node below them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/search/splitmix.h"

namespace prunebench {

template <typename State, typename Data>
class ProofCache {
 public:
  explicit ProofCache(std::size_t max_bytes) : max_slots_(slots_within(max_bytes)), slots_(initial_slots()) {}

  // The entry of the node (`state`, `ply`), whose `key` hashes the state: the
  // one kept, or a new one (`created` set) whose Data the caller initialises.
  Data& slot(std::uint64_t key, const State& state, int ply, bool& created) {
    const std::size_t i = bucket_of(key, ply);
    created = false;
    if (slots_[i].holds(key, state, ply)) return slots_[i].data;
    if (slots_[i + 1].holds(key, state, ply)) {  // met again: the younger now, kept the longer
      std::swap(slots_[i], slots_[i + 1]);
      return slots_[i].data;
    }
    created = true;
    if (++taken_ * GROWTH_LOAD > slots_.size() && slots_.size() < max_slots_) grow();
    return take(bucket_of(key, ply), key, state, ply);
  }

  // The entry of (`state`, `ply`) if it is kept.
  const Data* find(std::uint64_t key, const State& state, int ply) const {
    const std::size_t i = bucket_of(key, ply);
    if (slots_[i].holds(key, state, ply)) return &slots_[i].data;
    if (slots_[i + 1].holds(key, state, ply)) return &slots_[i + 1].data;
    return nullptr;
  }

  std::size_t bytes() const { return slots_.size() * sizeof(Slot); }

 private:
  // Aligned to a cache line: a chess slot fills exactly one (subtree_state.h,
  // proof_knowledge.h's CompactKnown), so a lookup costs one memory access.
  struct alignas(64) Slot {
    std::uint64_t key = 0;  // the state's hash: most mismatches end here, and growing needs no state
    State state{};
    Data data{};
    std::uint8_t ply = 0;
    bool used = false;

    bool holds(std::uint64_t k, const State& s, int p) const { return key == k && used && ply == p && state == s; }
  };
  // Two slots a bucket: a new node takes the first, the node there moves to
  // the second, and the one in the second is lost (the one met less lately).
  static constexpr std::size_t INITIAL_SLOTS = 1024;
  // The cache doubles whenever it has taken, since it was made, more than an
  // eighth as many new nodes as it has slots: while it can grow, few buckets
  // hold more than two.
  static constexpr std::size_t GROWTH_LOAD = 8;

  static std::size_t slots_within(std::size_t max_bytes) {
    std::size_t n = 2;
    while ((n * 2 + n) * sizeof(Slot) <= max_bytes) n *= 2;  // both sizes held while growing
    return n;
  }
  std::size_t initial_slots() const { return max_slots_ < INITIAL_SLOTS ? max_slots_ : INITIAL_SLOTS; }

  std::size_t bucket_of(std::uint64_t key, int ply) const {
    return std::size_t(splitmix64(key + std::uint64_t(ply))) & (slots_.size() - 2);
  }

  Data& take(std::size_t i, std::uint64_t key, const State& state, int ply) {
    slots_[i + 1] = slots_[i];
    slots_[i] = {key, state, Data{}, std::uint8_t(ply), true};
    return slots_[i].data;
  }

  // Twice the slots, each entry kept in its bucket there (in its order, as
  // far as the bucket has room).
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (std::size_t i = old.size(); i-- > 0;)  // the second of each old bucket first: it is the older
      if (old[i].used) {
        const std::size_t b = bucket_of(old[i].key, old[i].ply);
        slots_[b + 1] = slots_[b];
        slots_[b] = old[i];
      }
  }

  std::size_t max_slots_;
  std::vector<Slot> slots_;
  std::size_t taken_ = 0;  // new nodes, kept or lost since
};

}  // namespace prunebench
