// Young Brothers Wait (Feldmann et al., 1989; reference 001): alpha-beta
// and PVS on several threads. A node searches its first child (the eldest
// brother) alone; only then are its younger brothers searched in parallel,
// so that every parallel search starts with the bound the eldest found.
//
//   which nodes split: nodes with at least MIN_SPLIT_DEPTH plies to go (not
//     the last two plies above the horizon, whose subtrees are too small to
//     pay for a split); below them the serial AlphaBeta (alphabeta.h) runs.
//   sharing: a split node's alpha is one atomic; each brother starts with its
//     latest value, and a running brother's node reads it again once its own
//     eldest child is done, before it splits in turn (its beta narrows).
//   cut-off: the brother that reaches beta asks every search below the node
//     to stop (split_point.h); they unwind at their next stop poll (node.h)
//     and their partial results are dropped.
//   the root's best move is the serial search's: a younger root move that
//     only ties the best so far is searched with alpha one lower, so a tie
//     is seen, and the earliest move of the best value wins, as serially.
//
// Each thread has its own tree, counters, killers, history and table (tables
// are not shared: one thread's entries are unseen by the others, part of the
// search overhead). Node counts depend on the timing of the threads: the
// search is value-preserving, its counts are not deterministic.
//
// The parallel model (smp=model) runs this same code on virtual processors
// (virtual_processors.h): one thread at a time, one node per turn, so that
// its counts and its virtual time are exact. It also measures the critical
// path of the search: with brothers searched in parallel the moment their
// eldest is done, on as many processors as wanted, the nodes one after
// another on the longest chain (YbwcWorker::span).
#pragma once

#include <cstdint>
#include <exception>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "engine/search/alphabeta.h"
#include "engine/search/iterative_deepening.h"
#include "engine/search/search.h"
#include "engine/search/split_point.h"
#include "engine/task_pool.h"

namespace prunebench {

// A node splits only with this many plies to go, or more.
inline constexpr int MIN_SPLIT_DEPTH = 3;

// One thread's own search state.
template <Tree T>
struct YbwcWorker {
  using Move = typename T::MoveType;
  YbwcWorker(T tree_, const SearchSpec& spec)
      : tree(std::move(tree_)),
        table(spec.tt ? std::make_unique<TranspositionTable<Move>>(
                            TranspositionTable<Move>::with_megabytes(spec.tt_megabytes, spec.mate_distance))
                      : nullptr),
        ctx(tree, counters, spec, table.get()) {}

  T tree;
  SearchCounters counters;
  std::unique_ptr<TranspositionTable<Move>> table;
  SearchContext<T> ctx;
  std::vector<Move> path;  // the moves from the root to the node searched
  SplitPoint<Move, typename T::MoveList>* within = nullptr;  // the split point whose brother it searches
  VirtualProcessor* processor = nullptr;  // the parallel model's processor; nullptr outside it
  // The critical path of the node last searched, in nodes: the node, then its
  // eldest child's path, then the longest of its younger brothers' paths (a
  // PVS probe and its re-search one after the other); below MIN_SPLIT_DEPTH,
  // where nothing splits, every node of the subtree.
  std::uint64_t span = 0;
};

// The parallel model's figures of one search (smp=model, README glossary).
struct ParallelModelFigures {
  std::uint64_t time = 0;  // virtual time: rounds until the main processor was done
  std::uint64_t span = 0;  // the critical path, in nodes (YbwcWorker::span, summed over iterations)
};

template <Tree T, Fail F, ChildWindow W>
class Ybwc {
 public:
  using Move = typename T::MoveType;
  using Point = SplitPoint<Move, typename T::MoveList>;
  using Worker = YbwcWorker<T>;

  // Starts threads - 1 helpers, or with `model` makes as many virtual
  // processors; a thread the system refuses is a std::system_error.
  Ybwc(TreeMaker<T> make_tree, const SearchSpec& spec, int threads, bool model)
      : make_tree_(std::move(make_tree)), spec_(spec) {
    for (int i = 0; i < threads; ++i) workers_.push_back(std::make_unique<Worker>(make_tree_(), spec_));
    if (model) {
      on_virtual_processors(threads);
      return;
    }
    try {
      for (int i = 1; i < threads; ++i) start_thread(helpers_, [this, i] { help(*workers_[std::size_t(i)]); });
    } catch (const std::system_error&) {
      end();
      helpers_.clear();  // joined: they were only waiting
      throw;
    }
  }
  Ybwc(const Ybwc&) = delete;
  Ybwc& operator=(const Ybwc&) = delete;
  ~Ybwc() { end(); }

  const ParallelModelFigures& model() const { return model_; }

