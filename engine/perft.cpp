#include "engine/perft.h"

#include "engine/movegen.h"
#include "engine/task_pool.h"

namespace prunebench {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return std::uint64_t(count_legal(pos));
  if (depth == 2) return count_legal_replies(pos);  // most positions are counted here
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
// nothing.) The same empty-asm idiom as Google Benchmark's DoNotOptimize, but
// naming the leaf's bytes as the asm's input rather than clobbering all
// memory: the leaf must be complete in memory, yet the parent it was copied
// from need not be read again for every leaf.
inline void keep_leaf(const Position& pos) {
#if defined(__GNUC__) || defined(__clang__)
  asm volatile("" : : "m"(pos));
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
    const Position base = pos.children_base();
    for (Move m : moves) {
      Position leaf = base;
      leaf.complete_move(m);
      keep_leaf(leaf);
    }
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

namespace {

// One subtree of a split perft: the position at the split ply, and which root
// move it lies under.
struct PerftTask {
  std::size_t root_move;
  Position position;
};

std::uint64_t count_leaves(const Position& pos, int depth, PerftLeaves leaves) {
  return leaves == PerftLeaves::BULK ? perft(pos, depth) : perft_make_every_leaf(pos, depth);
}

}  // namespace

std::vector<DivideEntry> divide(const Position& pos, int depth, int threads, PerftLeaves leaves) {
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<DivideEntry> entries;
  for (Move m : moves) entries.push_back({m, 0});
  // Below ply 2 the subtrees are many and small enough to balance two or more
  // threads; at depth 2 the root's children are the tasks.
  const int split_ply = depth >= 3 ? 2 : 1;
  std::vector<PerftTask> tasks;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Position child = pos.after(moves[i]);
    if (split_ply == 1) {
      tasks.push_back({i, child});
      continue;
    }
    MoveList replies;
    generate_legal(child, replies);
    for (Move reply : replies) tasks.push_back({i, child.after(reply)});
  }
  std::vector<std::uint64_t> counts(tasks.size());
  share_tasks(tasks.size(), threads, [&](int, auto take) {
    for (std::size_t t; (t = take()) < tasks.size();)
      counts[t] = count_leaves(tasks[t].position, depth - split_ply, leaves);
  });
  for (std::size_t t = 0; t < tasks.size(); ++t) entries[tasks[t].root_move].nodes += counts[t];
  return entries;
}

std::uint64_t perft(const Position& pos, int depth, int threads, PerftLeaves leaves) {
  if (threads <= 1 || depth <= 1) return count_leaves(pos, depth, leaves);
  std::uint64_t nodes = 0;
  for (const DivideEntry& entry : divide(pos, depth, threads, leaves)) nodes += entry.nodes;
  return nodes;
}

}  // namespace prunebench
