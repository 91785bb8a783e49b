// Move ordering: which child a node searches first.
//
// Ordering never changes a fixed-depth value, only how much alpha-beta can
// prune (reference 002: "move ordering decides everything"). A node's list is
// stably sorted by, in priority order:
//   1. the transposition-table move ("hash move"),
//   2. the previous iteration's principal-variation move (iterative deepening),
//   3. the tree's base score, Tree::move_score(base, move), larger first,
//   4. killer moves: the two latest quiet moves that caused a cut-off at this ply,
//   5. history: sum of depth^2 over the cut-offs each move caused anywhere,
//   6. with the canonical tie-break, the canonical order (ascending UCI
//      string, Tree::move_score(CANONICAL, move)), so that no two moves tie;
//      or with a scan-order tie-break, the order a given bitboard generator
//      would emit (engine/scan_order.h), to emulate another engine.
// Equal keys keep the generator's order, so NATURAL with no extras is exactly
// the generated order; the algorithms then skip ordering altogether. The
// tie-break makes an ordering independent of the generator, hence portable
// to other engines (docs/portable-counts.md).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "engine/scan_order.h"
#include "engine/search/splitmix.h"
#include "engine/search/tree.h"
#include "engine/types.h"

namespace prunebench {

struct OrderingSpec {
  BaseOrdering base = BaseOrdering::NATURAL;
  bool tt_move_first = false;
  bool pv_move_first = false;
  bool killers = false;
  bool history = false;
  // RANDOM only: 0 keeps the tree's own shuffle, any other value reshuffles it.
  std::uint64_t seed = 0;
  // Equal keys in canonical order instead of generator order (tiebreak=canonical).
  bool canonical_tiebreak = false;
  // Equal keys in a scan order instead (tiebreak=scan:...): its ScanOrder::code(),
  // 0 for none; never with canonical_tiebreak.
  std::uint32_t scan_tiebreak = 0;

  // False when ordering would leave every list as generated.
  bool reorders() const {
    return base != BaseOrdering::NATURAL || tt_move_first || pv_move_first || killers || history ||
           canonical_tiebreak || scan_tiebreak != 0;
  }
  bool operator==(const OrderingSpec&) const = default;
};

// Killers and history should only remember quiet moves (a capture is already
// ordered by its base score). A tree that can tell offers `is_quiet(move)`;
// otherwise every move counts as quiet.
template <typename T>
concept KnowsQuietMoves = requires(const T& tree, typename T::MoveType move) {
  { tree.is_quiet(move) } -> std::convertible_to<bool>;
};

// A tree whose moves a scan order can key (chess) offers `scan_order_score`.
template <typename T>
concept KnowsScanOrders = requires(const T& tree, const ScanOrder& order, typename T::MoveType move) {
  { tree.scan_order_score(order, move) } -> std::convertible_to<std::int64_t>;
};

// A tree that can score a whole list at once, faster than move by move,
// offers `move_scores(ordering, list, scores)`: the same scores as move_score.
template <typename T>
concept ScoresMoveLists = requires(const T& tree, BaseOrdering ordering, const typename T::MoveList& list,
                                   std::int64_t* scores) {
  tree.move_scores(ordering, list, scores);
};

// A tree that can list just the moves an ordering scores other than zero
// (MVV-LVA's captures on chess) offers `sparse_move_scores(ordering, list,
// also, scores, indices, count)`: the indices ascending, each with its
// move_score; every move not listed scores 0. It lists too each move of the
// array `also` found in the list (a default-constructed move matches none),
// whatever its score: with 0 or 4 of them, a node's hash move, PV move and
// killers. It returns false for an ordering it cannot.
template <typename T>
concept ScoresSparseMoveLists =
    requires(const T& tree, BaseOrdering ordering, const typename T::MoveList& list,
             const std::array<typename T::MoveType, 0>& none, const std::array<typename T::MoveType, 4>& hinted,
             std::int64_t* scores, std::uint16_t* indices, std::size_t& count) {
      { tree.sparse_move_scores(ordering, list, none, scores, indices, count) } -> std::convertible_to<bool>;
      { tree.sparse_move_scores(ordering, list, hinted, scores, indices, count) } -> std::convertible_to<bool>;
    };

template <Tree T>
bool is_quiet(const T& tree, typename T::MoveType move) {
  if constexpr (KnowsQuietMoves<T>) {
    return tree.is_quiet(move);
  } else {
    return true;
  }
}

// Two killer moves per ply, most recent first.
template <typename Move>
class KillerTable {
 public:
  void add(int ply, Move move) {
    std::array<Move, 2>& slot = killers_[ply];
    if (slot[0] == move) return;
    slot[1] = slot[0];
    slot[0] = move;
  }
  // The two killers of one ply, copied out, to rank a whole list from registers.
  struct OfPly {
    Move latest{}, older{};
    // 2 for the latest killer, 1 for the older one, 0 otherwise.
    int rank(Move move) const {
      if (move == Move{}) return 0;
      if (latest == move) return 2;
      return older == move ? 1 : 0;
    }
  };
  OfPly of_ply(int ply) const { return {killers_[ply][0], killers_[ply][1]}; }
  int rank(int ply, Move move) const { return of_ply(ply).rank(move); }
  void clear() { killers_.fill({}); }

