// Shards: a run cut into N deterministic slices of its positions, so that N
// machines (a Slurm array, a CI matrix, GNU parallel) can each run one and
// `prunebench merge` can join them into the single-machine run.
//
// A position is the unit (its depths and modes stay together: the run checks
// the modes against each other at every depth, and --max-nodes skips deeper
// searches of a mode from shallower ones). Slices are balanced by the
// position's expected cost (the cost model below), not by position count: one
// middlegame can cost more than a hundred endgames.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/text.h"
#include "harness/run/suite_runner.h"

namespace prunebench::harness {

struct ShardSpec {
  int index = 1;  // 1-based, as written: --shard 2/3 is the second of three
  int count = 1;
};

// The shard in `value`, or why the text is not K/N.
using ShardParse = Parsed<ShardSpec>;

// "K/N" with 1 <= K <= N <= MAX_SHARDS.
constexpr int MAX_SHARDS = 100000;
ShardParse parse_shard(const std::string& text);

// The perft depth the cost model measures; deeper counts are extrapolated
// with the branching factor of the last two measured depths.
constexpr int COST_PERFT_DEPTH = 3;
// Nodes charged per record on top of its tree, so that trivial records
// (a mated root) still count as work.
constexpr double COST_PER_RECORD = 100.0;

// The expected cost of one position of `plan`, in nodes: perft to the deepest
// depth (the position's facts), plus for every depth and mode the full-width
// tree (sum of perft(0..d)) for modes that walk it, about the Knuth-Moore
// minimal tree (2 sqrt(perft(d))) for the others and for engines, plus
// COST_PER_RECORD. Only IEEE-exact operations: the same on every machine.
double estimated_cost(const RunPlan& plan, const SuiteEntry& entry);

// The shard (0-based) of each cost's position: longest processing time
// first, i.e. positions by descending cost (ties by position order), each to
// the shard with the least cost so far (ties to the lowest shard).
std::vector<int> assign_shards(const std::vector<double>& costs, int count);

}  // namespace prunebench::harness
