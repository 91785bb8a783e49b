#include "harness/io/progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace prunebench::harness {

namespace {

constexpr int BAR_CELLS = 20;
constexpr int DEFAULT_WIDTH = 80;
// About ten redraws a second: smooth to the eye, negligible for the run.
constexpr auto REDRAW_INTERVAL = std::chrono::milliseconds(100);
constexpr const char* CLEAR_TO_END_OF_LINE = "\x1b[K";


int terminal_width(int fd) {
  winsize size{};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return DEFAULT_WIDTH;
}

}  // namespace

std::string format_duration(double seconds) {
  const long total = long(seconds + 0.5);
  const long hours = total / 3600, minutes = total / 60 % 60, secs = total % 60;
  char text[32];
  if (hours > 0) {
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", hours, minutes, secs);
  } else {
    std::snprintf(text, sizeof text, "%ld:%02ld", minutes, secs);
  }
  return text;
}

std::string format_progress_line(const ProgressSnapshot& snapshot, int width) {
  const double fraction =
      snapshot.total == 0 ? 1.0 : std::min(1.0, double(snapshot.done) / double(snapshot.total));
  const int filled = int(fraction * BAR_CELLS);
  std::string line = "[";
  line.append(filled, '#').append(BAR_CELLS - filled, '-').append("] ");
  line += std::to_string(snapshot.done) + "/" + std::to_string(snapshot.total) + "  ";
  line += std::to_string(int(fraction * 100)) + "%  ";
  line += format_duration(snapshot.elapsed_seconds) + " elapsed";
  // The ETA assumes the remaining items take as long as the finished ones did.
  if (snapshot.done > 0 && snapshot.done < snapshot.total) {
    const double left =
        snapshot.elapsed_seconds * double(snapshot.total - snapshot.done) / double(snapshot.done);
    line += "  eta " + format_duration(left);
  }
  if (!snapshot.label.empty()) line += "  " + snapshot.label;
  // One column short of the width: writing the last column wraps some terminals.
  const std::size_t limit = std::size_t(std::max(width - 1, 0));
  if (line.size() > limit) line.resize(limit);
  return line;
}

ProgressBar::ProgressBar(std::size_t total)
    : ProgressBar(total, std::cerr, ::isatty(STDERR_FILENO) == 1 ? ProgressStyle::TERMINAL : ProgressStyle::LOG,
                  terminal_width(STDERR_FILENO)) {}

ProgressBar::ProgressBar(std::size_t total, std::ostream& out, ProgressStyle style, int width,
                         std::chrono::milliseconds log_interval)
    : out_(&out), style_(style), enabled_(style != ProgressStyle::OFF), log_interval_(log_interval), width_(width) {
  snapshot_.total = total;
}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::start_item(std::string label) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (finished_) return;
  snapshot_.label = std::move(label);
  draw_locked(false);
}

void ProgressBar::advance(std::size_t count) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (finished_) return;
  snapshot_.done += count;
  // A log gets no line for the end: the caller's summary says it.
  draw_locked(style_ == ProgressStyle::TERMINAL && snapshot_.done >= snapshot_.total);
}

void ProgressBar::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (style_ == ProgressStyle::TERMINAL && drawn_ && !finished_) *out_ << '\r' << CLEAR_TO_END_OF_LINE << std::flush;
  finished_ = true;  // for good: later calls must not redraw
}

void ProgressBar::draw_locked(bool force) {
  const Clock::time_point now = Clock::now();
  if (style_ == ProgressStyle::LOG) {
    // The first line after one interval, not at once: a short run logs nothing.
    if (now - (drawn_ ? last_draw_ : started_) < log_interval_) return;
    snapshot_.elapsed_seconds = std::chrono::duration<double>(now - started_).count();
    *out_ << format_progress_line(snapshot_, width_) << '\n' << std::flush;
    last_draw_ = now;
    drawn_ = true;
    return;
  }
  if (!force && drawn_ && now - last_draw_ < REDRAW_INTERVAL) return;
  snapshot_.elapsed_seconds = std::chrono::duration<double>(now - started_).count();
  *out_ << '\r' << format_progress_line(snapshot_, width_) << CLEAR_TO_END_OF_LINE << std::flush;
  last_draw_ = now;
  drawn_ = true;
}

}  // namespace prunebench::harness
