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

namespace {

// Tells the compiler that `pos` is used, so the moves that made it are really
// played. (Nothing reads a perft leaf; with Position::play inline the
// compiler could otherwise skip making it, and make-every-leaf would measure
// nothing.) The same empty-asm idiom as Google Benchmark's DoNotOptimize.
inline void keep_leaf(const Position& pos) {
#if defined(__GNUC__) || defined(__clang__)
  asm volatile("" : : "r"(&pos) : "memory");
#else
  volatile auto sink = pos.key();
  (void)sink;
#endif
}

// Perft playing every move down to the leaves, with either generator.
template <void (*Generate)(const Position&, MoveList&)>
std::uint64_t perft_playing_leaves(const Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  Generate(pos, moves);
  if (depth == 1) {  // the leaves: made here rather than one call each
    for (Move m : moves) keep_leaf(pos.after(m));
    return moves.size();
  }
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += perft_playing_leaves<Generate>(pos.after(m), depth - 1);
  return nodes;
}

}  // namespace

std::uint64_t perft_make_every_leaf(const Position& pos, int depth) {
  return perft_playing_leaves<generate_legal>(pos, depth);
}

std::uint64_t perft_naive(const Position& pos, int depth) {
  return perft_playing_leaves<generate_legal_naive>(pos, depth);
}

std::vector<DivideEntry> divide(const Position& pos, int depth) {
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<DivideEntry> entries;
  for (Move m : moves) entries.push_back({m, perft(pos.after(m), depth - 1)});
  return entries;
}

}  // namespace prunebench
