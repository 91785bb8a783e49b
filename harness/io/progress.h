// A one-line progress bar on stderr for long runs: done/total, elapsed time,
// estimated time left, and the item being worked on.
//
// On a terminal it redraws one line in place; in a log (stderr is a file, a
// pipe, a CI job) it prints a whole line every LOG_INTERVAL instead, so a
// long run shows it is alive without flooding the log. Updates may come from
// any thread. Redraws are throttled so that many fast items do not flood the
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

// "0:42", or "1:02:03" from an hour on.
std::string format_duration(double seconds);

// The bar's text for `snapshot`, at most `width` characters, e.g.
// "[########------------] 12/30  40%  0:12 elapsed  eta 0:18  kiwipete d5".
std::string format_progress_line(const ProgressSnapshot& snapshot, int width);

// A log line at most this often (and only when an item finished or started).
constexpr std::chrono::seconds LOG_INTERVAL{30};

enum class ProgressStyle {
  OFF,       // draws nothing
  TERMINAL,  // one line redrawn in place, erased by finish()
  LOG,       // a line of its own every log interval
};

class ProgressBar {
 public:
  // On stderr: TERMINAL sized to the terminal when it is one, else LOG.
  explicit ProgressBar(std::size_t total);
  // On `out`, at `width` columns (for tests).
  ProgressBar(std::size_t total, std::ostream& out, ProgressStyle style, int width,
              std::chrono::milliseconds log_interval = LOG_INTERVAL);
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
  const ProgressStyle style_;
  const bool enabled_;
  const std::chrono::milliseconds log_interval_;
  bool finished_ = false;
  int width_;
  ProgressSnapshot snapshot_;
  Clock::time_point started_ = Clock::now();
  Clock::time_point last_draw_{};
  bool drawn_ = false;
};

}  // namespace prunebench::harness
