// Shares a list of independent tasks out to threads, for the full-width
// searches that split one tree across threads (perft.cpp, search/split.h).
//
// Work sharing over a fixed list: each thread claims the next unclaimed task
// index until none is left, so a thread that drew small subtrees simply takes
// more of them. Which thread runs a task varies from run to run; callers make
// their results independent of that (each task writes its own slot, and
// per-thread counters are summed after the threads have joined).
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace prunebench {

// The first exception any of a search's threads met, kept to be rethrown on
// the thread that reports the search once the others have joined.
class FirstFailure {
 public:
  void keep(std::exception_ptr failure) {
    const std::lock_guard lock(mutex_);
    if (!failure_) failure_ = failure;
  }
  // After every other thread has joined.
  void rethrow() const {
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr failure_;
};

// Starts a thread running f and appends it to `threads`. A thread the system
// cannot give is a std::system_error whether it lacks a thread or the memory
// for the thread's state (which std::thread allocates with new), so callers
// report one resource failure instead of a bad_alloc they did not expect.
template <typename Thread, typename F>
void start_thread(std::vector<Thread>& threads, F&& f) {
  try {
    threads.emplace_back(std::forward<F>(f));
  } catch (const std::bad_alloc&) {
    throw std::system_error(std::make_error_code(std::errc::not_enough_memory));
  }
}

// Runs body(thread, take) on `threads` threads (the caller's thread is thread
// 0) and returns when all have finished. take() returns the next unclaimed
// task index in [0, count), or count when every task has been claimed.
//
// When the system refuses a thread, refused(error) is called with the
// std::system_error, and the threads already started and the caller's go on
// with the tasks (a caller that must stop them says so through its body);
// without `refused` the error is thrown, once those threads have finished.
template <typename Body, typename Refused>
void share_tasks(std::size_t count, int threads, Body body, Refused refused) {
  std::atomic<std::size_t> next{0};
  const auto take = [&next, count] {
    const std::size_t index = next.fetch_add(1, std::memory_order_relaxed);
    return index < count ? index : count;
  };
  std::vector<std::jthread> helpers;  // joined on the way out, whatever happens
  try {
    for (int thread = 1; thread < threads; ++thread)
      start_thread(helpers, [&body, &take, thread] { body(thread, take); });
  } catch (const std::system_error& error) {
    refused(error);
  }
  body(0, take);
}

template <typename Body>
void share_tasks(std::size_t count, int threads, Body body) {
  share_tasks(count, threads, std::move(body), [](const std::system_error&) { throw; });
}

}  // namespace prunebench
