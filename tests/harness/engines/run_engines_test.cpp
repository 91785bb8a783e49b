// prunebench run with external UCI engines (--engine): records in the run's
// shape, prunebench's own `uci` reproducing its CLI counts, the determinism
// check, and failures that keep every finished record for --resume.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "harness/commands/commands.h"
#include "tests/harness/commands/command_call.h"
#include "tests/harness/engines/fake_engine.h"
#include "tests/harness/run_call.h"

namespace prunebench::harness {
namespace {

using testing::fake_engine;
using testing::TempDir;

const std::string SEED = std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/seed.epd";

using Result = testing::RunResult;
using testing::run;

nlohmann::json run_json(const Args& args) {
  const Result r = run(args);
  EXPECT_EQ(r.code, EXIT_OK) << r.err;
  return r.code == EXIT_OK ? nlohmann::json::parse(r.out) : nlohmann::json();
}

TEST(RunEngines, SelfAsAnEngineReproducesTheCliCounts) {
  const std::string self = std::string("self=") + PRUNEBENCH_BINARY + " uci";
  for (const std::string mode : {"mvv-lva", "pvs-id-tt-killers", "minimax"}) {
    const nlohmann::json cli = run_json({"--suite", SEED, "--depths", "1-3", "--modes", mode});
    const nlohmann::json uci = run_json({"--suite", SEED, "--depths", "1-3", "--engine", self, "--engine-option",
                                         "self:Mode=" + mode, "--engine-repeat", "1"});
    ASSERT_EQ(uci["records"].size(), cli["records"].size());
    for (std::size_t i = 0; i < cli["records"].size(); ++i) {
      const auto &ours = cli["records"][i], theirs = uci["records"][i];
      EXPECT_EQ(theirs["counters"]["nodes"], ours["counters"]["nodes"]) << mode << ' ' << i;
      EXPECT_EQ(theirs["score"], ours["score"]);
      EXPECT_EQ(theirs["best_move"], ours["best_move"]);
      EXPECT_EQ(theirs["pv"], ours["pv"]);
    }
  }
}

TEST(RunEngines, RecordsSayTheNodesAreEngineReported) {
  TempDir dir;
  const nlohmann::json doc = run_json({"--suite", SEED, "--depths", "1-2", "--modes", "mvv-lva", "--engine",
                                       "fake=" + fake_engine(dir, "good", testing::GO_WELL)});
  ASSERT_EQ(doc["records"].size(), 2u * 2u * 2u);
  const nlohmann::json& record = doc["records"][1];
  EXPECT_EQ(record["mode"], "fake");
  EXPECT_EQ(record["counters"], nlohmann::json({{"nodes", 42}}));
  EXPECT_EQ(record["score"], 5);
  EXPECT_EQ(record["spec"]["algorithm"], "uci-engine");
  EXPECT_EQ(record["spec"]["nodes"], "engine-reported");
  EXPECT_EQ(record["spec"]["id_name"], "Fake 1.0");
  EXPECT_EQ(record["spec"]["options"], nlohmann::json({{"Threads", "1"}}));
  EXPECT_EQ(record["engine"]["nodes_per_search"], nlohmann::json({42, 42}));
  EXPECT_EQ(record["engine"]["seldepth"], 3);
}

// cutechess-cli's spellings: option.NAME=VALUE per engine, and one option for
// every engine (-each); an engine's own option is sent later and wins.
TEST(RunEngines, OptionsForEachEngineAndInCutechessSpelling) {
  TempDir dir;
  const std::string fake = fake_engine(dir, "good", testing::GO_WELL);
  const nlohmann::json doc =
      run_json({"--suite", SEED, "--depths", "1", "--engine", "a=" + fake, "--engine", "b=" + fake, "--each-option",
                "option.Hash=4", "--engine-option", "a:option.Hash=2", "--engine-option", "b:Threads=2"});
  ASSERT_EQ(doc["records"].size(), 4u);
  EXPECT_EQ(doc["records"][0]["spec"]["options"], nlohmann::json({{"Threads", "1"}, {"Hash", "2"}}));
  EXPECT_EQ(doc["records"][1]["spec"]["options"], nlohmann::json({{"Threads", "2"}, {"Hash", "4"}}));
}

// An argument with spaces reaches the engine as one argument, and is part of
// what names the engine (its records' spec, the plan).
TEST(RunEngines, AnEngineArgumentKeepsItsSpaces) {
  TempDir dir;
  const std::string echo_argument =
      fake_engine(dir, "echo", testing::GO_WELL, "echo \"id name got [$1] [$2]\"; echo uciok");
  const nlohmann::json doc = run_json({"--suite", SEED, "--depths", "1", "--engine", "e=" + echo_argument + " -x",
                                       "--engine-arg", "e=two words"});
  ASSERT_EQ(doc["records"].size(), 2u);
  EXPECT_EQ(doc["records"][0]["spec"]["id_name"], "got [-x] [two words]");
  EXPECT_EQ(doc["records"][0]["spec"]["arguments"], nlohmann::json({"two words"}));
}

TEST(RunEngines, DifferentNodeCountsAreKeptAndFlagged) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const std::string counting = fake_engine(dir, "counting", testing::GO_COUNTING);
  const std::string steady = fake_engine(dir, "fake", testing::GO_WELL);
  const Result r = run({"--suite", SEED, "--depths", "1", "--engine", "counting=" + counting, "--engine",
                        "steady=" + steady, "--out", out});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  EXPECT_EQ(r.err.substr(0, r.err.find('\n') + 1),
            "warning: engine 'counting' at start depth 1: not deterministic: search 1 reported 1 nodes, search 2 "
            "2 (and 1 more record); kept with engine.deterministic false (--strict-engines stops the run "
            "instead)\n");
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  ASSERT_EQ(doc["records"].size(), 4u) << "the other engine and the other position went on";
  EXPECT_EQ(doc["records"][0]["mode"], "counting");
  EXPECT_EQ(doc["records"][0]["engine"]["deterministic"], false);
  EXPECT_EQ(doc["records"][0]["engine"]["nodes_per_search"].size(), 2u);
  EXPECT_EQ(doc["records"][1]["mode"], "steady");
  EXPECT_EQ(doc["records"][1]["engine"]["deterministic"], true);
}

TEST(RunEngines, StrictEnginesStopAtNonDeterminism) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const Result r = run({"--suite", SEED, "--depths", "1", "--strict-engines", "--engine",
                        "counting=" + fake_engine(dir, "counting", testing::GO_COUNTING), "--out", out});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err, "error: check failed: engine 'counting' at start depth 1: not deterministic: search 1 "
                   "reported 1 nodes, search 2 2\n");
  // The record was not journalled and none finished: no journal to block the next run.
  EXPECT_FALSE(std::filesystem::exists(out + ".journal"));
  EXPECT_EQ(run({"--suite", SEED, "--depths", "1", "--engine-repeat", "1", "--strict-engines", "--engine",
                 "counting=" + fake_engine(dir, "counting", testing::GO_COUNTING)})
                .code,
            EXIT_OK);
}

