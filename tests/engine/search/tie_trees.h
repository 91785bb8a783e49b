// Trees whose leaves are 0s and 1s: ties everywhere, where a proof's
// tie-break between equally cheap children matters.
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "engine/trees/explicit_tree.h"

namespace prunebench::testing {

// A tree `depth` plies high, 1 to 3 children a node, seeded.
inline ExplicitNode zero_one_tree(std::uint32_t seed, int depth) {
  std::mt19937 rng(seed);
  const auto build = [&](auto&& self, int plies) -> ExplicitNode {
    if (plies == 0) return leaf(Score(rng() % 2));
    std::vector<ExplicitNode> children;
    const int b = 1 + int(rng() % 3);
    for (int i = 0; i < b; ++i) children.push_back(self(self, plies - 1));
    return interior(std::move(children));
  };
  return build(build, depth);
}

}  // namespace prunebench::testing
