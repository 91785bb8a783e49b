// An external UCI engine driven through a child process: the handshake, a
// search's report, and every way an engine can fail, each one line.
#include <gtest/gtest.h>

#include "harness/engines/uci_engine.h"
#include "tests/harness/engines/fake_engine.h"

namespace prunebench::harness {
namespace {

using namespace std::chrono_literals;
using testing::fake_engine;
using testing::TempDir;

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::string search_error(const std::string& command, std::chrono::milliseconds timeout = 5s) {
  UciEngine engine({"fake", command, {}, {}}, timeout);
  UciReport report;
  return engine.search(START, 1, report);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(UciEngine, ReportsTheLastInfoAndSetsThreadsToOne) {
  TempDir dir;
  UciEngine engine({"fake", fake_engine(dir, "good", testing::GO_WELL), {{"Hash", "2"}}, {}}, 5s);
  UciReport report;
  ASSERT_EQ(engine.search(START, 1, report), "");
  EXPECT_EQ(report.nodes, 42u);
  EXPECT_EQ(report.score_cp, 5);
  EXPECT_EQ(report.seldepth, 3);
  EXPECT_EQ(report.bestmove, "e2e4");
  EXPECT_EQ(engine.id_name(), "Fake 1.0");
  const std::vector<std::pair<std::string, std::string>> sent = {{"Threads", "1"}, {"Hash", "2"}};
  EXPECT_EQ(engine.options_sent(), sent);
  ASSERT_EQ(engine.search(START, 2, report), "") << "the process is reused";
}

TEST(UciEngine, EveryFailureIsOneLine) {
  TempDir dir;
  EXPECT_EQ(search_error("/no/such/engine"), "cannot run '/no/such/engine': No such file or directory");
  EXPECT_TRUE(contains(search_error(fake_engine(dir, "crash", testing::GO_CRASH)),
                       "ended before 'bestmove' (engine killed by signal 11)"));
  // Stopped by prunebench's own timeout: not "killed by signal 9" as if it had crashed.
  EXPECT_EQ(search_error(fake_engine(dir, "hang", testing::GO_HANG), 300ms),
            "no 'bestmove' within 0.3 s (--engine-timeout): prunebench stopped the engine after the timeout");
  EXPECT_EQ(search_error(fake_engine(dir, "hang", testing::GO_HANG), 2s),
            "no 'bestmove' within 2 s (--engine-timeout): prunebench stopped the engine after the timeout");
  EXPECT_TRUE(contains(search_error(fake_engine(dir, "garbage", testing::GO_GARBAGE)),
                       "printed 'h?llo world' during a search"));
  EXPECT_TRUE(contains(search_error(fake_engine(dir, "badmove", testing::GO_BAD_MOVE)),
                       "printed 'bestmove ?\?\?\?' instead of 'bestmove MOVE'"));
  EXPECT_TRUE(contains(search_error(fake_engine(dir, "mute", testing::GO_WELL, "echo 'id name Mute'"), 300ms),
                       "no 'uciok' within 0.3"));
  EXPECT_TRUE(contains(search_error(fake_engine(dir, "exits", testing::GO_WELL, "exit 3")),
                       "ended before 'uciok' (engine exited with code 3)"));
  UciEngine engine({"fake", fake_engine(dir, "good", testing::GO_WELL), {{"Colour", "red"}}, {}}, 5s);
  UciReport report;
  EXPECT_EQ(engine.search(START, 1, report), "offers no option 'Colour'");
}

}  // namespace
}  // namespace prunebench::harness
