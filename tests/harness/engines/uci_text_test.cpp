// UCI words and engine "info" lines, as real engines print them.
#include <gtest/gtest.h>

#include "harness/engines/uci_text.h"

namespace prunebench::harness {
namespace {

TEST(SplitWords, SpacesTabsAndCarriageReturns) {
  const auto words = split_words("  go\tdepth  3\r");
  ASSERT_EQ(words.size(), 3u);
  EXPECT_EQ(words[0], "go");
  EXPECT_EQ(words[2], "3");
  EXPECT_TRUE(split_words("   ").empty());
}

TEST(ReadInfoLine, StockfishLine) {
  UciReport r;
  ASSERT_EQ(read_info_line("info depth 3 seldepth 2 multipv 1 score cp 51 nodes 120 nps 13333 hashfull 0 "
                           "tbhits 0 time 9 pv e2e4 e7e5",
                           r),
            "");
  EXPECT_EQ(r.depth, 3);
  EXPECT_EQ(r.seldepth, 2);
  EXPECT_EQ(r.score_cp, 51);
  EXPECT_FALSE(r.score_mate);
  EXPECT_EQ(r.nodes, 120u);
  EXPECT_EQ(r.time_ms, 9u);
  EXPECT_EQ(r.pv, (std::vector<std::string>{"e2e4", "e7e5"}));
}

TEST(ReadInfoLine, FieldsKeepTheirLastValueAcrossLines) {
  UciReport r;
  ASSERT_EQ(read_info_line("info depth 3 score cp 60 nodes 200 pv g1f3", r), "");
  ASSERT_EQ(read_info_line("info depth 3 seldepth 8 time 7 nodes 446 nps 0", r), "");  // Toga II
  EXPECT_EQ(r.nodes, 446u);
  EXPECT_EQ(r.score_cp, 60);
  EXPECT_EQ(r.pv, std::vector<std::string>{"g1f3"});
  ASSERT_EQ(read_info_line("info score mate -2 lowerbound", r), "");
  EXPECT_EQ(r.score_mate, -2);
  EXPECT_FALSE(r.score_cp);
}

TEST(ReadInfoLine, StringLinesAreIgnored) {
  UciReport r;
  ASSERT_EQ(read_info_line("info string NNUE evaluation nodes 5 enabled", r), "");
  EXPECT_FALSE(r.nodes);
}

TEST(ReadInfoLine, GarbageIsAnErrorAndChangesNothing) {
  UciReport r;
  r.nodes = 7;
  EXPECT_NE(read_info_line("info depth 2 nodes x12", r).find("nodes 'x12'"), std::string::npos);
  EXPECT_EQ(r.nodes, 7u);
  EXPECT_FALSE(r.depth);
  EXPECT_NE(read_info_line("info score wdl 1", r), "");
  EXPECT_EQ(read_info_line("info pv e2e4 \xff\xfe\x80\x81", r), "pv move '?\?\?\?' is not a UCI move");
  EXPECT_TRUE(r.pv.empty());
  EXPECT_NE(read_info_line("bestmove e2e4", r), "");
}

TEST(IsMoveText, MovesAndNullMoves) {
  for (const char* move : {"e2e4", "e7e8q", "0000", "(none)"}) EXPECT_TRUE(is_move_text(move)) << move;
  for (const char* word : {"e2", "e2e4qq", "e2-4", "\xc3\xa9\xc3\xa9"}) EXPECT_FALSE(is_move_text(word)) << word;
}

}  // namespace
}  // namespace prunebench::harness
