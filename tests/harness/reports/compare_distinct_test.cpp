// compare on counters.distinct_nodes (harness/reports/compare.h): an exact
// counter where both records have it, ignored where either lacks it.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/reports/compare.h"
#include "harness/reports/compare_report.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;

// A run of one record (start, depth 4, id-tt) with these counts.
json run_of(std::uint64_t nodes, std::optional<std::uint64_t> distinct_nodes) {
  json counters = {{"nodes", nodes}};
  if (distinct_nodes) counters["distinct_nodes"] = *distinct_nodes;
  return {{"schema_version", 1},
          {"kind", "run"},
          {"records", json::array({{{"position_id", "start"}, {"depth", 4}, {"mode", "id-tt"}, {"counters", counters}}})}};
}

CompareReport compare(const json& base, const json& fresh, CompareOptions options = {}) {
  const CompareResult result = compare_runs(base, fresh, options);
  EXPECT_TRUE(result.ok()) << result.error;
  return result.value;
}

TEST(CompareDistinctNodes, EqualWhenBothCountsAreEqual) {
  const CompareReport report = compare(run_of(1000, 700), run_of(1000, 700));
  EXPECT_EQ(report.equal, 1u);
  EXPECT_FALSE(report.fails());
  EXPECT_EQ(report.rows[0].base_distinct_nodes, 700u);
}

// Same nodes, more distinct pairs: a regression of an exact counter.
TEST(CompareDistinctNodes, DecidesTheStatusWhenNodesAreEqual) {
  const CompareReport report = compare(run_of(1000, 700), run_of(1000, 701));
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(report.rows[0].status, RecordStatus::Regressed);
  EXPECT_TRUE(report.rows[0].fails);
  EXPECT_EQ(report.regressed, 1u);
  const json records = report_json(report, json::object())["records"];
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0]["base_distinct_nodes"], 700);
  EXPECT_EQ(records[0]["new_distinct_nodes"], 701);
  EXPECT_NE(format_markdown(report).find("(distinct_nodes 700 → 701)"), std::string::npos) << format_markdown(report);

  const CompareReport fewer = compare(run_of(1000, 700), run_of(1000, 600));
  EXPECT_EQ(fewer.rows[0].status, RecordStatus::Improved);
  EXPECT_TRUE(fewer.rows[0].fails) << "an improvement beyond --max-decrease 0 fails, as for nodes";
}

// The tolerances apply to it as to nodes: 0.1 % more passes a 1 % allowance.
TEST(CompareDistinctNodes, UnderTheSameTolerances) {
  CompareOptions options;
  options.max_increase_percent = 1.0;
  options.max_decrease_percent = ANY_PERCENT;
  EXPECT_FALSE(compare(run_of(1000, 1000), run_of(1000, 1001), options).fails());
  EXPECT_TRUE(compare(run_of(1000, 1000), run_of(1000, 1020), options).fails());
  // Nodes within the tolerance do not hide distinct_nodes beyond it.
  EXPECT_TRUE(compare(run_of(1000, 1000), run_of(1005, 1100), options).fails());
}

TEST(CompareDistinctNodes, IgnoredWhenEitherSideLacksIt) {
  for (const auto& [base, fresh] : {std::pair{run_of(1000, 700), run_of(1000, std::nullopt)},
                                    std::pair{run_of(1000, std::nullopt), run_of(1000, 5)}}) {
    const CompareReport report = compare(base, fresh);
    EXPECT_EQ(report.equal, 1u);
    EXPECT_FALSE(report.fails());
    EXPECT_FALSE(report.rows[0].base_distinct_nodes);
    EXPECT_FALSE(report.rows[0].new_distinct_nodes);
  }
}

TEST(CompareDistinctNodes, ACountThatIsNoCountIsAnError) {
  json bad = run_of(1000, std::nullopt);
  bad["records"][0]["counters"]["distinct_nodes"] = "many";
  const CompareResult result = compare_runs(run_of(1000, 700), bad, CompareOptions{});
  EXPECT_EQ(result.error, "new: record 0 has a counters.distinct_nodes that is not a count");
}

}  // namespace
}  // namespace prunebench::harness