 private:
  std::array<std::array<Move, 2>, MAX_PLY + 1> killers_{};
};

// Cut-off credit per Tree::history_index, weighted by depth^2 so that
// cut-offs near the root, which save the most, count the most.
class HistoryTable {
 public:
  explicit HistoryTable(std::size_t size = 0) : scores_(size, 0) {}
  void bump(int index, int depth) {
    std::int64_t& score = scores_[std::size_t(index)];
    const std::int64_t credit = std::int64_t(depth) * depth;
    if (open_marks_ != 0) log_.push_back({index, credit, max_});
    score += credit;
    max_ = std::max(max_, score);
  }
  // A node that searches a child before it orders its moves must order them
  // by the scores as they stood before that search. From mark() on, every
  // bump is logged; rewind() undoes those since the mark for the ordering,
  // replay() does them again in the same order, and release() ends the mark
  // (the log empties when no mark is open).
  std::size_t mark() {
    ++open_marks_;
    return log_.size();
  }
  void rewind(std::size_t mark) {
    for (std::size_t k = log_.size(); k-- > mark;) {
      scores_[std::size_t(log_[k].index)] -= log_[k].credit;
      max_ = log_[k].max_before;
    }
  }
  void replay(std::size_t mark) {
    for (std::size_t k = mark; k < log_.size(); ++k) {
      std::int64_t& score = scores_[std::size_t(log_[k].index)];
      score += log_[k].credit;
      max_ = std::max(max_, score);
    }
  }
  void release() {
    if (--open_marks_ == 0) log_.clear();
  }
  std::int64_t score(int index) const { return scores_[std::size_t(index)]; }
  const std::int64_t* scores() const { return scores_.data(); }
  // The largest score (scores only grow): whether every key packs is then
  // known once per node rather than tested per move.
  std::int64_t max_score() const { return max_; }
  void clear() {
    std::fill(scores_.begin(), scores_.end(), 0);
    max_ = 0;
  }

