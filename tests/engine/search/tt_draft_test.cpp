// tt-draft=ge, reference 003's table rule: an entry at least as deep as the
// remaining depth ends a node. It is what playing engines do, and it is not
// value-preserving: the search can return the value of a deeper search.
//
// When can it differ from the exact rule (equal drafts) at all? Only when a
// node finds an entry of the same position stored with a larger draft, i.e.
// the position was reached earlier at a shallower ply, with the same side to
// move. Reaching one position by two paths whose lengths differ needs each
// side to spend one move more on one path than on the other (1.e3 e6 2.e4 e5
// against 1.e4 e5): so the deeper occurrence is at ply 4 or more. Iterative
// deepening's earlier iterations store shallower drafts at the same ply, so
// they add nothing. A node at ply 4 is probed only if it has a move to
// search, so up to depth 4 the two rules give identical searches, counts
// and all; depth 5 is the first where they can part, and do (WAC.021).
#include <gtest/gtest.h>

#include <string>

#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"
#include "tests/engine/epd_positions.h"
#include "tests/engine/search/chess_run.h"

namespace prunebench {
namespace {

using testing::Outcome;
using testing::run;

TEST(TtDraft, GreaterOrEqualChangesNothingUpToDepthFour) {
  const std::vector<testing::EpdPosition> suite = testing::read_epd_positions("bratko-kopec.epd");
  ASSERT_EQ(suite.size(), 24u);  // positions/bratko-kopec.epd: BK.01 to BK.24
  for (std::size_t i = 0; i < suite.size(); i += 2) {  // half the suite: it runs under ASan too
    const testing::EpdPosition& entry = suite[i];
    for (const char* mode : {"id-tt", "mtdf", "pvs-id-tt-killers"}) {
      for (int depth = 1; depth <= 4; ++depth) {
        const Outcome exact = run(entry.position, mode, depth);
        const Outcome ge = run(entry.position, std::string(mode) + ",tt-draft=ge", depth);
        EXPECT_EQ(ge.result.score, exact.result.score) << entry.id << " " << mode << " depth " << depth;
        EXPECT_EQ(ge.counters, exact.counters) << entry.id << " " << mode << " depth " << depth;
        ASSERT_TRUE(ge.result.exact_score.has_value());
        EXPECT_EQ(*ge.result.exact_score, exact.result.score);
        EXPECT_FALSE(exact.result.exact_score.has_value());  // value-preserving: no second search
      }
    }
  }
}

// Win at Chess 21 at depth 5: the rule reuses a deeper entry and returns 130
// where the fixed-depth value is 680.
TEST(TtDraft, GreaterOrEqualChangesTheScoreOfWac21AtDepthFive) {
  const Position wac21 = Position::from_fen("5rk1/1b3p1p/pp3p2/3n1N2/1P6/P1qB1PP1/3Q3P/4R1K1 w - - 0 1").value;
  const Outcome exact = run(wac21, "id-tt", 5);
  const Outcome ge = run(wac21, "id-tt,tt-draft=ge", 5);
  EXPECT_EQ(exact.result.score, 680);
  EXPECT_EQ(run(wac21, "mvv-lva", 5).result.score, 680);
  EXPECT_EQ(ge.result.score, 130);
  ASSERT_TRUE(ge.result.exact_score.has_value());
  EXPECT_EQ(*ge.result.exact_score, 680);
}

TEST(TtDraft, Grammar) {
  EXPECT_EQ(parse_mode("id-tt,tt-draft=ge").value.tt_draft, TtDraft::AT_LEAST);
  EXPECT_EQ(parse_mode("id-tt,tt-draft=eq").value.tt_draft, TtDraft::EQUAL);
  EXPECT_EQ(parse_mode("id-tt").value.tt_draft, TtDraft::EQUAL);
  EXPECT_FALSE(parse_mode("mvv-lva,tt-draft=ge").ok());  // no table
  EXPECT_FALSE(parse_mode("id-tt,tt-draft=gt").ok());
  EXPECT_FALSE(is_value_preserving(parse_mode("mtdf,tt-draft=ge").value));
  EXPECT_TRUE(is_value_preserving(parse_mode("mtdf").value));
}

}  // namespace
}  // namespace prunebench