TEST(RunEngines, AFailingEngineKeepsFinishedRecordsForResume) {
  TempDir dir;
  const std::string flag = dir.file("crash-now");
  // Crashes on the middlegame (white to move, move 9) while the flag file exists.
  const std::string engine = fake_engine(
      dir, "flaky", "if [ -e " + flag + " ] && [ \"$fen\" != \"${fen% 0 9}\" ]; then kill -SEGV $$; fi; " +
                        testing::GO_WELL);
  testing::write_text(flag, "");
  const std::string out = dir.file("run.json");
  const Args args = {"--suite", SEED, "--depths", "1-2", "--engine", "flaky=" + engine, "--out", out};
  const Result failed = run(args);
  EXPECT_EQ(failed.code, EXIT_BAD_INPUT);
  EXPECT_EQ(failed.err.rfind("error: engine 'flaky' at middlegame depth 1: ended before 'bestmove' (engine killed by "
                             "signal 11) (finished records are kept in ",
                             0),
            0u)
      << failed.err;
  std::filesystem::remove(flag);
  Args resume = args;
  resume.push_back("--resume");
  const Result resumed = run(resume);
  ASSERT_EQ(resumed.code, EXIT_OK) << resumed.err;
  EXPECT_EQ(nlohmann::json::parse(testing::read_text(out))["records"].size(), 4u);
}

