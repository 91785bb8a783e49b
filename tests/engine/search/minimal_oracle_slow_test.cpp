// minimal_oracle_test.cpp one ply deeper: every position of positions/*.epd
// at depth 4, and the reference positions at depth 6. Labelled slow.
#include <gtest/gtest.h>

#include <string>

#include "engine/trees/chess_tree.h"
#include "tests/engine/search/minimal_oracle.h"

namespace prunebench {
namespace {

using testing::expect_minimal_matches_full_width;

TEST(MinimalOracleSlow, EveryPositionAtDepthFour) {
  for (const std::string& name : testing::every_suite()) {
    for (const testing::EpdPosition& entry : testing::read_positions(name)) {
      ChessTree tree(entry.position);
      expect_minimal_matches_full_width(tree, 4, name + " " + entry.id);
    }
  }
}

TEST(MinimalOracleSlow, BratkoKopecAtDepthFive) {
  for (const testing::EpdPosition& entry : testing::read_positions("bratko-kopec.epd")) {
    ChessTree tree(entry.position);
    expect_minimal_matches_full_width(tree, 5, entry.id);
  }
}

TEST(MinimalOracleSlow, StartPositionAtDepthSix) {
  ChessTree tree(Position::start());
  expect_minimal_matches_full_width(tree, 6, "start");
}

}  // namespace
}  // namespace prunebench
