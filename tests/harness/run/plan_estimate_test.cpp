// A plan's estimated time (harness/run/plan_estimate.h), on costs chosen so
// that the seconds are easy to check by hand: 10.2 s per 10^9 units per thread.
#include "harness/run/plan_estimate.h"

#include <gtest/gtest.h>

namespace prunebench::harness {
namespace {

const std::string RATE = " (cost model at 10.2 s per 10^9 nodes per thread: an estimate, not a measurement)";

TEST(PlanEstimate, CostTimesTheRateOverTheThreads) {
  const PlanEstimate estimate = estimate_plan({1e9, 1e9}, 2);
  EXPECT_DOUBLE_EQ(estimate.cost, 2e9);
  EXPECT_NEAR(estimate.seconds, 10.2, 1e-9);  // 2e9 x 10.2e-9 / 2
  EXPECT_EQ(describe_estimate(estimate), "an estimated 2e+09 nodes, about 0:10 (m:ss) on 2 threads" + RATE);
}

TEST(PlanEstimate, ASmallPlanStartsSilently) {
  EXPECT_EQ(start_lines(estimate_plan({5e9}, 1)), "");  // 51 s
}

TEST(PlanEstimate, AMinuteOrMoreIsAnnounced) {
  // 2e11 x 10.2e-9 = 2040 s = 34 min on one thread
  EXPECT_EQ(start_lines(estimate_plan({2e11}, 1)),
            "run: plan of an estimated 2e+11 nodes, about 34:00 (m:ss) on 1 thread" + RATE + "\n");
}

TEST(PlanEstimate, AnHourOrMoreIsWarnedAbout) {
  // custom_set.sh's depths 1-6: 2.47e11 units, 2519 s on one thread; 1e12 units = 10,200 s = 2:50:00
  const std::string lines = start_lines(estimate_plan({1e12}, 1));
  EXPECT_EQ(lines.substr(0, lines.find('\n')),
            "run: plan of an estimated 1e+12 nodes, about 2:50:00 (h:mm:ss) on 1 thread" + RATE);
  EXPECT_EQ(lines.substr(lines.find('\n') + 1).rfind("warning: this plan is large; ", 0), 0u) << lines;
}

TEST(PlanEstimate, NoThreadsCountAsOne) {
  EXPECT_EQ(estimate_plan({1e9}, 0).threads, 1);
}

}  // namespace
}  // namespace prunebench::harness
