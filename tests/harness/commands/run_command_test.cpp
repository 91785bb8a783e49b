// prunebench run: records, determinism across thread counts, the checks made
// while running, the journal and --resume, and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "harness/commands/commands.h"
#include "tests/harness/run_call.h"
#include "harness/io/file_lock.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using testing::TempDir;

const std::string SEED = std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/seed.epd";
const std::string BRATKO_KOPEC = std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/bratko-kopec.epd";

using Result = testing::RunResult;
using testing::run;

nlohmann::json without_timing(nlohmann::json records) {
  for (auto& r : records) {
    r.erase("seconds");
    r.erase("nodes_per_second");
  }
  return records;
}

TEST(RunCommand, WritesOneRecordPerPositionDepthAndMode) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const Result r = run({"--suite", SEED, "--depths", "1-3", "--modes", "minimax,unordered,mvv-lva", "--out", out});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  EXPECT_EQ(doc["schema_version"], 1);
  EXPECT_EQ(doc["kind"], "run");
  EXPECT_EQ(doc["context"]["command_line"], nlohmann::json({"prunebench", "run", "--suite", SEED, "--depths", "1-3",
                                                            "--modes", "minimax,unordered,mvv-lva", "--out", out}));
  ASSERT_EQ(doc["records"].size(), 2u * 3u * 3u);
  const auto& first = doc["records"][0];
  EXPECT_EQ(first["position_id"], "start");
  EXPECT_EQ(first["depth"], 1);
  EXPECT_EQ(first["mode"], "minimax");
  EXPECT_EQ(first["counters"]["nodes"], 21);  // reference 000
  EXPECT_EQ(doc["positions"][1]["id"], "middlegame");
  EXPECT_EQ(doc["positions"][1]["perft"], nlohmann::json({1, 32, 959, 31932}));  // independent: perft of the FEN
  EXPECT_EQ(doc["positions"][1]["material"]["balance"], 0);
  EXPECT_FALSE(std::filesystem::exists(out + ".journal")) << "journal removed after a complete run";
  EXPECT_EQ(r.err.rfind("run: 18 records of 2 positions in ", 0), 0u) << r.err;
  EXPECT_TRUE(r.err.ends_with(", written to " + out + "\n")) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1)
      << "only the output is left in its folder (the records' spool has no name)";
}

// Runs `base` with two thread counts and compares the records; returns them.
nlohmann::json expect_same_records(const Args& base, const char* threads_a, const char* threads_b) {
  Args a_args = base, b_args = base;
  a_args.insert(a_args.end(), {"--threads", threads_a});
  b_args.insert(b_args.end(), {"--threads", threads_b});
  const Result a = run(a_args), b = run(b_args);
  EXPECT_EQ(a.code, EXIT_OK) << a.err;
  EXPECT_EQ(b.code, EXIT_OK) << b.err;
  if (a.code != EXIT_OK || b.code != EXIT_OK) return {};
  const auto doc_a = nlohmann::json::parse(a.out), doc_b = nlohmann::json::parse(b.out);
  EXPECT_EQ(without_timing(doc_a["records"]), without_timing(doc_b["records"]));
  EXPECT_EQ(doc_a["positions"], doc_b["positions"]);
  return doc_a;
}

TEST(RunCommand, RecordsDoNotDependOnTheThreadCount) {
  const auto doc = expect_same_records(
      {"--suite", SEED, "--suite", BRATKO_KOPEC, "--depths", "1-2", "--modes", "minimax,mvv-lva,pvs,mtdf"}, "1", "2");
  EXPECT_EQ(doc["records"].size(), 26u * 2u * 4u);
}

// Two positions and three threads: each position's full-width searches run on
// one thread, then on all three once the other position is done; nothing changes.
TEST(RunCommand, SplitFullWidthSearchesChangeNoRecord) {
  const auto doc =
      expect_same_records({"--suite", SEED, "--depths", "1-3", "--modes", "minimax,negamax,minimal,mvv-lva"}, "1", "3");
  EXPECT_EQ(doc["records"].size(), 2u * 3u * 4u);
}

