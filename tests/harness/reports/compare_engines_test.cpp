// compare for external engines' records: each side's engine named, a changed
// engine refused, and a count that moved called "changed", not improved.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "harness/commands/commands.h"
#include "harness/io/json_io.h"
#include "harness/reports/compare.h"
#include "harness/reports/compare_report.h"
#include "tests/harness/commands/command_call.h"
#include "tests/harness/run_fixtures.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;
using testing::expect_contains;

// A run of one engine mode `sf` at depths 1 and 2 from the start position.
json engine_run(const std::string& id_name, const std::string& hash, std::vector<std::uint64_t> nodes) {
  json records = json::array();
  for (std::size_t i = 0; i < nodes.size(); ++i)
    records.push_back({{"position_id", "start"},
                       {"depth", int(i) + 1},
                       {"mode", "sf"},
                       {"spec",
                        {{"algorithm", "uci-engine"},
                         {"engine", "sf"},
                         {"command", "/usr/games/stockfish"},
                         {"id_name", id_name},
                         {"options", {{"Hash", hash}, {"Threads", "1"}}},
                         {"searches", 2}}},
                       {"counters", {{"nodes", nodes[i]}}}});
  return {{"schema_version", 1}, {"kind", "run"}, {"context", json::object()},
          {"positions", json::array()}, {"records", records}};
}

CompareReport compare(const json& base, const json& fresh, CompareOptions options = {}) {
  const CompareResult result = compare_runs(base, fresh, options);
  EXPECT_TRUE(result.ok()) << result.error;
  return result.value;
}

const std::string STOCKFISH_16MB = "Stockfish 15.1 (/usr/games/stockfish; Hash=16, Threads=1; 2 searches a record)";

TEST(CompareEngines, TheHeaderNamesTheEngineOfEachSide) {
  const CompareReport report = compare(engine_run("Stockfish 15.1", "16", {20, 400}),
                                       engine_run("Stockfish 15.1", "16", {20, 400}));
  const std::string markdown = format_markdown(report);
  EXPECT_EQ(markdown.substr(0, markdown.find('\n')), "compare: identical (2 records)");
  expect_contains(markdown, "- engine `sf`: " + STOCKFISH_16MB + " in both runs\n");
}

TEST(CompareEngines, OtherOptionsAreRefusedAndSaidFirst) {
  const CompareReport report = compare(engine_run("Stockfish 15.1", "16", {20, 400}),
                                       engine_run("Stockfish 15.1", "1", {20, 400}));
  EXPECT_TRUE(report.engines_changed());
  EXPECT_TRUE(report.refused());
  const std::string markdown = format_markdown(report);
  EXPECT_EQ(markdown.substr(0, markdown.find('\n')),
            "compare: refused: 1 engine changed; 2 records: 0 regressed, 0 improved, 0 engine records changed, 2 "
            "equal, 0 missing, 0 added; 0 fail");
  expect_contains(markdown, "### REFUSED: an engine differs between the runs");
  expect_contains(markdown, "- `sf`: " + STOCKFISH_16MB + " in base, Stockfish 15.1 (/usr/games/stockfish; "
                            "Hash=1, Threads=1; 2 searches a record) in new\n");
}

TEST(CompareEngines, AnotherEngineUnderTheSameNameIsRefused) {
  const CompareReport report =
      compare(engine_run("Stockfish 15.1", "16", {20}), engine_run("Ethereal 12.00", "16", {20}));
  EXPECT_TRUE(report.refused());
  EXPECT_EQ(report.engines.size(), 1u);
}

TEST(CompareEngines, AllowedChangedEnginesAreComparedButNotIdentical) {
  CompareOptions options;
  options.allow_changed_engines = true;
  const CompareReport report =
      compare(engine_run("Stockfish 15.1", "16", {20, 400}), engine_run("Stockfish 15.1", "1", {20, 400}), options);
  EXPECT_FALSE(report.refused());
  EXPECT_FALSE(report.fails());
  const std::string markdown = format_markdown(report);
  EXPECT_EQ(markdown.rfind("compare: pass: 1 engine changed; ", 0), 0u) << markdown;
  expect_contains(markdown, "### WARNING: an engine differs between the runs");
}

TEST(CompareEngines, ACountThatMovedIsChangedNotImprovedOrRegressed) {
  const CompareReport report = compare(engine_run("Stockfish 15.1", "16", {20, 400}),
                                       engine_run("Stockfish 15.1", "16", {21, 379}));
  EXPECT_EQ(report.changed, 2u);
  EXPECT_EQ(report.improved, 0u);
  EXPECT_EQ(report.regressed, 0u);
  EXPECT_TRUE(report.fails()) << "a count that moved fails under the default tolerances";
  const std::string markdown = format_markdown(report);
  expect_contains(markdown, "2 records: 0 regressed, 0 improved, 2 engine records changed, 0 equal");
  expect_contains(markdown, "| start | 2 | sf | 400 | 379 | -21 | -5.25% | changed |");
  expect_contains(markdown, "(an engine's count that moved: changed)");
  EXPECT_EQ(markdown.find("improved |"), std::string::npos) << markdown;
  const json document = report_json(report, json::object());
  EXPECT_EQ(document["counts"]["changed"], 2);
  EXPECT_EQ(document["records"][0]["status"], "changed");
  EXPECT_EQ(document["totals_by_mode"][0]["direction"], "changed");
  EXPECT_EQ(document["engines"][0]["base"]["id_name"], "Stockfish 15.1");
  EXPECT_EQ(document["engines"][0]["changed"], false);
}

TEST(CompareEngines, TheCommandRefusesLoudlyAndAllowsOnRequest) {
  testing::TempDir dir;
  const std::string base = dir.file("base.json"), fresh = dir.file("new.json");
  ASSERT_EQ(write_json_file(base, engine_run("Stockfish 15.1", "16", {20})), "");
  ASSERT_EQ(write_json_file(fresh, engine_run("Stockfish 15.1", "1", {20})), "");
  const testing::Result refused = testing::call(compare_command, {base, fresh});
  EXPECT_EQ(refused.code, EXIT_CHANGED);
  EXPECT_EQ(refused.err, "error: " + base + " and " + fresh + " measured different engines: `sf` is " +
                             STOCKFISH_16MB + " in base, Stockfish 15.1 (/usr/games/stockfish; Hash=1, Threads=1; "
                             "2 searches a record) in new; pass --allow-changed-engines to compare them anyway\n");
  const testing::Result allowed = testing::call(compare_command, {base, fresh, "--allow-changed-engines"});
  EXPECT_EQ(allowed.code, EXIT_OK) << allowed.err;
  EXPECT_EQ(allowed.err, "");
}

}  // namespace
}  // namespace prunebench::harness