 private:
  struct Bump {
    int index;
    std::int64_t credit;
    std::int64_t max_before;
  };
  std::vector<std::int64_t> scores_;
  std::int64_t max_ = 0;
  std::vector<Bump> log_;
  int open_marks_ = 0;
};

// What ordering knows about one node beyond the tree itself.
template <typename Move>
struct OrderingHints {
  Move hash_move{};  // Move{}: none
  Move pv_move{};    // Move{}: none
  int ply = 0;
  // Nothing can change the history table while this node's moves are
  // searched (its children are leaves): the history part of the keys may
  // then be read when the first move without a hint or a base score is
  // asked for, rather than before the first child.
  bool history_fixed = false;
};

namespace detail {

// The sort key of one move; compared lexicographically, larger first.
struct OrderKey {
  int priority;  // 2 hash move, 1 PV move, 0 other
  std::int64_t base;
  int killer;
  std::int64_t history;
  auto operator<=>(const OrderKey&) const = default;
};

// The key with a tie-break score last (canonical or scan order, negative).
// A type of its own, so that orderings without a tie-break keep the smaller
// key and cost nothing more.
struct TiebreakOrderKey {
  OrderKey key;
  std::int64_t tiebreak;
  auto operator<=>(const TiebreakOrderKey&) const = default;
};

// A move by its index in the list (trivial to leave uninitialized, unlike
// some move types).
template <typename Key>
struct KeyedIndex {
  Key key;
  std::uint16_t index;
};

// The scan-order key of a move, on trees that have one (check_spec refuses
// a scan tie-break on the others).
template <Tree T>
std::int64_t scan_order_score(const T& tree, const ScanOrder& order, typename T::MoveType move) {
  if constexpr (KnowsScanOrders<T>) {
    return std::int64_t(tree.scan_order_score(order, move));
  } else {
    (void)tree, (void)order, (void)move;
    return 0;
  }
}

// Stable insertion sort, larger keys first.
template <typename Key>
void insertion_sort(KeyedIndex<Key>* first, std::size_t n) {
  for (std::size_t i = 1; i < n; ++i) {
    const KeyedIndex<Key> item = first[i];
    std::size_t j = i;
    for (; j > 0 && first[j - 1].key < item.key; --j) first[j] = first[j - 1];
    first[j] = item;
  }
}

// The key of `m`, the i-th move of its list, without a tie-break. Always
// inline: it runs for every move of every ordered node, and as a call it
// took a fifth of MVV-LVA's profile.
template <Tree T>
[[gnu::always_inline]] inline OrderKey order_key(const T& tree, const OrderingSpec& spec,
                                                 const OrderingHints<typename T::MoveType>& hints,
                                                 const KillerTable<typename T::MoveType>& killers,
                                                 const HistoryTable& history, const std::int64_t* base_scores,
                                                 std::size_t i, typename T::MoveType m) {
  using Move = typename T::MoveType;
  OrderKey k;
  k.priority = (spec.tt_move_first && m == hints.hash_move && m != Move{}) ? 2
               : (spec.pv_move_first && m == hints.pv_move && m != Move{}) ? 1
                                                                           : 0;
  k.base = base_scores                          ? base_scores[i]
           : spec.base == BaseOrdering::NATURAL ? 0
                                                : std::int64_t(tree.move_score(spec.base, m));
  if (spec.base == BaseOrdering::RANDOM && spec.seed != 0)
    k.base = std::int64_t(hash_combine(std::uint64_t(k.base), spec.seed));
  k.killer = spec.killers ? killers.rank(hints.ply, m) : 0;
  k.history = spec.history ? history.score(tree.history_index(m)) : 0;
  return k;
}

// order_moves with keys of type Key (OrderKey or TiebreakOrderKey), sorting
// the whole list at once. Out of line: only the tie-breaks and keys that do
// not pack (see PackedKey) come here, and its arrays would swell the frame
// of every search node that inlined it.
template <typename Key, Tree T>
[[gnu::noinline]] void order_moves_by(const T& tree, typename T::MoveList& list, const OrderingSpec& spec,
                                      const OrderingHints<typename T::MoveType>& hints,
                                      const KillerTable<typename T::MoveType>& killers,
                                      const HistoryTable& history, const std::int64_t* base_scores) {
  constexpr Key ZERO{};
  std::array<KeyedIndex<Key>, MAX_MOVES> above, below;
  std::array<std::uint16_t, MAX_MOVES> zero;
  std::size_t n_above = 0, n_below = 0, n_zero = 0;
  const std::size_t n = list.size();
  [[maybe_unused]] const ScanOrder scan = ScanOrder::from_code(spec.scan_tiebreak);
  for (std::size_t i = 0; i < n; ++i) {
    const auto m = list[i];
    const OrderKey k = order_key(tree, spec, hints, killers, history, base_scores, i, m);
    Key key;
    if constexpr (std::is_same_v<Key, TiebreakOrderKey>) {
      key = {k, spec.canonical_tiebreak ? std::int64_t(tree.move_score(BaseOrdering::CANONICAL, m))
                                        : scan_order_score(tree, scan, m)};
    } else {
      key = k;
    }
    const auto index = std::uint16_t(i);
    if (key == ZERO)
      zero[n_zero++] = index;
    else if (key > ZERO)
      above[n_above++] = {key, index};
    else
      below[n_below++] = {key, index};
  }
  if (n_zero == n) return;  // nothing to move
  insertion_sort(above.data(), n_above);
  insertion_sort(below.data(), n_below);
  const typename T::MoveList original = list;
  std::size_t i = 0;
  for (std::size_t k = 0; k < n_above; ++k) list[i++] = original[above[k].index];
  for (std::size_t k = 0; k < n_zero; ++k) list[i++] = original[zero[k]];
  for (std::size_t k = 0; k < n_below; ++k) list[i++] = original[below[k].index];
}

// Out of line, so that the orderings without a tie-break compile (and are
// inlined) as they were before tie-breaks existed: inlined too, this path
// cost MVV-LVA 5 % of its speed.
template <Tree T>
[[gnu::noinline]] void order_moves_with_tiebreak(const T& tree, typename T::MoveList& list, const OrderingSpec& spec,
                                                 const OrderingHints<typename T::MoveType>& hints,
                                                 const KillerTable<typename T::MoveType>& killers,
                                                 const HistoryTable& history, const std::int64_t* base_scores) {
  order_moves_by<TiebreakOrderKey>(tree, list, spec, hints, killers, history, base_scores);
}

// An OrderKey as one integer that compares as the key does, when its fields
// fit: base in [-2^29, 2^29), history in [0, 2^28), which every chess base
// ordering and any history short of 2^28 / depth^2 cut-offs of one move
// meet. Each field's weight exceeds the span of all the fields below it, so
// the sum orders lexicographically, is zero only for the zero key, and stays
// below 2^63. One compare instead of four is what makes picking cheap.
struct PackedKey {
  static constexpr std::int64_t PRIORITY_WEIGHT = std::int64_t(1) << 61;
  static constexpr std::int64_t BASE_WEIGHT = std::int64_t(1) << 30;
  static constexpr std::int64_t KILLER_WEIGHT = std::int64_t(1) << 28;  // killer rank <= 2: 3 * 2^28 < 2^30
  static constexpr std::int64_t BASE_LIMIT = std::int64_t(1) << 29;
  static constexpr std::int64_t HISTORY_LIMIT = KILLER_WEIGHT;

