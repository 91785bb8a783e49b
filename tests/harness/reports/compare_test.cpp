// The comparison logic (harness/reports/compare.h); the command around it: tests/harness/commands/compare_command_test.cpp.
#include "harness/reports/compare.h"

#include <gtest/gtest.h>

#include <string>

#include "harness/reports/compare_report.h"
#include "harness/io/json_io.h"
#include "tests/harness/run_fixtures.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;
using testing::load_run_fixture;
using testing::expect_contains;
using testing::fixture;

CompareReport compare_fixtures(const std::string& base, const std::string& fresh,
                               CompareOptions options = {}) {
  options.base_label = base;
  options.new_label = fresh;
  const CompareResult result = compare_runs(load_run_fixture(base), load_run_fixture(fresh), options);
  EXPECT_TRUE(result.ok()) << result.error;
  return result.value;
}

CompareOptions tolerances(double max_increase, double max_decrease) {
  CompareOptions options;
  options.max_increase_percent = max_increase;
  options.max_decrease_percent = max_decrease;
  return options;
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
  EXPECT_EQ(report.equal, 8u);
  EXPECT_FALSE(report.fails());
  EXPECT_EQ(summary_line(report), "compare: identical (8 records)");
  const std::string markdown = format_markdown(report);
  expect_contains(markdown,
                  "- base: `run_base.json` (commit 111111111111, clean, started 2024-05-01T12:00:00Z, "
                  "GNU 12.2.0 Release `-O3 -DNDEBUG`)\n");
  expect_contains(markdown,
                  "- new: `run_same_nodes.json` (commit 222222222222, dirty, started 2024-05-01T12:00:00Z, "
                  "GNU 12.2.0 Release `-O3 -DNDEBUG`)\n");
}

TEST(CompareRuns, RegressedMissingAndAddedRecords) {
  const CompareReport report = compare_fixtures("run_base.json", "run_changed.json");
  EXPECT_EQ(report.records(), 9u);
  EXPECT_EQ(report.regressed, 1u);
  EXPECT_EQ(report.improved, 0u);
  EXPECT_EQ(report.equal, 6u);
  EXPECT_EQ(report.missing, 1u);
  EXPECT_EQ(report.added, 1u);
  // The regression and the missing record fail; the added record does not.
  EXPECT_EQ(report.failing, 2u);
  EXPECT_TRUE(report.fails());
  EXPECT_EQ(summary_line(report),
            "compare: fail: 9 records: 1 regressed, 0 improved, 6 equal, 1 missing, 1 added; 2 fail");

  const RecordComparison* changed = find_row(report, {"kiwipete", 3, "alphabeta"});
  ASSERT_NE(changed, nullptr);
  EXPECT_EQ(changed->status, RecordStatus::Regressed);
  EXPECT_TRUE(changed->fails);
  EXPECT_EQ(changed->change()->magnitude(), 900u);
  EXPECT_DOUBLE_EQ(*changed->change()->percent(), 10.0);

  const RecordComparison* dropped = find_row(report, {"start", 2, "pvs"});
  ASSERT_NE(dropped, nullptr);
  EXPECT_EQ(dropped->status, RecordStatus::OnlyInBase);
  EXPECT_TRUE(dropped->fails);
  EXPECT_EQ(dropped->base_nodes, 63u);
  EXPECT_FALSE(dropped->new_nodes.has_value());

  // Records only in the new run come last.
  EXPECT_EQ(report.rows.back().key, (RecordKey{"start", 4, "alphabeta"}));
  EXPECT_EQ(report.rows.back().status, RecordStatus::OnlyInNew);
  EXPECT_FALSE(report.rows.back().fails);
  EXPECT_EQ(report.rows.back().new_nodes, 20000u);
}

TEST(CompareRuns, FailOnAdded) {
  CompareOptions options;
  options.fail_on_added = true;
  const CompareReport report = compare_fixtures("run_base.json", "run_changed.json", options);
  EXPECT_EQ(report.failing, 3u);
  EXPECT_TRUE(report.rows.back().fails);
}

