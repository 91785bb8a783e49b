// Lazy SMP (smp=lazy): N iterative-deepening searches, one per --threads
// thread, sharing one transposition table, the main thread's result reported.
// Nothing else is shared: each thread has its own tree, counters, killers,
// history and principal variation, and runs the serial search (search.h,
// search_iterations) unchanged; the threads help each other only through
// the entries they leave in the table (shared_tt.h: lock-free, each entry
// validated by Hyatt and Mann's XOR of its words).
//
//   the main thread (thread 0) runs the mode's iterations 1..depth; its
//     value, best move and line are the search's.
//   helpers (threads 1..N-1) run the same iterations, odd ones from depth 2
//     (one iteration ahead, so that threads search different depths at once
//     and fill the table with entries the others need next); a helper never
//     stores the root's entry, so the main thread's root hash move is its
//     own, as in the serial search; every helper stops (unwinds within
//     STOP_POLL_INTERVAL nodes) when the main thread is done, and its nodes
//     count in the total.
//
// Only alphabeta and pvs with tt, id and tt-draft=eq (spec.cpp): an entry
// ends a node only at its own draft, so every bound any thread stores bounds
// the node's one fixed-depth value, and the main thread's value is the serial
// search's whatever the others stored. Its counts depend on the timing; with
// one thread the table behaves as the serial one, count for count.
#pragma once

#include <algorithm>
#include <exception>
#include <memory>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "engine/search/search.h"
#include "engine/search/shared_tt.h"
#include "engine/search/stop.h"
#include "engine/task_pool.h"

namespace prunebench {

template <Tree T, Fail F>
class LazySmp {
 public:
  using Move = typename T::MoveType;

  // A thread the system refuses is a std::system_error (the helpers started are stopped first).
  LazySmp(const TreeMaker<T>& make_tree, const SearchSpec& spec, int threads)
      : spec_(spec), table_(spec.tt_megabytes, spec.mate_distance) {
    for (int i = 0; i < std::max(threads, 1); ++i) workers_.push_back(std::make_unique<Worker>(make_tree(), spec_, table_, i));
    for (std::size_t i = 1; i < workers_.size(); ++i) workers_[i]->ctx.stop = &helpers_stop_;
  }
  LazySmp(const LazySmp&) = delete;
  LazySmp& operator=(const LazySmp&) = delete;
  ~LazySmp() { stop_helpers(); }

  // The main thread's search, the helpers beside it; then every thread's counters added to `counters`.
  SearchResult<Move> run(int depth, SearchCounters& counters) {
    try {
      for (std::size_t i = 1; i < workers_.size(); ++i)
        start_thread(helpers_, [this, i, depth] { help(*workers_[i], depth, i % 2 == 1 ? 2 : 1); });
    } catch (const std::system_error&) {
      stop_helpers();
      throw;
    }
    SearchResult<Move> result;
    detail::search_iterations<T, F, Mutant::NONE>(workers_[0]->ctx, spec_, depth, result);
    if (!result.pv.empty()) result.best_move = result.pv.front();
    stop_helpers();
    failure_.rethrow();
    for (const auto& worker : workers_) counters += worker->counters;
    return result;
  }

 private:
  // One thread's own search state; the table is everyone's.
  struct Worker {
    Worker(T tree_, const SearchSpec& spec, SharedTranspositionTable<Move>& table, std::size_t index)
        : tree(std::move(tree_)), ctx(tree, counters, spec, TableRef<Move>(&table, index == 0)) {}
    T tree;
    SearchCounters counters;
    SearchContext<T> ctx;
  };

  // A helper's life: the iterations from `first_depth`, until they end or the main thread does.
  void help(Worker& w, int depth, int first_depth) {
    try {
      SearchResult<Move> unused;
      detail::search_iterations<T, F, Mutant::NONE>(w.ctx, spec_, depth, unused, first_depth);
    } catch (const SearchStopped&) {
    } catch (...) {
      failure_.keep(std::current_exception());
    }
  }

  void stop_helpers() {
    helpers_stop_.requested.store(true, std::memory_order_relaxed);
    helpers_.clear();  // joins them
  }

  const SearchSpec spec_;
  SharedTranspositionTable<Move> table_;
  std::vector<std::unique_ptr<Worker>> workers_;
  SearchStop helpers_stop_;
  FirstFailure failure_;
  std::vector<std::jthread> helpers_;  // last: joined before the rest is destroyed
};

// search(tree, spec, depth, counters) by lazy SMP on `threads` threads, each
// with a tree of its own made by make_tree(). Precondition: check_spec(spec)
// is empty and spec.smp is Smp::LAZY (spec.cpp has refused every other mode).
template <Tree T>
SearchResult<typename T::MoveType> lazy_smp_search(const TreeMaker<T>& make_tree, const SearchSpec& spec,
                                                   int depth, SearchCounters& counters, int threads) {
  if (spec.fail == Fail::HARD) return LazySmp<T, Fail::HARD>(make_tree, spec, threads).run(depth, counters);
  return LazySmp<T, Fail::SOFT>(make_tree, spec, threads).run(depth, counters);
}

}  // namespace prunebench
