#include "engine/search/pvs.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using namespace testing;

TEST(Pvs, EveryOrderingAndPolicyReturnsTheNegamaxValue) {
  for (const char* base :
       {"algo=pvs", "algo=pvs,fail=hard", "algo=pvs,tt", "algo=pvs,tt,killers,history,fail=hard"}) {
    for (const char* order :
         {"order=natural", "order=best", "order=worst", "order=random", "order=random,seed=3"}) {
      const std::string mode = std::string(base) + "," + order;
      for (int t = 0; t < LAB_TREES; ++t) {
        const LabRun run = run_lab(mode, t);
        EXPECT_EQ(run.score, lab_value(t)) << mode << " tree " << t;
        EXPECT_EQ(value_at_end_of(run.result.pv, t), run.score) << mode << " tree " << t;
        // Without a table nothing ends a node early: the line reaches the leaves.
        if (mode.find("tt") == std::string::npos) {
          EXPECT_EQ(run.result.pv.size(), std::size_t(LAB_HEIGHT)) << mode;
        }
      }
    }
  }
}

// With perfect order every probe of a later move fails low, as PVS bets, so
// nothing is searched again and PVS too reads exactly the minimal tree.
TEST(Pvs, BestFirstNeverReSearches) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const LabRun run = run_lab("algo=pvs,order=best", t);
    EXPECT_EQ(run.counters.researches, 0u) << "tree " << t;
    EXPECT_EQ(run.counters.leaves, LAB_MINIMAL_LEAVES) << "tree " << t;
  }
}

TEST(Pvs, PoorOrderCausesReSearches) {
  std::uint64_t researches = 0;
  for (int t = 0; t < LAB_TREES; ++t) researches += run_lab("algo=pvs,order=worst", t).counters.researches;
  EXPECT_GT(researches, 0u);
}

}  // namespace
}  // namespace prunebench
