// A full-width search split across threads (engine/search/split.h) gives
// exactly the single-thread result: every counter, the value, the best move
// and the principal variation, for 1, 2 and 3 threads.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/trees/chess_tree.h"
#include "engine/trees/random_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

// minimal runs on one thread whatever the thread count: the same results too.
const char* const FULL_WIDTH_MODES[] = {"minimax", "negamax", "minimal"};

template <Tree T>
void expect_same_on_every_thread_count(const TreeMaker<T>& make_tree, const std::string& mode, int depth,
                                       const std::string& what) {
  const SearchSpec spec = parse_mode(mode).value;
  T tree = make_tree();
  SearchCounters single;
  const auto expected = search(tree, spec, depth, single);
  for (int threads : {1, 2, 3}) {
    SearchCounters counters;
    const auto result = split_search<T>(make_tree, spec, depth, counters, threads);
    const std::string context = what + " " + mode + " depth " + std::to_string(depth) + ", " +
                                std::to_string(threads) + " threads";
    EXPECT_EQ(counters, single) << context;
    EXPECT_EQ(result.score, expected.score) << context;
    EXPECT_EQ(result.best_move, expected.best_move) << context;
    EXPECT_EQ(result.pv, expected.pv) << context;
  }
}

// The start position, reference 000's middlegame, Kiwipete, and positions
// where mates, stalemates and promotions lie above and at the split ply.
TEST(SplitSearch, ChessCountsMatchOneThread) {
  const std::vector<std::pair<std::string, int>> cases = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4},
      {"r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9", 3},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},
      {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 4},           // back-rank mate in one
      {"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", 4},                // stalemates a move away
      {"k7/8/1K6/8/8/8/8/1Q6 w - - 0 1", 4},                // mates and stalemates at ply 1 and 2
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3},       // promotions
  };
  for (const auto& [fen, max_depth] : cases) {
    const Position root = Position::from_fen(fen).value;
    for (const char* mode : FULL_WIDTH_MODES)
      for (int depth = 0; depth <= max_depth; ++depth)
        expect_same_on_every_thread_count<ChessTree>([&] { return ChessTree(root); }, mode, depth, fen);
  }
}

TEST(SplitSearch, MateDistanceScoresMatchOneThread) {
  const Position root = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").value;
  for (const char* mode : {"minimax+mate-distance", "negamax+mate-distance", "minimal+mate-distance"})
    expect_same_on_every_thread_count<ChessTree>([&] { return ChessTree(root, true); }, mode, 4, "back rank");
}

// Random trees with many tied values: the minimal tree's tie-break (the first
// child in generator order) must survive the split.
TEST(SplitSearch, TiedRandomTreesMatchOneThread) {
  for (int b : {2, 3, 5})
    for (int d : {2, 3, 4, 5})
      for (std::uint64_t index = 0; index < 4; ++index)
        for (const char* mode : FULL_WIDTH_MODES)
          expect_same_on_every_thread_count<RandomTree>([&] { return RandomTree(b, d, 7, index); }, mode, d,
                                                        "random tree " + std::to_string(index));
}

TEST(SplitSearch, OnlyFullWidthPassesSplit) {
  for (const char* mode : {"minimax", "negamax"}) EXPECT_TRUE(splits_across_threads(parse_mode(mode).value)) << mode;
  for (const char* mode : {"unordered", "mvv-lva", "pvs", "mtdf", "id-tt", "oracle", "minimax+id", "minimal"})
    EXPECT_FALSE(splits_across_threads(parse_mode(mode).value)) << mode;
}

// Alpha-beta modes ignore the thread count: one thread, the same counts.
TEST(SplitSearch, OtherModesRunOnOneThreadUnchanged) {
  const Position root = Position::start();
  expect_same_on_every_thread_count<ChessTree>([&] { return ChessTree(root); }, "pvs", 4, "start");
}

}  // namespace
}  // namespace prunebench