  static bool fits(const OrderKey& k) {
    return (k.base >= -BASE_LIMIT) & (k.base < BASE_LIMIT) & (k.history >= 0) & (k.history < HISTORY_LIMIT);
  }
  // Computed before fits() is known, so in unsigned arithmetic: a key that
  // does not fit wraps (and is never used) rather than overflow.
  static std::int64_t of(const OrderKey& k) {
    return std::int64_t(std::uint64_t(k.priority) * PRIORITY_WEIGHT + std::uint64_t(k.base) * BASE_WEIGHT +
                        std::uint64_t(k.killer) * KILLER_WEIGHT + std::uint64_t(k.history));
  }
};

// The moves of one key sign (above zero, or below) with their packed keys,
// in list order until picked: each pick takes the earliest of the largest
// keys, which is what a stable sort puts next.
class PackedRun {
 public:
  // The caller writes the first `size` entries, then calls start(size).
  KeyedIndex<std::int64_t>* entries() { return entries_.data(); }
  void start(std::size_t size) { size_ = size, next_ = 0, sorted_ = false; }
  bool done() const { return next_ == size_; }
  std::uint16_t take() {
    if (!sorted_ && next_ == LAZY_PICKS) sort_rest();
    if (!sorted_) bring_best_forward();
    return entries_[next_++].index;
  }

 private:
  // A node that has not cut off after this many picks from a run is likely
  // to search every move: the rest is then sorted at once (insertion sort,
  // fewer compares than picking each).
  static constexpr std::size_t LAZY_PICKS = 3;

  // The earliest largest remaining key to entries_[next_]; the moves it
  // passes shift up one, keeping their list order (a swap would not).
  void bring_best_forward() {
    std::size_t best = next_;
    for (std::size_t j = next_ + 1; j < size_; ++j)
      if (entries_[best].key < entries_[j].key) best = j;
    const KeyedIndex<std::int64_t> chosen = entries_[best];
    std::copy_backward(entries_.begin() + std::ptrdiff_t(next_), entries_.begin() + std::ptrdiff_t(best),
                       entries_.begin() + std::ptrdiff_t(best) + 1);
    entries_[next_] = chosen;
  }
  void sort_rest() {
    insertion_sort(entries_.data() + next_, size_ - next_);
    sorted_ = true;
  }

  std::array<KeyedIndex<std::int64_t>, MAX_MOVES> entries_;
  std::size_t size_ = 0, next_ = 0;
  bool sorted_ = false;
};

}  // namespace detail

// A node's moves in the order order_moves would leave them (see the top of
// this file), each chosen only when the search first asks for it: a node
// that cuts off after its first move never pays for ordering the rest.
//
// Most moves usually have an all-zero key (quiet moves under MVV-LVA, say),
// and those keep their list order anyway: the moves above zero come first,
// picked best first, then the zero run as listed, then those below. A
// tie-break score is negative for every move, so with one no key is zero;
// tie-breaks and keys that do not pack (PackedKey) are sorted at once
// instead, as is every list when `order` is not called. Where the tree lists
// the moves its base ordering scores (order_sparse), only those and the
// hinted moves are keyed before the first child; at a node whose children
// are leaves, the others' history is read only if the search gets to them.
template <Tree T>
class MovePicker {
 public:
  using Move = typename T::MoveType;
  using MoveList = typename T::MoveList;

  // `list` stays the picker's to read (and, for the eager orderings, to
  // reorder) while it is in use.
  explicit MovePicker(MoveList& list) : list_(list), picked_(list.size()), ordered_(list.begin()) {}
  MovePicker(const MovePicker&) = delete;
  MovePicker& operator=(const MovePicker&) = delete;

