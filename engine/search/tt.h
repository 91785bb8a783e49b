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
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/types.h"

namespace prunebench {

template <typename Move>
struct TTEntry {
  Key key = 0;
  Score lower = -INFINITE_SCORE;  // the node's value is >= lower
  Score upper = INFINITE_SCORE;   // the node's value is <= upper
  Move move{};                    // best move found, or Move{} if none raised alpha
  std::int16_t draft = EMPTY;     // remaining depth the bounds hold for

  static constexpr std::int16_t EMPTY = -1;
  bool is_exact() const { return lower == upper; }
};

template <typename Move>
class TranspositionTable {
 public:
  // Entries are looked up in buckets of this many; a key lives in one bucket.
  static constexpr std::size_t BUCKET_SIZE = 4;

  // `entries` is rounded down to a power of two (at least one bucket).
  explicit TranspositionTable(std::size_t entries, bool mate_distance = false)
      : entries_(round_down_to_power_of_two(std::max(entries, BUCKET_SIZE))), mate_distance_(mate_distance) {}

  static TranspositionTable with_megabytes(std::size_t megabytes, bool mate_distance = false) {
    return TranspositionTable(megabytes * 1024 * 1024 / sizeof(TTEntry<Move>), mate_distance);
  }

  std::size_t capacity() const { return entries_.size(); }

  void clear() { std::fill(entries_.begin(), entries_.end(), TTEntry<Move>{}); }

  // Every entry keeps its key, draft and move (ordering) but bounds nothing.
  void forget_bounds() {
    for (TTEntry<Move>& entry : entries_) {
      entry.lower = -INFINITE_SCORE;
      entry.upper = INFINITE_SCORE;
    }
  }

  // The entry stored for `key`, its scores converted for a node at `ply`.
  std::optional<TTEntry<Move>> probe(Key key, int ply) const {
    const TTEntry<Move>* bucket = &entries_[bucket_index(key)];
    for (std::size_t i = 0; i < BUCKET_SIZE; ++i) {
      if (bucket[i].draft != TTEntry<Move>::EMPTY && bucket[i].key == key) {
        TTEntry<Move> entry = bucket[i];
        entry.lower = from_table(entry.lower, ply);
        entry.upper = from_table(entry.upper, ply);
        return entry;
      }
    }
    return std::nullopt;
  }

  // Records that a search of the node with window (alpha, beta) to `draft`
  // returned `value` (fail-soft or fail-hard): an upper bound if value <= alpha,
  // a lower bound if value >= beta, else exact. Bounds of the same draft are
  // merged (MTD(f) tightens them pass by pass); another draft replaces them.
  void store(Key key, int ply, int draft, Score value, Score alpha, Score beta, Move move) {
    TTEntry<Move>& entry = slot_for(key);
    if (entry.draft == TTEntry<Move>::EMPTY || entry.key != key) {
      entry = TTEntry<Move>{};
      entry.key = key;
    }
    if (entry.draft != draft) {
      entry.lower = -INFINITE_SCORE;
      entry.upper = INFINITE_SCORE;
      entry.draft = std::int16_t(draft);
    }
    const Score stored = to_table(value, ply);
    if (value <= alpha) {
      entry.upper = std::min(entry.upper, stored);
    } else if (value >= beta) {
      entry.lower = std::max(entry.lower, stored);
    } else {
      entry.lower = entry.upper = stored;
    }
    if (move != Move{}) entry.move = move;
  }

 private:
  static std::size_t round_down_to_power_of_two(std::size_t n) {
    std::size_t p = 1;
    while (p * 2 <= n) p *= 2;
    return p;
  }

  std::size_t bucket_index(Key key) const { return std::size_t(key) & (entries_.size() - BUCKET_SIZE); }

  // The entry holding `key`, else an empty one, else the shallowest of the bucket.
  TTEntry<Move>& slot_for(Key key) {
    TTEntry<Move>* bucket = &entries_[bucket_index(key)];
    TTEntry<Move>* victim = bucket;
    for (std::size_t i = 0; i < BUCKET_SIZE; ++i) {
      if (bucket[i].draft != TTEntry<Move>::EMPTY && bucket[i].key == key) return bucket[i];
      if (bucket[i].draft < victim->draft) victim = &bucket[i];
    }
    return *victim;
  }

  static bool is_mate_score(Score s) {
    return (s >= MATE_BOUND || s <= -MATE_BOUND) && s != INFINITE_SCORE && s != -INFINITE_SCORE;
  }
  // Root-relative mate distance -> node-relative, and back.
  Score to_table(Score s, int ply) const {
    if (!mate_distance_ || !is_mate_score(s)) return s;
    return s > 0 ? s + ply : s - ply;
  }
  Score from_table(Score s, int ply) const {
    if (!mate_distance_ || !is_mate_score(s)) return s;
    return s > 0 ? s - ply : s + ply;
  }

  std::vector<TTEntry<Move>> entries_;
  bool mate_distance_;
};

}  // namespace prunebench
