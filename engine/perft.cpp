#include "engine/perft.h"

#include "engine/movegen.h"

namespace prunebench {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return std::uint64_t(count_legal(pos));
  MoveList moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += perft(pos.after(m), depth - 1);
  return nodes;
}

// Measures make speed only while Position::play stays out of line (no LTO):
// a compiler that could inline it would be free to drop the unused leaf
// positions entirely.
std::uint64_t perft_make_every_leaf(const Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += perft_make_every_leaf(pos.after(m), depth - 1);
  return nodes;
}

std::uint64_t perft_naive(const Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  generate_legal_naive(pos, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += perft_naive(pos.after(m), depth - 1);
  return nodes;
}

std::vector<DivideEntry> divide(const Position& pos, int depth) {
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<DivideEntry> entries;
  for (Move m : moves) entries.push_back({m, perft(pos.after(m), depth - 1)});
  return entries;
}

}  // namespace prunebench
