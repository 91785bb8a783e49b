// Tree sizes of the theory: the full tree b^d and the Knuth-Moore minimal
// tree b^ceil(d/2) + b^floor(d/2) - 1, the fewest leaves any algorithm must
// examine to prove the value of a uniform tree (Knuth and Moore, "An analysis
// of alpha-beta pruning", 1975; references 001 and 002). Alpha-beta reaches it
// exactly when every node searches a best child first.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

namespace prunebench {

// b^e, or nullopt if it does not fit in 64 bits.
constexpr std::optional<std::uint64_t> checked_power(std::uint64_t b, int e) {
  std::uint64_t result = 1;
  for (int i = 0; i < e; ++i) {
    if (b != 0 && result > UINT64_MAX / b) return std::nullopt;
    result *= b;
  }
  return result;
}

// Leaves of the full uniform tree, b^d (nullopt past 64 bits).
constexpr std::optional<std::uint64_t> full_tree_leaves(std::uint64_t b, int d) {
  return checked_power(b, d);
}

// Leaves of the Knuth-Moore minimal tree (nullopt past 64 bits).
// Precondition: b >= 1, d >= 0.
constexpr std::optional<std::uint64_t> minimal_tree_leaves(std::uint64_t b, int d) {
  const auto ceil_part = checked_power(b, (d + 1) / 2);
  const auto floor_part = checked_power(b, d / 2);
  if (!ceil_part || !floor_part || *ceil_part > UINT64_MAX - *floor_part) return std::nullopt;
  return *ceil_part + *floor_part - 1;
}

// The same formulas for a real branching factor (e.g. a measured
// effective branching factor).
inline double full_tree_leaves_real(double b, int d) { return std::pow(b, d); }
inline double minimal_tree_leaves_real(double b, int d) {
  return std::pow(b, (d + 1) / 2) + std::pow(b, d / 2) - 1.0;
}

}  // namespace prunebench
