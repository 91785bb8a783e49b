// The generic search algorithms on chess: the Σ-perft identity, reference
// 000's minimax table, every mode agreeing with minimax, the fail-soft
// contract on chess positions, and mates and stalemates.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/perft.h"
#include "engine/search/alphabeta.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"
#include "engine/uci_move.h"
#include "tests/engine/perft_suite.h"
#include "tests/engine/search/contract.h"

namespace prunebench {
namespace {

const char* const MIDDLEGAME = "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9";

Position from_fen(const std::string& fen) {
  const FenResult parsed = Position::from_fen(fen);
  EXPECT_TRUE(parsed.ok()) << fen << ": " << parsed.error;
  return parsed.value;
}

struct Outcome {
  Score score;
  Move best_move;
  SearchCounters counters;
};

Outcome run(const Position& pos, std::string_view mode, int depth) {
  const ModeParse spec = parse_mode(mode);
  EXPECT_TRUE(spec.ok()) << spec.error;
  ChessTree tree(pos, spec.value.mate_distance);
  Outcome outcome{};
  const auto result = search(tree, spec.value, depth, outcome.counters);
  outcome.score = result.score;
  outcome.best_move = result.best_move;
  return outcome;
}

std::uint64_t sum_of_perft(const Position& pos, int depth) {
  std::uint64_t total = 0;
  for (int d = 0; d <= depth; ++d) total += perft(pos, d);
  return total;
}

TEST(ChessSearch, FullWidthNodesEqualSumOfPerft) {
  std::vector<std::pair<Position, int>> cases = {{Position::start(), 4}, {from_fen(MIDDLEGAME), 3}};
  const auto suite = testing::load_perft_suite();
  for (std::size_t i = 0; i < suite.size() && cases.size() < 26; i += 5)
    cases.push_back({from_fen(suite[i].fen), 2 + int(i % 3)});  // depths 2, 3 and 4
  for (const auto& [pos, depth] : cases) {
    const std::uint64_t expected = sum_of_perft(pos, depth);
    for (const char* mode : {"minimax", "negamax"}) {
      const Outcome outcome = run(pos, mode, depth);
      EXPECT_EQ(outcome.counters.nodes, expected) << mode << " depth " << depth << " " << pos.fen();
      for (int ply = 0; ply <= depth; ++ply)
        EXPECT_EQ(outcome.counters.nodes_per_ply[ply], perft(pos, ply)) << mode << " ply " << ply << " " << pos.fen();
    }
  }
}

// Reference 000's full-width minimax table, exactly.
TEST(ChessSearch, ReferenceMinimaxTable) {
  const std::uint64_t start[] = {21, 421, 9'323, 206'604, 5'072'213};
  const std::uint64_t middlegame[] = {33, 992, 32'924, 1'045'110};
  for (int depth = 1; depth <= 5; ++depth)
    EXPECT_EQ(run(Position::start(), "minimax", depth).counters.nodes, start[depth - 1]) << "depth " << depth;
  for (int depth = 1; depth <= 4; ++depth)
    EXPECT_EQ(run(from_fen(MIDDLEGAME), "minimax", depth).counters.nodes, middlegame[depth - 1]) << "depth " << depth;
}

// Every named mode returns the minimax value, at odd and even depths.
TEST(ChessSearch, EveryModeReturnsTheMinimaxValue) {
  std::vector<Position> positions = {Position::start(), from_fen(MIDDLEGAME)};
  const auto suite = testing::load_perft_suite();
  for (std::size_t i = 1; i < suite.size() && positions.size() < 14; i += 9) positions.push_back(from_fen(suite[i].fen));
  for (const char* fen : {"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",  // mate in one
                          "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"})                                  // back-rank mate
    positions.push_back(from_fen(fen));
  for (const Position& pos : positions) {
    for (int depth = 1; depth <= 3; ++depth) {
      const Score truth = run(pos, "minimax", depth).score;
      for (const NamedMode& mode : named_modes()) {
        const Outcome outcome = run(pos, mode.name, depth);
        EXPECT_EQ(outcome.score, truth) << mode.name << " depth " << depth << " " << pos.fen();
      }
    }
  }
}

// A node with one ply to go scores its children from itself (leaf_children.h),
// and it may bound all of them at once without listing them, score all of
// them in list order before ordering them, or the
// moves it reaches last at once, in list order, and work out what the
// ordered loop would have done (alphabeta.h). Under MVV-LVA alone a node
// with more plies to go searches its first move before it lists its moves.
// A tree that plays every leaf takes none of these paths: each search must match it exactly, in
// every counter, the value and the line. Modes with and without history,
// killers, a table and PVS at the depths where frontier nodes reach their
// quiet moves.
void expect_same_search_with_every_leaf_played(const Position& pos, const char* mode, int depth) {
  const ModeParse spec = parse_mode(mode);
  ASSERT_TRUE(spec.ok()) << mode << ": " << spec.error;
  ChessTree lazy(pos, spec.value.mate_distance), every(pos, spec.value.mate_distance, LeafPlay::EVERY_LEAF);
  SearchCounters lazy_counters, every_counters;
  const auto a = search(lazy, spec.value, depth, lazy_counters);
  const auto b = search(every, spec.value, depth, every_counters);
  EXPECT_EQ(a.score, b.score) << mode << " depth " << depth << " " << pos.fen();
  EXPECT_EQ(a.pv, b.pv) << mode << " depth " << depth << " " << pos.fen();
  EXPECT_TRUE(lazy_counters == every_counters)
      << mode << " depth " << depth << " " << pos.fen() << ": nodes " << lazy_counters.nodes << " against "
      << every_counters.nodes;
  EXPECT_GT(lazy_counters.leaves, 0u);
}

TEST(ChessSearch, ScoringLeavesFromTheParentChangesNoCount) {
  std::vector<Position> positions = {Position::start(), from_fen(MIDDLEGAME)};
  const auto suite = testing::load_perft_suite();
  for (std::size_t i = 2; i < suite.size() && positions.size() < 14; i += 11)
    positions.push_back(from_fen(suite[i].fen));
  positions.push_back(from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"));  // a back-rank mate among quiet moves
  for (const char* mode :
       {"pvs-id-tt-killers", "mvv-lva+history", "mvv-lva+killers+history", "algo=pvs+order=mvv-lva+history",
        "mvv-lva+tt+id+killers+history+mate-distance", "mvv-lva+id+aspiration=25+history",
        "mvv-lva-fail-hard+history", "mvv-lva", "pvs", "id-tt-killers", "mvv-lva-fail-hard", "mtdf"})
    for (const Position& pos : positions)
      for (int depth = 2; depth <= 4; ++depth) expect_same_search_with_every_leaf_played(pos, mode, depth);
  // Deeper, where history has grown onto the squares of captures, so that it
  // breaks ties between equal captures at nodes one ply from the horizon.
  for (const char* mode : {"pvs-id-tt-killers", "mvv-lva+tt+id+killers+history"}) {
    expect_same_search_with_every_leaf_played(from_fen(MIDDLEGAME), mode, 5);
    expect_same_search_with_every_leaf_played(from_fen(MIDDLEGAME), mode, 6);
    expect_same_search_with_every_leaf_played(Position::start(), mode, 7);
  }
  // Deeper under MVV-LVA alone, where nodes two and more plies from the
  // horizon cut off on their first move or go on to their second.
  for (const char* mode : {"mvv-lva", "pvs", "mvv-lva-fail-hard"}) {
    expect_same_search_with_every_leaf_played(from_fen(MIDDLEGAME), mode, 6);
    expect_same_search_with_every_leaf_played(Position::start(), mode, 7);
  }
}

// History keys a move by its two squares alone: every (from, to) pair its
// own index within the table, whatever the move's kind.
TEST(ChessSearch, HistoryIndexIsOnePerPairOfSquares) {
  const ChessTree tree(Position::start());
  std::vector<int> seen(ChessTree::HISTORY_SIZE, 0);
  for (int from = 0; from < SQUARE_NB; ++from)
    for (int to = 0; to < SQUARE_NB; ++to) {
      const int index = tree.history_index(Move(Square(from), Square(to)));
      ASSERT_GE(index, 0);
      ASSERT_LT(index, ChessTree::HISTORY_SIZE);
      ++seen[std::size_t(index)];
      for (const MoveKind kind : {CAPTURE, DOUBLE_PUSH, EN_PASSANT, PROMO_CAPTURE_QUEEN})
        EXPECT_EQ(tree.history_index(Move(Square(from), Square(to), kind)), index) << from << " " << to;
    }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), ChessTree::HISTORY_SIZE);
}

TEST(ChessSearch, BestMoveHasTheMinimaxValue) {
  const Position pos = from_fen(MIDDLEGAME);
  for (const NamedMode& mode : named_modes()) {
    const Outcome outcome = run(pos, mode.name, 3);
    ASSERT_FALSE(outcome.best_move.is_none()) << mode.name;
    // The best move's value, searched on its own one ply shallower, is the root value.
    const Outcome after = run(pos.after(outcome.best_move), "minimax", 2);
    EXPECT_EQ(-after.score, outcome.score) << mode.name << " chose " << to_uci(outcome.best_move);
  }
}

// Reference 001's contract, on chess: random positions reached by random
// walks from suite positions (both sides to move), depth 2, random windows.
TEST(ChessSearch, FailSoftAndFailHardContract) {
  const auto suite = testing::load_perft_suite();
  const auto make_node = [&](std::mt19937_64& rng) {
    Position pos = from_fen(suite[rng() % suite.size()].fen);
    const int walk = int(rng() % 5);
    for (int i = 0; i < walk; ++i) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      pos = pos.after(moves[rng() % moves.size()]);
    }
    return ChessTree(pos);
  };
  for (Fail fail : {Fail::SOFT, Fail::HARD}) {
    const auto windowed = [fail](ChessTree& tree, int depth, Score a, Score b) {
      SearchCounters counters;
      SearchSpec spec;
      spec.fail = fail;
      spec.ordering.base = BaseOrdering::MVV_LVA;
      SearchContext<ChessTree> ctx(tree, counters, spec, nullptr);
      return fail == Fail::SOFT ? AlphaBeta<ChessTree, Fail::SOFT>(ctx).search(0, depth, a, b)
                                : AlphaBeta<ChessTree, Fail::HARD>(ctx).search(0, depth, a, b);
    };
    testing::ContractOptions options;
    options.depth = 2;
    options.alpha_min = -600;
    options.alpha_max = 500;
    options.width_max = 400;
    options.fail_hard = fail == Fail::HARD;
    const testing::ContractReport report = testing::check_contract(600, make_node, windowed, options);
    EXPECT_EQ(report.violations, 0) << report.first_violation;
    EXPECT_GT(report.fail_lows, 30);
    EXPECT_GT(report.fail_highs, 30);
    EXPECT_GT(report.exact, 10);
  }
}

TEST(ChessSearch, MateAndStalemateAtTheRoot) {
  const Position mated = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  const Position stalemated = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  for (const NamedMode& mode : named_modes()) {
    for (int depth : {0, 1, 3}) {
      const Outcome mate = run(mated, mode.name, depth);
      EXPECT_EQ(mate.score, -MATE) << mode.name << " depth " << depth;
      EXPECT_TRUE(mate.best_move.is_none());
      EXPECT_EQ(mate.counters.terminals, mate.counters.nodes);  // every visit (ID, MTD(f) passes) is the root
      EXPECT_GE(mate.counters.nodes, 1u);
      EXPECT_EQ(run(stalemated, mode.name, depth).score, 0) << mode.name << " depth " << depth;
    }
  }
}

TEST(ChessSearch, MateInsideTheTreeAndAtTheHorizon) {
  // White mates with Qxf7# (scholar's mate): found at depth 1, where the
  // mated position is at the horizon, and at depth 2 and 3, inside the tree.
  const Position pos = from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3");
  for (int depth = 1; depth <= 3; ++depth) {
    const Outcome outcome = run(pos, "minimax", depth);
    EXPECT_EQ(outcome.score, MATE) << "depth " << depth;
    EXPECT_EQ(to_uci(outcome.best_move), "f3f7") << "depth " << depth;
  }
  // With mate-distance scoring the same mate is worth MATE - 1 (mated at ply 1).
  EXPECT_EQ(run(pos, "minimax+mate-distance", 3).score, MATE - 1);
}

TEST(ChessSearch, StalemateAtTheHorizonIsADraw) {
  // Black to move has only Kh8-?; after white's Qf7 black is stalemated. A
  // depth-1 search sees the stalemate at the horizon and must score it 0,
  // not as material (+900 for white).
  const Position pos = from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
  const Position after = pos.after(parse_uci_move(pos, "f1f7"));
  EXPECT_FALSE(has_legal_move(after));
  EXPECT_EQ(run(after, "negamax", 0).score, 0);
  EXPECT_EQ(run(after, "negamax", 0).counters.terminals, 1u);
}

}  // namespace
}  // namespace prunebench
