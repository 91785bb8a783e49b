// distinct_nodes (engine/search/distinct_nodes.h): the distinct (position,
// remaining depth) pairs a search entered. The expected counts come from an
// enumeration written here, over FEN strings and the naive move generator,
// not from the search's table.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/movegen.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/random_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

constexpr std::size_t BUDGET_MEGABYTES = 256;

// The board, side to move, castling rights and en-passant square: a FEN
// without its two clocks.
std::string board_fields(const Position& pos) {
  std::istringstream fen(pos.fen());
  std::string board, side, castling, en_passant;
  fen >> board >> side >> castling >> en_passant;
  return board + ' ' + side + ' ' + castling + ' ' + en_passant;
}

using Pairs = std::set<std::pair<std::string, int>>;

// Every (position, remaining depth) a full-width search to `depth` enters
// below `pos`, terminals included.
void enumerate(const Position& pos, int depth, Pairs& pairs) {
  pairs.emplace(board_fields(pos), depth);
  if (depth == 0) return;
  MoveList moves;
  generate_legal_naive(pos, moves);
  for (const Move m : moves) {
    Position child = pos;
    child.play(m);
    enumerate(child, depth - 1, pairs);
  }
}

// The same for iterations 1..depth, as iterative deepening searches them.
std::size_t enumerate_iterations(const Position& root, int depth) {
  Pairs pairs;
  for (int d = 1; d <= depth; ++d) enumerate(root, d, pairs);
  return pairs.size();
}

std::size_t enumerate_once(const Position& root, int depth) {
  Pairs pairs;
  enumerate(root, depth, pairs);
  return pairs.size();
}

struct Counted {
  SearchResult<Move> result;
  SearchCounters counters;
};

Counted search_chess(const Position& root, const std::string& mode, int depth,
                     std::size_t megabytes = BUDGET_MEGABYTES) {
  const ModeParse parsed = parse_mode(mode);
  EXPECT_TRUE(parsed.ok()) << mode;
  ChessTree tree(root, parsed.value.mate_distance);
  Counted counted;
  counted.result = search(tree, parsed.value, depth, counted.counters, nullptr, megabytes);
  return counted;
}

// Made on first use, not at static initialisation: positions need the
// attack tables, which are static objects of another file.
const Position& start() {
  static const Position position = Position::start();
  return position;
}
// Reference 000's middlegame: captures, checks and transpositions at depth 3.
const Position& middlegame() {
  static const Position position =
      Position::from_fen("r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9").value;
  return position;
}
// Mates and stalemates a move or two away: terminals entered with depth to go.
const Position& mates() {
  static const Position position = Position::from_fen("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1").value;
  return position;
}