  // Orders the moves; `base_scores`, when given, replaces the tree's base
  // score of each move (order=oracle computes them by searching).
  void order(const T& tree, const OrderingSpec& spec, const OrderingHints<Move>& hints,
             const KillerTable<Move>& killers, const HistoryTable& history,
             const std::int64_t* base_scores = nullptr) {
    if constexpr (ScoresSparseMoveLists<T>)
      if (!base_scores && !spec.canonical_tiebreak && spec.scan_tiebreak == 0 &&
          !(spec.base == BaseOrdering::RANDOM && spec.seed != 0) && order_sparse(tree, spec, hints, killers, history))
        return;
    std::array<std::int64_t, MAX_MOVES> tree_scores;
    if constexpr (ScoresMoveLists<T>) {
      if (!base_scores && spec.base != BaseOrdering::NATURAL) {
        tree.move_scores(spec.base, list_, tree_scores.data());
        base_scores = tree_scores.data();
      }
    }
    if (spec.canonical_tiebreak || spec.scan_tiebreak != 0) [[unlikely]]
      detail::order_moves_with_tiebreak(tree, list_, spec, hints, killers, history, base_scores);
    else if (!collect(tree, spec, hints, killers, history, base_scores)) [[unlikely]]
      detail::order_moves_by<detail::OrderKey>(tree, list_, spec, hints, killers, history, base_scores);
    else if (n_zero_ != list_.size())
      ordered_ = picks_, picked_ = 0;
  }

  std::size_t size() const { return list_.size(); }
  // The i-th move in order: moves are picked up to i as they are first asked for.
  [[gnu::always_inline]] Move operator[](std::size_t i) {
    while (i >= picked_) [[unlikely]] pick();
    return ordered_[i];
  }
  // At a node whose history is fixed (OrderingHints::history_fixed), the
  // moves past the listed ones come in history order, keyed only when the
  // first of them is asked for. rest_from() is where they begin: the count
  // of listed moves, or size() when the rest is not deferred so (every other
  // ordering, and a node past that point). A caller that has asked for no
  // move from there may take the rest itself instead: for_each_rest() gives
  // each move and its index in list order. The order is the history score
  // (rest_history), larger first, then the index.
  std::size_t rest_from() const { return deferred_.history_scores ? rest_from_ : list_.size(); }
  template <typename Visit>
  [[gnu::always_inline]] void for_each_rest(Visit visit) const {
    for_each_unlisted([&](std::size_t i) { visit(std::uint16_t(i), list_[i]); });
  }
  std::int64_t rest_history(std::size_t index) const {
    return deferred_.history_scores[deferred_.tree->history_index(list_[index])];
  }
  // The move at `index` in the list as generated.
  Move list_move(std::size_t index) const { return list_[index]; }

  // Every move picked, written back to the list in order.
  void write_back() {
    if (ordered_ == list_.begin()) return;
    for (std::size_t i = 0; i < list_.size(); ++i) (*this)[i];
    std::copy_n(picks_, list_.size(), list_.begin());
  }

