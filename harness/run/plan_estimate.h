// How long a run's plan will take, before it starts: the cost model of the
// shards (shard.h: nodes of the trees the plan walks) turned into seconds by
// one measured rate, so `run --list-plan` and the start of a long `run` can
// say "about 3 h" before the hours are spent.
//
// It is an estimate and says so: the rate is a documented constant, not a
// measurement of this machine, and the cost model prices a tree, not the
// table allocations or exact-value searches some modes (oracle, minimal) add.
#pragma once

#include <string>
#include <vector>

namespace prunebench::harness {

// Seconds per cost unit on one thread: docs/scaling.md measures `run
// --threads 1` on bratko-kopec.epd, depths 1-4, the study's 12 modes, at
// 10.2 s per 10^9 units (scripts/scaling_figures.py regenerates it). A constant,
// so that the same plan prints the same estimate on every run and machine.
constexpr double SECONDS_PER_COST_UNIT = 10.2e-9;
// A run whose estimate reaches this says so when it starts; below, a line
// would only be noise.
constexpr double ANNOUNCE_SECONDS = 60.0;
// A run whose estimate reaches this gets a warning: a plan of hours is more
// often a typo (depths 1-6 for 1-4) than an intention.
constexpr double HUGE_PLAN_SECONDS = 3600.0;

struct PlanEstimate {
  double cost = 0.0;     // cost units (about nodes), every selected position
  double seconds = 0.0;  // wall time on `threads` threads: cost x rate / threads
  int threads = 1;
};

// `costs`: estimated_cost of each position the run will search.
PlanEstimate estimate_plan(const std::vector<double>& costs, int threads);

// "an estimated 2.47e+11 nodes, about 5:50:12 on 2 threads (cost model at
// 10.2 s per 10^9 nodes per thread: an estimate, not a measurement)".
std::string describe_estimate(const PlanEstimate& estimate);

// The lines `run` prints to stderr when it starts: the estimate from
// ANNOUNCE_SECONDS, a warning from HUGE_PLAN_SECONDS, nothing below.
std::string start_lines(const PlanEstimate& estimate);

}  // namespace prunebench::harness
