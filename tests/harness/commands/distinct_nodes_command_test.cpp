// --distinct-nodes on `search` and `run`: the field beside counters.nodes,
// absent by default and for minimal, the same on every thread count, the
// budget's reason instead of a figure, and the journal's plan.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/commands/commands.h"
#include "tests/harness/commands/command_call.h"
#include "tests/harness/run_call.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using testing::call;
using testing::expect_one_line_error;
using testing::Result;
using testing::TempDir;

const std::string SEED = std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/seed.epd";

nlohmann::json search_json(const Args& args) {
  const Result r = call(search_command, args);
  EXPECT_EQ(r.code, EXIT_OK) << r.err;
  return nlohmann::json::parse(r.out);
}

// From the start position no transposition is possible before ply 3, so
// full-width minimax to depth 2 enters 1 + 20 + 400 distinct pairs: every node.
TEST(DistinctNodesCommand, SearchWritesItBesideNodes) {
  const nlohmann::json json =
      search_json({"--fen", "startpos", "--depth", "2", "--mode", "minimax", "--distinct-nodes", "--json"});
  EXPECT_EQ(json["counters"]["distinct_nodes"], 1 + 20 + 400);
  EXPECT_EQ(json["counters"]["nodes"], 1 + 20 + 400);
  const auto ordered = nlohmann::ordered_json::parse(call(search_command, {"--fen", "startpos", "--depth", "1",
                                                                         "--distinct-nodes", "--json"}).out);
  auto it = ordered["counters"].begin();
  EXPECT_EQ(it.key(), "nodes");
  EXPECT_EQ((++it).key(), "distinct_nodes") << "right after nodes";
  EXPECT_FALSE(json.contains("distinct_nodes_missing"));
}

TEST(DistinctNodesCommand, OffByDefaultAndForMinimal) {
  for (const char* mode : {"id-tt", "mtdf"}) {
    const nlohmann::json json = search_json({"--fen", "startpos", "--depth", "3", "--mode", mode, "--json"});
    EXPECT_FALSE(json["counters"].contains("distinct_nodes")) << mode;
    EXPECT_FALSE(json.contains("distinct_nodes_missing")) << mode;
  }
  const nlohmann::json minimal =
      search_json({"--fen", "startpos", "--depth", "3", "--mode", "minimal", "--distinct-nodes", "--json"});
  EXPECT_FALSE(minimal["counters"].contains("distinct_nodes"));
  EXPECT_FALSE(minimal.contains("distinct_nodes_missing"));
}

// A table mode enters transpositions and re-searched nodes more than once.
TEST(DistinctNodesCommand, TableModeCountsFewerThanItsNodes) {
  for (const char* mode : {"id-tt", "mtdf"}) {
    const nlohmann::json json =
        search_json({"--fen", "startpos", "--depth", "4", "--mode", mode, "--distinct-nodes", "--json"});
    EXPECT_LT(json["counters"]["distinct_nodes"].get<std::uint64_t>(), json["counters"]["nodes"].get<std::uint64_t>())
        << mode;
  }
}

TEST(DistinctNodesCommand, SameOnEveryThreadCount) {
  nlohmann::json counters[2];
  for (int i = 0; i < 2; ++i)
    counters[i] = search_json({"--fen", "startpos", "--depth", "4", "--mode", "negamax", "--threads", i ? "2" : "1",
                               "--distinct-nodes", "--json"})["counters"];
  EXPECT_EQ(counters[0], counters[1]);
  EXPECT_TRUE(counters[0].contains("distinct_nodes"));
}