// A mate score (or no score, as Toga II reports at low depths) is a record the
// run schema allows: --resume and merge must take it as run wrote it.
TEST(RunEngines, MateScoresResumeAndMerge) {
  TempDir dir;
  const std::string flag = dir.file("crash-now");
  const std::string go_mate = "echo 'info depth 1 nodes 10 score mate 2 pv e2e4'; echo 'bestmove e2e4'";
  const std::string engine = fake_engine(
      dir, "mate", "if [ -e " + flag + " ] && [ \"$fen\" != \"${fen% 0 9}\" ]; then kill -SEGV $$; fi; " + go_mate);
  testing::write_text(flag, "");
  const std::string out = dir.file("run.json");
  const Args args = {"--suite", SEED, "--depths", "1", "--engine", "me=" + engine, "--out", out};
  ASSERT_EQ(run(args).code, EXIT_BAD_INPUT);
  std::filesystem::remove(flag);
  Args resume = args;
  resume.push_back("--resume");
  const Result resumed = run(resume);
  ASSERT_EQ(resumed.code, EXIT_OK) << resumed.err;
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  ASSERT_EQ(doc["records"].size(), 2u);
  EXPECT_EQ(doc["records"][0]["score_mate"], 2);
  EXPECT_FALSE(doc["records"][0].contains("score"));

  std::vector<std::string> shards;
  for (const char* k : {"1/2", "2/2"}) {
    shards.push_back(dir.file(std::string("shard") + k[0] + ".json"));
    ASSERT_EQ(run({"--suite", SEED, "--depths", "1", "--engine", "me=" + engine, "--shard", k, "--out", shards.back()})
                  .code,
              EXIT_OK);
  }
  std::ostringstream merged, merge_err;
  ASSERT_EQ(merge_command({shards[0], shards[1]}, merged, merge_err), EXIT_OK) << merge_err.str();
  EXPECT_EQ(nlohmann::json::parse(merged.str())["records"].size(), 2u);
}

// A mistyped engine is found before the first search and leaves no journal
// to block the corrected command; so does one that fails before any record.
TEST(RunEngines, AnEngineThatNeverWorkedLeavesNoJournal) {
  TempDir dir;
  const std::string out = dir.file("x.json");
  const Result missing =
      run({"--suite", SEED, "--depths", "1", "--engine", "me=" + dir.file("nonexistent"), "--out", out});
  EXPECT_EQ(missing.code, EXIT_BAD_INPUT);
  EXPECT_EQ(missing.err.rfind("error: engine 'me': cannot run '", 0), 0u) << missing.err;
  EXPECT_FALSE(std::filesystem::exists(out + ".journal"));
  const std::string mute = fake_engine(dir, "mute", testing::GO_WELL, "echo 'id name Mute'");
  EXPECT_EQ(run({"--suite", SEED, "--depths", "1", "--engine", "me=" + mute, "--engine-timeout", "0.2", "--out", out})
                .code,
            EXIT_BAD_INPUT);
  EXPECT_FALSE(std::filesystem::exists(out + ".journal"));
  const std::string crash = fake_engine(dir, "crash", testing::GO_CRASH);
  EXPECT_EQ(run({"--suite", SEED, "--depths", "1", "--engine", "me=" + crash, "--out", out}).code, EXIT_BAD_INPUT);
  EXPECT_FALSE(std::filesystem::exists(out + ".journal")) << "no record finished";
  const Result fixed = run({"--suite", SEED, "--depths", "1", "--engine",
                            "me=" + fake_engine(dir, "good", testing::GO_WELL), "--out", out});
  EXPECT_EQ(fixed.code, EXIT_OK) << fixed.err;
}

