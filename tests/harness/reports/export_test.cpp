// prunebench export: a run's node counts in github-action-benchmark's and
// Google Benchmark's formats. Expected values are the fixture's counts
// (tests/harness/fixtures/README.md), added by hand.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "harness/commands/commands.h"
#include "harness/reports/export_formats.h"
#include "harness/io/json_io.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;
using testing::fixture;
using testing::TempDir;

json base_run() { return read_document(fixture("run_base.json"), "run").value; }

TEST(GithubActionBenchmark, ModeAndDepthSumsOverPositions) {
  const ExportResult result = github_action_benchmark(base_run(), false);
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.value.size(), 4u);  // alphabeta and pvs at depths 2 and 3
  EXPECT_EQ(result.value[0], (json{{"name", "alphabeta/depth:2"},
                                      {"unit", "nodes"},
                                      {"value", 61 + 300},
                                      {"extra", "sum over 2 positions"}}));
  EXPECT_EQ(result.value[3]["name"], "pvs/depth:3");
  EXPECT_EQ(result.value[3]["value"], 1100 + 8000);
}

TEST(GithubActionBenchmark, PerRecord) {
  const ExportResult result = github_action_benchmark(base_run(), true);
  ASSERT_EQ(result.value.size(), 8u);
  EXPECT_EQ(result.value[7], (json{{"name", "pvs/depth:3/position:kiwipete"},
                                      {"unit", "nodes"},
                                      {"value", 8000},
                                      {"extra", "position kiwipete"}}));
}

TEST(GoogleBenchmark, NodesInTimesAndCounter) {
  const ExportResult result = google_benchmark(base_run(), false);
  ASSERT_TRUE(result.ok()) << result.error;
  const json& benchmarks = result.value["benchmarks"];
  ASSERT_EQ(benchmarks.size(), 4u);
  const json& first = benchmarks[0];
  EXPECT_EQ(first["name"], "alphabeta/depth:2");
  EXPECT_EQ(first["run_name"], "alphabeta/depth:2");
  EXPECT_EQ(first["run_type"], "iteration");
  EXPECT_EQ(first["real_time"], 361);
  EXPECT_EQ(first["cpu_time"], 361);
  EXPECT_EQ(first["nodes"], 361);
  EXPECT_EQ(first["time_unit"], "ns");
  EXPECT_EQ(first["iterations"], 1);
  EXPECT_EQ(first["repetitions"], 1);
  EXPECT_EQ(result.value["context"]["date"], "2024-05-01T12:00:00Z");
}

// counters.distinct_nodes (run --distinct-nodes) is summed into a user
// counter of its own, only where every record of the benchmark has it.
TEST(GoogleBenchmark, DistinctNodesWhereEveryRecordHasIt) {
  json run = base_run();
  EXPECT_FALSE(google_benchmark(run, false).value["benchmarks"][0].contains("distinct_nodes"));
  // Records 0 and 4 are alphabeta at depth 2 (start 61 nodes, kiwipete 300).
  run["records"][0]["counters"]["distinct_nodes"] = 50u;  // unsigned, as parsed
  EXPECT_FALSE(google_benchmark(run, false).value["benchmarks"][0].contains("distinct_nodes"));
  EXPECT_EQ(google_benchmark(run, true).value["benchmarks"][0]["distinct_nodes"], 50);
  run["records"][4]["counters"]["distinct_nodes"] = 250u;
  EXPECT_EQ(google_benchmark(run, false).value["benchmarks"][0]["distinct_nodes"], 50 + 250);
}

// Every record fits 64 bits, as run writes them; their sum may not, and is
// still exported (as the nearest double beyond 2^64 - 1), never refused.
TEST(Export, SumsPast64BitsAreExported) {
  const std::uint64_t half = std::uint64_t(1) << 63;
  const json run = {{"records",
                     {{{"position_id", "a"}, {"depth", 1}, {"mode", "m"}, {"counters", {{"nodes", half}}}},
                      {{"position_id", "b"}, {"depth", 1}, {"mode", "m"}, {"counters", {{"nodes", half}}}}}}};
  const ExportResult summed = github_action_benchmark(run, false);
  ASSERT_TRUE(summed.ok()) << summed.error;
  EXPECT_EQ(summed.value[0]["value"], 18446744073709551616.0);
  EXPECT_EQ(google_benchmark(run, false).value["benchmarks"][0]["nodes"], 18446744073709551616.0);
  EXPECT_EQ(github_action_benchmark(run, true).value[0]["value"], half);
  EXPECT_EQ(google_benchmark(json{{"records", {json{{"depth", 1}}}}}, true).error,
            "record 0 has no position_id string");
}

struct CommandOutput {
  int status;
  std::string out;
  std::string err;
};

CommandOutput run_export(const Args& args) {
  std::ostringstream out, err;
  const int status = export_command(args, out, err);
  return {status, out.str(), err.str()};
}

TEST(ExportCommand, WritesTheFormat) {
  TempDir dir;
  const std::string path = dir.file("bench.json");
  const CommandOutput written =
      run_export({"--format", "github-action-benchmark", fixture("run_base.json"), "--out", path});
  ASSERT_EQ(written.status, EXIT_OK) << written.err;
  EXPECT_EQ(read_json_file(path).value, github_action_benchmark(base_run(), false).value);
  const CommandOutput printed =
      run_export({"--format", "google-benchmark", fixture("run_base.json"), "--per-record"});
  ASSERT_EQ(printed.status, EXIT_OK) << printed.err;
  EXPECT_EQ(json::parse(printed.out), google_benchmark(base_run(), true).value);
}

TEST(ExportCommand, RefusesToOverwriteItsInput) {
  TempDir dir;
  const std::string path = dir.file("run.json");
  std::filesystem::copy_file(fixture("run_base.json"), path);
  const std::string before = testing::read_text(path);
  const CommandOutput r = run_export({"--format", "google-benchmark", path, "--out", path});
  EXPECT_EQ(r.status, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: --out " + path + " names the same file as the input RUN.json " + path +
                       " (writing it would overwrite the input; choose another file)\n");
  EXPECT_EQ(testing::read_text(path), before);
}

TEST(ExportCommand, BadInput) {
  const CommandOutput format = run_export({"--format", "csv", fixture("run_base.json")});
  EXPECT_EQ(format.status, EXIT_BAD_INPUT);
  EXPECT_EQ(format.err, "error: --format: 'csv' is not github-action-benchmark or google-benchmark\n");
  const CommandOutput kind = run_export({"--format", "google-benchmark", fixture("tree_kind.json")});
  EXPECT_EQ(kind.status, EXIT_BAD_INPUT);
  EXPECT_EQ(kind.err, "error: " + fixture("tree_kind.json") + ": kind is \"tree\", expected \"run\"\n");
  const CommandOutput out = run_export(
      {"--format", "google-benchmark", fixture("run_base.json"), "--out", "/nonexistent/dir/bench.json"});
  EXPECT_EQ(out.status, EXIT_IO_ERROR);
}

}  // namespace
}  // namespace prunebench::harness
