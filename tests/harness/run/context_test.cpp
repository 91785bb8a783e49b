#include "harness/run/context.h"

#include <gtest/gtest.h>

#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using testing::TempDir;
using testing::write_text;

TEST(RunContext, HasEveryFieldOfTheSchema) {
  SuiteFile suite;
  suite.path = "positions/seed.epd";
  suite.sha256 = std::string(64, 'a');
  suite.entries.resize(3);
  const nlohmann::json context = run_context({"prunebench", "run", "--threads", "2"}, 2, 16, {suite});
  for (const char* field :
       {"prunebench_version", "git_commit", "git_dirty", "compiler", "build_type", "compile_flags", "cpu",
        "threads", "tt_megabytes", "command_line", "suites", "started_at"}) {
    EXPECT_TRUE(context.contains(field)) << field;
  }
  EXPECT_EQ(context["prunebench_version"], "0.1.0");
  EXPECT_EQ(context["threads"], 2);
  EXPECT_EQ(context["tt_megabytes"], 16);
  EXPECT_EQ(context["command_line"], nlohmann::json({"prunebench", "run", "--threads", "2"}));
  EXPECT_EQ(context["suites"], nlohmann::json::parse(R"([{"path": "positions/seed.epd", "sha256": ")" +
                                                     std::string(64, 'a') + R"(", "positions": 3}])"));
  // A 40-digit commit with a known dirty flag, or "unknown" with null.
  const std::string commit = context["git_commit"];
  if (commit == "unknown") {
    EXPECT_TRUE(context["git_dirty"].is_null());
  } else {
    EXPECT_EQ(commit.size(), 40u);
    EXPECT_TRUE(context["git_dirty"].is_boolean());
  }
  EXPECT_FALSE(context["compiler"].get<std::string>().empty());
  EXPECT_TRUE(context["pext"].is_boolean());
}

TEST(UtcIso8601, FormatsSecondsInUtc) {
  EXPECT_EQ(utc_iso8601(std::chrono::system_clock::from_time_t(0)), "1970-01-01T00:00:00Z");
  EXPECT_EQ(utc_iso8601(std::chrono::system_clock::from_time_t(1714564800)), "2024-05-01T12:00:00Z");
}

TEST(CpuModel, ReadsTheFirstModelName) {
  TempDir dir;
  write_text(dir.file("cpuinfo"),
             "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Example CPU @ 3.00GHz\n\n"
             "processor\t: 1\nmodel name\t: Other\n");
  EXPECT_EQ(cpu_model(dir.file("cpuinfo")), "Example CPU @ 3.00GHz");
  write_text(dir.file("arm"), "processor\t: 0\nBogoMIPS\t: 50.00\n");
  EXPECT_EQ(cpu_model(dir.file("arm")), "unknown");
  EXPECT_EQ(cpu_model(dir.file("missing")), "unknown");
}

}  // namespace
}  // namespace prunebench::harness
