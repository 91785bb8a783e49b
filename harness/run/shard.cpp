#include "harness/run/shard.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "engine/perft.h"
#include "engine/text.h"

namespace prunebench::harness {

namespace {

bool parse_int(std::string_view text, int& value) {
  const Parsed<int> parsed = parse_whole_integer<int>(text);
  value = parsed.value;
  return parsed.ok();
}

// perft(0..max_depth): measured up to COST_PERFT_DEPTH, extrapolated beyond.
std::vector<double> estimated_perft(const Position& position, int max_depth) {
  std::vector<double> counts;
  for (int depth = 0; depth <= std::min(max_depth, COST_PERFT_DEPTH); ++depth)
    counts.push_back(double(perft(position, depth)));
  const std::size_t last = counts.size() - 1;
  const double branching = last > 0 && counts[last - 1] > 0 ? counts[last] / counts[last - 1] : 0.0;
  while (int(counts.size()) <= max_depth) counts.push_back(counts.back() * branching);
  return counts;
}

// The Knuth-Moore minimal tree b^ceil(d/2) + b^floor(d/2) - 1 is 2 sqrt(L) - 1
// for L leaves at an even depth d; 2 sqrt(L) is used at every depth because
// sqrt, unlike pow, is rounded the same on every machine: shards computed on
// different machines must agree on the costs.
double minimal_tree_estimate(double leaves) { return 2.0 * std::sqrt(leaves); }

}  // namespace

ShardParse parse_shard(const std::string& text) {
  const std::size_t slash = text.find('/');
  ShardSpec spec;
  if (slash == std::string::npos || !parse_int(std::string_view(text).substr(0, slash), spec.index) ||
      !parse_int(std::string_view(text).substr(slash + 1), spec.count))
    return {{}, "--shard: '" + text + "' is not K/N (e.g. 2/3, the second of three shards)"};
  if (spec.count < 1 || spec.count > MAX_SHARDS || spec.index < 1 || spec.index > spec.count)
    return {{}, "--shard: '" + text + "' needs 1 <= K <= N <= " + std::to_string(MAX_SHARDS)};
  return {spec, ""};
}

double estimated_cost(const RunPlan& plan, const SuiteEntry& entry) {
  const int deepest = plan.depths.back();
  const std::vector<double> leaves = estimated_perft(entry.position, deepest);
  std::vector<double> full_width(leaves.size());
  std::partial_sum(leaves.begin(), leaves.end(), full_width.begin());
  double cost = full_width[std::size_t(facts_depth(plan))];
  for (int depth : plan.depths) {
    const double minimal = minimal_tree_estimate(leaves[std::size_t(depth)]);
    // The minimal tree's proof search visits a share of the whole tree that
    // grows with it: costed as the whole tree, which keeps shards of many
    // `minimal` records from being underestimated.
    for (const NamedSpec& mode : plan.modes) {
      const bool whole_tree = counts_full_tree(mode.spec) || mode.spec.algorithm == Algorithm::MINIMAL;
      cost += (whole_tree ? full_width[std::size_t(depth)] : minimal) + COST_PER_RECORD;
    }
    cost += double(plan.engines.size()) * (minimal + COST_PER_RECORD);
  }
  return cost;
}

std::vector<int> assign_shards(const std::vector<double>& costs, int count) {
  std::vector<std::size_t> order(costs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  std::vector<double> load(std::size_t(count), 0.0);
  std::vector<int> shard(costs.size(), 0);
  for (std::size_t position : order) {
    const auto lightest = std::min_element(load.begin(), load.end());  // the first of equals
    shard[position] = int(lightest - load.begin());
    *lightest += costs[position];
  }
  return shard;
}

}  // namespace prunebench::harness
