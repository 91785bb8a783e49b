// Young Brothers Wait (engine/search/ybwc.h): on one thread exactly the
// serial search, and on any number of threads the serial value and root best
// move, never a deadlock, whatever the timing.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/search/split.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/random_tree.h"

namespace prunebench {
namespace {

const char* const FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",  // back-rank mate in one
};

const char* const MODES[] = {"mvv-lva+smp=ybwc", "pvs+smp=ybwc", "fail-hard+smp=ybwc",
                             "id-tt-killers+smp=ybwc", "pvs-id-tt-killers+smp=ybwc",
                             "pvs-id-tt-killers+aspiration=30+smp=ybwc", "pvs-id-tt-killers+qsearch+smp=ybwc"};

struct Searched {
  SearchResult<Move> result;
  SearchCounters counters;
};

Searched run(const Position& root, SearchSpec spec, int depth, int threads) {
  Searched out;
  out.result = split_search<ChessTree>([&] { return ChessTree(root); }, spec, depth, out.counters, threads);
  return out;
}

SearchSpec serial_of(SearchSpec spec) {
  spec.smp = Smp::NONE;
  return spec;
}

// One thread meets every brother in order with the serial bounds: the serial search, count for count.
TEST(Ybwc, OneThreadIsTheSerialSearch) {
  for (const char* fen : FENS)
    for (const char* mode : MODES) {
      const Position root = Position::from_fen(fen).value;
      const SearchSpec spec = parse_mode(mode).value;
      const Searched serial = run(root, serial_of(spec), 4, 1), one = run(root, spec, 4, 1);
      EXPECT_EQ(one.counters, serial.counters) << fen << ' ' << mode;
      EXPECT_EQ(one.result.score, serial.result.score) << fen << ' ' << mode;
      EXPECT_EQ(one.result.pv, serial.result.pv) << fen << ' ' << mode;
    }
}

// Many short searches on 1-8 threads: the serial value and best move every time, and no deadlock.
TEST(Ybwc, RandomThreadCountsKeepTheSerialValue) {
  std::mt19937 random(20261203);
  std::uniform_int_distribution<int> threads(1, 8), depth(3, 5);
  for (int trial = 0; trial < 40; ++trial) {
    const char* fen = FENS[std::size_t(trial) % std::size(FENS)];
    const char* mode = MODES[std::size_t(trial) % std::size(MODES)];
    const Position root = Position::from_fen(fen).value;
    const SearchSpec spec = parse_mode(mode).value;
    const int d = depth(random), t = threads(random);
    const Searched serial = run(root, serial_of(spec), d, 1), parallel = run(root, spec, d, t);
    const std::string context = std::string(fen) + ' ' + mode + " depth " + std::to_string(d) + ", " +
                                std::to_string(t) + " threads";
    EXPECT_EQ(parallel.result.score, serial.result.score) << context;
    EXPECT_EQ(parallel.result.best_move, serial.result.best_move) << context;
    EXPECT_FALSE(parallel.result.stopped) << context;
    EXPECT_GT(parallel.counters.nodes, 0u) << context;
  }
}

TEST(Ybwc, ModesThatCannotTakeItAreRejected) {
  EXPECT_NE(parse_mode("minimax+smp=ybwc").error.find("alphabeta and pvs only"), std::string::npos);
  EXPECT_NE(parse_mode("mtdf+smp=ybwc").error.find("alphabeta and pvs only"), std::string::npos);
  EXPECT_NE(parse_mode("minimal+smp=ybwc").error.find("alphabeta and pvs only"), std::string::npos);
  EXPECT_NE(parse_mode("pvs+nullmove=2+smp=ybwc").error.find("nullmove"), std::string::npos);
  EXPECT_EQ(parse_mode("pvs+smp=lazy2").error, "unknown parallel scheme 'lazy2' for 'smp' (ybwc)");
  const SearchSpec spec = parse_mode("alphabeta+smp=ybwc").value;
  EXPECT_NE(check_spec(RandomTree(3, 3, 1), spec).find("chess positions only"), std::string::npos);
}

}  // namespace
}  // namespace prunebench
