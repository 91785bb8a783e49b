// compare's provenance header (harness/reports/compare_report.h): which build
// made each run, beside the counts.
#include <gtest/gtest.h>

#include "harness/io/json_io.h"
#include "harness/reports/compare.h"
#include "harness/reports/compare_report.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;

json load(const std::string& name) {
  const JsonReadResult result = read_document(testing::fixture(name), "run");
  EXPECT_TRUE(result.ok()) << result.error;
  return result.value;
}

void expect_contains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << part << "missing from:\n" << text;
}

// Two builds that count alike may still differ in flags or in PEXT: the header
// names both, so a reader of a speed change sees its likely cause.
TEST(CompareRuns, ProvenanceNamesTheFlagsAndPext) {
  json base = load("run_base.json");
  json fresh = load("run_same_nodes.json");
  base["context"]["pext"] = true;
  fresh["context"]["pext"] = false;
  fresh["context"]["compile_flags"] = "-O2";
  CompareOptions options;
  options.base_label = "a.json";
  options.new_label = "b.json";
  const CompareResult result = compare_runs(base, fresh, options);
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.report.new_provenance["compile_flags"], "-O2");
  EXPECT_EQ(result.report.new_provenance["pext"], false);
  const std::string markdown = format_markdown(result.report);
  expect_contains(markdown, "started 2024-05-01T12:00:00Z, GNU 12.2.0 Release `-O3 -DNDEBUG`, PEXT on)\n");
  expect_contains(markdown, "started 2024-05-01T12:00:00Z, GNU 12.2.0 Release `-O2`, PEXT off)\n");
}

TEST(CompareRuns, ProvenanceWithoutBuildFactsIsTheCommitAlone) {
  json base = load("run_base.json");
  for (const char* name : {"compiler", "build_type", "compile_flags"}) base["context"].erase(name);
  CompareOptions options;
  const CompareResult result = compare_runs(base, base, options);
  ASSERT_TRUE(result.ok()) << result.error;
  expect_contains(format_markdown(result.report), "(commit 111111111111, clean, started 2024-05-01T12:00:00Z)\n");
}

}  // namespace
}  // namespace prunebench::harness