TEST(CompareRuns, TotalsByModeAndDepthCoverRecordsInBothRuns) {
  const CompareReport report = compare_fixtures("run_base.json", "run_changed.json");
  ASSERT_EQ(report.mode_totals.size(), 2u);
  EXPECT_EQ(report.mode_totals[0].mode, "alphabeta");
  EXPECT_EQ(report.mode_totals[0].records, 4u);
  EXPECT_EQ(report.mode_totals[0].nodes.base, 61u + 1200 + 300 + 9000);
  EXPECT_EQ(report.mode_totals[0].nodes.fresh, 61u + 1200 + 300 + 9900);
  EXPECT_EQ(report.mode_totals[0].nodes.direction(), Direction::Regressed);
  EXPECT_EQ(report.mode_totals[1].mode, "pvs");
  EXPECT_EQ(report.mode_totals[1].records, 3u);
  EXPECT_EQ(report.mode_totals[1].nodes.direction(), Direction::Equal);

  ASSERT_EQ(report.depth_totals.size(), 2u);
  EXPECT_EQ(report.depth_totals[0].depth, 2);
  EXPECT_EQ(report.depth_totals[0].records, 3u);  // start/2/pvs is missing
  EXPECT_EQ(report.depth_totals[0].nodes.base, 61u + 300 + 310);
  EXPECT_EQ(report.depth_totals[1].depth, 3);
  EXPECT_EQ(report.depth_totals[1].nodes.base, 1200u + 1100 + 9000 + 8000);
  EXPECT_EQ(report.depth_totals[1].nodes.fresh, 1200u + 1100 + 9900 + 8000);
}

// run_small_change: start/3/alphabeta +1 of 1200 (+0.083%, regressed),
// kiwipete/3/pvs -50 of 8000 (-0.625%, improved).
TEST(CompareRuns, DirectionAndOneSidedTolerances) {
  const RecordKey regressed{"start", 3, "alphabeta"}, improved{"kiwipete", 3, "pvs"};
  const CompareReport exact = compare_fixtures("run_base.json", "run_small_change.json");
  EXPECT_EQ(exact.regressed, 1u);
  EXPECT_EQ(exact.improved, 1u);
  EXPECT_EQ(exact.failing, 2u);
  EXPECT_EQ(find_row(exact, regressed)->status, RecordStatus::Regressed);
  EXPECT_EQ(find_row(exact, improved)->status, RecordStatus::Improved);
  EXPECT_DOUBLE_EQ(*find_row(exact, improved)->change()->percent(), -0.625);

  // Any improvement accepted, no regression.
  const CompareReport ratchet =
      compare_fixtures("run_base.json", "run_small_change.json", tolerances(0, ANY_PERCENT));
  EXPECT_TRUE(find_row(ratchet, regressed)->fails);
  EXPECT_FALSE(find_row(ratchet, improved)->fails);
  EXPECT_EQ(ratchet.failing, 1u);

  // A small regression accepted, no improvement (counts meant to stay put).
  const CompareReport loose_up =
      compare_fixtures("run_base.json", "run_small_change.json", tolerances(0.1, 0));
  EXPECT_FALSE(find_row(loose_up, regressed)->fails);
  EXPECT_TRUE(find_row(loose_up, improved)->fails);

  // Exactly at a limit still passes.
  const CompareReport at_limit =
      compare_fixtures("run_base.json", "run_small_change.json", tolerances(0.1, 0.625));
  EXPECT_EQ(at_limit.failing, 0u);
  EXPECT_FALSE(at_limit.fails());
  EXPECT_EQ(summary_line(at_limit),
            "compare: pass: 8 records: 1 regressed, 1 improved, 6 equal, 0 missing, 0 added; 0 fail");
  EXPECT_TRUE(compare_fixtures("run_base.json", "run_small_change.json", tolerances(0.1, 0.624)).fails());
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
  const CompareResult result = compare_runs(base, fresh, tolerances(1000.0, 0));
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.value.rows[0].status, RecordStatus::Equal);
  // Any growth from zero is infinitely many percent: beyond every finite tolerance.
  EXPECT_EQ(result.value.rows[1].status, RecordStatus::Regressed);
  EXPECT_TRUE(result.value.rows[1].fails);
  EXPECT_FALSE(result.value.rows[1].change()->percent().has_value());
  EXPECT_FALSE(compare_runs(base, fresh, tolerances(ANY_PERCENT, 0)).value.rows[1].fails);
  EXPECT_TRUE(result.value.base_provenance.empty());
}

