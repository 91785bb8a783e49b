#include <gtest/gtest.h>

#include "engine/trees/explicit_tree.h"
#include "engine/trees/search_instances.h"
#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using namespace testing;

TEST(Search, CheckSpecRejectsOrderingsTheTreeCannotScore) {
  const RandomTree random = lab_tree(0);
  EXPECT_EQ(check_spec(random, parse_mode("alphabeta,order=random").value), "");
  EXPECT_NE(check_spec(random, parse_mode("mvv-lva").value).find("mvv-lva"), std::string::npos);
  const ExplicitTree standing(standing_tree());
  EXPECT_EQ(check_spec(standing, parse_mode("pvs,order=natural").value), "");
  EXPECT_NE(check_spec(standing, parse_mode("alphabeta,order=best").value).find("best"), std::string::npos);
  // The canonical order is chess's: synthetic trees refuse it, as a base or as a tie-break.
  EXPECT_NE(check_spec(random, parse_mode("canonical").value).find("order=canonical"), std::string::npos);
  EXPECT_NE(check_spec(random, parse_mode("alphabeta,order=random,tiebreak=canonical").value).find("tiebreak"),
            std::string::npos);
  EXPECT_NE(check_spec(standing, parse_mode("pvs,order=natural,tiebreak=canonical").value).find("tiebreak"),
            std::string::npos);
  EXPECT_NE(check_spec(random, parse_mode("alphabeta,tiebreak=scan").value).find("tiebreak=scan"),
            std::string::npos);
  SearchSpec inconsistent;
  inconsistent.aspiration = 10;
  EXPECT_NE(check_spec(random, inconsistent).find("aspiration"), std::string::npos);
}

// The table belongs to one search: running again gives identical counts.
TEST(Search, CountsDoNotDependOnEarlierSearches) {
  for (const char* mode :
       {"id-tt-killers,order=random", "mtdf,order=natural,guess=30", "pvs-id-tt-killers,order=best"}) {
    ModeParse parse = parse_mode(mode);
    ASSERT_TRUE(parse.ok()) << parse.error;
    parse.value.tt_megabytes = 1;
    RandomTree tree = lab_tree(3);
    SearchCounters first, second;
    const auto a = search(tree, parse.value, LAB_HEIGHT, first);
    const auto b = search(tree, parse.value, LAB_HEIGHT, second);
    EXPECT_EQ(first, second) << mode;
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.pv, b.pv);
    EXPECT_GT(first.tt_probes, 0u);
  }
}

// A root with two moves: the first is answered by immediate mate (the side to
// move there has no move and scores -(MATE - ply) given the ply), the second
// reaches a quiet node worth 0.
struct MateInOne {
  using MoveType = ChildMove;
  using MoveList = ChildList;
  static constexpr int HISTORY_SIZE = 2;
  int ply = 0;
  int branch = -1;

  void generate(ChildList& list) const {
    list.clear();
    if (ply == 0)
      for (int i = 0; i < 2; ++i) list.push_back(ChildMove{i});
  }
  bool has_children() const { return ply == 0; }
  Score terminal_score(int distance) const { return branch == 0 ? -(MATE - distance) : 0; }
  Score evaluate() const { return 0; }
  void make(ChildMove m) { ++ply, branch = m.index; }
  void unmake(ChildMove) { --ply, branch = -1; }
  Key key() const { return Key(ply * 3 + branch + 1); }
  bool supports_ordering(BaseOrdering o) const { return o == BaseOrdering::NATURAL; }
  std::int64_t move_score(BaseOrdering, ChildMove) const { return 0; }
  int history_index(ChildMove m) const { return m.index; }
};
static_assert(Tree<MateInOne>);

TEST(Search, MateScoresAreConstantUnlessMateDistanceIsAsked) {
  for (const char* mode : {"negamax", "minimax", "alphabeta", "pvs,order=natural", "id-tt,order=natural",
                           "mtdf,order=natural", "alphabeta,id,tt,pv-move,aspiration=20"}) {
    for (int depth : {1, 3}) {
      MateInOne tree;
      SearchCounters counters;
      SearchSpec spec = parse_mode(mode).value;
      EXPECT_EQ(search(tree, spec, depth, counters).score, MATE) << mode;
      spec.mate_distance = true;
      const auto result = search(tree, spec, depth, counters);
      EXPECT_EQ(result.score, MATE - 1) << mode;
      EXPECT_EQ(result.best_move, ChildMove{0}) << mode;
    }
  }
}

TEST(Search, ResultHoldsBestMoveAndPv) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const LabRun run = run_lab("pvs-id-tt-killers,order=random", t);
    EXPECT_EQ(run.score, lab_value(t));
    ASSERT_FALSE(run.result.pv.empty());
    EXPECT_EQ(run.result.best_move, run.result.pv.front());
  }
}

}  // namespace
}  // namespace prunebench
