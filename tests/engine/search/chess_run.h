// One chess search of a mode string, for the tests that compare modes on positions.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/trees/chess_tree.h"
#include "engine/search/search.h"

namespace prunebench::testing {

struct Outcome {
  SearchResult<Move> result;
  SearchCounters counters;
};

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
