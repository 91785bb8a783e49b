// perft: the number of legal move sequences of a given length, the standard
// test of a move generator against published counts.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/position.h"

namespace prunebench {

// Leaf count with bulk counting: at the last ply the legal moves are counted,
// not played. perft(pos, 0) == 1.
std::uint64_t perft(const Position& pos, int depth);

// The same count, playing every move down to the leaves (no bulk counting;
// the last ply's children made as the generator finds their moves, each a
// whole Position in memory): measures the cost of making a move.
std::uint64_t perft_make_every_leaf(const Position& pos, int depth);

// The same count using the naive oracle generator (tests only: slow).
std::uint64_t perft_naive(const Position& pos, int depth);

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};

// perft(depth - 1) below each root move, in generation order (depth >= 1).
std::vector<DivideEntry> divide(const Position& pos, int depth);

// How the last ply is counted: bulk (perft) or by playing every move (perft_make_every_leaf).
enum class PerftLeaves { BULK, MAKE_EVERY_LEAF };

// divide() on `threads` threads: the subtrees below ply 2 (ply 1 at depth 2)
// are tasks shared out among the threads (engine/task_pool.h). Every count is
// the single-thread count; one thread runs the plain recursion.
std::vector<DivideEntry> divide(const Position& pos, int depth, int threads, PerftLeaves leaves);

// perft or perft_make_every_leaf on `threads` threads, split as divide() is.
std::uint64_t perft(const Position& pos, int depth, int threads, PerftLeaves leaves);

}  // namespace prunebench
