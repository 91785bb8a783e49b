// The comparison logic (harness/compare.h) and the `compare` command around it.
#include "harness/compare.h"

#include <gtest/gtest.h>

#include <sstream>

#include "harness/commands.h"
#include "harness/json_io.h"
#include "test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;
using testing::fixture;
using testing::read_text;
using testing::TempDir;

json load(const std::string& name) {
  const JsonReadResult result = read_document(fixture(name), "run");
  EXPECT_TRUE(result.ok()) << result.error;
  return result.value;
}

CompareReport compare_fixtures(const std::string& base, const std::string& fresh, double tolerance = 0.0) {
  const CompareResult result = compare_runs(load(base), load(fresh), {tolerance, base, fresh});
  EXPECT_TRUE(result.ok()) << result.error;
  return result.report;
}

const RecordComparison* find_row(const CompareReport& report, const RecordKey& key) {
  for (const RecordComparison& row : report.rows) {
    if (row.key == key) return &row;
  }
  return nullptr;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

TEST(CompareRuns, SameNodeCountsAreIdentical) {
  const CompareReport report = compare_fixtures("run_base.json", "run_same_nodes.json");
  EXPECT_EQ(report.records(), 8u);
  EXPECT_FALSE(report.has_changes());
  EXPECT_EQ(report.within_tolerance, 0u);
  EXPECT_EQ(summary_line(report), "compare: identical (8 records)");
  EXPECT_EQ(report.base_provenance, "commit 111111111111, clean, started 2024-05-01T12:00:00Z");
  EXPECT_EQ(report.new_provenance, "commit 222222222222, dirty, started 2024-05-01T12:00:00Z");
}

TEST(CompareRuns, ChangedAndMissingRecords) {
  const CompareReport report = compare_fixtures("run_base.json", "run_changed.json");
  EXPECT_EQ(report.records(), 9u);
  EXPECT_EQ(report.changed, 1u);
  EXPECT_EQ(report.missing, 2u);
  EXPECT_TRUE(report.has_changes());
  EXPECT_EQ(summary_line(report), "compare: 9 records, 1 changed, 2 missing");

  const RecordComparison* changed = find_row(report, {"kiwipete", 3, "alphabeta"});
  ASSERT_NE(changed, nullptr);
  EXPECT_EQ(changed->status, RecordStatus::Changed);
  EXPECT_EQ(changed->difference(), 900);
  EXPECT_DOUBLE_EQ(*changed->percent(), 10.0);

  const RecordComparison* dropped = find_row(report, {"start", 2, "pvs"});
  ASSERT_NE(dropped, nullptr);
  EXPECT_EQ(dropped->status, RecordStatus::OnlyInBase);
  EXPECT_EQ(dropped->base_nodes, 63u);
  EXPECT_FALSE(dropped->new_nodes.has_value());

  // Records only in the new run come last.
  EXPECT_EQ(report.rows.back().key, (RecordKey{"start", 4, "alphabeta"}));
  EXPECT_EQ(report.rows.back().status, RecordStatus::OnlyInNew);
  EXPECT_EQ(report.rows.back().new_nodes, 20000u);
}

TEST(CompareRuns, ModeTotalsCoverRecordsInBothRuns) {
  const CompareReport report = compare_fixtures("run_base.json", "run_changed.json");
  ASSERT_EQ(report.mode_totals.size(), 2u);
  EXPECT_EQ(report.mode_totals[0].mode, "alphabeta");
  EXPECT_EQ(report.mode_totals[0].records, 4u);
  EXPECT_EQ(report.mode_totals[0].base_nodes, 61u + 1200 + 300 + 9000);
  EXPECT_EQ(report.mode_totals[0].new_nodes, 61u + 1200 + 300 + 9900);
  EXPECT_EQ(report.mode_totals[1].mode, "pvs");
  EXPECT_EQ(report.mode_totals[1].records, 3u);
}

TEST(CompareRuns, Tolerance) {
  // +1 of 1200 (+0.083%) and -50 of 8000 (-0.625%).
  EXPECT_EQ(compare_fixtures("run_base.json", "run_small_change.json", 0.0).changed, 2u);

  const CompareReport loose = compare_fixtures("run_base.json", "run_small_change.json", 1.0);
  EXPECT_EQ(loose.changed, 0u);
  EXPECT_EQ(loose.within_tolerance, 2u);
  EXPECT_FALSE(loose.has_changes());
  EXPECT_EQ(summary_line(loose), "compare: 8 records, 0 changed, 0 missing, 2 within ±1%");

  const CompareReport tight = compare_fixtures("run_base.json", "run_small_change.json", 0.1);
  EXPECT_EQ(tight.changed, 1u);
  EXPECT_EQ(find_row(tight, {"kiwipete", 3, "pvs"})->status, RecordStatus::Changed);
  EXPECT_EQ(find_row(tight, {"start", 3, "alphabeta"})->status, RecordStatus::WithinTolerance);

  // Exactly at the tolerance still counts as within it.
  EXPECT_EQ(compare_fixtures("run_base.json", "run_small_change.json", 0.625).changed, 0u);
}

// A vector, not a json: a braced single record would otherwise become the
// json itself rather than a one-element array.
json run_with(const std::vector<json>& records) {
  return {{"schema_version", 1}, {"kind", "run"}, {"records", records}};
}

json record(const std::string& id, int depth, const std::string& mode, std::uint64_t nodes) {
  return {{"position_id", id}, {"depth", depth}, {"mode", mode}, {"counters", {{"nodes", nodes}}}};
}

TEST(CompareRuns, ZeroBaseNodes) {
  const json base = run_with({record("a", 1, "m", 0), record("b", 1, "m", 0)});
  const json fresh = run_with({record("a", 1, "m", 0), record("b", 1, "m", 5)});
  const CompareResult result = compare_runs(base, fresh, {1000.0, "base", "new"});
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.report.rows[0].status, RecordStatus::Equal);
  // Any growth from zero is infinitely many percent: never within tolerance.
  EXPECT_EQ(result.report.rows[1].status, RecordStatus::Changed);
  EXPECT_FALSE(result.report.rows[1].percent().has_value());
  EXPECT_EQ(result.report.base_provenance, "no context");
}

