// The exact minimal tree (minimal.h) and the oracle ordering, checked against
// an independent, deliberately naive reading of the definitions, against the
// Knuth-Moore identity on uniform distinct-valued trees, by hand on the
// textbook's standing tree, and as a lower bound of every search.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "engine/trees/chess_tree.h"
#include "engine/trees/explicit_tree.h"
#include "engine/trees/random_tree.h"
#include "engine/trees/search_instances.h"
#include "tests/engine/epd_positions.h"
#include "tests/engine/search/contract.h"
#include "tests/engine/search/tie_trees.h"

namespace prunebench {
namespace {

using testing::reference_negamax;

// --- the definitions, read literally (README glossary) -----------------------
// Exponential and slow on purpose: every V is recomputed by plain negamax and
// every proof by its own recursion, so nothing is shared with minimal.h.

constexpr std::uint64_t NONE = UINT64_MAX;

std::uint64_t plus(std::uint64_t a, std::uint64_t b) { return a == NONE || b == NONE ? NONE : a + b; }

template <Tree T>
struct Definitions {
  T& tree;
  bool nodes_measure;  // else the leaves measure

  // V: fixed-depth negamax, terminal test before the depth test.
  Score value(int depth) { return reference_negamax(tree, depth); }

  bool is_leaf(int depth) {
    if (depth == 0) return true;
    typename T::MoveList moves;
    tree.generate(moves);
    return moves.size() == 0;
  }
  std::uint64_t own() const { return nodes_measure ? 1 : 0; }

  // Cheapest proof that V >= t.
  std::uint64_t ge(int depth, Score t) {
    if (is_leaf(depth)) return value(depth) >= t ? 1 : NONE;
    std::uint64_t best = NONE;
    for_each_child([&](int d) {
      if (value(d) <= -t) best = std::min(best, le(d, -t));
    }, depth);
    return plus(own(), best);
  }
  // Cheapest proof that V <= t.
  std::uint64_t le(int depth, Score t) {
    if (is_leaf(depth)) return value(depth) <= t ? 1 : NONE;
    std::uint64_t sum = 0;
    for_each_child([&](int d) { sum = plus(sum, ge(d, -t)); }, depth);
    return plus(own(), sum);
  }
  // Cheapest proof that V = w, its value.
  std::uint64_t exact(int depth) {
    if (is_leaf(depth)) return 1;
    const Score w = value(depth);
    typename T::MoveList moves;
    tree.generate(moves);
    std::uint64_t best = NONE;
    for (std::size_t star = 0; star < moves.size(); ++star) {
      tree.make(moves[star]);
      const bool candidate = value(depth - 1) == -w;
      tree.unmake(moves[star]);
      if (!candidate) continue;
      std::uint64_t cost = 0;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        tree.make(moves[i]);
        cost = plus(cost, i == star ? exact(depth - 1) : ge(depth - 1, -w));
        tree.unmake(moves[i]);
      }
      best = std::min(best, cost);
    }
    return plus(own(), best);
  }

