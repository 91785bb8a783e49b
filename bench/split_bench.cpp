// Thread scaling of one full-width search split across threads
// (engine/search/split.h) and of threaded perft (engine/perft.h): the same
// search on 1 and 2 threads. Wall-clock time (UseRealTime), since the work is
// spread over threads; the goal is >= 1.8x on 2 free cores. Node counts are
// identical on any thread count (tests/engine/search/split_test.cpp).
#include <benchmark/benchmark.h>

#include <string>

#include "engine/perft.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

const char* const MIDDLEGAME = "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9";

// Args: depth, threads.
void split_search_position(benchmark::State& state, const Position& root, const std::string& mode) {
  const SearchSpec spec = parse_mode(mode).value;
  const int depth = int(state.range(0)), threads = int(state.range(1));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    SearchCounters counters;
    const auto make_tree = [&] { return ChessTree(root, spec.mate_distance); };
    benchmark::DoNotOptimize(split_search<ChessTree>(make_tree, spec, depth, counters, threads).score);
    nodes = counters.nodes;
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_SplitMinimaxStart(benchmark::State& state) { split_search_position(state, Position::start(), "minimax"); }
BENCHMARK(BM_SplitMinimaxStart)->ArgsProduct({{5, 6}, {1, 2}})->ArgNames({"depth", "threads"})
    ->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_SplitNegamaxMiddlegame(benchmark::State& state) {
  split_search_position(state, Position::from_fen(MIDDLEGAME).value, "negamax");
}
BENCHMARK(BM_SplitNegamaxMiddlegame)->ArgsProduct({{5}, {1, 2}})->ArgNames({"depth", "threads"})
    ->UseRealTime()->Unit(benchmark::kMillisecond);

// Args: depth, threads, make every leaf (0/1).
void BM_PerftThreadsStart(benchmark::State& state) {
  const Position pos = Position::start();
  const PerftLeaves leaves = state.range(2) ? PerftLeaves::MAKE_EVERY_LEAF : PerftLeaves::BULK;
  std::uint64_t count = 0;
  for (auto _ : state) benchmark::DoNotOptimize(count = perft(pos, int(state.range(0)), int(state.range(1)), leaves));
  state.counters["leaves_per_second"] =
      benchmark::Counter(double(count), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_PerftThreadsStart)->ArgsProduct({{6}, {1, 2}, {0, 1}})->ArgNames({"depth", "threads", "every_leaf"})
    ->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace prunebench