TEST(DistinctNodes, StartPositionPliesByHand) {
  // Independently of the search: 1, 20 and 400 distinct positions at plies
  // 0-2 (no transposition is possible yet), then the enumeration's ply 3.
  Pairs ply3;
  enumerate(start(), 3, ply3);
  std::set<std::string> at_ply3;
  for (const auto& [board, depth] : ply3)
    if (depth == 0) at_ply3.insert(board);
  EXPECT_EQ(enumerate_once(start(), 2), 1u + 20u + 400u);
  EXPECT_EQ(search_chess(start(), "minimax", 2).result.distinct_nodes, 1u + 20u + 400u);
  EXPECT_EQ(search_chess(start(), "minimax", 3).result.distinct_nodes, 1u + 20u + 400u + at_ply3.size());
  EXPECT_LT(at_ply3.size(), 8'902u);  // perft(3): transpositions exist at ply 3
}

TEST(DistinctNodes, FullWidthMatchesEnumeration) {
  for (const Position* root : {&start(), &middlegame(), &mates()})
    for (const char* mode : {"minimax", "negamax"})
      for (int depth = 0; depth <= 3; ++depth) {
        const Counted counted = search_chess(*root, mode, depth);
        EXPECT_EQ(counted.result.distinct_nodes, enumerate_once(*root, depth))
            << root->fen() << ' ' << mode << " depth " << depth;
        EXPECT_LE(*counted.result.distinct_nodes, counted.counters.nodes);
      }
}

TEST(DistinctNodes, IterativeDeepeningCountsEveryIterationOnce) {
  for (const Position* root : {&start(), &mates()})
    for (int depth = 1; depth <= 3; ++depth)
      EXPECT_EQ(search_chess(*root, "algo=negamax,id", depth).result.distinct_nodes,
                enumerate_iterations(*root, depth))
          << root->fen() << " depth " << depth;
}

// The search is the same search with the count on: every other counter, the
// value and the line are unchanged, and no mode enters fewer pairs than 1 or
// more than its nodes.
TEST(DistinctNodes, CountingChangesNothingElse) {
  for (const char* mode : {"unordered", "fail-hard", "mvv-lva", "pvs", "mtdf", "id-tt", "id-tt-killers",
                           "pvs-id-tt-killers", "algo=mtdf,order=mvv-lva,tt,id", "oracle",
                           "algo=alphabeta,order=mvv-lva,tt,tt-draft=ge,id"})
    for (const Position* root : {&start(), &middlegame()}) {
      const Counted off = search_chess(*root, mode, 4, 0);
      const Counted on = search_chess(*root, mode, 4);
      const std::string context = std::string(mode) + " " + root->fen();
      EXPECT_EQ(on.counters, off.counters) << context;
      EXPECT_EQ(on.result.score, off.result.score) << context;
      EXPECT_EQ(on.result.pv, off.result.pv) << context;
      EXPECT_FALSE(off.result.distinct_nodes) << context;
      ASSERT_TRUE(on.result.distinct_nodes) << context;
      EXPECT_GE(*on.result.distinct_nodes, 1u) << context;
      EXPECT_LE(*on.result.distinct_nodes, on.counters.nodes) << context;
    }
}

// A table mode revisits positions (iterations, MTD(f)'s passes): strictly
// fewer distinct pairs than entries. Full-width depth 2 from the start has no
// transposition at all: distinct = nodes.
TEST(DistinctNodes, TableModesEnterPairsMoreThanOnce) {
  for (const char* mode : {"mtdf", "id-tt", "id-tt-killers"}) {
    const Counted counted = search_chess(start(), mode, 4);
    EXPECT_LT(*counted.result.distinct_nodes, counted.counters.nodes) << mode;
  }
  const Counted full = search_chess(start(), "minimax", 2);
  EXPECT_EQ(*full.result.distinct_nodes, full.counters.nodes);
}

TEST(DistinctNodes, SameOnEveryThreadCount) {
  const SearchSpec spec = parse_mode("negamax").value;
  const std::size_t expected = enumerate_once(middlegame(), 3);
  SearchCounters single;
  {
    ChessTree tree(middlegame());
    search(tree, spec, 3, single);
  }
  for (int threads : {1, 2, 3}) {
    SearchCounters counters;
    const auto result =
        split_search<ChessTree>([] { return ChessTree(middlegame()); }, spec, 3, counters, threads, BUDGET_MEGABYTES);
    EXPECT_EQ(result.distinct_nodes, expected) << threads << " threads";
    EXPECT_EQ(counters, single) << threads << " threads";
  }
}

// Synthetic trees are identified by their key: a random tree has no
// transpositions, and iterative deepening enters each node at a remaining
// depth of its own in each iteration, so distinct = nodes.
TEST(DistinctNodes, RandomTreeWithoutTranspositions) {
  for (const char* mode : {"negamax", "algo=negamax,id", "algo=alphabeta,order=best"}) {
    RandomTree tree(4, 5, 7);
    SearchCounters counters;
    const auto result = search(tree, parse_mode(mode).value, 5, counters, nullptr, BUDGET_MEGABYTES);
    EXPECT_EQ(result.distinct_nodes, counters.nodes) << mode;
  }
}

TEST(DistinctNodes, OffByDefault) {
  ChessTree tree(start());
  SearchCounters counters;
  const auto result = search(tree, parse_mode("id-tt").value, 3, counters);
  EXPECT_FALSE(result.distinct_nodes);
  EXPECT_EQ(result.distinct_nodes_missing, "");
}

// 1 MB holds about ten thousand pairs; start depth 4 full width has 1 + 20 +
// 400 + 5362 + 72078 (OEIS A083276's positions at plies 0-4, and more with
// the en-passant square kept). The search goes on, without a figure.
TEST(DistinctNodes, OverBudgetHasNoFigure) {
  const Counted counted = search_chess(start(), "negamax", 4, 1);
  EXPECT_FALSE(counted.result.distinct_nodes);
  EXPECT_EQ(counted.result.distinct_nodes_missing, "needs more than distinct-memory=1 MB");
  EXPECT_EQ(counted.counters.nodes, 1u + 20u + 400u + 8'902u + 197'281u);
  EXPECT_EQ(counted.result.score, search_chess(start(), "negamax", 4, 0).result.score);
}

// The exact minimal tree is not a search: no distinct_nodes (its merged
// proof is counted elsewhere).
TEST(DistinctNodes, NotForMinimal) {
  const Counted counted = search_chess(start(), "minimal", 3);
  EXPECT_FALSE(counted.result.distinct_nodes);
  EXPECT_EQ(counted.result.distinct_nodes_missing, "");
}

}  // namespace
}  // namespace prunebench
