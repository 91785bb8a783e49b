// The `compare` command (harness/commands/compare_command.cpp): its options, files and exit statuses.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "harness/commands/commands.h"
#include "harness/io/json_io.h"
#include "tests/harness/commands/command_call.h"
#include "tests/harness/run_fixtures.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;
using testing::load_run_fixture;
using testing::expect_contains;
using testing::fixture;
using testing::read_text;
using testing::TempDir;

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

testing::Result run_compare(const Args& args) { return testing::call(compare_command, args); }

// A report written over an input would lose the run it was made from.
TEST(CompareCommand, RefusesAnOutputThatIsAnInput) {
  TempDir dir;
  const std::string base = dir.file("base.json");
  std::filesystem::copy_file(fixture("run_base.json"), base);
  const std::string before = testing::read_text(base);
  const testing::Result over_input = run_compare({base, fixture("run_same_nodes.json"), "--json", dir.file("./base.json")});
  EXPECT_EQ(over_input.code, EXIT_BAD_INPUT);
  EXPECT_EQ(over_input.err.rfind("error: --json " + dir.file("./base.json") + " names the same file as the input "
                                 "BASE.json " + base, 0),
            0u)
      << over_input.err;
  EXPECT_EQ(testing::read_text(base), before);
  const std::string report = dir.file("report");
  const testing::Result two_outputs =
      run_compare({base, fixture("run_same_nodes.json"), "--json", report, "--markdown", report});
  EXPECT_EQ(two_outputs.code, EXIT_BAD_INPUT);
  EXPECT_EQ(two_outputs.err, "error: --markdown and --json name one file, " + report + " (choose two files)\n");
}

TEST(CompareCommand, EqualRunsExitZero) {
  const testing::Result result = run_compare({fixture("run_base.json"), fixture("run_same_nodes.json")});
  EXPECT_EQ(result.code, EXIT_OK);
  EXPECT_EQ(first_line(result.out), "compare: identical (8 records)");
  EXPECT_EQ(result.err, "");
}

TEST(CompareCommand, FailingRecordsExitOne) {
  const testing::Result result = run_compare({fixture("run_base.json"), fixture("run_changed.json")});
  EXPECT_EQ(result.code, EXIT_CHANGED);
  EXPECT_EQ(first_line(result.out),
            "compare: fail: 9 records: 1 regressed, 0 improved, 6 equal, 1 missing, 1 added; 2 fail");
  expect_contains(result.out, "| kiwipete | 3 | alphabeta | 9,000 | 9,900 | +900 | +10.00% | regressed |");
  EXPECT_EQ(result.err, "");
}

TEST(CompareCommand, ToleranceOptions) {
  const std::string base = fixture("run_base.json"), small = fixture("run_small_change.json");
  EXPECT_EQ(run_compare({base, small}).code, EXIT_CHANGED);
  // --tolerance is both limits at once.
  EXPECT_EQ(run_compare({base, small, "--tolerance", "1"}).code, EXIT_OK);
  EXPECT_EQ(run_compare({base, small, "--tolerance=0.1"}).code, EXIT_CHANGED);
  EXPECT_EQ(run_compare({base, small, "--max-increase", "0.1", "--max-decrease", "any"}).code, EXIT_OK);
  EXPECT_EQ(run_compare({base, small, "--max-increase", "0.1"}).code, EXIT_CHANGED);
  EXPECT_EQ(run_compare({base, small, "--max-increase", "any", "--max-decrease", "0.625"}).code, EXIT_OK);
  const std::string changed = fixture("run_changed.json");
  EXPECT_EQ(run_compare({base, changed, "--max-increase", "10"}).code, EXIT_CHANGED);  // still one missing
}

TEST(CompareCommand, MarkdownFileMatchesStdout) {
  TempDir dir;
  const std::string report = dir.file("report.md");
  const testing::Result result =
      run_compare({fixture("run_base.json"), fixture("run_changed.json"), "--markdown", report});
  EXPECT_EQ(result.code, EXIT_CHANGED);
  EXPECT_EQ(read_text(report), result.out);
}

TEST(CompareCommand, JsonReport) {
  TempDir dir;
  const std::string path = dir.file("report.json");
  const testing::Result result = run_compare(
      {fixture("run_base.json"), fixture("run_changed.json"), "--json", path, "--max-decrease", "any"});
  EXPECT_EQ(result.code, EXIT_CHANGED);
  const JsonReadResult report = read_document(path, "compare");
  ASSERT_TRUE(report.ok()) << report.error;
  const json& doc = report.value;
  EXPECT_EQ(doc["verdict"], "fail");
  EXPECT_EQ(doc["summary"], first_line(result.out));
  EXPECT_EQ(doc["tolerances"]["max_increase_percent"], 0.0);
  EXPECT_TRUE(doc["tolerances"]["max_decrease_percent"].is_null());
  EXPECT_EQ(doc["counts"], (json{{"records", 9},
                                 {"equal", 6},
                                 {"improved", 0},
                                 {"regressed", 1},
                                 {"changed", 0},
                                 {"missing", 1},
                                 {"added", 1},
                                 {"failing", 2}}));
  EXPECT_EQ(doc["base"]["provenance"]["git_commit"], "1111111111111111111111111111111111111111");
  EXPECT_EQ(doc["context"]["command_line"][1], "compare");
  ASSERT_EQ(doc["records"].size(), 3u);  // equal records are left out
  EXPECT_EQ(doc["records"][0], (json{{"position_id", "start"},
                                     {"depth", 2},
                                     {"mode", "pvs"},
                                     {"status", "missing"},
                                     {"fails", true},
                                     {"base_nodes", 63},
                                     {"new_nodes", nullptr}}));
  EXPECT_EQ(doc["records"][1], (json{{"position_id", "kiwipete"},
                                     {"depth", 3},
                                     {"mode", "alphabeta"},
                                     {"status", "regressed"},
                                     {"fails", true},
                                     {"base_nodes", 9000},
                                     {"new_nodes", 9900},
                                     {"direction", "regressed"},
                                     {"difference", 900},
                                     {"percent", 10.0}}));
  EXPECT_EQ(doc["totals_by_mode"][0]["difference"], 900);
  EXPECT_EQ(doc["totals_by_depth"][1]["depth"], 3);
}

