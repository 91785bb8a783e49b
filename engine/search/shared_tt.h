// The transposition table that lazy SMP's threads share (lazy_smp.h), lock-free.
//
// Each entry is three 64-bit words, each read and written whole by a relaxed
// atomic access, and no lock: `bounds` (lower and upper, 32 bits each),
// `info` (the move, and the draft + 1 so that an all-zero slot is empty) and
// `check` = key ^ bounds ^ info. Two threads storing into one slot at once
// may interleave their words; such a torn slot decodes to key ^ (the words'
// difference), which matches no key searched (but with the odds of a 64-bit
// collision), so it reads as a miss and is overwritten like any other entry.
// This is Hyatt and Mann's lockless hashing ("A lockless transposition-table
// implementation for parallel search", ICGA Journal 25(1), 2002).
//
// What is kept, where, and what is replaced are exactly the serial table's
// (tt.h: the same number of entries for the same megabytes, the same buckets,
// the same replacement and merging of bounds), so one thread alone counts
// exactly what the serial search counts. A store reads its slot, merges and
// writes it back without a lock: a store racing another on the same entry
// may lose the other's bound. With tt-draft=eq that is safe, as every bound
// of a (position, draft) bounds the same fixed-depth value whoever stored it.
#pragma once

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/search/tt.h"

namespace prunebench {

// A move the shared table can keep in 16 bits (chess's Move).
template <typename Move>
concept SixteenBitMove = requires(Move move, std::uint16_t data) {
  { move.raw() } -> std::same_as<std::uint16_t>;
  { Move::from_raw(data) } -> std::same_as<Move>;
};

// One entry's words; all zero is an empty slot.
struct SharedSlot {
  std::atomic<std::uint64_t> check{0};
  std::atomic<std::uint64_t> bounds{0};
  std::atomic<std::uint64_t> info{0};
};

// Move: a SixteenBitMove (checked where the table is made, so that TableRef
// may name the type for any tree).
template <typename Move>
class SharedTranspositionTable {
 public:
  // As many entries as the serial table of `megabytes` (tt.h).
  SharedTranspositionTable(std::size_t megabytes, bool mate_distance)
      : capacity_(table_capacity(TranspositionTable<Move>::entries_in_megabytes(megabytes))),
        slots_(std::make_unique<SharedSlot[]>(capacity_)),
        mate_distance_(mate_distance) {
    static_assert(SixteenBitMove<Move>, "the shared table keeps a move in 16 bits");
  }

  std::size_t capacity() const { return capacity_; }

  // As TranspositionTable::probe; a torn entry is not found.
  std::optional<TTEntry<Move>> probe(Key key, int ply) const {
    TTEntry<Move> bucket[TT_BUCKET_SIZE];
    read_bucket(key, bucket);
    const TTEntry<Move>* found = find_in_bucket(bucket, key);
    if (!found) return std::nullopt;
    return read_entry(*found, ply, mate_distance_);
  }

  // As TranspositionTable::store: the slot read, merged and written back.
  void store(Key key, int ply, int draft, Score value, Score alpha, Score beta, Move move) {
    TTEntry<Move> bucket[TT_BUCKET_SIZE];
    read_bucket(key, bucket);
    const std::size_t slot = slot_in_bucket(bucket, key);
    record_search(bucket[slot], key, draft, value, to_table(value, ply, mate_distance_), alpha, beta, move);
    write(slots_[bucket_start(key, capacity_) + slot], bucket[slot]);
  }

  // The i-th slot of `key`'s bucket, for tests that tear it.
  SharedSlot& slot_for_testing(Key key, std::size_t i) { return slots_[bucket_start(key, capacity_) + i]; }

 private:
  void read_bucket(Key key, TTEntry<Move>* bucket) const {
    const SharedSlot* slots = &slots_[bucket_start(key, capacity_)];
    for (std::size_t i = 0; i < TT_BUCKET_SIZE; ++i) bucket[i] = read(slots[i]);
  }

  // A slot's entry; its key is what the words say, a torn slot's a key no node has.
  static TTEntry<Move> read(const SharedSlot& slot) {
    const std::uint64_t bounds = slot.bounds.load(std::memory_order_relaxed);
    const std::uint64_t info = slot.info.load(std::memory_order_relaxed);
    const std::uint64_t check = slot.check.load(std::memory_order_relaxed);
    TTEntry<Move> entry;
    entry.key = check ^ bounds ^ info;
    entry.lower = Score(std::int32_t(std::uint32_t(bounds)));
    entry.upper = Score(std::int32_t(std::uint32_t(bounds >> 32)));
    entry.move = Move::from_raw(std::uint16_t(info));
    entry.stored_draft = std::int16_t(std::uint16_t(info >> 16));  // 0: empty
    return entry;
  }

  static void write(SharedSlot& slot, const TTEntry<Move>& entry) {
    const std::uint64_t bounds = std::uint64_t(std::uint32_t(entry.lower)) | std::uint64_t(std::uint32_t(entry.upper)) << 32;
    const std::uint64_t info = std::uint64_t(entry.move.raw()) | std::uint64_t(std::uint16_t(entry.stored_draft)) << 16;
    slot.check.store(entry.key ^ bounds ^ info, std::memory_order_relaxed);
    slot.bounds.store(bounds, std::memory_order_relaxed);
    slot.info.store(info, std::memory_order_relaxed);
  }

  std::size_t capacity_;
  std::unique_ptr<SharedSlot[]> slots_;
  bool mate_distance_;
};


// The table a search reads and writes (SearchContext::tt): none, its own
// (tt.h), or one shared with other threads. A thread that does not store
// the root (a lazy SMP helper) leaves the root's entry, and so the root's
// hash move, to the thread whose result is reported.
template <typename Move>
class TableRef {
 public:
  TableRef(TranspositionTable<Move>* own = nullptr) : own_(own) {}  // implicit: a table, or nullptr for none
  TableRef(SharedTranspositionTable<Move>* shared, bool stores_root) : shared_(shared), stores_root_(stores_root) {}

  explicit operator bool() const { return own_ || shared_; }
  // The search's own table; nullptr when it has none or shares one.
  TranspositionTable<Move>* own() const { return own_; }

  std::optional<TTEntry<Move>> probe(Key key, int ply) const {
    if constexpr (SixteenBitMove<Move>)
      if (shared_) [[unlikely]]
        return shared_->probe(key, ply);
    return own_->probe(key, ply);
  }

  // The own table's prefetch (tt.h); a shared table is not asked ahead.
  void prefetch(Key key) const {
    if (own_) own_->prefetch(key);
  }

  // `ply`: the node's (the root is 0), for mate distances and the root rule.
  void store(Key key, int ply, int draft, Score value, Score alpha, Score beta, Move move) const {
    if constexpr (SixteenBitMove<Move>)
      if (shared_) [[unlikely]] {
        if (ply != 0 || stores_root_) shared_->store(key, ply, draft, value, alpha, beta, move);
        return;
      }
    own_->store(key, ply, draft, value, alpha, beta, move);
  }

 private:
  TranspositionTable<Move>* own_ = nullptr;
  SharedTranspositionTable<Move>* shared_ = nullptr;
  bool stores_root_ = true;
};

}  // namespace prunebench
