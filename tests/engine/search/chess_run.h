// One chess search of a mode string, for the tests that compare modes on positions,
// and the positions they are given as FEN.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench::testing {

struct Outcome {
  SearchResult<Move> result;
  SearchCounters counters;
};

// The position of a FEN the test wrote (a bad one fails the test).
inline Position from_fen(const std::string& fen) {
  const FenResult parsed = Position::from_fen(fen);
  EXPECT_TRUE(parsed.ok()) << fen << ": " << parsed.error;
  return parsed.value;
}

// Searches `pos` with `mode` (which must parse and suit chess) to `depth`.
inline Outcome run(const Position& pos, const std::string& mode, int depth) {
  const ModeParse parsed = parse_mode(mode);
  EXPECT_TRUE(parsed.ok()) << mode << ": " << parsed.error;
  ChessTree tree(pos, parsed.value.mate_distance);
  EXPECT_EQ(check_spec(tree, parsed.value), "") << mode;
  Outcome outcome;
  outcome.result = search(tree, parsed.value, depth, outcome.counters);
  return outcome;
}

}  // namespace prunebench::testing
