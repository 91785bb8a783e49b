#include "harness/io/progress.h"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <thread>
#include <vector>

namespace prunebench::harness {
namespace {

TEST(FormatProgressLine, BarCountsTimesAndLabel) {
  const std::string line = format_progress_line({12, 30, 12.0, "kiwipete d5"}, 200);
  EXPECT_EQ(line, "[########------------] 12/30  40%  0:12 elapsed  eta 0:18  kiwipete d5");
}

TEST(FormatProgressLine, NoEtaBeforeTheFirstItemOrAfterTheLast) {
  EXPECT_EQ(format_progress_line({0, 4, 3.0, ""}, 200), "[--------------------] 0/4  0%  0:03 elapsed");
  EXPECT_EQ(format_progress_line({4, 4, 3725.0, ""}, 200),
            "[####################] 4/4  100%  1:02:05 elapsed");
}

TEST(FormatProgressLine, FitsTheWidth) {
  const std::string line = format_progress_line({1, 2, 1.0, std::string(300, 'x')}, 80);
  EXPECT_EQ(line.size(), 79u);
}

TEST(ProgressBar, DisabledWritesNothing) {
  std::ostringstream out;
  {
    ProgressBar bar(3, out, ProgressStyle::OFF, 80);
    bar.start_item("a");
    bar.advance();
    bar.finish();
  }
  EXPECT_EQ(out.str(), "");
}

TEST(ProgressBar, DrawsAndErasesItself) {
  std::ostringstream out;
  ProgressBar bar(2, out, ProgressStyle::TERMINAL, 80);
  bar.start_item("first");
  bar.advance(2);  // the last item always redraws, however soon
  EXPECT_NE(out.str().find("2/2  100%"), std::string::npos) << out.str();
  bar.finish();
  const std::string text = out.str();
  EXPECT_EQ(text.substr(text.size() - 4), "\r\x1b[K");
  bar.advance();  // after finish: silent
  EXPECT_EQ(out.str(), text);
}

TEST(ProgressBar, LogsWholeLinesAtItsInterval) {
  std::ostringstream out;
  {
    ProgressBar quiet(2, out, ProgressStyle::LOG, 80, std::chrono::hours(1));
    quiet.start_item("first");
    quiet.advance(2);
  }
  EXPECT_EQ(out.str(), "") << "a run shorter than the interval logs nothing";
  ProgressBar bar(2, out, ProgressStyle::LOG, 80, std::chrono::milliseconds(0));
  bar.start_item("first");
  bar.advance();
  bar.finish();
  const std::string text = out.str();
  EXPECT_EQ(text.find('\r'), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  EXPECT_NE(text.find("1/2  50%"), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
}

TEST(ProgressBar, ConcurrentUpdates) {
  std::ostringstream out;
  constexpr int THREADS = 4, ITEMS = 250;
  ProgressBar bar(THREADS * ITEMS, out, ProgressStyle::TERMINAL, 80);
  std::vector<std::thread> threads;
  for (int t = 0; t < THREADS; ++t) {
    threads.emplace_back([&bar, t] {
      for (int i = 0; i < ITEMS; ++i) {
        bar.start_item("thread " + std::to_string(t));
        bar.advance();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_NE(out.str().find("1000/1000"), std::string::npos);
}

}  // namespace
}  // namespace prunebench::harness
