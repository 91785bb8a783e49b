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

// Perft with the interior nodes' moves listed by `Generate` and the last ply
// counted by `LastPly`.
template <void (*Generate)(const Position&, MoveList&), std::uint64_t (*LastPly)(const Position&)>
std::uint64_t perft_over(const Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return LastPly(pos);
  MoveList moves;
  Generate(pos, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += perft_over<Generate, LastPly>(pos.after(m), depth - 1);
  return nodes;
}

std::uint64_t play_leaves(const Position& pos) { return std::uint64_t(play_every_legal_move(pos)); }

std::uint64_t count_naive(const Position& pos) {
  MoveList moves;
  generate_legal_naive(pos, moves);
  return moves.size();
}

}  // namespace

std::uint64_t perft_make_every_leaf(const Position& pos, int depth) {
  return perft_over<generate_legal, play_leaves>(pos, depth);
}

std::uint64_t perft_naive(const Position& pos, int depth) {
  return perft_over<generate_legal_naive, count_naive>(pos, depth);
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
