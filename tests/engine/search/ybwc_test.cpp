// Young Brothers Wait (engine/search/ybwc.h): on one thread exactly the
// serial search, and on any number of threads the serial value and root best
// move, never a deadlock, whatever the timing.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/trees/chess_tree.h"
#include "engine/trees/random_tree.h"
#include "tests/engine/search/parallel_search.h"

namespace prunebench {
namespace {

using testing::PARALLEL_FENS;
using testing::run;
using testing::Searched;
using testing::serial_of;

const char* const MODES[] = {"mvv-lva+smp=ybwc", "pvs+smp=ybwc", "fail-hard+smp=ybwc",
                             "id-tt-killers+smp=ybwc", "pvs-id-tt-killers+smp=ybwc",
                             "pvs-id-tt-killers+aspiration=30+smp=ybwc", "pvs-id-tt-killers+qsearch+smp=ybwc"};

// One thread meets every brother in order with the serial bounds: the serial search, count for count.
TEST(Ybwc, OneThreadIsTheSerialSearch) { testing::expect_one_thread_is_serial(MODES, 4); }

// Many short searches on 1-8 threads: the serial value and best move every time, and no deadlock.
TEST(Ybwc, RandomThreadCountsKeepTheSerialValue) {
  std::mt19937 random(20261203);
  std::uniform_int_distribution<int> threads(1, 8), depth(3, 5);
  for (int trial = 0; trial < 40; ++trial) {
    const char* fen = PARALLEL_FENS[std::size_t(trial) % std::size(PARALLEL_FENS)];
    const char* mode = MODES[std::size_t(trial) % std::size(MODES)];
    const Position root = Position::from_fen(fen).value;
    const SearchSpec spec = parse_mode(mode).value;
    const int d = depth(random), t = threads(random);
    const Searched serial = run(root, serial_of(spec), d, 1), parallel = run(root, spec, d, t);
    const std::string context = std::string(fen) + ' ' + mode + " depth " + std::to_string(d) + ", " +
                                std::to_string(t) + " threads";
    testing::expect_serial_value(parallel, serial, context);
  }
}

TEST(Ybwc, ModesThatCannotTakeItAreRejected) {
  EXPECT_NE(parse_mode("minimax+smp=ybwc").error.find("alphabeta and pvs only"), std::string::npos);
  EXPECT_NE(parse_mode("mtdf+smp=ybwc").error.find("alphabeta and pvs only"), std::string::npos);
  EXPECT_NE(parse_mode("minimal+smp=ybwc").error.find("alphabeta and pvs only"), std::string::npos);
  EXPECT_NE(parse_mode("pvs+nullmove=2+smp=ybwc").error.find("nullmove"), std::string::npos);
  EXPECT_EQ(parse_mode("pvs+smp=lazy2").error, "unknown parallel scheme 'lazy2' for 'smp' (ybwc, lazy)");
  const SearchSpec spec = parse_mode("alphabeta+smp=ybwc").value;
  EXPECT_NE(check_spec(RandomTree(3, 3, 1), spec).find("chess positions only"), std::string::npos);
}

}  // namespace
}  // namespace prunebench