TEST(RunCommand, ResumeReusesJournalledRecords) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const Args args = {"--suite", SEED, "--depths", "1-3", "--modes", "minimax,mvv-lva", "--out", out};
  ASSERT_EQ(run(args).code, EXIT_OK);
  const nlohmann::json complete = nlohmann::json::parse(testing::read_text(out));

  // A journal as a killed run leaves it: the plan line, five finished
  // records, and half a line.
  std::filesystem::remove(out);
  nlohmann::json plan = {{"suites", nlohmann::json::array()}, {"depths", {1, 2, 3}}, {"modes", {"minimax", "mvv-lva"}}};
  plan["suites"].push_back(complete["context"]["suites"][0]["sha256"]);
  std::ostringstream text;
  text << nlohmann::json({{"plan", plan}}).dump() << '\n';
  for (int i = 0; i < 5; ++i) text << nlohmann::json({{"record", complete["records"][i]}}).dump() << '\n';
  text << "{\"record\": {\"position_id\": \"mid";  // the partial line of a kill
  testing::write_text(out + ".journal", text.str());

  const Result fresh = run(args);
  EXPECT_EQ(fresh.code, EXIT_BAD_INPUT) << "an existing journal needs --resume";
  EXPECT_NE(fresh.err.find("--resume"), std::string::npos) << fresh.err;

  Args resume = args;
  resume.push_back("--resume");
  const Result resumed = run(resume);
  ASSERT_EQ(resumed.code, EXIT_OK) << resumed.err;
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  ASSERT_EQ(doc["records"].size(), complete["records"].size());
  for (int i = 0; i < 5; ++i) EXPECT_EQ(doc["records"][i], complete["records"][i]) << "journalled record kept as is";
  EXPECT_EQ(without_timing(doc["records"]), without_timing(complete["records"]));
  EXPECT_NE(resumed.err.find("run: 12 records (5 from the journal) of 2 positions in "), std::string::npos)
      << resumed.err;
}

TEST(RunCommand, ResumeRefusesAJournalOfAnotherPlan) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  testing::write_text(out + ".journal", "{\"plan\":{\"depths\":[1],\"modes\":[\"minimax\"],\"suites\":[\"x\"]}}\n");
  const Result r = run({"--suite", SEED, "--depths", "1-2", "--modes", "minimax", "--out", out, "--resume"});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: " + out + ".journal was written by a run with another plan: it differs in the suites' "
                   "contents, --depths\n");
}

// The reproducer `echo 5 >> OUT.journal` then --resume.
TEST(RunCommand, ResumeRefusesAJournalLineThatIsNotARecord) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const Args args = {"--suite", SEED, "--depths", "1", "--modes", "minimax", "--out", out};
  ASSERT_EQ(run(args).code, EXIT_OK);
  const nlohmann::json complete = nlohmann::json::parse(testing::read_text(out));
  nlohmann::json plan = {
      {"suites", {complete["context"]["suites"][0]["sha256"]}}, {"depths", {1}}, {"modes", {"minimax"}}};
  testing::write_text(out + ".journal", nlohmann::json({{"plan", plan}}).dump() + "\n5\n");
  Args resume = args;
  resume.push_back("--resume");
  const Result r = run(resume);
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: " + out + ".journal:2: not a journal record (expected {\"record\": {...}})\n");
}

// Records made under one --max-nodes are not reused under another.
TEST(RunCommand, ResumeRefusesAnotherMaxNodes) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const Args args = {"--suite", SEED, "--depths", "1-2", "--modes", "minimax", "--out", out};
  Args limited = args;
  limited.insert(limited.end(), {"--max-nodes", "100"});
  ASSERT_EQ(run(limited).code, EXIT_OK);
  ASSERT_FALSE(std::filesystem::exists(out + ".journal"));
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  // The header a limited run writes first, as a run killed right after it leaves it.
  nlohmann::json plan = {{"suites", {doc["context"]["suites"][0]["sha256"]}},
                         {"depths", {1, 2}},
                         {"modes", {"minimax"}},
                         {"max_nodes", 100}};
  testing::write_text(out + ".journal", nlohmann::json({{"plan", plan}}).dump() + "\n");
  Args resume = args;
  resume.push_back("--resume");
  const Result other = run(resume);
  EXPECT_EQ(other.code, EXIT_BAD_INPUT);
  EXPECT_NE(other.err.find("--max-nodes"), std::string::npos) << other.err;
  limited.push_back("--resume");
  const Result same = run(limited);
  EXPECT_EQ(same.code, EXIT_OK) << same.err;
}