// Issue 18, defect 10: a count near 2^64 used to make 21 -> 2^64-1 a
// difference of -22. Counts past 2^62 (and totals past it) are refused; below
// that, differences are exact.
TEST(CompareRuns, NodeCountsNear64BitsAreExactOrRefused) {
  const std::uint64_t limit = std::uint64_t(1) << 62;
  const CompareResult exact =
      compare_runs(run_with({record("a", 1, "m", 21)}), run_with({record("a", 1, "m", limit)}), {});
  ASSERT_TRUE(exact.ok()) << exact.error;
  EXPECT_EQ(exact.report.rows[0].difference(), std::int64_t(limit - 21));
  const CompareResult huge = compare_runs(run_with({record("a", 1, "m", 21)}),
                                          run_with({record("a", 1, "m", ~std::uint64_t(0))}), {});
  EXPECT_EQ(huge.error, "new: record 0 counts 18446744073709551615 nodes, more than compare handles (2^62)");
  const CompareResult sum = compare_runs(run_with({record("a", 1, "m", limit), record("b", 1, "m", limit)}),
                                         run_with({record("a", 1, "m", 1), record("b", 1, "m", 1)}), {});
  EXPECT_EQ(sum.error, "the nodes of mode 'm' sum to more than compare handles (2^62)");
}

TEST(CompareRuns, MalformedRecords) {
  const json good = run_with({record("a", 1, "m", 1)});
  json no_nodes = record("a", 1, "m", 1);
  no_nodes["counters"].erase("nodes");
  json negative = record("a", 1, "m", 1);
  negative["counters"]["nodes"] = -4;
  const std::pair<json, std::string> cases[] = {
      {json{{"schema_version", 1}, {"kind", "run"}}, "new.json: no records array"},
      {run_with({no_nodes}), "new.json: record 0 has no counters.nodes count"},
      {run_with({negative}), "new.json: record 0 has no counters.nodes count"},
      {run_with({record("a", 1, "m", 1), json{{"depth", 1}}}),
       "new.json: record 1 has no position_id string"},
      {run_with({record("a", 1, "m", 1), record("a", 1, "m", 2)}),
       "new.json: record 1 repeats record 0 (a, depth 1, m)"},
  };
  for (const auto& [fresh, error] : cases) {
    EXPECT_EQ(compare_runs(good, fresh, {0.0, "base.json", "new.json"}).error, error);
  }
}

