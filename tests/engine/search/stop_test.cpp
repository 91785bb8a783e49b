// A search given a SearchStop: never requested, it counts exactly what a
// search without one counts; requested, it ends at its first look with the
// last completed iteration's line.
#include <gtest/gtest.h>

#include <string>

#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

const char* const MODES[] = {"minimax", "algo=negamax", "unordered", "mvv-lva", "pvs", "mtdf", "id-tt-killers",
                             "pvs-id-tt-killers", "minimal"};

struct Searched {
  SearchResult<Move> result;
  SearchCounters counters;
};

Searched run(std::string_view mode, int depth, const SearchStop* stop) {
  const ModeParse parsed = parse_mode(mode);
  EXPECT_TRUE(parsed.ok()) << parsed.error;
  ChessTree tree(Position::start(), parsed.value.mate_distance);
  Searched searched;
  searched.result = search(tree, parsed.value, depth, searched.counters, stop);
  return searched;
}

TEST(SearchStop, NotRequestedChangesNoCount) {
  for (const char* mode : MODES) {
    const SearchStop never;
    const Searched with = run(mode, 4, &never), without = run(mode, 4, nullptr);
    EXPECT_FALSE(with.result.stopped) << mode;
    EXPECT_EQ(with.counters, without.counters) << mode;
    EXPECT_EQ(with.result.score, without.result.score) << mode;
    EXPECT_EQ(with.result.pv, without.result.pv) << mode;
  }
}

TEST(SearchStop, RequestedEndsTheSearchAtItsFirstLook) {
  SearchStop stop;
  stop.requested = true;
  const Searched stopped = run("unordered", 30, &stop);
  EXPECT_TRUE(stopped.result.stopped);
  EXPECT_TRUE(stopped.result.best_move.is_none());  // no iteration to take a move from
  EXPECT_LT(stopped.counters.nodes, 100 * STOP_POLL_INTERVAL);
}

// Iterations 1, 2, ... of a depth-30 search are those of searches to depth 1,
// 2, ...: the stopped search answers the line of the deepest one it finished.
TEST(SearchStop, AnIterativeSearchKeepsItsLastCompletedIteration) {
  SearchStop stop;
  stop.requested = true;
  const Searched stopped = run("id-tt-killers", 30, &stop);
  ASSERT_TRUE(stopped.result.stopped);
  std::vector<Move> completed;
  for (int depth = 1; depth < 30; ++depth) {
    const Searched full = run("id-tt-killers", depth, nullptr);
    if (full.counters.nodes > stopped.counters.nodes) break;
    completed = full.result.pv;
  }
  ASSERT_FALSE(completed.empty()) << "the first look came before the first iteration ended";
  EXPECT_EQ(stopped.result.pv, completed);
  EXPECT_EQ(stopped.result.best_move, completed.front());
}

}  // namespace
}  // namespace prunebench
