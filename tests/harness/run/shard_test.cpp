#include "harness/run/shard.h"

#include <gtest/gtest.h>

#include <cmath>

#include "harness/run/chess_search.h"

namespace prunebench::harness {
namespace {

TEST(ParseShard, ReadsKOfN) {
  const ShardParse parsed = parse_shard("2/3");
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(parsed.value.index, 2);
  EXPECT_EQ(parsed.value.count, 3);
}

TEST(ParseShard, RefusesWhatIsNotKOfN) {
  for (const char* text : {"", "3", "/3", "2/", "0/3", "4/3", "1/0", "a/3", "2/3x", "-1/3", "1/100001"})
    EXPECT_FALSE(parse_shard(text).ok()) << text;
}

TEST(AssignShards, PutsTheCostliestFirstEachOnTheLightestShard) {
  // By descending cost: 9 -> shard 0, 7 -> 1, 4 -> 1 (7 < 9), 3 -> 0 (9 < 11), 1 -> 1 (11 < 12).
  EXPECT_EQ(assign_shards({1, 9, 4, 7, 3}, 2), (std::vector<int>{1, 0, 1, 1, 0}));
}

TEST(AssignShards, BreaksTiesByPositionOrder) {
  EXPECT_EQ(assign_shards({5, 5, 5, 5}, 3), (std::vector<int>{0, 1, 2, 0}));
}

TEST(AssignShards, LeavesSurplusShardsEmpty) { EXPECT_EQ(assign_shards({2, 1}, 4), (std::vector<int>{0, 1})); }

TEST(EstimatedCost, CountsFullWidthTreesForMinimaxAndFactsOnce) {
  const SuiteResult suite = parse_suite("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", "s.epd");
  ASSERT_TRUE(suite.ok()) << suite.error;
  RunPlan plan;
  plan.depths = {1, 2};
  plan.modes = {{"minimax", parse_mode("minimax").value}};
  // facts: perft(0..2) = 1 + 20 + 400; depth 1: 1 + 20; depth 2: 421; plus 100 per record.
  EXPECT_DOUBLE_EQ(estimated_cost(plan, suite.value.entries.front()), 421 + 21 + 100 + 421 + 100);
}

TEST(EstimatedCost, ExtrapolatesBeyondTheMeasuredDepth) {
  const SuiteResult suite = parse_suite("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", "s.epd");
  ASSERT_TRUE(suite.ok()) << suite.error;
  RunPlan plan;
  plan.depths = {4};
  plan.modes = {{"pvs", parse_mode("pvs").value}};
  // perft(3) = 8902, perft(2) = 400: perft(4) is taken as 8902 * 8902 / 400.
  const double leaves4 = 8902.0 * (8902.0 / 400.0);
  const double facts = 1 + 20 + 400 + 8902 + leaves4;
  EXPECT_DOUBLE_EQ(estimated_cost(plan, suite.value.entries.front()), facts + 2 * std::sqrt(leaves4) + 100);
}

}  // namespace
}  // namespace prunebench::harness