  // The search, as search() would run it; then every thread's counters added to `counters`.
  SearchResult<Move> run(int depth, SearchCounters& counters) {
    SearchResult<Move> result;
    if (machine_) {
      const auto main = [&] {
        try {
          search_root(depth, result);
        } catch (...) {
          failure_.keep(std::current_exception());
        }
        end();
      };
      model_.time = machine_->run(main, [this](int i) { help(*workers_[std::size_t(i)]); },
                                  [this] { return board_.joinable(); });
    } else {
      search_root(depth, result);
      end();
      helpers_.clear();
    }
    failure_.rethrow();
    if (!result.pv.empty()) result.best_move = result.pv.front();
    for (const auto& worker : workers_) counters += worker->counters;
    return result;
  }

 private:
  // The main thread's search, from the root.
  void search_root(int depth, SearchResult<Move>& result) {
    Worker& main = *workers_[0];
    const auto root = [&](int d, Score alpha, Score beta, Score) {
      const Score score = node(main, 0, d, alpha, beta, NodeType::PV, true, nullptr);
      model_.span += main.span;
      result.pv = main.ctx.pv.line(0);
      return score;
    };
    try {
      if (spec_.iterative_deepening)
        result.score = iterative_deepening(main.ctx, depth, spec_.aspiration, spec_.mtdf_guess, root,
                                           [&] { return result.pv; });
      else
        result.score = root(depth, -INFINITE_SCORE, INFINITE_SCORE, 0);
    } catch (const SearchStopped&) {
      result.stopped = true;  // never without a stop from outside: every stop below the root is a cut-off's
    }
  }

  // A node, searched as AlphaBeta<T, F, W> would, with its younger brothers
  // shared out once its eldest is done. `brother_of`: the split point this
  // node is a younger brother of, whose rising alpha narrows its beta.
  Score node(Worker& w, int ply, int depth, Score alpha, Score beta, NodeType expected, bool on_pv,
             const Point* brother_of) {
    if (depth < MIN_SPLIT_DEPTH) return serial_node(w, ply, depth, alpha, beta, expected, on_pv);
    SearchContext<T>& ctx = w.ctx;
    enter_node(ctx, ply, depth);
    w.span = 1;
    Score value;
    Move hash_move{};
    if (ctx.tt && probe_table(ctx, ply, depth, alpha, beta, value, hash_move)) return bounded<F>(value, alpha, beta);
    typename T::MoveList moves;
    ctx.tree.generate(moves);
    if (moves.size() == 0) return bounded<F>(terminal_value(ctx, ply), alpha, beta);
    prepare_moves(ctx, moves, ply, depth, hash_move, on_pv);
    const Move pv_move = ctx.previous_pv_move(ply, on_pv);

    const Score original_alpha = alpha;
    Outcome out{eldest(w, moves[0], ply, depth, alpha, beta, expected, on_pv && moves[0] == pv_move)};
    const std::uint64_t eldest_span = w.span;
    if (out.best > alpha) {
      alpha = out.best;
      out.raise(moves[0], 0);
    }
    if (brother_of) beta = narrowed_beta(*brother_of, original_alpha, beta);
    std::uint64_t longest_brother = 0;
    if (alpha < beta && moves.size() > 1) longest_brother = split(w, moves, ply, depth, expected, alpha, beta, out);
    w.span = 1 + eldest_span + longest_brother;
    if (out.cut) record_cutoff(ctx, out.best_move, out.best_index, moves.size(), ply, depth, out.best, alpha, beta);
    else if (alpha >= beta) record_cutoff(ctx, out.best_move, 0, moves.size(), ply, depth, out.best, alpha, beta);
    else record_node_value(ctx, ply, out.best, alpha, beta);
    count_node_types(ctx.counters, expected, out.cut || alpha >= beta ? NodeType::CUT : out.behaved());
    const Score best = bounded<F>(out.best, original_alpha, beta);
    if (ctx.tt) store_table(ctx, ply, depth, best, original_alpha, beta, out.best_move);
    return best;
  }

  // Below MIN_SPLIT_DEPTH: AlphaBeta's own search, whose every node is on the critical path.
  Score serial_node(Worker& w, int ply, int depth, Score alpha, Score beta, NodeType expected, bool on_pv) {
    const std::uint64_t before = w.counters.nodes;
    const Score value = AlphaBeta<T, F, W>(w.ctx).search(ply, depth, alpha, beta, expected, on_pv);
    w.span = w.counters.nodes - before;
    return value;
  }

  // A younger brother's beta once its eldest child is done: lowered to the
  // split point's latest alpha, never to the node's own alpha or below. An
  // empty window has no answer: the node's eldest failed low and the rest is
  // unsearched, so no value of it bounds the node, and a PVS probe's window
  // (alpha, alpha + 1) empties as soon as any brother beats the probe's alpha,
  // a cut-off or not. Only a real cut-off stops the node, as a poll would.
  static Score narrowed_beta(const Point& brother_of, Score alpha, Score beta) {
    if (brother_of.stop.requested.load(std::memory_order_relaxed)) throw SearchStopped{};
    return std::min(beta, std::max(Score(-brother_of.alpha.load()), Score(alpha + 1)));
  }