 private:
  // Keys every move and sorts it into the runs; false, with nothing to use,
  // when a key does not pack. With scores in hand and nothing but them in
  // the key, a score is its own packed key: no key to build, none to check.
  bool collect(const T& tree, const OrderingSpec& spec, const OrderingHints<Move>& hints,
               const KillerTable<Move>& killers, const HistoryTable& history,
               const std::int64_t* base_scores) {
    if (base_scores && scores_only(spec)) {
      sort_into_runs([&](std::size_t i) { return base_scores[i]; });
      return true;
    }
    if (base_scores && !(spec.base == BaseOrdering::RANDOM && spec.seed != 0)) {
      const BaseRange range = base_range(base_scores);
      if (!range.packs(spec.history ? history.max_score() : 0)) return false;
      const auto key_of = packed_keys_from_locals(tree, spec, hints, killers, history, base_scores);
      if (range.low < 0)
        sort_into_runs(key_of);
      else
        sort_into_runs<false>(key_of);  // every key is at least zero: no run below
      return true;
    }
    bool fits = true;
    sort_into_runs([&](std::size_t i) {
      const detail::OrderKey k =
          detail::order_key(tree, spec, hints, killers, history, base_scores, i, list_[i]);
      fits &= detail::PackedKey::fits(k);
      return detail::PackedKey::of(k);
    });
    return fits;
  }
  // Nothing in the key but the base score.
  static bool scores_only(const OrderingSpec& spec) {
    return !spec.tt_move_first && !spec.pv_move_first && !spec.killers && !spec.history &&
           !(spec.base == BaseOrdering::RANDOM && spec.seed != 0);
  }
  // The tree lists the few moves whose key can be other than their history
  // score: those its base ordering scores other than zero (MVV-LVA's
  // captures) and, when the key has them, the hash move, the PV move and this
  // ply's killers. Only those are keyed now, into the runs. Without history
  // every other move's key is zero: the zero run is the rest of the list as it
  // stands, less the listed ones (zero_ holds those, ascending), picked when
  // the search first asks for one of them. With history, the others are
  // keyed by their history score alone when the first of them is asked for
  // (key_rest_by_history): the live scores if the history is fixed for this
  // node, otherwise the scores as they were when the node ordered its moves
  // (take_history_snapshot); a listed key then has to exceed every history
  // score, as its killer, priority or positive base makes it.
  // False, with nothing to use, when the tree cannot list this ordering's
  // scores or a listed key breaks those rules; the general way then keeps
  // the order.
  bool order_sparse(const T& tree, const OrderingSpec& spec, const OrderingHints<Move>& hints,
                    const KillerTable<Move>& killers, const HistoryTable& history) {
    if (!scores_only(spec)) return order_sparse_with_hints(tree, spec, hints, killers, history);
    std::array<std::int64_t, MAX_MOVES> scores;
    std::size_t n = 0;
    if (!tree.sparse_move_scores(spec.base, list_, std::array<Move, 0>{}, scores.data(), zero_.data(), n) ||
        !sort_listed_into_runs(n, [&](std::size_t k) { return scores[k]; }))
      return false;
    the_rest_as_listed(n);
    return true;
  }
  // The same when the key has more than the base score: out of line, so that
  // MVV-LVA alone keeps a small frame.
  [[gnu::noinline]] bool order_sparse_with_hints(const T& tree, const OrderingSpec& spec,
                                                 const OrderingHints<Move>& hints, const KillerTable<Move>& killers,
                                                 const HistoryTable& history) {
    if (spec.history && !detail::PackedKey::fits({0, 0, 0, history.max_score()})) return false;
    const LocalKeys keys(spec, hints, killers, history);
    std::array<std::int64_t, MAX_MOVES> scores;
    std::size_t n = 0;
    if (!tree.sparse_move_scores(spec.base, list_, std::array<Move, 4>{keys.hash, keys.pv, keys.killers.latest,
                                                                       keys.killers.older},
                                 scores.data(), zero_.data(), n))
      return false;
    bool fits = true;
    std::int64_t lowest = std::numeric_limits<std::int64_t>::max();
    const auto key_of = [&](std::size_t k) {
      const detail::OrderKey key = keys.of(tree, list_[zero_[k]], scores[k]);
      fits &= detail::PackedKey::fits(key);
      const std::int64_t packed = detail::PackedKey::of(key);
      lowest = std::min(lowest, packed);
      return packed;
    };
    if (!sort_listed_into_runs(n, key_of) || !fits) return false;
    if (!spec.history) {
      the_rest_as_listed(n);
      return true;
    }
    if (lowest < detail::PackedKey::HISTORY_LIMIT) return false;
    mark_listed(n);
    if (!hints.history_fixed) take_history_snapshot(tree, keys.history_scores);
    n_zero_ = 0, next_zero_ = 0;
    sparse_listed_ = 0;
    deferred_ = {&tree, hints.history_fixed ? keys.history_scores : nullptr};
    rest_from_ = n;
    ordered_ = picks_, picked_ = 0;
    return true;
  }
  // At a node whose history may change under it (its children search on and
  // cut off), the unlisted moves are still keyed by the history as it stands
  // now, before the first child: each move's score, copied in list order.
  // Copying is a few instructions a move, keying them all about twenty, and
  // most such nodes cut off on a listed move (the hash move, a capture, a
  // killer) and never key the rest. Every score fits: the caller checked
  // the largest against PackedKey's history limit (2^28).
  void take_history_snapshot(const T& tree, const std::int64_t* history_scores) {
    for (std::size_t i = 0; i < list_.size(); ++i)
      history_snapshot_[i] = std::int32_t(history_scores[tree.history_index(list_[i])]);
  }
  // After the n listed moves, the rest of the list as it stands.
  void the_rest_as_listed(std::size_t n) {
    n_zero_ = list_.size() - n, next_zero_ = 0;
    sparse_listed_ = n;
    if (n != 0) ordered_ = picks_, picked_ = 0;  // with none, the list is in order already
  }
  // The listed moves (indices in zero_) into the runs by key_of(k); false
  // when one keys zero (the general way keeps it in place).
  template <typename KeyOf>
  bool sort_listed_into_runs(std::size_t n, KeyOf key_of) {
    detail::KeyedIndex<std::int64_t>* above = above_.entries();
    detail::KeyedIndex<std::int64_t>* below = below_.entries();
    std::size_t n_above = 0, n_below = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const std::int64_t key = key_of(k);
      above[n_above] = {key, zero_[k]};
      below[n_below] = {key, zero_[k]};
      n_above += key > 0, n_below += key < 0;
    }
    above_.start(n_above), below_.start(n_below);
    return n_above + n_below == n;
  }
  // The moves order_sparse left unkeyed, keyed now by their history score
  // into the runs (the listed ones, all picked by now, are kept out of
  // them); returns the first of them.
  [[gnu::noinline]] std::uint16_t key_rest_by_history() {
    const T& tree = *deferred_.tree;
    const std::int64_t* history_scores = deferred_.history_scores;
    deferred_ = {};
    if (history_scores)
      key_unlisted_by_history([&](std::size_t i) { return history_scores[tree.history_index(list_[i])]; });
    else
      key_unlisted_by_history([&](std::size_t i) { return std::int64_t(history_snapshot_[i]); });
    return above_.done() ? zero_[next_zero_++] : above_.take();
  }
  // The moves without a bit in listed_, by history score (score_of(index)):
  // those above zero into the run above zero, the others into the zero run,
  // each in list order.
  template <typename ScoreOf>
  [[gnu::always_inline]] void key_unlisted_by_history(ScoreOf score_of) {
    detail::KeyedIndex<std::int64_t>* above = above_.entries();
    std::size_t n_above = 0, n_zero = 0;
    for_each_unlisted([&](std::size_t i) {
      const std::int64_t key = score_of(i);
      above[n_above] = {key, std::uint16_t(i)};
      zero_[n_zero] = std::uint16_t(i);
      n_above += key > 0, n_zero += key == 0;
    });
    above_.start(n_above);
    n_zero_ = n_zero, next_zero_ = 0;
  }
  // The parts of order_key that a node's hints and tables give, copied into
  // locals: the runs' stores could alias the tables, which would make the
  // compiler reload them for every move. A field off in the spec reads as a
  // move or score that matches nothing, so the key is order_key's.
  struct LocalKeys {
    Move hash, pv;
    typename KillerTable<Move>::OfPly killers;
    const std::int64_t* history_scores;

