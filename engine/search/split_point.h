// The shared state of a parallel alpha-beta node (ybwc.h): its younger
// brothers, the bound they share, the best result so far, and the helpers
// that join it from the board of open split points.
//
// Locks: a split point's mutex guards its results and its list of nested
// split points; the board's mutex guards the list of open split points and
// every split point's count of helpers. A thread holding a split point's
// lock takes only the locks of split points nested below it, so the order is
// always outer before inner and no two threads wait on each other in a cycle.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <mutex>
#include <vector>

#include "engine/search/node.h"
#include "engine/search/stop.h"
#include "engine/search/virtual_processors.h"
#include "engine/types.h"

#if defined(__SANITIZE_THREAD__)
#define PRUNEBENCH_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PRUNEBENCH_TSAN 1
#endif
#endif
#ifdef PRUNEBENCH_TSAN
#include <sanitizer/tsan_interface.h>
#endif

namespace prunebench {

// A std::mutex that tells ThreadSanitizer when it is gone. std::mutex's
// destructor is trivial, so ThreadSanitizer never learns of it: a split
// point's mutex at an old one's stack address inherits the old one's lock
// order, and nested the other way round reads as a lock-order inversion
// that no two live mutexes ever had.
class SplitPointMutex : public std::mutex {
 public:
  SplitPointMutex() = default;
  SplitPointMutex(const SplitPointMutex&) = delete;
  SplitPointMutex& operator=(const SplitPointMutex&) = delete;
#ifdef PRUNEBENCH_TSAN
  ~SplitPointMutex() { __tsan_mutex_destroy(this, 0); }
#endif
};

template <typename Move, typename MoveList>
struct SplitPoint {
  static constexpr std::size_t NO_MOVE = std::numeric_limits<std::size_t>::max();

  SplitPoint(SplitPoint* parent_, std::vector<Move> path_, const MoveList& moves_, int ply_, int depth_,
             NodeType expected_, Score alpha_, Score beta_)
      : parent(parent_), path(std::move(path_)), moves(moves_), ply(ply_), depth(depth_), expected(expected_),
        alpha(alpha_), beta(beta_) {}

  SplitPoint* const parent;      // the split point this node lies below, nullptr at the top
  const std::vector<Move> path;  // the moves from the root to this node
  const MoveList moves;          // ordered; moves[0], the eldest brother, is already searched
  const int ply, depth;
  const NodeType expected;           // the node's Knuth-Moore type
  std::atomic<std::size_t> next{1};  // the next brother not yet claimed
  std::atomic<Score> alpha;          // raised by every brother that beats it, read by the others
  const Score beta;
  // A cut-off here, or above: every search below it unwinds (node.h, poll_stop).
  SearchStop stop;
  int helpers = 0;  // threads other than the owner searching a brother (the board's lock)

  // The results, under `mutex`.
  SplitPointMutex mutex;
  Score best = -INFINITE_SCORE;
  std::size_t best_index = NO_MOVE;  // the brother that raised alpha last, NO_MOVE if none
  std::vector<Move> line;            // its line, from this node
  bool cut = false;
  std::vector<SplitPoint*> nested;   // split points below this one still running
  // The parallel model's critical path (ybwc.h, YbwcWorker::span): the
  // longest of the younger brothers' paths.
  std::uint64_t longest_brother = 0;

  // Asks every search below this node to unwind, nested split points included.
  void request_stop() {
    const std::lock_guard lock(mutex);
    request_stop_locked();
  }
  void request_stop_locked() {
    stop.requested.store(true, std::memory_order_relaxed);
    for (SplitPoint* inner : nested) inner->request_stop();
  }

  void attach() {
    if (!parent) return;
    const std::lock_guard lock(parent->mutex);
    parent->nested.push_back(this);
    if (parent->stop.requested.load(std::memory_order_relaxed)) stop.requested.store(true);
  }
  void detach() {
    if (!parent) return;
    const std::lock_guard lock(parent->mutex);
    parent->nested.erase(std::find(parent->nested.begin(), parent->nested.end(), this));
  }
};

// The split points with brothers left to claim, and the idle helpers waiting
// for one. In the parallel model a helper waits at its processor's turns
// (virtual_processors.h) instead of on a condition variable; `processor` is
// nullptr outside the model.
template <typename Point>
class SplitBoard {
 public:
  void open(Point& point) {
    {
      const std::lock_guard lock(mutex_);
      open_.push_back(&point);
    }
    wake_.notify_all();
  }

  // Takes `point` off the board and waits for its helpers to finish:
  // afterwards no thread refers to it.
  void close(Point& point, VirtualProcessor* processor) {
    std::unique_lock lock(mutex_);
    open_.erase(std::remove(open_.begin(), open_.end(), &point), open_.end());
    if (!processor) return finished_.wait(lock, [&] { return point.helpers == 0; });
    lock.unlock();
    processor->wait_until([&] {
      const std::lock_guard relock(mutex_);
      return point.helpers == 0;
    });
  }

  // An idle helper's next split point (its helpers count already raised), or
  // nullptr once the search is over.
  Point* join(VirtualProcessor* processor) {
    if (processor) processor->wait_until([this] { return joinable(); });
    std::unique_lock lock(mutex_);
    // The point found is kept, not looked for again: a point's next brother
    // and stop are atomics that change without this lock, so a second look
    // may find none.
    Point* point = nullptr;
    wake_.wait(lock, [&] { return over_ || (point = claimable()) != nullptr; });
    if (over_) return nullptr;
    ++point->helpers;
    return point;
  }

  void leave(Point& point) {
    {
      const std::lock_guard lock(mutex_);
      --point.helpers;
    }
    finished_.notify_all();
  }

  // Whether join() would return now.
  bool joinable() {
    const std::lock_guard lock(mutex_);
    return over_ || claimable() != nullptr;
  }

  void end() {
    {
      const std::lock_guard lock(mutex_);
      over_ = true;
    }
    wake_.notify_all();
  }

 private:
  Point* claimable() const {
    for (Point* point : open_)
      if (point->next.load() < point->moves.size() && !point->stop.requested.load()) return point;
    return nullptr;
  }

  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  std::vector<Point*> open_;
  bool over_ = false;
};

}  // namespace prunebench