// A parallel search's counts vary by timing: reported as changed, never a regression.
TEST(CompareRuns, NonDeterministicCountsNeverFail) {
  json varying = record("a", 3, "pvs+smp=ybwc", 1000);
  varying["deterministic"] = false;
  json grown = varying;
  grown["counters"]["nodes"] = std::uint64_t{1500};
  json lazy = record("a", 3, "pvs-id-tt-killers+smp=lazy", 2000);
  lazy["deterministic"] = false;
  json shrunk = lazy;
  shrunk["counters"]["nodes"] = std::uint64_t{1200};
  const CompareResult result = compare_runs(run_with({varying, lazy, record("b", 3, "pvs", 10)}),
                                            run_with({grown, shrunk, record("b", 3, "pvs", 11)}), tolerances(0, 0));
  ASSERT_TRUE(result.ok()) << result.error;
  for (std::size_t i : {0u, 1u}) {
    EXPECT_FALSE(result.value.rows[i].deterministic) << i;
    EXPECT_FALSE(result.value.rows[i].fails) << i;
  }
  EXPECT_TRUE(result.value.rows[2].fails);  // an exact count still fails
  EXPECT_EQ(result.value.changed, 2u);
  EXPECT_EQ(result.value.regressed, 1u);
}

// A count near 2^64 used to make 21 -> 2^64-1 a
// difference of -22. Any two 64-bit counts now differ exactly, and totals of
// them are exact too: a run that `run` accepted is never refused for its sums.
TEST(CompareRuns, NodeCountsUpTo64BitsAreExact) {
  const std::uint64_t most = ~std::uint64_t(0);
  const CompareResult up =
      compare_runs(run_with({record("a", 1, "m", 21)}), run_with({record("a", 1, "m", most)}), {});
  ASSERT_TRUE(up.ok()) << up.error;
  EXPECT_EQ(up.value.rows[0].status, RecordStatus::Regressed);
  EXPECT_EQ(up.value.rows[0].change()->magnitude(), most - 21);
  const CompareResult down =
      compare_runs(run_with({record("a", 1, "m", most)}), run_with({record("a", 1, "m", 0)}), {});
  ASSERT_TRUE(down.ok()) << down.error;
  EXPECT_EQ(down.value.rows[0].status, RecordStatus::Improved);
  EXPECT_EQ(down.value.rows[0].change()->magnitude(), most);
  EXPECT_DOUBLE_EQ(*down.value.rows[0].change()->percent(), -100.0);
  expect_contains(format_markdown(down.value),
                  "| a | 1 | m | 18,446,744,073,709,551,615 | 0 | -18,446,744,073,709,551,615 | -100.00% |");

  const std::uint64_t half = (std::uint64_t(1) << 63);
  const CompareResult sum = compare_runs(run_with({record("a", 1, "m", half), record("b", 1, "m", half)}),
                                         run_with({record("a", 1, "m", 1), record("b", 1, "m", 1)}), {});
  ASSERT_TRUE(sum.ok()) << sum.error;
  EXPECT_EQ(decimal(sum.value.mode_totals[0].nodes.base), "18446744073709551616");
  EXPECT_EQ(decimal(sum.value.depth_totals[0].nodes.magnitude()), "18446744073709551614");
  EXPECT_EQ(sum.value.mode_totals[0].nodes.direction(), Direction::Improved);
  expect_contains(format_markdown(sum.value), "| m | 2 | 18,446,744,073,709,551,616 | 2 |");
  const json totals = report_json(sum.value, json::object())["totals_by_mode"][0];
  EXPECT_EQ(totals["base_nodes"], 18446744073709551616.0);
  EXPECT_EQ(totals["new_nodes"], 2u);
}