  // What a node found: its best value, the move that raised alpha last.
  struct Outcome {
    Score best;
    Move best_move{};
    std::size_t best_index = Point::NO_MOVE;
    bool cut = false;
    void raise(Move move, std::size_t index) {
      best_move = move;
      best_index = index;
    }
    NodeType behaved() const { return best_index == Point::NO_MOVE ? NodeType::ALL : NodeType::PV; }
  };

  Score eldest(Worker& w, Move move, int ply, int depth, Score alpha, Score beta, NodeType expected, bool on_pv) {
    w.ctx.tree.make(move);
    w.path.push_back(move);
    const Score value = -node(w, ply + 1, depth - 1, -beta, -alpha, child_type(expected, 0), on_pv, nullptr);
    w.path.pop_back();
    w.ctx.tree.unmake(move);
    if (value > alpha) w.ctx.pv.update(ply, move);
    return value;
  }

  // The younger brothers, shared with whichever helpers are idle; the owner
  // searches brothers too and returns when every brother is done or cut,
  // with the longest of their critical paths.
  std::uint64_t split(Worker& w, const typename T::MoveList& moves, int ply, int depth, NodeType expected, Score& alpha,
             Score beta, Outcome& out) {
    Point point(w.within, w.path, moves, ply, depth, expected, alpha, beta);
    point.best = out.best;
    point.best_index = out.best_index;
    if (out.best_index == 0) point.line = w.ctx.pv.line(ply);
    bool stopped = false;
    {
      const OpenSplit open(board_, point, w.processor);
      stopped = search_brothers(w, point);
    }
    // Stopped from above, the point's results are partial: the owner's claim
    // loop returns early once the stop is seen, and a helper drops the brother
    // it was in, though neither throws here. Returned, the partial best would be
    // stored in the owner's table as the node's bound and read again later (a
    // PVS re-search, a transposition). Only this point's own cut-off completes it.
    if (!point.cut && (stopped || point.stop.requested.load(std::memory_order_relaxed)))
      throw SearchStopped{};
    out.best = point.best;
    out.cut = point.cut;
    if (point.best_index != Point::NO_MOVE && point.best_index != 0) {
      out.raise(moves[point.best_index], point.best_index);
      alpha = point.alpha.load();
      w.ctx.pv.set(ply, point.line);
    }
    return point.longest_brother;
  }

  // Whether a stop ended the owner's brothers; its tree is back at the node either way.
  bool search_brothers(Worker& w, Point& point) {
    Point* const outer = std::exchange(w.within, &point);
    const SearchStop* const outer_stop = std::exchange(w.ctx.stop, &point.stop);
    bool stopped = false;
    try {
      claim_brothers(w, point);
    } catch (const SearchStopped&) {
      stopped = true;
      reset_tree(w, point.path);
    }
    w.within = outer;
    w.ctx.stop = outer_stop;
    return stopped;
  }

  // Takes the point off the board and waits for its helpers, however the owner leaves it.
  struct OpenSplit {
    OpenSplit(SplitBoard<Point>& board_, Point& point_, VirtualProcessor* processor_)
        : board(board_), point(point_), processor(processor_) {
      point.attach();
      board.open(point);
    }
    OpenSplit(const OpenSplit&) = delete;
    OpenSplit& operator=(const OpenSplit&) = delete;
    ~OpenSplit() {
      if (std::uncaught_exceptions() > 0) point.request_stop();
      board.close(point, processor);
      point.detach();
    }
    SplitBoard<Point>& board;
    Point& point;
    VirtualProcessor* const processor;
  };

  void claim_brothers(Worker& w, Point& point) {
    for (std::size_t i; (i = point.next.fetch_add(1)) < point.moves.size();) {
      if (point.stop.requested.load(std::memory_order_relaxed)) return;
      search_brother(w, point, i);
    }
  }

  // One younger brother: searched with the split point's latest alpha (one
  // lower for a root move before the best so far: see the top of the file).
  void search_brother(Worker& w, Point& point, std::size_t i) {
    const Move move = point.moves[i];
    const Score shared = point.alpha.load();
    const Score low = point.ply == 0 && i < best_index(point) ? shared - 1 : shared;
    w.ctx.tree.make(move);
    w.path.push_back(move);
    const Score value = brother_value(w, point, i, low);
    w.path.pop_back();
    w.ctx.tree.unmake(move);
    merge(w, point, i, value, low);
  }

  static std::size_t best_index(Point& point) {
    const std::lock_guard lock(point.mutex);
    return point.best_index;
  }