  template <typename F>
  void for_each_child(F&& f, int depth) {
    typename T::MoveList moves;
    tree.generate(moves);
    for (const auto m : moves) {
      tree.make(m);
      f(depth - 1);
      tree.unmake(m);
    }
  }
};

template <Tree T>
std::pair<std::uint64_t, std::uint64_t> by_definition(T& tree, int depth) {
  return {Definitions<T>{tree, true}.exact(depth), Definitions<T>{tree, false}.exact(depth)};
}

template <Tree T>
SearchResult<typename T::MoveType> run(T& tree, std::string_view mode, int depth, SearchCounters& counters) {
  const ModeParse parsed = parse_mode(mode);
  EXPECT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(check_spec(tree, parsed.value), "");
  return search(tree, parsed.value, depth, counters);
}

// Knuth-Moore: b^ceil(d/2) + b^floor(d/2) - 1, written out.
std::uint64_t knuth_moore(std::uint64_t b, int d) {
  std::uint64_t hi = 1, lo = 1;
  for (int i = 0; i < (d + 1) / 2; ++i) hi *= b;
  for (int i = 0; i < d / 2; ++i) lo *= b;
  return hi + lo - 1;
}

// A uniform tree whose leaves hold the values 0..b^d-1 in a seeded shuffle.
ExplicitNode distinct_uniform_tree(int b, int d, std::uint32_t seed) {
  std::size_t leaves = 1;
  for (int i = 0; i < d; ++i) leaves *= std::size_t(b);
  std::vector<Score> values(leaves);
  std::iota(values.begin(), values.end(), 0);
  std::mt19937 rng(seed);
  std::shuffle(values.begin(), values.end(), rng);
  std::size_t next = 0;
  const auto build = [&](auto&& self, int depth) -> ExplicitNode {
    if (depth == 0) return leaf(values[next++]);
    std::vector<ExplicitNode> children;
    for (int i = 0; i < b; ++i) children.push_back(self(self, depth - 1));
    return interior(std::move(children));
  };
  return build(build, d);
}

TEST(MinimalTree, UniformDistinctTreesMeetKnuthMooreExactly) {
  const std::vector<std::pair<int, int>> shapes = {{6, 6}, {2, 5}, {3, 4}, {5, 3}, {4, 5}, {7, 1}, {3, 0}};
  for (const auto& [b, d] : shapes) {
    for (std::uint32_t seed : {1u, 2u, 3u}) {
      ExplicitTree tree(distinct_uniform_tree(b, d, seed));
      SearchCounters minimal, oracle;
      run(tree, "minimal", d, minimal);
      run(tree, "oracle", d, oracle);
      EXPECT_EQ(minimal.leaves, knuth_moore(std::uint64_t(b), d)) << "b=" << b << " d=" << d;
      std::uint64_t nodes = 0;
      for (int p = 0; p <= d; ++p) {
        EXPECT_EQ(minimal.nodes_per_ply[std::size_t(p)], knuth_moore(std::uint64_t(b), p)) << "ply " << p;
        nodes += knuth_moore(std::uint64_t(b), p);
      }
      EXPECT_EQ(minimal.nodes, nodes) << "b=" << b << " d=" << d;
      // Ordering by exact value reads exactly the minimal tree here.
      EXPECT_EQ(oracle.leaves, minimal.leaves) << "b=" << b << " d=" << d;
      EXPECT_EQ(oracle.nodes, minimal.nodes) << "b=" << b << " d=" << d;
    }
  }
  EXPECT_EQ(knuth_moore(6, 6), 431u);
}

// Reference 002's 3x3 tree, MAX[MIN(3,12,8), MIN(2,4,6), MIN(14,5,2)], value 3,
// by hand: prove A = 3 exactly (A and its three leaves), and B <= 3 and
// C <= 3 with one leaf each (the 2s): 1 + 4 + 2 + 2 = 9 nodes, 3 + 1 + 1 = 5
// leaves; A, the root's first move in ABC order, is the best move.
TEST(MinimalTree, StandingTreeByHand) {
  for (const char* order : {"ABC", "CBA", "BCA"}) {
    ExplicitTree tree(standing_tree(order));
    SearchCounters counters;
    const auto result = run(tree, "minimal", 2, counters);
    EXPECT_EQ(result.score, 3) << order;
    EXPECT_EQ(counters.nodes, 9u) << order;
    EXPECT_EQ(counters.leaves, 5u) << order;
    EXPECT_EQ(result.best_move.index, int(std::string(order).find('A'))) << order;
    EXPECT_EQ(counters.nodes_per_ply[0], 1u);
    EXPECT_EQ(counters.nodes_per_ply[1], 3u);
    EXPECT_EQ(counters.nodes_per_ply[2], 5u);
    // The root and A are proved exactly (PV); B and C from one side, by one child (CUT).
    EXPECT_EQ(counters.expected_pv, 2u);
    EXPECT_EQ(counters.expected_cut, 2u);
    EXPECT_EQ(counters.expected_all, 0u);
  }
}

// Random trees with values in [-100, 100] have many ties; small ones can be
// proved by the literal definitions.
TEST(MinimalTree, EqualsTheDefinitionsOnTreesWithTies) {
  for (int b : {2, 3, 4}) {
    for (int d : {1, 2, 3, 4}) {
      for (std::uint64_t index = 0; index < 6; ++index) {
        RandomTree tree(b, d, 7, index);
        SearchCounters counters;
        const auto result = run(tree, "minimal", d, counters);
        const auto [nodes, leaves] = by_definition(tree, d);
        EXPECT_EQ(counters.nodes, nodes) << "b=" << b << " d=" << d << " tree " << index;
        EXPECT_EQ(counters.leaves, leaves) << "b=" << b << " d=" << d << " tree " << index;
        EXPECT_EQ(result.score, tree.true_value());
      }
    }
  }
  // Small leaf ranges force ties everywhere: a tree of 0s and 1s.
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    ExplicitTree tree(testing::zero_one_tree(seed, 4));
    SearchCounters counters;
    run(tree, "minimal", 4, counters);
    const auto [nodes, leaves] = by_definition(tree, 4);
    EXPECT_EQ(counters.nodes, nodes) << "seed " << seed;
    EXPECT_EQ(counters.leaves, leaves) << "seed " << seed;
  }
}

