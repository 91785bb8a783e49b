// Speed of the chess core: perft with bulk counting, perft playing every
// leaf, move generation alone, and the two slider lookups (PEXT vs magic).
// Run: build/bench/prunebench_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include "engine/movegen.h"
#include "engine/perft.h"

namespace prunebench {
namespace {

const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

void report_leaves(benchmark::State& state, std::uint64_t leaves_per_iteration) {
  state.counters["leaves_per_second"] =
      benchmark::Counter(double(leaves_per_iteration), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_PerftStart(benchmark::State& state) {
  const Position pos = Position::start();
  std::uint64_t leaves = 0;
  for (auto _ : state) benchmark::DoNotOptimize(leaves = perft(pos, int(state.range(0))));
  report_leaves(state, leaves);
}
BENCHMARK(BM_PerftStart)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

void BM_PerftKiwipete(benchmark::State& state) {
  const Position pos = Position::from_fen(KIWIPETE).value;
  std::uint64_t leaves = 0;
  for (auto _ : state) benchmark::DoNotOptimize(leaves = perft(pos, int(state.range(0))));
  report_leaves(state, leaves);
}
BENCHMARK(BM_PerftKiwipete)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

void BM_PerftMakeEveryLeafStart(benchmark::State& state) {
  const Position pos = Position::start();
  std::uint64_t leaves = 0;
  for (auto _ : state) benchmark::DoNotOptimize(leaves = perft_make_every_leaf(pos, int(state.range(0))));
  report_leaves(state, leaves);
}
BENCHMARK(BM_PerftMakeEveryLeafStart)->Arg(5)->Unit(benchmark::kMillisecond);

void BM_PerftMakeEveryLeafKiwipete(benchmark::State& state) {
  const Position pos = Position::from_fen(KIWIPETE).value;
  std::uint64_t leaves = 0;
  for (auto _ : state) benchmark::DoNotOptimize(leaves = perft_make_every_leaf(pos, int(state.range(0))));
  report_leaves(state, leaves);
}
BENCHMARK(BM_PerftMakeEveryLeafKiwipete)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_GenerateLegalKiwipete(benchmark::State& state) {
  const Position pos = Position::from_fen(KIWIPETE).value;
  MoveList moves;
  for (auto _ : state) {
    generate_legal(pos, moves);
    benchmark::DoNotOptimize(moves.size());
  }
}
BENCHMARK(BM_GenerateLegalKiwipete);

// The two slider lookups, over the same pseudo-random occupancies.
template <Bitboard (*Lookup)(Square, Bitboard)>
void BM_RookLookup(benchmark::State& state) {
  std::uint64_t occupancy = 0x9E3779B97F4A7C15ULL;
  Bitboard sink = 0;
  for (auto _ : state) {
    for (int s = 0; s < SQUARE_NB; ++s) {
      occupancy = occupancy * 6364136223846793005ULL + 1442695040888963407ULL;
      sink ^= Lookup(Square(s), occupancy & (occupancy >> 11));
    }
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations() * SQUARE_NB);
}
BENCHMARK(BM_RookLookup<magic_rook_attacks>)->Name("BM_RookLookup/magic");
BENCHMARK(BM_RookLookup<pext_rook_attacks>)->Name("BM_RookLookup/pext");

}  // namespace
}  // namespace prunebench
