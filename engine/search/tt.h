// The transposition table: bounds on a node's value, keyed by Tree::key().
//
// Every entry keeps a lower and an upper bound (exact when they meet), the
// draft (remaining depth) they were searched to, and the best move found.
// Keeping both bounds is what MTD(f) needs: its null-window passes revisit the
// same nodes and tighten one bound or the other each time (Plaat et al.,
// "Best-first fixed-depth minimax algorithms", 1996).
//
// Exactness rule. prunebench requires every mode to return exactly the
// fixed-depth minimax value, so a stored bound may end a node only when its
// draft EQUALS the remaining depth. A deeper entry bounds a different (deeper)
// value, and using it - as playing engines do, reference 003 - would change
// the root score. Entries of any draft still supply their move for ordering.
// The playing engines' rule (an entry at least as deep may end a node) is
// available as tt-draft=ge (spec.h), to measure what it does to values and
// counts; such searches report the exact value beside their own.
//
// Mate scores. With constant mate scores (the default, reference 000) a value
// depends only on the position and the draft, so it is stored as is. With
// mate-distance scores (MATE - ply) a mate found below a node is converted to
// "distance from this node" on store and back to "distance from the root" on
// probe, so a transposition reached at another ply reads the right distance
// (reference 001, "path-dependent scores in the table").
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

#include "engine/search/zeroed_pages.h"
#include "engine/types.h"

namespace prunebench {

// An entry whose bytes are all zero is empty (its draft reads EMPTY): a
// table starts as zeroed memory that the system hands out page by page as it
// is first touched, so a short search pays for the few pages it uses rather
// than for writing the whole table.
template <typename Move>
struct TTEntry {
  Key key = 0;
  Score lower = -INFINITE_SCORE;  // the node's value is >= lower
  Score upper = INFINITE_SCORE;   // the node's value is <= upper
  Move move{};                    // best move found, or Move{} if none raised alpha
  std::int16_t stored_draft = 0;  // the draft + 1: 0 is EMPTY

  static constexpr int EMPTY = -1;
  // The remaining depth the bounds hold for, EMPTY for an empty entry.
  int draft() const { return stored_draft - 1; }
  void set_draft(int draft) { stored_draft = std::int16_t(draft + 1); }
  bool empty() const { return stored_draft == 0; }
  bool is_exact() const { return lower == upper; }
};

// Entries are looked up in buckets of this many; a key lives in one bucket.
inline constexpr std::size_t TT_BUCKET_SIZE = 4;

// `entries` rounded down to a power of two, at least one bucket: every table's size.
inline std::size_t table_capacity(std::size_t entries) {
  std::size_t p = 1;
  while (p * 2 <= std::max(entries, TT_BUCKET_SIZE)) p *= 2;
  return p;
}

// The first entry of the bucket `key` lives in, in a table of `capacity` entries.
inline std::size_t bucket_start(Key key, std::size_t capacity) { return std::size_t(key) & (capacity - TT_BUCKET_SIZE); }

// Root-relative mate distance -> node-relative (to_table), and back (from_table);
// other scores, and every score without mate distance, unchanged.
inline bool is_mate_score(Score s) {
  return (s >= MATE_BOUND || s <= -MATE_BOUND) && s != INFINITE_SCORE && s != -INFINITE_SCORE;
}
inline Score to_table(Score s, int ply, bool mate_distance) {
  if (!mate_distance || !is_mate_score(s)) return s;
  return s > 0 ? s + ply : s - ply;
}
inline Score from_table(Score s, int ply, bool mate_distance) {
  if (!mate_distance || !is_mate_score(s)) return s;
  return s > 0 ? s - ply : s + ply;
}

// The entry of a bucket that holds `key`, or nullptr.
// Every entry is compared, without a branch each: whether a probe hits is
// close to a coin toss, which a branch per entry mispredicts.
template <typename Move>
const TTEntry<Move>* find_in_bucket(const TTEntry<Move>* bucket, Key key) {
  unsigned found = 0;
  for (std::size_t i = 0; i < TT_BUCKET_SIZE; ++i)
    found |= unsigned(!bucket[i].empty() & (bucket[i].key == key)) << i;
  return found ? &bucket[std::countr_zero(found)] : nullptr;
}

// The entry of a bucket that `key` is stored in: its own, else an empty one,
// else the shallowest (the first of them).
template <typename Move>
std::size_t slot_in_bucket(const TTEntry<Move>* bucket, Key key) {
  if (const TTEntry<Move>* own = find_in_bucket(bucket, key)) return std::size_t(own - bucket);
  std::size_t victim = 0;
  for (std::size_t i = 1; i < TT_BUCKET_SIZE; ++i)
    victim = bucket[i].stored_draft < bucket[victim].stored_draft ? i : victim;
  return victim;
}

// `entry` (found for `key` or its victim) after a search to `draft` with
// window (alpha, beta) returned `value`, `stored` in table form: an upper
// bound if value <= alpha, a lower bound if value >= beta, else exact. Bounds
// of the same draft are merged (MTD(f) tightens them pass by pass); another
// draft, or another key, replaces them.
template <typename Move>
void record_search(TTEntry<Move>& entry, Key key, int draft, Score value, Score stored, Score alpha, Score beta,
                   Move move) {
  if (entry.empty() || entry.key != key) {
    entry = TTEntry<Move>{};
    entry.key = key;
  }
  if (entry.draft() != draft) {
    entry.lower = -INFINITE_SCORE;
    entry.upper = INFINITE_SCORE;
    entry.set_draft(draft);
  }
  if (value <= alpha) {
    entry.upper = std::min(entry.upper, stored);
  } else if (value >= beta) {
    entry.lower = std::max(entry.lower, stored);
  } else {
    entry.lower = entry.upper = stored;
  }
  if (move != Move{}) entry.move = move;
}

// A found entry as a node at `ply` reads it (mate scores converted back).
template <typename Move>
TTEntry<Move> read_entry(TTEntry<Move> entry, int ply, bool mate_distance) {
  entry.lower = from_table(entry.lower, ply, mate_distance);
  entry.upper = from_table(entry.upper, ply, mate_distance);
  return entry;
}

template <typename Move>
class TranspositionTable {
 public:
  static constexpr std::size_t BUCKET_SIZE = TT_BUCKET_SIZE;