// A depth beyond int used to wrap (2^32 + 1 read as depth 1) onto another record.
TEST(CompareRuns, RefusesADepthBeyondInt) {
  const CompareResult result = compare_runs(run_with({record("a", 1, "m", 21)}),
                                            run_with({{{"position_id", "a"}, {"depth", (std::uint64_t(1) << 32) + 1},
                                                       {"mode", "m"}, {"counters", {{"nodes", 21u}}}}}),
                                            {});
  EXPECT_NE(result.error.find("record 0 has depth 4294967297, not a depth from 0 to 2147483647"), std::string::npos)
      << result.error;
}

json with_positions(json run, const std::string& suite_sha,
                    const std::vector<std::pair<std::string, std::string>>& fens) {
  run["context"] = {{"suites", {{{"path", "suite.epd"}, {"sha256", suite_sha}, {"positions", fens.size()}}}}};
  json positions = json::array();
  for (const auto& [id, fen] : fens) positions.push_back({{"id", id}, {"fen", fen}});
  run["positions"] = positions;
  return run;
}

TEST(CompareRuns, ChangedSuiteOrFenIsRefused) {
  const json records = run_with({record("a", 1, "m", 10)});
  const json base = with_positions(records, "aaa", {{"a", "fen 1"}, {"b", "fen 2"}});
  const json same = with_positions(records, "aaa", {{"a", "fen 1"}, {"c", "fen 3"}});
  EXPECT_FALSE(compare_runs(base, same, {}).value.refused());

  const json edited = with_positions(records, "bbb", {{"a", "fen 1 edited"}, {"b", "fen 2"}});
  const CompareReport report = compare_runs(base, edited, {}).value;
  ASSERT_EQ(report.inconsistencies.size(), 2u);
  EXPECT_EQ(report.inconsistencies[0].subject, "suite 'suite.epd' sha256");
  EXPECT_EQ(report.inconsistencies[0].base_value, "aaa");
  EXPECT_EQ(report.inconsistencies[0].new_value, "bbb");
  EXPECT_EQ(report.inconsistencies[1].subject, "position 'a' FEN");
  EXPECT_TRUE(report.refused());
  EXPECT_TRUE(report.fails());  // although every count is equal
  EXPECT_EQ(summary_line(report),
            "compare: refused: 2 suite or position changes; 1 records: 0 regressed, 0 improved, 1 equal, 0 "
            "missing, "
            "0 added; 0 fail");
  expect_contains(format_markdown(report), "### REFUSED: the runs measured different positions");
  expect_contains(format_markdown(report), "- position 'a' FEN: `fen 1` in base, `fen 1 edited` in new\n");

  CompareOptions allow;
  allow.allow_changed_suites = true;
  const CompareReport allowed = compare_runs(base, edited, allow).value;
  EXPECT_FALSE(allowed.refused());
  EXPECT_FALSE(allowed.fails());
  expect_contains(format_markdown(allowed), "### WARNING: the runs measured different positions");
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
  CompareOptions labels;
  labels.base_label = "base.json";
  labels.new_label = "new.json";
  for (const auto& [fresh, error] : cases) {
    EXPECT_EQ(compare_runs(good, fresh, labels).error, error);
  }
}

TEST(FormatMarkdown, TotalsFirstThenFailingRecordsThenMissingAndAdded) {
  const std::string markdown = format_markdown(compare_fixtures("run_base.json", "run_changed.json"));
  EXPECT_EQ(first_line(markdown),
            "compare: fail: 9 records: 1 regressed, 0 improved, 6 equal, 1 missing, 1 added; 2 fail");
  const std::string in_order[] = {
      "- compared: counters.nodes per (position, depth, mode); fewer nodes = improved, more = regressed; "
      "fails: a "
      "regression above 0%, an improvement beyond 0%, a missing record\n",
      "### Nodes by mode (records in both runs)\n",
      "| alphabeta | 4 | 10,561 | 11,461 | +900 | +8.52% | regressed |\n",
      "| pvs | 3 | 9,410 | 9,410 | 0 | +0.00% | equal |\n",
      "### Nodes by depth (records in both runs)\n",
      "| 3 | 4 | 19,300 | 20,200 | +900 | +4.66% | regressed |\n",
      "### Records that fail: 1\n",
      "| kiwipete | 3 | alphabeta | 9,000 | 9,900 | +900 | +10.00% | regressed |\n",
      "### Missing records (in base, not in new): 1\n\n- mode `pvs`: 1 record (depth 2; position start)\n",
      "### Added records (in new only): 1\n\n- mode `alphabeta`: 1 record (depth 4; position start)\n",
  };
  std::size_t at = 0;
  for (const std::string& part : in_order) {
    const std::size_t found = markdown.find(part, at);
    ASSERT_NE(found, std::string::npos) << part << "missing, or out of order, in:\n" << markdown;
    at = found + part.size();
  }
  // Equal records are not listed.
  EXPECT_EQ(markdown.find("| start | 3 | alphabeta |"), std::string::npos) << markdown;
}