TEST(FormatMarkdown, TablesOfDifferencesAndTotals) {
  const std::string markdown = format_markdown(compare_fixtures("run_base.json", "run_changed.json"));
  EXPECT_EQ(first_line(markdown), "compare: 9 records, 1 changed, 2 missing");
  for (const char* expected : {
           "- base: `run_base.json` (commit 111111111111, clean, started 2024-05-01T12:00:00Z)\n",
           "| position | depth | mode | base nodes | new nodes | diff | % | status |\n",
           "| kiwipete | 3 | alphabeta | 9000 | 9900 | +900 | +10.00% | changed |\n",
           "| start | 2 | pvs | 63 | — |  |  | only in base |\n",
           "| start | 4 | alphabeta | — | 20000 |  |  | only in new |\n",
           "| alphabeta | 4 | 10561 | 11461 | +900 | +8.52% |\n",
       }) {
    EXPECT_NE(markdown.find(expected), std::string::npos) << expected << "missing from:\n" << markdown;
  }
  // Equal records are not listed.
  EXPECT_EQ(markdown.find("| start | 3 | alphabeta |"), std::string::npos) << markdown;
}

TEST(FormatMarkdown, IdenticalRunsHaveNoTables) {
  const std::string markdown = format_markdown(compare_fixtures("run_base.json", "run_same_nodes.json"));
  EXPECT_EQ(first_line(markdown), "compare: identical (8 records)");
  EXPECT_EQ(markdown.find('|'), std::string::npos) << markdown;
}

// The command, called directly with string streams.
struct CommandOutput {
  int status;
  std::string out;
  std::string err;
};

CommandOutput run_compare(const Args& args) {
  std::ostringstream out, err;
  const int status = compare_command(args, out, err);
  return {status, out.str(), err.str()};
}

TEST(CompareCommand, EqualRunsExitZero) {
  const CommandOutput result = run_compare({fixture("run_base.json"), fixture("run_same_nodes.json")});
  EXPECT_EQ(result.status, EXIT_OK);
  EXPECT_EQ(first_line(result.out), "compare: identical (8 records)");
  EXPECT_EQ(result.err, "");
}

TEST(CompareCommand, ChangesExitOne) {
  const CommandOutput result = run_compare({fixture("run_base.json"), fixture("run_changed.json")});
  EXPECT_EQ(result.status, EXIT_CHANGED);
  EXPECT_EQ(first_line(result.out), "compare: 9 records, 1 changed, 2 missing");
  EXPECT_NE(result.out.find("| kiwipete | 3 | alphabeta | 9000 | 9900 | +900 | +10.00% | changed |"),
            std::string::npos);
  EXPECT_EQ(result.err, "");
}

TEST(CompareCommand, ToleranceOption) {
  const std::string base = fixture("run_base.json"), small = fixture("run_small_change.json");
  EXPECT_EQ(run_compare({base, small}).status, EXIT_CHANGED);
  EXPECT_EQ(run_compare({base, small, "--tolerance", "1"}).status, EXIT_OK);
  EXPECT_EQ(run_compare({base, small, "--tolerance=0.1"}).status, EXIT_CHANGED);
}

TEST(CompareCommand, MarkdownFileMatchesStdout) {
  TempDir dir;
  const std::string report = dir.file("report.md");
  const CommandOutput result =
      run_compare({fixture("run_base.json"), fixture("run_changed.json"), "--markdown", report});
  EXPECT_EQ(result.status, EXIT_CHANGED);
  EXPECT_EQ(read_text(report), result.out);
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
  };
  for (const auto& [args, error] : cases) {
    const CommandOutput result = run_compare(args);
    EXPECT_EQ(result.status, EXIT_BAD_INPUT);
    EXPECT_EQ(result.err, error);
    EXPECT_EQ(result.out, "");
  }
}

TEST(CompareCommand, CorruptJsonExitsTwo) {
  const CommandOutput result = run_compare({fixture("not_json.json"), fixture("run_base.json")});
  EXPECT_EQ(result.status, EXIT_BAD_INPUT);
  EXPECT_EQ(
      result.err.rfind("error: " + fixture("not_json.json") + ": not JSON at byte 1 (line 1, column 1:", 0),
      0u)
      << result.err;
}

TEST(CompareCommand, Help) {
  const CommandOutput result = run_compare({"--help"});
  EXPECT_EQ(result.status, EXIT_OK);
  EXPECT_EQ(first_line(result.out), "usage: prunebench compare BASE.json NEW.json [options]");
  EXPECT_NE(result.out.find("--tolerance PCT"), std::string::npos);
  EXPECT_NE(result.out.find("--markdown FILE"), std::string::npos);
}

}  // namespace
}  // namespace prunebench::harness