// Start depth 4 full width enters more than 70,000 distinct pairs: more than
// 1 MB holds. The search stands; only the figure is missing, with a warning.
TEST(DistinctNodesCommand, OverBudgetSaysWhyAndGoesOn) {
  const Result r = call(search_command, {"--fen", "startpos", "--depth", "4", "--mode", "negamax", "--distinct-nodes",
                                         "--distinct-memory", "1", "--json"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_FALSE(json["counters"].contains("distinct_nodes"));
  EXPECT_EQ(json["distinct_nodes_missing"], "needs more than distinct-memory=1 MB");
  EXPECT_EQ(json["counters"]["nodes"], 1 + 20 + 400 + 8902 + 197281);
  EXPECT_EQ(r.err, "warning: no distinct_nodes: needs more than distinct-memory=1 MB\n");
}

TEST(DistinctNodesCommand, BadInput) {
  const Args base = {"--fen", "startpos", "--depth", "2"};
  Args without_flag = base, zero = base, text = base;
  without_flag.insert(without_flag.end(), {"--distinct-memory", "64"});
  zero.insert(zero.end(), {"--distinct-nodes", "--distinct-memory", "0"});
  text.insert(text.end(), {"--distinct-nodes", "--distinct-memory", "lots"});
  expect_one_line_error(call(search_command, without_flag), "--distinct-memory needs --distinct-nodes");
  expect_one_line_error(call(search_command, zero), "--distinct-memory");
  expect_one_line_error(call(search_command, text), "--distinct-memory");
  const testing::RunResult ran = testing::run({"--suite", SEED, "--depths", "1", "--distinct-memory", "64"});
  expect_one_line_error({ran.code, ran.out, ran.err}, "--distinct-memory needs --distinct-nodes");
}

TEST(DistinctNodesCommand, RunRecordsCarryItAndResumeNeedsTheSamePlan) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const Args args = {"--suite", SEED, "--depths", "1-2", "--modes", "minimax,mtdf,minimal", "--out", out,
                     "--distinct-nodes", "--distinct-memory", "16"};
  const auto ran = testing::run(args);
  ASSERT_EQ(ran.code, EXIT_OK) << ran.err;
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  for (const auto& record : doc["records"]) {
    const bool minimal = record["mode"] == "minimal";
    EXPECT_EQ(record["counters"].contains("distinct_nodes"), !minimal) << record.dump();
  }
  EXPECT_EQ(doc["records"][0]["counters"]["distinct_nodes"], 1 + 20);  // start, depth 1, minimax

  // A journal written without --distinct-nodes is another plan.
  nlohmann::json plan = {{"suites", {doc["context"]["suites"][0]["sha256"]}},
                         {"depths", {1, 2}},
                         {"modes", {"minimax", "mtdf", "minimal"}}};
  testing::write_text(out + ".journal", nlohmann::json({{"plan", plan}}).dump() + "\n");
  Args resume = args;
  resume.push_back("--resume");
  const auto refused = testing::run(resume);
  EXPECT_EQ(refused.code, EXIT_BAD_INPUT);
  EXPECT_NE(refused.err.find("--distinct-nodes or --distinct-memory"), std::string::npos) << refused.err;
  plan["distinct_memory"] = 16;
  testing::write_text(out + ".journal", nlohmann::json({{"plan", plan}}).dump() + "\n");
  EXPECT_EQ(testing::run(resume).code, EXIT_OK);
}

TEST(DistinctNodesCommand, RunWarnsOnceWhenRecordsLackIt) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  const auto ran = testing::run({"--suite", SEED, "--depths", "4", "--modes", "negamax", "--out", out,
                                 "--distinct-nodes", "--distinct-memory", "1"});
  ASSERT_EQ(ran.code, EXIT_OK) << ran.err;
  EXPECT_EQ(ran.err.rfind("warning: no distinct_nodes for start depth 4 negamax: needs more than "
                          "distinct-memory=1 MB (and 1 more record); those records say why in "
                          "distinct_nodes_missing\n",
                          0),
            0u)
      << ran.err;
  const nlohmann::json doc = nlohmann::json::parse(testing::read_text(out));
  ASSERT_EQ(doc["records"].size(), 2u);
  for (const auto& record : doc["records"])
    EXPECT_EQ(record["distinct_nodes_missing"], "needs more than distinct-memory=1 MB");
}

}  // namespace
}  // namespace prunebench::harness
