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
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
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
  // 2 for the latest killer, 1 for the older one, 0 otherwise.
  int rank(int ply, Move move) const {
    if (move == Move{}) return 0;
    if (killers_[ply][0] == move) return 2;
    return killers_[ply][1] == move ? 1 : 0;
  }
  void clear() { killers_.fill({}); }

 private:
  std::array<std::array<Move, 2>, MAX_PLY + 1> killers_{};
};

// Cut-off credit per Tree::history_index, weighted by depth^2 so that
// cut-offs near the root, which save the most, count the most.
class HistoryTable {
 public:
  explicit HistoryTable(std::size_t size = 0) : scores_(size, 0) {}
  void bump(int index, int depth) { scores_[std::size_t(index)] += std::int64_t(depth) * depth; }
  std::int64_t score(int index) const { return scores_[std::size_t(index)]; }
  void clear() { std::fill(scores_.begin(), scores_.end(), 0); }

 private:
  std::vector<std::int64_t> scores_;
};

// What ordering knows about one node beyond the tree itself.
template <typename Move>
struct OrderingHints {
  Move hash_move{};  // Move{}: none
  Move pv_move{};    // Move{}: none
  int ply = 0;
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

// order_moves with keys of type Key (OrderKey or TiebreakOrderKey).
template <typename Key, Tree T>
void order_moves_by(const T& tree, typename T::MoveList& list, const OrderingSpec& spec,
                    const OrderingHints<typename T::MoveType>& hints,
                    const KillerTable<typename T::MoveType>& killers, const HistoryTable& history,
                    const std::int64_t* base_scores) {
  using Move = typename T::MoveType;
  constexpr Key ZERO{};
  std::array<KeyedIndex<Key>, MAX_MOVES> above, below;
  std::array<std::uint16_t, MAX_MOVES> zero;
  std::size_t n_above = 0, n_below = 0, n_zero = 0;
  const std::size_t n = list.size();
  [[maybe_unused]] const ScanOrder scan = ScanOrder::from_code(spec.scan_tiebreak);
  for (std::size_t i = 0; i < n; ++i) {
    const Move m = list[i];
    OrderKey k;
    k.priority = (spec.tt_move_first && m == hints.hash_move && m != Move{}) ? 2
                 : (spec.pv_move_first && m == hints.pv_move && m != Move{}) ? 1
                                                                             : 0;
    k.base = base_scores                           ? base_scores[i]
             : spec.base == BaseOrdering::NATURAL ? 0
                                                  : std::int64_t(tree.move_score(spec.base, m));
    if (spec.base == BaseOrdering::RANDOM && spec.seed != 0)
      k.base = std::int64_t(hash_combine(std::uint64_t(k.base), spec.seed));
    k.killer = spec.killers ? killers.rank(hints.ply, m) : 0;
    k.history = spec.history ? history.score(tree.history_index(m)) : 0;
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

}  // namespace detail

// Reorders `list` as described at the top of this file. The list must hold at
// most MAX_MOVES moves. `base_scores`, when given, replaces the tree's base
// score of each move (order=oracle computes them by searching).
//
// The result is exactly a stable sort by key. Most moves usually have an
// all-zero key (quiet moves under MVV-LVA, say), and those keep their order
// anyway, so only the moves above zero and those below are sorted (insertion
// sort: stable, allocation-free, fast for a few dozen), and the zero run goes
// between them untouched. A tie-break score is negative for every move, so
// with one no key is zero and every move is sorted, but only when asked.
template <Tree T>
void order_moves(const T& tree, typename T::MoveList& list, const OrderingSpec& spec,
                 const OrderingHints<typename T::MoveType>& hints,
                 const KillerTable<typename T::MoveType>& killers, const HistoryTable& history,
                 const std::int64_t* base_scores = nullptr) {
  if (spec.canonical_tiebreak || spec.scan_tiebreak != 0) [[unlikely]]
    detail::order_moves_with_tiebreak(tree, list, spec, hints, killers, history, base_scores);
  else
    detail::order_moves_by<detail::OrderKey>(tree, list, spec, hints, killers, history, base_scores);
}

}  // namespace prunebench
