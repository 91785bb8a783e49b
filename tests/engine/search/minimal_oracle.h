// The exact minimal tree (minimal.h) against the full-width pass it replaced
// (minimal_full_width.h), figure by figure: the two must agree on every
// count, the value, the best move and the PV.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "engine/search/minimal_full_width.h"
#include "engine/trees/search_instances.h"
#include "tests/engine/epd_positions.h"

namespace prunebench::testing {

template <Tree T>
struct MinimalFigures {
  Score score = 0;
  SearchCounters counters;
  typename T::MoveType best_move{};
  std::vector<typename T::MoveType> pv;
};

inline SearchSpec minimal_spec(bool mate_distance, std::size_t megabytes = SearchSpec::DEFAULT_MINIMAL_MEGABYTES) {
  SearchSpec spec;
  spec.algorithm = Algorithm::MINIMAL;
  spec.mate_distance = mate_distance;
  spec.minimal_megabytes = megabytes;
  return spec;
}

// The full-width pass, run directly (no mode runs it any more).
template <Tree T>
MinimalFigures<T> full_width_minimal(T& tree, int depth, bool mate_distance = false) {
  MinimalFigures<T> figures;
  SearchContext<T> ctx(tree, figures.counters, minimal_spec(mate_distance), nullptr);
  figures.score = MinimalProofFullWidth<T>(ctx).search(depth);
  figures.pv = ctx.pv.line(0);
  if (!figures.pv.empty()) figures.best_move = figures.pv.front();
  return figures;
}

// The `minimal` mode, as every command runs it (`megabytes`: minimal-memory).
template <Tree T>
MinimalFigures<T> lazy_minimal(T& tree, int depth, bool mate_distance = false,
                               std::size_t megabytes = SearchSpec::DEFAULT_MINIMAL_MEGABYTES) {
  MinimalFigures<T> figures;
  const auto result = search(tree, minimal_spec(mate_distance, megabytes), depth, figures.counters);
  EXPECT_EQ(result.error, "");
  figures.score = result.score;
  figures.best_move = result.best_move;
  figures.pv = result.pv;
  return figures;
}

// Every figure a `minimal` record holds, compared one by one so that a
// failure names the figure.
template <Tree T>
void expect_same_minimal(const MinimalFigures<T>& lazy, const MinimalFigures<T>& full, const std::string& where) {
  const SearchCounters &a = lazy.counters, &b = full.counters;
  EXPECT_EQ(lazy.score, full.score) << where;
  EXPECT_EQ(a.nodes, b.nodes) << where;
  EXPECT_EQ(a.leaves, b.leaves) << where;
  EXPECT_EQ(a.terminals, b.terminals) << where;
  EXPECT_EQ(a.nodes_per_ply, b.nodes_per_ply) << where;
  EXPECT_EQ(a.expected_pv, b.expected_pv) << where;
  EXPECT_EQ(a.expected_cut, b.expected_cut) << where;
  EXPECT_EQ(a.expected_all, b.expected_all) << where;
  EXPECT_EQ(a.behaved_pv, b.behaved_pv) << where;
  EXPECT_EQ(a.behaved_cut, b.behaved_cut) << where;
  EXPECT_EQ(a.behaved_all, b.behaved_all) << where;
  EXPECT_TRUE(a == b) << where << ": another counter differs";
  EXPECT_TRUE(lazy.best_move == full.best_move) << where << ": best move";
  EXPECT_TRUE(lazy.pv == full.pv) << where << ": pv";
}

template <Tree T>
void expect_minimal_matches_full_width(T& tree, int depth, const std::string& where, bool mate_distance = false,
                                       std::size_t megabytes = SearchSpec::DEFAULT_MINIMAL_MEGABYTES) {
  const MinimalFigures<T> full = full_width_minimal(tree, depth, mate_distance);
  const MinimalFigures<T> lazy = lazy_minimal(tree, depth, mate_distance, megabytes);
  expect_same_minimal(lazy, full, where + " depth " + std::to_string(depth));
}

inline std::vector<std::string> every_suite() {
  return {"bratko-kopec.epd", "perft.epd", "portable-counts.epd", "seed.epd",
          "stockfish-bench.epd", "sts1-undermining.epd", "wac.epd"};
}

inline std::vector<EpdPosition> read_positions(const std::string& name) { return read_epd_positions(name); }

}  // namespace prunebench::testing
