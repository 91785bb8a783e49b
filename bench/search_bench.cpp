// Speed of the searches on chess: full-width minimax (reference 000 took
// about a minute for depth 6 from the start at 2-3 M nodes/s) and each
// alpha-beta mode, reported as nodes per second. Node counts are exact and
// tested elsewhere; this only measures time.
#include <benchmark/benchmark.h>

#include <string>

#include "engine/search/minimal_full_width.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

const char* const MIDDLEGAME = "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9";

void search_position(benchmark::State& state, const Position& root, const std::string& mode, int depth,
                     LeafPlay leaf_play = LeafPlay::LAZY) {
  const SearchSpec spec = parse_mode(mode).value;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    ChessTree tree(root, spec.mate_distance, leaf_play);
    SearchCounters counters;
    benchmark::DoNotOptimize(search(tree, spec, depth, counters).score);
    nodes = counters.nodes;
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_MinimaxStart(benchmark::State& state) {
  search_position(state, Position::start(), "minimax", int(state.range(0)));
}
BENCHMARK(BM_MinimaxStart)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MinimaxStart)->Arg(6)->Iterations(1)->Unit(benchmark::kMillisecond);

// The same search with every leaf played (no leaf shortcut, chess_tree.h):
// what the shortcut buys. Counts are identical.
void BM_MinimaxStartEveryLeafPlayed(benchmark::State& state) {
  search_position(state, Position::start(), "minimax", int(state.range(0)), LeafPlay::EVERY_LEAF);
}
BENCHMARK(BM_MinimaxStartEveryLeafPlayed)->Arg(5)->Unit(benchmark::kMillisecond);

// The exact minimal tree, old against new: the full-width pass that proves
// every node (minimal_full_width.h, the tests' oracle) against the lazy
// computation the `minimal` mode runs (minimal.h), on the same figures. The
// "nodes" are the proof's, so read the time, not the rate.
void minimal_full_width(benchmark::State& state, const Position& root, int depth) {
  const SearchSpec spec = parse_mode("minimal").value;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    ChessTree tree(root);
    SearchCounters counters;
    SearchContext<ChessTree> ctx(tree, counters, spec, nullptr);
    benchmark::DoNotOptimize(MinimalProofFullWidth<ChessTree>(ctx).search(depth));
    nodes = counters.nodes;
  }
  state.counters["nodes"] = double(nodes);
}

void BM_MinimalFullWidthStart(benchmark::State& state) {
  minimal_full_width(state, Position::start(), int(state.range(0)));
}
BENCHMARK(BM_MinimalFullWidthStart)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MinimalFullWidthStart)->Arg(6)->Iterations(1)->Unit(benchmark::kMillisecond);
void BM_MinimalStart(benchmark::State& state) {
  search_position(state, Position::start(), "minimal", int(state.range(0)));
}
BENCHMARK(BM_MinimalStart)->DenseRange(5, 7)->Unit(benchmark::kMillisecond);

void BM_MinimalFullWidthMiddlegame(benchmark::State& state) {
  minimal_full_width(state, Position::from_fen(MIDDLEGAME).value, int(state.range(0)));
}
BENCHMARK(BM_MinimalFullWidthMiddlegame)->Arg(5)->Iterations(1)->Unit(benchmark::kMillisecond);
void BM_MinimalMiddlegame(benchmark::State& state) {
  search_position(state, Position::from_fen(MIDDLEGAME).value, "minimal", int(state.range(0)));
}
BENCHMARK(BM_MinimalMiddlegame)->DenseRange(5, 6)->Unit(benchmark::kMillisecond);

void BM_ModeMiddlegameDepth5(benchmark::State& state, const char* mode) {
  search_position(state, Position::from_fen(MIDDLEGAME).value, mode, 5);
}
BENCHMARK_CAPTURE(BM_ModeMiddlegameDepth5, minimax, "minimax")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ModeMiddlegameDepth5, oracle, "oracle")->Unit(benchmark::kMillisecond);

void BM_ModeMiddlegameDepth6(benchmark::State& state, const char* mode) {
  search_position(state, Position::from_fen(MIDDLEGAME).value, mode, 6);
}
BENCHMARK_CAPTURE(BM_ModeMiddlegameDepth6, unordered, "unordered")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ModeMiddlegameDepth6, mvv_lva, "mvv-lva")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ModeMiddlegameDepth6, pvs, "pvs")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ModeMiddlegameDepth6, mtdf, "mtdf")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ModeMiddlegameDepth6, id_tt_killers, "id-tt-killers")->Unit(benchmark::kMillisecond);

// The ordered searches at the depths of the node-rate targets (start depth 8,
// middlegame depth 7): read their nodes_per_second against
// BM_MinimaxStart/6's in the same run, so a slower ordered node shows here.
void BM_OrderedStartDepth8(benchmark::State& state, const char* mode) {
  search_position(state, Position::start(), mode, 8);
}
BENCHMARK_CAPTURE(BM_OrderedStartDepth8, mvv_lva, "mvv-lva")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_OrderedStartDepth8, pvs_id_tt_killers, "pvs-id-tt-killers")->Unit(benchmark::kMillisecond);
void BM_OrderedMiddlegameDepth7(benchmark::State& state, const char* mode) {
  search_position(state, Position::from_fen(MIDDLEGAME).value, mode, 7);
}
BENCHMARK_CAPTURE(BM_OrderedMiddlegameDepth7, mvv_lva, "mvv-lva")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_OrderedMiddlegameDepth7, pvs_id_tt_killers, "pvs-id-tt-killers")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace prunebench
