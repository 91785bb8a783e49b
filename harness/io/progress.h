// A one-line progress bar on stderr for long runs: done/total, elapsed time,
// estimated time left, and the item being worked on.
//
// It draws only when stderr is a terminal, so logs, pipes and CI output stay
// clean; otherwise every call is a cheap no-op. Updates may come from any
// thread. Redraws are throttled so that many fast items do not flood the
// terminal.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <mutex>
#include <string>

namespace prunebench::harness {

struct ProgressSnapshot {
  std::size_t done = 0;
  std::size_t total = 0;
  double elapsed_seconds = 0.0;
  std::string label;  // the item most recently started
};

// The bar's text for `snapshot`, at most `width` characters, e.g.
// "[########------------] 12/30  40%  0:12 elapsed  eta 0:18  kiwipete d5".
std::string format_progress_line(const ProgressSnapshot& snapshot, int width);

class ProgressBar {
 public:
  // Draws on stderr when it is a terminal, sized to the terminal's width.
  explicit ProgressBar(std::size_t total);
  // Draws on `out` when `enabled`, at `width` columns (for tests).
  ProgressBar(std::size_t total, std::ostream& out, bool enabled, int width);
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  ~ProgressBar();

  // Names the item now being worked on.
  void start_item(std::string label);
  // Marks `count` more items finished.
  void advance(std::size_t count = 1);
  // Erases the bar, leaving the cursor at the start of a clean line.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  void draw_locked(bool force);

  std::mutex mutex_;
  std::ostream* out_;
  const bool enabled_;
  bool finished_ = false;
  int width_;
  ProgressSnapshot snapshot_;
  Clock::time_point started_ = Clock::now();
  Clock::time_point last_draw_{};
  bool drawn_ = false;
};

}  // namespace prunebench::harness