// A second run on the same --out is refused while the first holds the journal.
TEST(RunCommand, SecondRunOnTheSameOutIsRefused) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  FileLock rival;
  ASSERT_EQ(rival.acquire(out + ".journal"), "");
  const Result r = run({"--suite", SEED, "--depths", "1", "--modes", "minimax", "--out", out, "--resume"});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: another run is using " + out +
                       ".journal (wait for it to end, or choose another --out)\n");
}

// Files prunebench creates never follow a planted link: not the output's
// temporary (OUT.tmp was a fixed name), not the journal or its lock.
TEST(RunCommand, PlantedLinksAreNotFollowed) {
  TempDir dir;
  const std::string out = dir.file("run.json"), victim = dir.file("victim"), target = dir.file("created");
  testing::write_text(victim, "precious\n");
  std::filesystem::create_symlink(victim, out + ".tmp");
  const Args args = {"--suite", SEED, "--depths", "1", "--modes", "unordered", "--out", out};
  ASSERT_EQ(run(args).code, EXIT_OK);
  EXPECT_EQ(testing::read_text(victim), "precious\n");
  std::filesystem::create_symlink(target, out + ".journal");  // dangling
  const Result r = run(args);
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: " + out + ".journal is a symbolic link (prunebench does not write through links; remove it)\n");
  EXPECT_FALSE(std::filesystem::exists(target));
}

TEST(RunCommand, RefusesAnOutThatIsASuite) {
  TempDir dir;
  const std::string suite = dir.file("my.epd");
  std::filesystem::copy_file(SEED, suite);
  const Result r = run({"--suite", suite, "--depths", "1", "--modes", "unordered", "--out", dir.file("./my.epd")});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: --out " + dir.file("./my.epd") + " names the same file as the input --suite " + suite +
                       " (writing it would overwrite the input; choose another file)\n");
  EXPECT_EQ(testing::read_text(suite), testing::read_text(SEED));
}

TEST(RunCommand, ResumeRefusesAJournalLineNestedTooDeep) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const Args args = {"--suite", SEED, "--depths", "1", "--modes", "unordered", "--out", out, "--list-plan"};
  const nlohmann::json plan = nlohmann::json::parse(run(args).out)["plan"];
  testing::write_text(out + ".journal", nlohmann::json({{"plan", plan}}).dump() + "\n{\"record\":" +
                                            std::string(300000, '[') + std::string(300000, ']') + "}\n");
  const Result r = run({"--suite", SEED, "--depths", "1", "--modes", "unordered", "--out", out, "--resume"});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: " + out + ".journal:2: not a JSON record (nested more than 256 levels deep at byte 266; "
                   "prunebench reads at most 256)\n");
}

