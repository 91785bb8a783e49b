// compare's provenance header (harness/reports/compare_report.h): which build
// made each run, beside the counts.
#include <gtest/gtest.h>

#include "harness/io/json_io.h"
#include "harness/reports/compare.h"
#include "harness/reports/compare_report.h"
#include "tests/harness/run_fixtures.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;
using testing::load_run_fixture;
using testing::expect_contains;

// Two builds that count alike may still differ in flags or in PEXT: the header
// names both, so a reader of a speed change sees its likely cause.
TEST(CompareRuns, ProvenanceNamesTheFlagsAndPext) {
  json base = load_run_fixture("run_base.json");
  json fresh = load_run_fixture("run_same_nodes.json");
  base["context"]["pext"] = true;
  fresh["context"]["pext"] = false;
  fresh["context"]["compile_flags"] = "-O2";
  CompareOptions options;
  options.base_label = "a.json";
  options.new_label = "b.json";
  const CompareResult result = compare_runs(base, fresh, options);
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.value.new_provenance["compile_flags"], "-O2");
  EXPECT_EQ(result.value.new_provenance["pext"], false);
  const std::string markdown = format_markdown(result.value);
  expect_contains(markdown, "started 2024-05-01T12:00:00Z, GNU 12.2.0 Release `-O3 -DNDEBUG`, PEXT on)\n");
  expect_contains(markdown, "started 2024-05-01T12:00:00Z, GNU 12.2.0 Release `-O2`, PEXT off)\n");
}

TEST(CompareRuns, ProvenanceWithoutBuildFactsIsTheCommitAlone) {
  json base = load_run_fixture("run_base.json");
  for (const char* name : {"compiler", "build_type", "compile_flags"}) base["context"].erase(name);
  CompareOptions options;
  const CompareResult result = compare_runs(base, base, options);
  ASSERT_TRUE(result.ok()) << result.error;
  expect_contains(format_markdown(result.value), "(commit 111111111111, clean, started 2024-05-01T12:00:00Z)\n");
}

}  // namespace
}  // namespace prunebench::harness
