// One full-width search on several threads, with exactly the counts, value,
// best move and principal variation of the single-thread search.
//
// Minimax and negamax visit every node whatever the values they find, so the
// subtrees below one ply are independent. The search
// is split there (ply 2, or ply 1 at depth 2):
//   1. the nodes at the split ply are listed by walking the plies above in
//      generator order (split_nodes.h);
//   2. the threads share them out as tasks (engine/task_pool.h), each thread
//      with its own tree and its own counters, and search each node's subtree
//      with the algorithm itself, from that ply;
//   3. the algorithm then runs once more from the root, on one thread, and on
//      reaching a node at the split ply takes its task's result
//      (node.h, take_split) instead of searching it.
// So the children of every node are still combined in generator order by the
// algorithm's own code: ties break as they do on one thread. Each node is
// counted once, by the thread that entered it; the counters are summed after
// the threads have joined, in thread order. Other modes (alpha-beta and its
// relatives, whose counts depend on the order they search in) run on one
// thread, and so does the exact minimal tree (minimal.h), whose lazy
// computation shares one table of proofs across the whole tree.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/search/lazy_smp.h"
#include "engine/search/minimax.h"
#include "engine/search/negamax.h"
#include "engine/search/node.h"
#include "engine/search/search.h"
#include "engine/search/ybwc.h"
#include "engine/task_pool.h"

namespace prunebench {

// Whether split_search runs `spec` on more than one thread: one full-width pass.
inline bool splits_across_threads(const SearchSpec& spec) {
  const bool full_width = spec.algorithm == Algorithm::MINIMAX || spec.algorithm == Algorithm::NEGAMAX;
  return full_width && !spec.iterative_deepening;
}

namespace detail {

// The plies above the split: most of the work lies below ply 2, in subtrees
// many and small enough to keep two or more threads busy to the end.
constexpr int split_ply(int depth) { return depth >= 3 ? 2 : 1; }

// Every node at `split_ply`, in the order a full-width search meets them,
// with the node type the search gives it.
template <Tree T>
void list_split_nodes(T& tree, int ply, int split_ply, NodeType type, std::vector<typename T::MoveType>& path,
                      std::vector<SplitNode<typename T::MoveType>>& nodes) {
  if (ply == split_ply) {
    nodes.push_back({path, tree.key(), type, 0, {}});
    return;
  }
  typename T::MoveList moves;
  tree.generate(moves);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    path.push_back(moves[i]);
    tree.make(moves[i]);
    list_split_nodes(tree, ply + 1, split_ply, child_type(type, i), path, nodes);
    tree.unmake(moves[i]);
    path.pop_back();
  }
}

// Searches one split node's subtree on a thread's own tree and context.
template <Tree T>
void search_split_node(SearchContext<T>& ctx, const SearchSpec& spec, int depth, SplitNode<typename T::MoveType>& node,
                       int ply) {
  for (const auto move : node.path) ctx.tree.make(move);
  if (spec.algorithm == Algorithm::MINIMAX)
    node.value = Minimax<T>(ctx).search(ply, depth - ply, node.expected);
  else
    node.value = Negamax<T>(ctx).search(ply, depth - ply, node.expected);
  node.pv = ctx.pv.line(ply);
  for (std::size_t i = node.path.size(); i-- > 0;) ctx.tree.unmake(node.path[i]);
}

}  // namespace detail

// search(tree, spec, depth, counters) on `threads` threads, each searching a
// tree of its own made by make_tree() (a T at the root): smp=ybwc by Young
// Brothers Wait (ybwc.h), smp=lazy by lazy SMP (lazy_smp.h), whose counts
// vary from run to run; full-width
// modes split as above, with the serial counts. Other modes that do not
// split, depths below 2 and a single thread run the plain search, and so
// does a search counting distinct_nodes (`distinct_megabytes` > 0, see
// search()): one set of pairs, so the count cannot depend on the threads.
template <Tree T>
SearchResult<typename T::MoveType> split_search(const TreeMaker<T>& make_tree, const SearchSpec& spec,
                                                int depth, SearchCounters& counters, int threads,
                                                std::size_t distinct_megabytes = 0) {
  using Move = typename T::MoveType;
  if (spec.smp == Smp::YBWC) return ybwc_search<T>(make_tree, spec, depth, counters, threads);
  if (spec.smp == Smp::MODEL) return ybwc_search<T>(make_tree, spec, depth, counters, spec.processors);
  if constexpr (SixteenBitMove<Move>)  // chess: check_spec refuses smp= on synthetic trees
    if (spec.smp == Smp::LAZY) return lazy_smp_search<T>(make_tree, spec, depth, counters, threads);
  T tree = make_tree();
  if (threads <= 1 || depth < 2 || !splits_across_threads(spec) || distinct_megabytes > 0)
    return search(tree, spec, depth, counters, nullptr, distinct_megabytes);

  const int ply = detail::split_ply(depth);
  std::vector<SplitNode<Move>> listed;
  std::vector<Move> path;
  detail::list_split_nodes(tree, 0, ply, NodeType::PV, path, listed);
  SplitNodes<Move> split(ply, std::move(listed));

  SearchContext<T> ctx(tree, counters, spec, nullptr);

  std::vector<SearchCounters> thread_counters(static_cast<std::size_t>(threads));
  share_tasks(split.size(), threads, [&](int thread, auto take) {
    T thread_tree = make_tree();
    SearchCounters thread_own;  // on this thread's stack: no cache line shared with another's
    SearchContext<T> thread_ctx(thread_tree, thread_own, spec, nullptr);
    for (std::size_t i; (i = take()) < split.size();)
      detail::search_split_node(thread_ctx, spec, depth, split[i], ply);
    thread_counters[std::size_t(thread)] = thread_own;
  });

  ctx.split_ply = ply;
  ctx.split = &split;
  SearchResult<Move> result;
  if (spec.algorithm == Algorithm::MINIMAX)
    result.score = Minimax<T>(ctx).search(0, depth);
  else
    result.score = Negamax<T>(ctx).search(0, depth);
  for (const SearchCounters& c : thread_counters) counters += c;
  result.pv = ctx.pv.line(0);
  if (!result.pv.empty()) result.best_move = result.pv.front();
  return result;
}

}  // namespace prunebench
