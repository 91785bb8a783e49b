// The parallel model (engine/search/virtual_processors.h, ybwc.h with
// smp=model): on one processor exactly the serial search, in as many time
// units as it has nodes; on P processors the serial value and best move, the
// same figures on every run, at most P nodes a round, and no time saved
// where nothing splits.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/search/ybwc.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/random_tree.h"
#include "engine/trees/search_instances.h"
#include "tests/engine/search/parallel_search.h"

namespace prunebench {
namespace {

using testing::PARALLEL_FENS;
using testing::Searched;
using testing::serial_of;

const char* const MODES[] = {"mvv-lva", "pvs", "fail-hard", "id-tt-killers", "pvs-id-tt-killers",
                             "pvs-id-tt-killers+aspiration=30"};

struct Modelled {
  Searched searched;
  ParallelModelFigures figures;
};

// A table of one megabyte per processor where the mode has one: up to 64
// tables of the default 16 MB a search cost more to allocate than to search.
std::string with_small_tables(const std::string& mode) {
  return mode.find("tt") == std::string::npos ? mode : mode + "+tt=1";
}

SearchSpec model_spec(const char* mode, int processors) {
  const auto parsed = parse_mode(std::string(mode) + "+smp=model+processors=" + std::to_string(processors));
  EXPECT_TRUE(parsed.error.empty()) << parsed.error;
  return parsed.value;
}

Modelled model(const Position& root, const SearchSpec& spec, int depth) {
  Modelled out;
  out.searched.result = ybwc_search<ChessTree>([&] { return ChessTree(root, spec.mate_distance); }, spec, depth,
                                               out.searched.counters, spec.processors, &out.figures);
  return out;
}

TEST(ParallelModel, OneProcessorIsTheSerialSearchInItsNodes) {
  for (const char* fen : PARALLEL_FENS)
    for (const char* mode : MODES) {
      const Position root = Position::from_fen(fen).value;
      const SearchSpec spec = model_spec(mode, 1);
      const Searched serial = testing::run(root, serial_of(spec), 4, 1);
      const Modelled one = model(root, spec, 4);
      EXPECT_EQ(one.searched.counters, serial.counters) << fen << ' ' << mode;
      EXPECT_EQ(one.searched.result.pv, serial.result.pv) << fen << ' ' << mode;
      EXPECT_EQ(one.figures.time, serial.counters.nodes) << fen << ' ' << mode;
      EXPECT_LE(one.figures.span, serial.counters.nodes) << fen << ' ' << mode;
    }
}

// Random processor counts up to 64: the serial value and best move; the same
// counters, time and critical path when run again; at most P nodes a round.
TEST(ParallelModel, ManyProcessorsKeepTheValueAndRepeatExactly) {
  std::mt19937 random(20261204);
  std::uniform_int_distribution<int> processors(2, 64), depth(3, 5);
  for (int trial = 0; trial < 24; ++trial) {
    const char* fen = PARALLEL_FENS[std::size_t(trial) % std::size(PARALLEL_FENS)];
    const std::string mode = with_small_tables(MODES[std::size_t(trial) % std::size(MODES)]);
    const Position root = Position::from_fen(fen).value;
    const int p = processors(random), d = depth(random);
    const SearchSpec spec = model_spec(mode.c_str(), p);
    const std::string context = std::string(fen) + ' ' + mode + " depth " + std::to_string(d) + ", " +
                                std::to_string(p) + " processors";
    const Searched serial = testing::run(root, serial_of(spec), d, 1);
    const Modelled first = model(root, spec, d), again = model(root, spec, d);
    testing::expect_serial_value(first.searched, serial, context);
    EXPECT_EQ(again.searched.counters, first.searched.counters) << context;
    EXPECT_EQ(again.figures.time, first.figures.time) << context;
    EXPECT_EQ(again.figures.span, first.figures.span) << context;
    EXPECT_GE(first.figures.time * std::uint64_t(p), first.searched.counters.nodes) << context;
    EXPECT_LE(first.figures.time, first.searched.counters.nodes) << context;
  }
}

// Below MIN_SPLIT_DEPTH nothing splits: the helpers never get a node, the
// time is the serial count, and every node is on the critical path.
TEST(ParallelModel, NoSplitNoSpeedUp) {
  const Position root = Position::from_fen(PARALLEL_FENS[1]).value;
  for (int depth = 1; depth < MIN_SPLIT_DEPTH; ++depth) {
    const SearchSpec spec = model_spec("pvs", 8);
    const Searched serial = testing::run(root, serial_of(spec), depth, 1);
    const Modelled eight = model(root, spec, depth);
    EXPECT_EQ(eight.searched.counters, serial.counters) << depth;
    EXPECT_EQ(eight.figures.time, serial.counters.nodes) << depth;
    EXPECT_EQ(eight.figures.span, serial.counters.nodes) << depth;
  }
}

// Reference 001's random trees, whose poor ordering raises a split point's
// alpha while brothers still run: the serial value on 2 to 64 processors.
TEST(ParallelModel, RandomTreesKeepTheSerialValue) {
  const char* const tree_modes[] = {"algo=pvs+tt=1+id+killers", "algo=alphabeta+tt=1+id+killers",
                                    "algo=alphabeta+tt=1", "algo=pvs+tt=1+fail=hard"};
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const SearchSpec spec = model_spec(tree_modes[seed % std::size(tree_modes)], 2 + int(seed % 63));
    SearchCounters serial_counters, counters;
    RandomTree tree(6, 6, seed);
    const Score serial = search(tree, serial_of(spec), 6, serial_counters).score;
    const auto modelled =
        ybwc_search<RandomTree>([&] { return RandomTree(6, 6, seed); }, spec, 6, counters, spec.processors);
    EXPECT_EQ(modelled.score, serial) << "seed " << seed << ", " << spec.processors << " processors";
  }
}

TEST(ParallelModel, BadSpecsAreRejected) {
  EXPECT_EQ(parse_mode("pvs+smp=model").error, "smp=model needs processors=P (1..256)");
  EXPECT_EQ(parse_mode("pvs+processors=2").error, "processors applies to smp=model only");
  EXPECT_NE(parse_mode("pvs+smp=model+processors=0").error.find("1..256"), std::string::npos);
  EXPECT_NE(parse_mode("pvs+smp=model+processors=257").error.find("1..256"), std::string::npos);
  EXPECT_EQ(parse_mode("pvs+qsearch+smp=model+processors=2").error, "smp=model does not take qsearch");
  EXPECT_TRUE(parse_mode("pvs+smp=model+processors=256").error.empty());
}

}  // namespace
}  // namespace prunebench