TEST(FormatMarkdown, RecordsWithinToleranceAreListedApart) {
  const std::string markdown = format_markdown(
      compare_fixtures("run_base.json", "run_small_change.json", tolerances(0.1, ANY_PERCENT)));
  expect_contains(markdown, "fails: a regression above 0.1%, a missing record\n");
  expect_contains(markdown, "### Changed records within tolerance: 2\n");
  // Largest change first.
  expect_contains(markdown,
                  "| kiwipete | 3 | pvs | 8,000 | 7,950 | -50 | -0.62% | improved |\n"
                  "| start | 3 | alphabeta | 1,200 | 1,201 | +1 | +0.08% | regressed |\n");
  EXPECT_EQ(markdown.find("Records that fail"), std::string::npos) << markdown;
}

TEST(FormatMarkdown, MissingRecordsAreSummarisedPerMode) {
  std::vector<json> base, fresh;
  for (const char* id : {"p1", "p2", "p3", "p4", "p5", "p6", "p7"})
    for (int depth : {1, 2, 3, 5}) {
      base.push_back(record(id, depth, "gone", 1));
      base.push_back(record(id, depth, "kept", 1));
      fresh.push_back(record(id, depth, "kept", 1));
    }
  const std::string markdown = format_markdown(compare_runs(run_with(base), run_with(fresh), {}).value);
  expect_contains(markdown,
                  "### Missing records (in base, not in new): 28\n\n"
                  "- mode `gone`: 28 records (depth 1-3, 5; positions p1, p2, p3, p4, p5 and 2 more)\n");
}

// A record the new run lists as skipped is still missing (it fails), but the
// report says why, as the run does.
TEST(FormatMarkdown, MissingRecordsSayWhyTheRunSkippedThem) {
  json base_run = run_with({record("p1", 5, "minimax", 10), record("p2", 5, "minimax", 10)});
  json new_run = run_with({});
  new_run["skipped"] = json::array(
      {{{"position_id", "p1"}, {"depth", 5}, {"mode", "minimax"}, {"reason", "exceeded --max-nodes at depth 4"}}});
  const CompareReport report = compare_runs(base_run, new_run, {}).value;
  EXPECT_EQ(report.failing, 2u);
  expect_contains(format_markdown(report),
                  "- mode `minimax`: 2 records (depth 5; positions p1, p2); 1 skipped by that run, e.g. exceeded "
                  "--max-nodes at depth 4\n");
  const json document = report_json(report, json::object());
  EXPECT_EQ(document["records"][0]["skipped_reason"], "exceeded --max-nodes at depth 4");
  EXPECT_FALSE(document["records"][1].contains("skipped_reason"));
}

TEST(FormatMarkdown, IdenticalRunsHaveNoTables) {
  const std::string markdown = format_markdown(compare_fixtures("run_base.json", "run_same_nodes.json"));
  EXPECT_EQ(first_line(markdown), "compare: identical (8 records)");
  EXPECT_EQ(markdown.find('|'), std::string::npos) << markdown;
}

TEST(WithThousands, GroupsOfThreeDigits) {
  EXPECT_EQ(with_thousands(0), "0");
  EXPECT_EQ(with_thousands(999), "999");
  EXPECT_EQ(with_thousands(1000), "1,000");
  EXPECT_EQ(with_thousands(124132537), "124,132,537");
}

}  // namespace
}  // namespace prunebench::harness