Position position(const std::string& fen) {
  const FenResult parsed = Position::from_fen(fen);
  EXPECT_TRUE(parsed.ok()) << fen;
  return parsed.value;
}

// Chess: positions with checks, mates, stalemates, promotions.
TEST(MinimalTree, EqualsTheDefinitionsOnChess) {
  const std::vector<std::pair<std::string, int>> cases = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3},
      {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 2},             // stalemate at the root
      {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 3},      // a back-rank mate in one
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 2},     // promotions
  };
  for (const auto& [fen, depth] : cases) {
    for (int d = 0; d <= depth; ++d) {
      ChessTree tree(position(fen));
      SearchCounters counters;
      const auto result = run(tree, "minimal", d, counters);
      const auto [nodes, leaves] = by_definition(tree, d);
      EXPECT_EQ(counters.nodes, nodes) << fen << " depth " << d;
      EXPECT_EQ(counters.leaves, leaves) << fen << " depth " << d;
      EXPECT_EQ(result.score, reference_negamax(tree, d)) << fen << " depth " << d;
    }
  }
}

// The best move starts a cheapest exact proof, and the PV is a line of
// exact values: each move keeps the negated value.
TEST(MinimalTree, PvFollowsTheExactProof) {
  ChessTree tree(Position::start());
  SearchCounters counters;
  const auto result = run(tree, "minimal", 4, counters);
  ASSERT_FALSE(result.pv.empty());
  EXPECT_EQ(result.pv.front(), result.best_move);
  Score expected = result.score;
  int depth = 4;
  for (const Move m : result.pv) {
    tree.make(m);
    --depth;
    expected = -expected;
    EXPECT_EQ(reference_negamax(tree, depth), expected) << to_uci(m);
  }
}

// No search that counts every node it enters (no table merging
// transpositions) can prove the value with fewer nodes or leaves.
TEST(MinimalTree, IsALowerBoundOfEverySearchOnTheSuites) {
  const char* modes[] = {"unordered", "fail-hard", "mvv-lva", "mvv-lva-fail-hard", "quiet-pst", "pvs", "oracle"};
  for (const char* suite : {"seed.epd", "bratko-kopec.epd"}) {
    for (const testing::EpdPosition& entry : testing::read_epd_positions(suite)) {
      for (int depth = 1; depth <= 4; ++depth) {
        ChessTree tree(entry.position);
        SearchCounters minimal;
        const Score value = run(tree, "minimal", depth, minimal).score;
        for (const char* mode : modes) {
          SearchCounters counters;
          EXPECT_EQ(run(tree, mode, depth, counters).score, value) << entry.id << " " << mode;
          EXPECT_LE(minimal.nodes, counters.nodes) << entry.id << " depth " << depth << " " << mode;
          EXPECT_LE(minimal.leaves, counters.leaves) << entry.id << " depth " << depth << " " << mode;
        }
      }
    }
  }
}

TEST(MinimalTree, ModeGrammar) {
  EXPECT_TRUE(parse_mode("minimal").ok());
  EXPECT_TRUE(parse_mode("oracle").ok());
  EXPECT_TRUE(parse_mode("pvs,order=oracle").ok());
  EXPECT_FALSE(parse_mode("minimal,tt").ok());
  EXPECT_FALSE(parse_mode("minimal,order=mvv-lva").ok());
  EXPECT_FALSE(parse_mode("minimal,id").ok());
  EXPECT_FALSE(parse_mode("algo=minimax,order=oracle").ok());
}

}  // namespace
}  // namespace prunebench
