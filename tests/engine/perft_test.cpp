// perft against the published counts of positions/perft.epd (128 positions,
// 759 counts). Counts up to 10 M leaves run by default; the rest are in
// perft_slow_test (label "slow").
#include <gtest/gtest.h>

#include "engine/perft.h"
#include "tests/engine/perft_suite.h"

namespace prunebench {
namespace {

constexpr unsigned long long DEFAULT_LIMIT = 10'000'000;

void check_suite(unsigned long long min_count, unsigned long long max_count) {
  int checked = 0;
  for (const auto& c : testing::load_perft_suite()) {
    const FenResult parsed = Position::from_fen(c.fen);
    ASSERT_TRUE(parsed.ok()) << c.fen << ": " << parsed.error;
    for (const auto& [depth, expected] : c.counts) {
      if (expected < min_count || expected > max_count) continue;
      EXPECT_EQ(perft(parsed.value, depth), expected) << c.fen << " depth " << depth;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(PerftSuite, HasAllPublishedCounts) {
  const auto cases = testing::load_perft_suite();
  std::size_t counts = 0;
  for (const auto& c : cases) counts += c.counts.size();
  EXPECT_EQ(cases.size(), 128u);
  EXPECT_EQ(counts, 759u);
}

#ifdef PRUNEBENCH_SLOW_PERFT
TEST(PerftSuite, CountsAbove10M) { check_suite(DEFAULT_LIMIT + 1, ~0ULL); }
#else
TEST(PerftSuite, CountsUpTo10M) { check_suite(0, DEFAULT_LIMIT); }
#endif

TEST(Perft, DepthZeroIsOne) { EXPECT_EQ(perft(Position::start(), 0), 1u); }

TEST(Perft, MakeEveryLeafAgreesWithBulkCounting) {
  const Position kiwipete =
      Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").value;
  EXPECT_EQ(perft_make_every_leaf(kiwipete, 3), 97862u);
  EXPECT_EQ(perft_make_every_leaf(Position::start(), 4), 197281u);
}

TEST(Perft, DivideSumsToPerftAndListsEveryRootMove) {
  const auto entries = divide(Position::start(), 3);
  ASSERT_EQ(entries.size(), 20u);
  std::uint64_t total = 0;
  for (const auto& e : entries) total += e.nodes;
  EXPECT_EQ(total, 8902u);
  for (const auto& e : entries) {
    if (to_uci(e.move) == "e2e4") {
      EXPECT_EQ(e.nodes, 600u);  // published divide figure
    }
  }
}

// Split across threads (ply 2 at depth >= 3, ply 1 at depth 2), every count
// is the single-thread count: whole suite at depth 2, a few positions deeper.
TEST(Perft, ThreadsGiveTheSingleThreadCounts) {
  const auto cases = testing::load_perft_suite();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Position pos = Position::from_fen(cases[i].fen).value;
    for (int depth = 0; depth <= (i < 8 ? 4 : 2); ++depth) {
      const std::uint64_t expected = perft(pos, depth);
      for (int threads : {1, 2, 3}) {
        EXPECT_EQ(perft(pos, depth, threads, PerftLeaves::BULK), expected) << cases[i].fen << " d" << depth;
        if (depth > 3) continue;
        EXPECT_EQ(perft(pos, depth, threads, PerftLeaves::MAKE_EVERY_LEAF), expected) << cases[i].fen;
        if (depth == 0) continue;
        const auto single = divide(pos, depth);
        const auto split = divide(pos, depth, threads, PerftLeaves::BULK);
        ASSERT_EQ(split.size(), single.size());
        for (std::size_t m = 0; m < single.size(); ++m) {
          EXPECT_EQ(split[m].move, single[m].move);
          EXPECT_EQ(split[m].nodes, single[m].nodes) << cases[i].fen << ' ' << to_uci(single[m].move);
        }
      }
    }
  }
}

}  // namespace
}  // namespace prunebench