// --list-plan prices the plan: the sum of its positions' costs at the documented rate.
TEST(RunCommand, ListPlanEstimatesTheTime) {
  const Result r = run({"--suite", SEED, "--depths", "1-2", "--modes", "unordered", "--threads", "2", "--list-plan"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const nlohmann::json listing = nlohmann::json::parse(r.out);
  double cost = 0.0;
  for (const auto& position : listing["positions"]) cost += position["estimated_cost"].get<double>();
  EXPECT_DOUBLE_EQ(listing["estimate"]["cost"].get<double>(), cost);
  EXPECT_DOUBLE_EQ(listing["estimate"]["seconds"].get<double>(), cost * 10.2e-9 / 2);
  EXPECT_EQ(listing["estimate"]["threads"], 2);
  EXPECT_EQ(r.err.rfind("run: plan of an estimated ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(" on 2 threads (cost model at 10.2 s per 10^9 nodes per thread: an estimate"),
            std::string::npos) << r.err;
}

// A bad --out is found before any search, not after all of them.
TEST(RunCommand, BadOutPathIsRefusedFirst) {
  TempDir dir;
  const Args base = {"--suite", SEED, "--depths", "1", "--modes", "minimax", "--out"};
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "error: --out is empty (name the JSON file to write)\n"},
      {dir.path().string(), "error: --out " + dir.path().string() + " is a directory (name a file in it)\n"},
      {dir.file("no/such/run.json"), "error: --out " + dir.file("no/such/run.json") + ": the directory " +
                                         dir.file("no/such") + " does not exist\n"},
  };
  for (const auto& [out, message] : cases) {
    Args args = base;
    args.push_back(out);
    const Result r = run(args);
    EXPECT_EQ(r.code, EXIT_BAD_INPUT) << out;
    EXPECT_EQ(r.err, message);
  }
}

TEST(RunCommand, WrongPublishedPerftCountFailsTheRun) {
  TempDir dir;
  const std::string suite = dir.file("wrong.epd");
  testing::write_text(suite, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n");  // published: 66
  const Result r = run({"--suite", suite, "--depths", "1-2", "--modes", "minimax"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("perft(2) is 66 but the suite says 67"), std::string::npos) << r.err;
}

TEST(RunCommand, RequireBalancedRefusesUnevenMaterial) {
  TempDir dir;
  const std::string suite = dir.file("uneven.epd");
  // Reference 000's first, mistyped middlegame: black's light-squared bishop is missing.
  testing::write_text(suite, "r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9 id \"typo\";\n");
  const Result r = run({"--suite", suite, "--depths", "1", "--modes", "minimax", "--require-balanced"});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_NE(r.err.find("typo is not balanced (white 4000, black 3670)"), std::string::npos) << r.err;
}

TEST(RunCommand, MaxNodesSkipsLargeFullWidthTrees) {
  const Result r = run({"--suite", SEED, "--depths", "1-3", "--modes", "minimax,mvv-lva", "--max-nodes", "1000"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  // start: minimax d3 has 9,323 nodes; middlegame: d2 has 992 (kept), d3 32,924 (skipped).
  EXPECT_EQ(doc["skipped"].size(), 2u);
  EXPECT_EQ(doc["skipped"][0]["position_id"], "start");
  EXPECT_EQ(doc["skipped"][0]["depth"], 3);
}

// The minimal tree's proof search does not walk the whole tree: a tree too
// large for minimax under --max-nodes still gets its minimal record.
TEST(RunCommand, MaxNodesDoesNotSkipTheMinimalTreeForTheFullTreesSize) {
  const Result r = run({"--suite", SEED, "--depths", "3", "--modes", "minimax,minimal", "--max-nodes", "1000"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["skipped"].size(), 2u);
  for (const auto& skip : doc["skipped"]) EXPECT_EQ(skip["mode"], "minimax");
  ASSERT_EQ(doc["records"].size(), 2u);
  for (const auto& record : doc["records"]) EXPECT_EQ(record["mode"], "minimal");
}

// Without --out the records wait in TMPDIR: one that is no folder is bad
// input, said before any search, not an internal error.
TEST(RunCommand, ATmpdirThatIsNoFolderIsOneLine) {
  const char* saved = std::getenv("TMPDIR");
  const std::string kept = saved ? saved : "";
  ::setenv("TMPDIR", "/nonexistent/folder", 1);
  const Result r = run({"--suite", SEED, "--depths", "1", "--modes", "minimax"});
  if (saved) ::setenv("TMPDIR", kept.c_str(), 1); else ::unsetenv("TMPDIR");
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err.rfind("error: TMPDIR: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(RunCommand, BadInputIsOneLineAndExitCode2) {
  const std::vector<std::pair<Args, std::string>> cases = {
      {{"--suite", "/no/such/file.epd", "--depths", "1"}, "no such file"},
      {{"--suite", SEED, "--depths", "1", "--modes", "minimax,bogus"}, "bogus"},
      {{"--suite", SEED, "--depths", "1", "--modes", "mvv-lva+killers,history"}, "e.g. 'mvv-lva+killers+history'"},
      {{"--suite", SEED}, "--depths is required"},
      {{"--depths", "1"}, "--suite"},
      {{"--suite", SEED, "--depths", "0-3"}, "--depths"},
      {{"--suite", SEED, "--suite", SEED, "--depths", "1"}, "appears twice"},
      {{"--suite", SEED, "--depths", "1", "--frobnicate"}, "unknown option '--frobnicate'"},
      {{"--suite", SEED, "--depths", "1", "--modes", "pvs+nullmove=0"}, "bad value '0' for 'nullmove'"},
      {{"--suite", SEED, "--depths", "1", "--modes", "pvs+nullmove=-1"}, "bad value '-1' for 'nullmove'"},
      {{"--suite", SEED, "--depths", "1", "--modes", "pvs+futility=abc"}, "bad value 'abc' for 'futility'"},
      {{"--suite", SEED, "--depths", "1", "--modes", "pvs+lmr=0"}, "bad value '0' for 'lmr'"},
      {{"--suite", SEED, "--depths", "1", "--modes", "minimax+lmr"}, "apply to alphabeta, pvs and mtdf only"},
      {{"--suite", SEED, "--depths", "1", "--modes", "pvs", "--repeat", "2"}, "--repeat applies to smp=ybwc"},
      {{"--suite", SEED, "--depths", "1", "--modes", "pvs+smp=model+processors=2", "--repeat", "2"},
       "--repeat applies to smp=ybwc"},
      {{"--suite", SEED, "--depths", "1", "--modes", "pvs+smp=ybwc", "--repeat", "0"}, "--repeat"},
  };
  for (const auto& [args, message] : cases) {
    const Result r = run(args);
    EXPECT_EQ(r.code, EXIT_BAD_INPUT) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace prunebench::harness

namespace prunebench::harness {
namespace {

// The parallel model in a run: exact records, the same on any --threads,
// each with the serial figures and the model's.
TEST(RunCommand, ParallelModelRecordsAreExact) {
  const Args args = {"--suite", SEED, "--depths", "3", "--modes",
                     "pvs-id-tt-killers+smp=model+processors=4,mvv-lva+smp=model+processors=16"};
  Args two = args;
  two.insert(two.end(), {"--threads", "2"});
  const Result one_thread = run(args), two_threads = run(two);
  ASSERT_EQ(one_thread.code, EXIT_OK) << one_thread.err;
  ASSERT_EQ(two_threads.code, EXIT_OK) << two_threads.err;
  const auto records = nlohmann::json::parse(one_thread.out)["records"];
  EXPECT_EQ(without_timing(records), without_timing(nlohmann::json::parse(two_threads.out)["records"]));
  for (const auto& record : records) {
    EXPECT_FALSE(record.contains("deterministic"));
    EXPECT_EQ(record["value_differs_from_serial"], false);
    EXPECT_EQ(record["parallel"]["model"]["one_processor_time"], record["parallel"]["serial_nodes"]);
  }
}

// tt-draft=ge is not value-preserving by design: run records how far its
// score is from the fixed-depth value instead of stopping on the mismatch.
TEST(RunCommand, RecordsTheDifferenceOfAModeThatIsNotValuePreserving) {
  TempDir dir;
  const std::string suite = dir.file("wac21.epd");
  testing::write_text(suite, "5rk1/1b3p1p/pp3p2/3n1N2/1P6/P1qB1PP1/3Q3P/4R1K1 w - - id \"WAC.021\";\n");
  const std::string out = dir.file("run.json");
  const Result r = run({"--suite", suite, "--depths", "5", "--modes", "mvv-lva,id-tt+tt-draft=ge", "--out", out});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  ASSERT_EQ(doc["records"].size(), 2u);
  const auto& exact = doc["records"][0];
  const auto& ge = doc["records"][1];
  EXPECT_EQ(exact["score"], 680);
  EXPECT_FALSE(exact.contains("value_differs_from_minimax"));
  EXPECT_EQ(ge["spec"]["tt_draft"], "ge");
  EXPECT_EQ(ge["score"], 130);
  EXPECT_EQ(ge["exact_score"], 680);
  EXPECT_EQ(ge["value_differs_from_minimax"], -550);
}

// qsearch modes return the Q-value: run checks them against each other
// (minimax+qsearch the reference) and not against the fixed-depth modes.
// Rd1 takes the queen d5, defended by e6: fixed-depth 1, Rxd5 is +400
// (500 against 100); with the recapture exd5 played out, -100.
TEST(RunCommand, ChecksQsearchModesOnlyAgainstQsearchModes) {
  TempDir dir;
  const std::string suite = dir.file("rook.epd");
  testing::write_text(suite, "6k1/8/4p3/3q4/8/8/8/3R2K1 w - - id \"rook\";\n");
  const std::string out = dir.file("run.json");
  const Result r = run({"--suite", suite, "--depths", "1", "--modes",
                        "minimax,mvv-lva,minimax+qsearch,pvs-id-tt-killers+qsearch", "--out", out});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  ASSERT_EQ(doc["records"].size(), 4u);
  for (int i : {0, 1}) {
    EXPECT_EQ(doc["records"][i]["score"], 400);
    EXPECT_FALSE(doc["records"][i].contains("value_function"));
    EXPECT_FALSE(doc["records"][i]["counters"].contains("qnodes"));
  }
  for (int i : {2, 3}) {
    EXPECT_EQ(doc["records"][i]["score"], -100);
    EXPECT_EQ(doc["records"][i]["value_function"], "quiescence");
    EXPECT_EQ(doc["records"][i]["spec"]["qsearch"], true);
    EXPECT_GT(doc["records"][i]["counters"]["qnodes"], 0);
  }
  EXPECT_EQ(doc["records"][2]["counters"]["nodes"], doc["records"][0]["counters"]["nodes"]);  // full width
}

// qsearch=checks searches another value function, the Q-value with checks:
// run checks those modes against each other only. WAC.126 at depth 1 is one
// of the positions where the two Q-values differ, so a run that compared
// across them would fail.
TEST(RunCommand, ChecksQsearchWithChecksModesOnlyAgainstEachOther) {
  TempDir dir;
  const std::string suite = dir.file("wac126.epd");
  testing::write_text(suite, "r5r1/pQ5p/1qp2R2/2k1p3/4P3/2PP4/P1P3PP/6K1 w - - id \"WAC.126\";\n");
  const std::string out = dir.file("run.json");
  const Result r = run({"--suite", suite, "--depths", "1", "--modes",
                        "minimax+qsearch,alphabeta+qsearch,minimax+qsearch=checks,pvs-id-tt-killers+qsearch=checks",
                        "--out", out});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const nlohmann::json records = nlohmann::json::parse(testing::read_text(out))["records"];
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0]["score"], records[1]["score"]);
  EXPECT_EQ(records[2]["score"], records[3]["score"]);
  EXPECT_NE(records[0]["score"], records[2]["score"]);
  for (int i : {0, 1}) {
    EXPECT_EQ(records[i]["value_function"], "quiescence");
    EXPECT_FALSE(records[i]["counters"].contains("qsearch_checks"));
  }
  for (int i : {2, 3}) {
    EXPECT_EQ(records[i]["value_function"], "quiescence-checks");
    EXPECT_EQ(records[i]["spec"]["qsearch_checks"], true);
    EXPECT_GT(records[i]["counters"]["qsearch_checks"], 0);
  }
}

// A selective mode is not value-preserving: run does not check its score,
// and its record carries its reference, the same mode without nullmove and
// lmr. From the start at depth 6 the pruned search says 0 (b1a3) where the
// exact search says -100 (b2b3): run goes on, and the reference is the
// plain mode's own record.
TEST(RunCommand, RecordsTheReferenceOfASelectiveMode) {
  TempDir dir;
  const std::string suite = dir.file("start.epd");
  testing::write_text(suite, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n");
  const std::string out = dir.file("run.json");
  const Result r = run({"--suite", suite, "--depths", "6", "--modes",
                        "pvs-id-tt-killers,pvs-id-tt-killers+nullmove=2+lmr", "--out", out});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  ASSERT_EQ(doc["records"].size(), 2u);
  const auto& plain = doc["records"][0];
  const auto& pruned = doc["records"][1];
  EXPECT_FALSE(plain.contains("reference"));
  EXPECT_FALSE(plain["counters"].contains("null_move_tries"));
  EXPECT_EQ(pruned["reference"]["mode"], "pvs-id-tt-killers");
  EXPECT_EQ(pruned["reference"]["score"], plain["score"]);
  EXPECT_EQ(pruned["reference"]["best_move"], plain["best_move"]);
  EXPECT_EQ(pruned["exact_score"], plain["score"]);
  EXPECT_EQ(pruned["spec"]["nullmove"], 2);
  EXPECT_EQ(pruned["spec"]["lmr"], 3);
  EXPECT_GT(pruned["counters"]["null_move_tries"], 0);
  EXPECT_EQ(pruned["value_differs"], pruned["score"] != plain["score"]);
  EXPECT_EQ(pruned["best_move_differs"], pruned["best_move"] != plain["best_move"]);
  EXPECT_EQ(pruned["abs_value_difference"], std::abs(pruned["score"].get<int>() - plain["score"].get<int>()));
  EXPECT_EQ(plain["score"], -100);
  EXPECT_EQ(pruned["score"], 0);
}

}  // namespace
}  // namespace prunebench::harness
