// What the exact minimal tree (minimal.h) knows of one node's proofs, and the
// rules that read and grow that knowledge: the cost of each proof (Ge, Le,
// Exact) under each measure (nodes, leaves), exact or a lower bound, and
// where the node's value V stands against its ply's threshold. The proof
// table (proof_table.h) and the cache (proof_cache.h) both keep it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"

namespace prunebench {

struct ProofKnowledge {
  using Cost = std::uint64_t;
  static constexpr Cost NO_PROOF = UINT64_MAX;

  enum Kind { GE, LE, EXACT, KIND_NB };
  enum Measure { NODES, LEAVES, MEASURE_NB };
  // V against the threshold of its ply.
  enum Order : std::int8_t { BELOW = -1, AT = 0, ABOVE = 1 };

  // What is known about the proofs of one node two or more plies above the horizon.
  struct Known {
    std::array<std::array<Cost, KIND_NB>, MEASURE_NB> cost{};  // exact where `exact` says, else a lower bound
    std::uint8_t exact = 0;                                     // exact_bit(measure, kind)
    Order low = BELOW, high = ABOVE;  // what is known of V against the threshold: low <= order <= high
    bool leaf = false;  // no legal move: a terminal
    // By measure, the child each choice picked (generator index < MAX_MOVES = 256).
    std::array<std::uint8_t, MEASURE_NB> ge_choice{}, exact_choice{};
  };

  // Known as the cache keeps it (proof_cache.h), in 18 bytes: two plies above
  // the horizon a proof holds at most the node, its children and one leaf
  // below each (1 + 2 * 256 under either measure), so a cost fits in 16 bits
  // and NO_PROOF becomes COMPACT_NO_PROOF.
  struct CompactKnown {
    std::array<std::array<std::uint16_t, KIND_NB>, MEASURE_NB> cost{};
    std::uint8_t exact = 0;
    std::uint8_t flags = 0;  // low + 1, high + 1 << 2, leaf << 4
    std::array<std::uint8_t, MEASURE_NB> ge_choice{}, exact_choice{};
  };
  static constexpr std::uint16_t COMPACT_NO_PROOF = UINT16_MAX;

  static CompactKnown compact(const Known& known) {
    CompactKnown c;
    for (std::size_t m = 0; m < MEASURE_NB; ++m)
      for (std::size_t k = 0; k < KIND_NB; ++k)
        c.cost[m][k] = known.cost[m][k] == NO_PROOF ? COMPACT_NO_PROOF : std::uint16_t(known.cost[m][k]);
    c.exact = known.exact;
    c.flags = std::uint8_t((known.low + 1) | (known.high + 1) << 2 | int(known.leaf) << 4);
    c.ge_choice = known.ge_choice;
    c.exact_choice = known.exact_choice;
    return c;
  }
  static Known expand(const CompactKnown& c) {
    Known known;
    for (std::size_t m = 0; m < MEASURE_NB; ++m)
      for (std::size_t k = 0; k < KIND_NB; ++k)
        known.cost[m][k] = c.cost[m][k] == COMPACT_NO_PROOF ? NO_PROOF : c.cost[m][k];
    known.exact = c.exact;
    known.low = Order((c.flags & 3) - 1);
    known.high = Order((c.flags >> 2 & 3) - 1);
    known.leaf = (c.flags >> 4 & 1) != 0;
    known.ge_choice = c.ge_choice;
    known.exact_choice = c.exact_choice;
    return known;
  }

  static Cost add(Cost a, Cost b) { return a >= NO_PROOF - b ? NO_PROOF : a + b; }
  static bool holds(Kind kind, Order order) {
    return kind == GE ? order != BELOW : kind == LE ? order != ABOVE : order == AT;
  }
  // Whether the bounds low..high settle that `kind` holds, or that it fails.
  static bool surely_holds(Kind kind, Order low, Order high) {
    return kind == GE ? low >= AT : kind == LE ? high <= AT : low == AT && high == AT;
  }
  static bool surely_fails(Kind kind, Order low, Order high) {
    return kind == GE ? high < AT : kind == LE ? low > AT : low > AT || high < AT;
  }
  static Order order_of(Score value, Score t) { return value < t ? BELOW : value > t ? ABOVE : AT; }

  static void learn_holds(Known& known, Kind kind) {
    if (kind != LE) known.low = std::max(known.low, AT);
    if (kind != GE) known.high = std::min(known.high, AT);
  }
  static void learn_fails(Known& known, Kind kind) {
    if (kind == GE) known.high = BELOW;
    if (kind == LE) known.low = ABOVE;
  }

  static std::uint8_t exact_bit(Measure m, Kind kind) { return std::uint8_t(1u << (int(m) * int(KIND_NB) + int(kind))); }
  static bool is_exact(const Known& known, Measure m, Kind kind) { return (known.exact & exact_bit(m, kind)) != 0; }
};

}  // namespace prunebench