TEST(CompareCommand, ChangedSuiteIsRefusedLoudly) {
  TempDir dir;
  json edited = load_run_fixture("run_same_nodes.json");
  edited["context"]["suites"][0]["sha256"] = std::string(64, '1');
  const std::string path = dir.file("edited.json");
  ASSERT_EQ(write_json_file(path, edited), "");
  const std::string base = fixture("run_base.json");
  const testing::Result refused = run_compare({base, path});
  EXPECT_EQ(refused.code, EXIT_CHANGED);
  EXPECT_EQ(refused.err, "error: " + base + " and " + path +
                             " measured different positions: suite 'positions/seed.epd' sha256 differs; pass "
                             "--allow-changed-suites to compare them anyway\n");
  expect_contains(refused.out, "### REFUSED");
  const testing::Result allowed = run_compare({base, path, "--allow-changed-suites"});
  EXPECT_EQ(allowed.code, EXIT_OK);
  EXPECT_EQ(allowed.err, "");
}

TEST(CompareCommand, UnwritableReportExitsThree) {
  const testing::Result result = run_compare(
      {fixture("run_base.json"), fixture("run_base.json"), "--json", "/nonexistent/dir/report.json"});
  EXPECT_EQ(result.code, EXIT_IO_ERROR);
  EXPECT_EQ(result.err.rfind("error: /nonexistent/dir/report.json", 0), 0u) << result.err;
}

TEST(CompareCommand, BadInputExitsTwoWithOneLine) {
  const std::string base = fixture("run_base.json");
  const std::pair<Args, std::string> cases[] = {
      {{base, "/nonexistent/new.json"}, "error: /nonexistent/new.json: no such file\n"},
      {{fixture("run_truncated.json"), base},
       "error: " + fixture("run_truncated.json") + ": truncated JSON (the document is incomplete at byte " +
           std::to_string(read_text(fixture("run_truncated.json")).size()) + ")\n"},
      {{base, fixture("run_schema_v2.json")},
       "error: " + fixture("run_schema_v2.json") +
           ": schema_version 2 is not supported (this prunebench reads version 1)\n"},
      {{base, fixture("tree_kind.json")},
       "error: " + fixture("tree_kind.json") + ": kind is \"tree\", expected \"run\"\n"},
      {{base}, "error: missing argument NEW.json (try 'prunebench compare --help')\n"},
      {{base, base, "--tolerance", "x"}, "error: --tolerance: 'x' is not a number\n"},
      {{base, base, "--tolerance", "-1"}, "error: --tolerance: -1 is below 0\n"},
      {{base, base, "--bogus"}, "error: unknown option '--bogus' (try 'prunebench compare --help')\n"},
      {{base, base, "--max-increase", "lots"}, "error: --max-increase: 'lots' is not a number\n"},
      {{base, base, "--max-decrease", "-2"}, "error: --max-decrease: -2 is below 0\n"},
      {{base, base, "--tolerance", "1", "--max-increase", "2"},
       "error: --tolerance sets both sides: give it or --max-increase/--max-decrease, not both\n"},
  };
  for (const auto& [args, error] : cases) {
    const testing::Result result = run_compare(args);
    EXPECT_EQ(result.code, EXIT_BAD_INPUT);
    EXPECT_EQ(result.err, error);
    EXPECT_EQ(result.out, "");
  }
}

TEST(CompareCommand, CorruptJsonExitsTwo) {
  const testing::Result result = run_compare({fixture("not_json.json"), fixture("run_base.json")});
  EXPECT_EQ(result.code, EXIT_BAD_INPUT);
  EXPECT_EQ(
      result.err.rfind("error: " + fixture("not_json.json") + ": not JSON at byte 1 (line 1, column 1:", 0),
      0u)
      << result.err;
}

TEST(CompareCommand, Help) {
  const testing::Result result = run_compare({"--help"});
  EXPECT_EQ(result.code, EXIT_OK);
  EXPECT_EQ(first_line(result.out), "usage: prunebench compare BASE.json NEW.json [options]");
  EXPECT_NE(result.out.find("--tolerance PCT"), std::string::npos);
  EXPECT_NE(result.out.find("--markdown FILE"), std::string::npos);
  EXPECT_NE(result.out.find("--max-increase PCT"), std::string::npos);
  EXPECT_NE(result.out.find("--json FILE"), std::string::npos);
}

}  // namespace
}  // namespace prunebench::harness
