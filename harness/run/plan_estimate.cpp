#include "harness/run/plan_estimate.h"

#include <cstdio>
#include <numeric>

#include "harness/io/progress.h"

namespace prunebench::harness {

PlanEstimate estimate_plan(const std::vector<double>& costs, int threads) {
  PlanEstimate estimate;
  estimate.cost = std::accumulate(costs.begin(), costs.end(), 0.0);
  estimate.threads = threads < 1 ? 1 : threads;
  // Positions spread over the threads and full-width searches split across
  // them (split.h), so the work divides; a plan of one long alpha-beta search
  // cannot, and takes longer than this.
  estimate.seconds = estimate.cost * SECONDS_PER_COST_UNIT / estimate.threads;
  return estimate;
}

std::string describe_estimate(const PlanEstimate& estimate) {
  char nodes[32], rate[32];
  std::snprintf(nodes, sizeof nodes, "%.3g", estimate.cost);
  std::snprintf(rate, sizeof rate, "%.3g", SECONDS_PER_COST_UNIT * 1e9);
  const std::string threads = std::to_string(estimate.threads) + (estimate.threads == 1 ? " thread" : " threads");
  const char* unit = estimate.seconds >= 3599.5 ? " (h:mm:ss)" : " (m:ss)";
  return std::string("an estimated ") + nodes + " nodes, about " + format_duration(estimate.seconds) + unit +
         " on " + threads + " (cost model at " + rate +
         " s per 10^9 nodes per thread: an estimate, not a measurement)";
}

std::string start_lines(const PlanEstimate& estimate) {
  if (estimate.seconds < ANNOUNCE_SECONDS) return {};
  std::string lines = "run: plan of " + describe_estimate(estimate) + "\n";
  if (estimate.seconds >= HUGE_PLAN_SECONDS)
    lines += "warning: this plan is large; 'run --list-plan' prices each position, --max-nodes caps the "
             "full-width searches and fewer depths cut it most\n";
  return lines;
}

}  // namespace prunebench::harness
