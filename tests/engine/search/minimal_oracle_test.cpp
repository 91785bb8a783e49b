// The exact minimal tree against the full-width pass, on every position of
// positions/*.epd at small depths and on the synthetic trees of the minimal
// tree's own tests (many ties, mates, stalemates): every figure must agree.
// minimal_oracle_slow_test.cpp goes deeper.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/trees/chess_tree.h"
#include "engine/trees/explicit_tree.h"
#include "engine/trees/random_tree.h"
#include "tests/engine/search/minimal_oracle.h"

namespace prunebench {
namespace {

using testing::expect_minimal_matches_full_width;

TEST(MinimalOracle, EveryPositionToDepthThree) {
  for (const std::string& name : testing::every_suite()) {
    for (const testing::EpdPosition& entry : testing::read_positions(name)) {
      for (int depth = 0; depth <= 3; ++depth) {
        ChessTree tree(entry.position);
        expect_minimal_matches_full_width(tree, depth, name + " " + entry.id);
      }
    }
  }
}

// Mates scored by their distance make the proofs depend on the ply.
TEST(MinimalOracle, MateDistanceOnTheTacticalSuites) {
  for (const std::string name : {"wac.epd", "perft.epd"}) {
    for (const testing::EpdPosition& entry : testing::read_positions(name)) {
      ChessTree tree(entry.position, true);
      expect_minimal_matches_full_width(tree, 3, name + " " + entry.id + " mate-distance", true);
    }
  }
}

TEST(MinimalOracle, ReferencePositionsDeeper) {
  for (const testing::EpdPosition& entry : testing::read_positions("seed.epd")) {
    for (int depth = 4; depth <= 5; ++depth) {
      ChessTree tree(entry.position);
      expect_minimal_matches_full_width(tree, depth, entry.id);
    }
  }
}

// minimal-memory=1 leaves the cache of the nodes two plies above the horizon
// (minimal.h) no room to speak of: nearly every node there is lost and
// computed again each time it is met, and every figure must still agree.
TEST(MinimalOracle, CacheThatKeepsAlmostNothing) {
  for (const testing::EpdPosition& entry : testing::read_positions("seed.epd")) {
    ChessTree tree(entry.position);
    expect_minimal_matches_full_width(tree, 4, entry.id + " minimal-memory=1", false, 1);
  }
  for (std::uint64_t index = 0; index < 10; ++index) {
    RandomTree tree(6, 6, 1, index);
    expect_minimal_matches_full_width(tree, 6, "lab tree " + std::to_string(index) + " minimal-memory=1", false, 1);
  }
}

// Random trees with values in [-100, 100]: ties everywhere, and the
// reference 001 lab trees (b = 6, d = 6).
TEST(MinimalOracle, RandomTrees) {
  for (int b : {1, 2, 3, 4, 6}) {
    for (int d : {0, 1, 2, 3, 4, 5}) {
      for (std::uint64_t index = 0; index < 6; ++index) {
        RandomTree tree(b, d, 7, index);
        expect_minimal_matches_full_width(tree, d, "b=" + std::to_string(b) + " tree " + std::to_string(index));
      }
    }
  }
  for (std::uint64_t index = 0; index < 20; ++index) {
    RandomTree tree(6, 6, 1, index);
    expect_minimal_matches_full_width(tree, 6, "lab tree " + std::to_string(index));
  }
}

// Leaves of 0s and 1s, ragged branching: the tie-break decides everything.
TEST(MinimalOracle, TieHeavyTrees) {
  for (std::uint32_t seed = 1; seed <= 200; ++seed) {
    std::mt19937 rng(seed);
    const int height = 2 + int(seed % 5);
    const auto build = [&](auto&& self, int depth) -> ExplicitNode {
      if (depth == 0 || rng() % 8 == 0) return leaf(Score(rng() % 2));
      std::vector<ExplicitNode> children;
      const int b = 1 + int(rng() % 4);
      for (int i = 0; i < b; ++i) children.push_back(self(self, depth - 1));
      return interior(std::move(children));
    };
    const ExplicitNode root = build(build, height);
    for (int depth = 0; depth <= height; ++depth) {
      ExplicitTree tree(root);
      expect_minimal_matches_full_width(tree, depth, "seed " + std::to_string(seed));
    }
  }
}

}  // namespace
}  // namespace prunebench