TEST(RunEngines, BadEngineArguments) {
  const auto error = [](const Args& extra) {
    Args args = {"--suite", SEED, "--depths", "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args).err;
  };
  EXPECT_EQ(error({"--engine", "sf"}), "error: --engine: 'sf' is not NAME=COMMAND (NAME without = : , + or spaces)\n");
  EXPECT_EQ(error({"--engine", "a=x", "--engine", "a=y"}), "error: --engine: the name 'a' is already a mode or engine\n");
  EXPECT_EQ(error({"--engine", "minimax=x"}),
            "error: --engine: the name 'minimax' is a built-in mode of prunebench (choose another name)\n");
  EXPECT_EQ(error({"--modes", "pvs", "--engine", "mvv-lva=x"}),
            "error: --engine: the name 'mvv-lva' is a built-in mode of prunebench (choose another name)\n");
  EXPECT_EQ(error({"--engine", "a=x", "--engine-option", "b:Hash=1"}), "error: --engine-option: no --engine named 'b'\n");
  EXPECT_EQ(error({"--engine", "a=x", "--engine-option", "a:Hash=1\nquit"}),
            "error: --engine-option: 'a:Hash=1\\x0Aquit' holds a line break (a UCI option is one line)\n");
  EXPECT_EQ(error({"--engine", "a=x", "--engine-option", "a:Hash=1\rgo"}),
            "error: --engine-option: 'a:Hash=1\\x0Dgo' holds a line break (a UCI option is one line)\n");
  EXPECT_EQ(error({"--engine", "a=x", "--engine-option", "a:Hash"}),
            "error: --engine-option: 'a:Hash' is not NAME:OPTION=VALUE\n");
  EXPECT_EQ(error({"--engine", "a=x", "--each-option", "Hash"}), "error: --each-option: 'Hash' is not OPTION=VALUE\n");
  EXPECT_EQ(error({"--engine", "a=x", "--engine-arg", "b=1"}), "error: --engine-arg: no --engine named 'b'\n");
  EXPECT_EQ(error({"--engine", "a=x", "--engine-arg", "a"}), "error: --engine-arg: 'a' is not NAME=ARG\n");
  EXPECT_EQ(run({"--suite", SEED, "--depths", "1", "--engine", "nope=/no/such/engine"}).err,
            "error: engine 'nope': cannot run '/no/such/engine': No such file or directory\n");
}

}  // namespace
}  // namespace prunebench::harness

namespace prunebench::harness {
namespace {

using BenchResult = testing::Result;

BenchResult bench(const Args& args) { return testing::call(bench_command, args); }

TEST(BenchEngine, AnEnginesNodesMakeTheSignature) {
  TempDir dir;
  const BenchResult r = bench({"--suite", SEED, "--engine", "fake=" + fake_engine(dir, "fake", testing::GO_WELL)});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  EXPECT_NE(r.out.find("\nengine fake (Fake 1.0), depth 5, 2 positions\n"), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.ends_with("\nNodes searched: 84\n")) << r.out;  // 42 a position
  EXPECT_NE(r.out.find("           42         5  e2e4\n"), std::string::npos) << r.out;
}

TEST(BenchEngine, ANonDeterministicEngineHasNoSignature) {
  TempDir dir;
  const BenchResult r =
      bench({"--suite", SEED, "--engine", "counting=" + fake_engine(dir, "counting", testing::GO_COUNTING)});
  EXPECT_EQ(r.code, EXIT_CHANGED);
  EXPECT_EQ(r.err, "error: engine 'counting' at start: not deterministic: search 1 reported 1 nodes, search 2 2; "
                   "no signature\n");
  EXPECT_EQ(r.out.find("Nodes searched"), std::string::npos) << r.out;
}

TEST(BenchEngine, NoLegalMoveAndNoCountIsZeroNodes) {
  TempDir dir;
  const std::string none = fake_engine(dir, "none", "echo 'info depth 0 score mate 0'; echo 'bestmove (none)'");
  const BenchResult r = bench({"--suite", SEED, "--engine", "none=" + none});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  EXPECT_TRUE(r.out.ends_with("\nNodes searched: 0\n")) << r.out;
  EXPECT_NE(r.out.find("    mate 0  none\n"), std::string::npos) << r.out;
}

TEST(BenchEngine, BadInput) {
  TempDir dir;
  const std::string fake = fake_engine(dir, "fake", testing::GO_WELL);
  for (const auto& [args, message] : std::vector<std::pair<Args, std::string>>{
           {{"--engine", "a=" + fake, "--engine", "b=" + fake}, "one engine at a time"},
           {{"--engine", "a=" + fake, "--mode", "pvs"}, "not both"},
           {{"--engine", "a=/no/such/engine"}, "engine 'a'"},
           {{"--engine", "a=" + fake, "--engine-option", "b:Hash=1"}, "no --engine named 'b'"}}) {
    const BenchResult r = bench(args);
    EXPECT_EQ(r.code, EXIT_BAD_INPUT) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace prunebench::harness