  // `entries` is rounded down to a power of two (at least one bucket).
  explicit TranspositionTable(std::size_t entries, bool mate_distance = false)
      : capacity_(table_capacity(entries)),
        memory_(capacity_ * sizeof(TTEntry<Move>)),
        entries_(static_cast<TTEntry<Move>*>(memory_.data())),
        mate_distance_(mate_distance) {
    static_assert(std::is_trivially_copyable_v<TTEntry<Move>> && std::is_trivially_destructible_v<TTEntry<Move>>);
  }

  static TranspositionTable with_megabytes(std::size_t megabytes, bool mate_distance = false) {
    return TranspositionTable(entries_in_megabytes(megabytes), mate_distance);
  }
  // How many entries `megabytes` hold, before rounding.
  static std::size_t entries_in_megabytes(std::size_t megabytes) {
    return megabytes * 1024 * 1024 / sizeof(TTEntry<Move>);
  }

  std::size_t capacity() const { return capacity_; }

  void clear() { std::memset(static_cast<void*>(entries_), 0, capacity_ * sizeof(TTEntry<Move>)); }

  // Every entry keeps its key, draft and move (ordering) but bounds nothing.
  void forget_bounds() {
    for (std::size_t i = 0; i < capacity_; ++i) {
      entries_[i].lower = -INFINITE_SCORE;
      entries_[i].upper = INFINITE_SCORE;
    }
  }

  // The entry stored for `key`, its scores converted for a node at `ply`.
  std::optional<TTEntry<Move>> probe(Key key, int ply) const {
    const TTEntry<Move>* found = find_in_bucket(&entries_[bucket_start(key, capacity())], key);
    if (!found) return std::nullopt;
    return read_entry(*found, ply, mate_distance_);
  }

  // Asks the cache for the bucket of `key` ahead of its probe (a hint: what
  // any later probe or store finds never depends on it).
  void prefetch(Key key) const {
    const TTEntry<Move>* bucket = &entries_[bucket_start(key, capacity())];
    __builtin_prefetch(bucket);
    __builtin_prefetch(reinterpret_cast<const char*>(bucket + TT_BUCKET_SIZE) - 1);  // a bucket spans two lines
  }

  // Records that a search of the node with window (alpha, beta) to `draft`
  // returned `value` (fail-soft or fail-hard): see record_search.
  void store(Key key, int ply, int draft, Score value, Score alpha, Score beta, Move move) {
    TTEntry<Move>* bucket = &entries_[bucket_start(key, capacity())];
    record_search(bucket[slot_in_bucket(bucket, key)], key, draft, value, to_table(value, ply, mate_distance_),
                  alpha, beta, move);
  }

 private:
  std::size_t capacity_;
  ZeroedPages memory_;  // empty entries: all zero bytes
  TTEntry<Move>* entries_;
  bool mate_distance_;
};

}  // namespace prunebench