    LocalKeys(const OrderingSpec& spec, const OrderingHints<Move>& hints, const KillerTable<Move>& killer_table,
              const HistoryTable& history)
        : hash(spec.tt_move_first ? hints.hash_move : Move{}),
          pv(spec.pv_move_first ? hints.pv_move : Move{}),
          killers(spec.killers ? killer_table.of_ply(hints.ply) : typename KillerTable<Move>::OfPly{}),
          history_scores(spec.history ? history.scores() : nullptr) {}
    // order_key of `m`, whose base score is `base`.
    detail::OrderKey of(const T& tree, Move m, std::int64_t base) const {
      return {m == Move{} ? 0 : m == hash ? 2 : m == pv ? 1 : 0, base, killers.rank(m),
              history_scores ? history_scores[tree.history_index(m)] : 0};
    }
  };
  // order_key as a packed key, for scores in hand and no reshuffle.
  auto packed_keys_from_locals(const T& tree, const OrderingSpec& spec, const OrderingHints<Move>& hints,
                               const KillerTable<Move>& killers, const HistoryTable& history,
                               const std::int64_t* base_scores) {
    const LocalKeys keys(spec, hints, killers, history);
    return [&tree, this, keys, base_scores](std::size_t i) {
      return detail::PackedKey::of(keys.of(tree, list_[i], base_scores[i]));
    };
  }
  // The range of the base scores (with 0), found in one pass the compiler
  // vectorizes: whether every move's key packs is then known per node, not
  // tested per move.
  struct BaseRange {
    std::int64_t low = 0, high = 0;
    bool packs(std::int64_t history_max) const {
      return detail::PackedKey::fits({0, low, 0, history_max}) && detail::PackedKey::fits({0, high, 0, 0});
    }
  };
  BaseRange base_range(const std::int64_t* base_scores) const {
    BaseRange range;
    for (std::size_t i = 0; i < list_.size(); ++i) {
      range.low = std::min(range.low, base_scores[i]);
      range.high = std::max(range.high, base_scores[i]);
    }
    return range;
  }
  // Every move is written to all three runs and counted in one, so that no
  // branch depends on the key; the counts are locals, kept in registers.
  // NEGATIVE false: the caller knows no key is below zero.
  template <bool NEGATIVE = true, typename KeyOf>
  [[gnu::always_inline]] void sort_into_runs(KeyOf key_of) {
    detail::KeyedIndex<std::int64_t>* above = above_.entries();
    detail::KeyedIndex<std::int64_t>* below = below_.entries();
    std::size_t n_above = 0, n_below = 0, n_zero = 0;
    for (std::size_t i = 0; i < list_.size(); ++i) {
      const std::int64_t key = key_of(i);
      const auto index = std::uint16_t(i);
      above[n_above] = {key, index};
      if constexpr (NEGATIVE) below[n_below] = {key, index};
      zero_[n_zero] = index;
      n_above += key > 0, n_zero += key == 0;
      if constexpr (NEGATIVE) n_below += key < 0;
    }
    above_.start(n_above), below_.start(n_below);
    n_zero_ = n_zero, next_zero_ = 0;
  }
  // The next move in order into picks_ (the whole zero run at once after
  // order_sparse listed some moves).
  void pick() {
    if (!above_.done()) {
      picks_[picked_++] = list_[above_.take()];
    } else if (next_zero_ != n_zero_) {
      if (sparse_listed_ != 0)
        pick_the_unlisted();
      else
        picks_[picked_++] = list_[zero_[next_zero_++]];
    } else {
      picks_[picked_++] = list_[deferred_.tree ? key_rest_by_history() : below_.take()];
    }
  }
  // The zero run after order_sparse listed sparse_listed_ moves (in zero_):
  // every other move of the list, in list order, picked in one pass over the
  // unlisted bits (one at a time cost a call each, and a scan past the
  // listed ones); the nodes that get this far mostly search all their moves.
  [[gnu::noinline]] void pick_the_unlisted() {
    mark_listed(sparse_listed_);
    std::size_t picked = picked_;
    for_each_unlisted([&](std::size_t i) { picks_[picked++] = list_[i]; });
    picked_ = picked;
    next_zero_ = n_zero_;
  }
  // visit(i) for each index of the list without a bit in listed_, ascending.
  template <typename Visit>
  [[gnu::always_inline]] void for_each_unlisted(Visit visit) const {
    for (std::size_t block = 0; block < list_.size(); block += 64) {
      const std::size_t left = list_.size() - block;
      const std::uint64_t in_list = left >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << left) - 1;
      for (std::uint64_t bits = ~listed_[block / 64] & in_list; bits; bits &= bits - 1)
        visit(block + std::size_t(std::countr_zero(bits)));
    }
  }
  // listed_: a bit for each of the first n indices in zero_.
  void mark_listed(std::size_t n) {
    listed_.fill(0);
    for (std::size_t k = 0; k < n; ++k) listed_[zero_[k] / 64] |= std::uint64_t(1) << (zero_[k] % 64);
  }

  MoveList& list_;
  std::size_t picked_;   // moves in ordered_ so far
  const Move* ordered_;  // the list itself until order() reorders lazily, then picks_
  detail::PackedRun above_, below_;
  std::array<std::uint16_t, MAX_MOVES> zero_;
  std::size_t n_zero_ = 0, next_zero_ = 0;
  // How many moves order_sparse listed in zero_ (0: zero_ is the zero run itself).
  std::size_t sparse_listed_ = 0;
  // order_sparse with history: what key_rest_by_history needs (no tree:
  // nothing deferred); the live history scores where the history is fixed,
  // none where the node took history_snapshot_ instead. The listed moves'
  // indices as bits (either sparse path).
  struct {
    const T* tree = nullptr;
    const std::int64_t* history_scores = nullptr;
  } deferred_;
  std::array<std::int32_t, MAX_MOVES> history_snapshot_;
  std::size_t rest_from_ = 0;  // with deferred_: the listed moves, which come first
  std::array<std::uint64_t, (MAX_MOVES + 63) / 64> listed_;
  // Uninitialized, as MoveList is: a union member is not constructed.
  union {
    Move picks_[MAX_MOVES];
  };
};

// Reorders `list` as described at the top of this file. The list must hold at
// most MAX_MOVES moves. `base_scores`, when given, replaces the tree's base
// score of each move (order=oracle computes them by searching). The result
// is exactly a stable sort by key.
template <Tree T>
void order_moves(const T& tree, typename T::MoveList& list, const OrderingSpec& spec,
                 const OrderingHints<typename T::MoveType>& hints,
                 const KillerTable<typename T::MoveType>& killers, const HistoryTable& history,
                 const std::int64_t* base_scores = nullptr) {
  MovePicker<T> picker(list);
  picker.order(tree, spec, hints, killers, history, base_scores);
  picker.write_back();
}

}  // namespace prunebench
