// What the parallel alpha-beta tests (ybwc_test, lazy_smp_test) share: their
// positions, and a search on N threads beside the same spec run serially.
#pragma once

#include <gtest/gtest.h>

#include <span>
#include <string>

#include "engine/position.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench::testing {

inline const char* const PARALLEL_FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",  // back-rank mate in one
};

struct Searched {
  SearchResult<Move> result;
  SearchCounters counters;
};

// `spec` on `threads` threads (split_search), each thread with a tree of its own.
inline Searched run(const Position& root, const SearchSpec& spec, int depth, int threads) {
  Searched out;
  out.result = split_search<ChessTree>([&] { return ChessTree(root, spec.mate_distance); }, spec, depth,
                                       out.counters, threads);
  return out;
}

// The same spec without its parallel scheme: the serial search.
inline SearchSpec serial_of(SearchSpec spec) {
  spec.smp = Smp::NONE;
  return spec;
}

// Each mode on one thread, on every position to `depth`: the serial search's counters, value and line.
inline void expect_one_thread_is_serial(std::span<const char* const> modes, int depth) {
  for (const char* fen : PARALLEL_FENS)
    for (const char* mode : modes) {
      const Position root = Position::from_fen(fen).value;
      const SearchSpec spec = parse_mode(mode).value;
      const Searched serial = run(root, serial_of(spec), depth, 1), one = run(root, spec, depth, 1);
      EXPECT_EQ(one.counters, serial.counters) << fen << ' ' << mode;
      EXPECT_EQ(one.result.score, serial.result.score) << fen << ' ' << mode;
      EXPECT_EQ(one.result.pv, serial.result.pv) << fen << ' ' << mode;
    }
}

// A parallel search against its serial one: the value and best move, not stopped.
inline void expect_serial_value(const Searched& parallel, const Searched& serial, const std::string& context) {
  EXPECT_EQ(parallel.result.score, serial.result.score) << context;
  EXPECT_EQ(parallel.result.best_move, serial.result.best_move) << context;
  EXPECT_FALSE(parallel.result.stopped) << context;
  EXPECT_GT(parallel.counters.nodes, 0u) << context;
}

}  // namespace prunebench::testing