  // As AlphaBeta's search_child: the full window, or PVS's null-window probe first.
  Score brother_value(Worker& w, Point& point, std::size_t i, Score low) {
    const int ply = point.ply + 1, depth = point.depth - 1;
    const NodeType type = child_type(point.expected, i);
    const Point* const narrows = point.ply == 0 ? nullptr : &point;  // a root tie must stay visible
    if constexpr (W == ChildWindow::NULL_WINDOW_FIRST) {
      const Score probe = -node(w, ply, depth, -low - 1, -low, type, false, narrows);
      if (!(low < probe && probe < point.beta)) return probe;
      ++w.counters.researches;
      const std::uint64_t probe_span = w.span;
      const Score value = -node(w, ply, depth, -point.beta, -low, type, false, narrows);
      w.span += probe_span;
      return value;
    }
    return -node(w, ply, depth, -point.beta, -low, type, false, narrows);
  }

  // A brother's value into the split point: a new best, a raised alpha, a cut-off.
  void merge(Worker& w, Point& point, std::size_t i, Score value, Score low) {
    const std::lock_guard lock(point.mutex);
    point.longest_brother = std::max(point.longest_brother, w.span);
    if (point.cut) return;
    point.best = std::max(point.best, value);
    const Score shared = point.alpha.load();
    const bool earlier_tie = value == shared && point.best_index != Point::NO_MOVE && i < point.best_index;
    if (value <= low || !(value > shared || earlier_tie)) return;
    point.alpha.store(value);
    point.best_index = i;
    point.line = w.ctx.pv.line(point.ply + 1);
    point.line.insert(point.line.begin(), point.moves[i]);
    if (value < point.beta) return;
    point.cut = true;
    point.request_stop_locked();
  }

  // An idle helper's life: join an open split point, search brothers there, repeat.
  void help(Worker& w) {
    while (Point* point = board_.join(w.processor)) {
      w.within = point;
      w.ctx.stop = &point->stop;
      try {
        reset_tree(w, point->path);
        claim_brothers(w, *point);
      } catch (const SearchStopped&) {
      } catch (...) {
        failure_.keep(std::current_exception());
        point->request_stop();
      }
      w.within = nullptr;
      board_.leave(*point);
    }
  }

  // The parallel model: each worker a virtual processor, its node clock
  // ticked through its stop polls (node.h), so the main thread has a stop.
  void on_virtual_processors(int count) {
    machine_ = std::make_unique<VirtualProcessors>(count);
    for (int i = 0; i < count; ++i) {
      Worker& w = *workers_[std::size_t(i)];
      w.processor = &(*machine_)[i];
      w.ctx.clock = w.processor;
    }
    workers_[0]->ctx.stop = &never_stopped_;
  }

  // The search is over: the helpers leave the board.
  void end() { board_.end(); }

  // The worker's tree at the node `path` leads to: a fresh one, since a
  // search that unwound left its tree wherever it was.
  void reset_tree(Worker& w, const std::vector<Move>& path) {
    w.tree = make_tree_();
    for (const Move move : path) w.tree.make(move);
    w.path = path;
  }

  TreeMaker<T> make_tree_;
  const SearchSpec spec_;
  std::vector<std::unique_ptr<Worker>> workers_;
  SplitBoard<Point> board_;
  std::unique_ptr<VirtualProcessors> machine_;
  const SearchStop never_stopped_;
  ParallelModelFigures model_;
  FirstFailure failure_;
  std::vector<std::jthread> helpers_;  // last: joined before the rest is destroyed
};

// search(tree, spec, depth, counters) by YBWC on `threads` threads, each
// with a tree of its own made by make_tree(). Precondition: check_spec and
// parallel_spec_error(spec) are empty.
// spec.smp == Smp::MODEL: on `threads` virtual processors, its figures in `model` if given.
template <Tree T>
SearchResult<typename T::MoveType> ybwc_search(const TreeMaker<T>& make_tree, const SearchSpec& spec,
                                               int depth, SearchCounters& counters, int threads,
                                               ParallelModelFigures* model = nullptr) {
  const auto run = [&]<Fail F, ChildWindow W>() {
    Ybwc<T, F, W> ybwc(make_tree, spec, threads, spec.smp == Smp::MODEL);
    auto result = ybwc.run(depth, counters);
    if (model) *model = ybwc.model();
    return result;
  };
  const bool pvs = spec.algorithm == Algorithm::PVS;
  if (spec.fail == Fail::HARD)
    return pvs ? run.template operator()<Fail::HARD, ChildWindow::NULL_WINDOW_FIRST>()
               : run.template operator()<Fail::HARD, ChildWindow::FULL>();
  return pvs ? run.template operator()<Fail::SOFT, ChildWindow::NULL_WINDOW_FIRST>()
             : run.template operator()<Fail::SOFT, ChildWindow::FULL>();
}

}  // namespace prunebench
