// run --records-from: parts searched elsewhere make the document one run of
// the whole plan writes; what arrives is journalled, so a stop loses nothing
// and --resume asks only for what is missing.
#include "harness/run/record_intake.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/harness/run_call.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;
using testing::TempDir;

const std::string SEED = std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/seed.epd";
const Args PLAN = {"--suite", SEED, "--depths", "1-3", "--modes", "minimax,pvs"};

Args with(Args args, const Args& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

json read_json(const std::string& path) { return json::parse(testing::read_text(path)); }

// The output of `run --position=ID --depths DEPTHS`, as a cluster task sends it.
json part(const std::string& id, const std::string& depths) {
  const testing::RunResult r =
      testing::run({"--suite", SEED, "--depths", depths, "--modes", "minimax,pvs", "--position=" + id});
  EXPECT_EQ(r.code, EXIT_OK) << r.err;
  return json::parse(r.out);
}

json without_timing(json records) {
  for (json& record : records) {
    record.erase("seconds");
    record.erase("nodes_per_second");
  }
  return records;
}

std::string lines(const std::vector<json>& entries) {
  std::string text;
  for (const json& entry : entries) text += entry.dump() + "\n";
  return text;
}

TEST(RecordIntake, PartsMakeTheDocumentOfOneRun) {
  TempDir dir;
  const testing::RunResult single = testing::run(with(PLAN, {"--out", dir.file("single.json")}));
  ASSERT_EQ(single.code, EXIT_OK) << single.err;
  // Out of order, one position in two depth ranges: only the deeper one's facts reach depth 3.
  testing::write_text(dir.file("parts"), lines({{{"part", part("middlegame", "1-3")}},
                                                {{"part", part("start", "3")}},
                                                {{"part", part("start", "1-2")}},
                                                {{"end", {{"context", {{"dask", {{"tasks", 3}}}}}}}}}));
  const std::string out = dir.file("parts.json");
  const testing::RunResult r = testing::run(with(PLAN, {"--out", out, "--records-from", dir.file("parts")}));
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  EXPECT_EQ(json::parse(r.out.substr(0, r.out.find('\n'))),
            json({{"journalled", {{"records", json::array()}, {"positions", json::array()}}}}));
  const json expected = read_json(dir.file("single.json")), got = read_json(out);
  EXPECT_EQ(without_timing(got["records"]), without_timing(expected["records"]));
  EXPECT_EQ(got["positions"], expected["positions"]);
  EXPECT_EQ(got["skipped"], expected["skipped"]);
  EXPECT_EQ(got["context"]["dask"], json({{"tasks", 3}}));
  EXPECT_EQ(got["context"]["suites"], expected["context"]["suites"]);
  EXPECT_FALSE(std::filesystem::exists(out + ".journal"));
}

TEST(RecordIntake, AStopKeepsWhatArrivedAndResumeAsksOnlyForTheRest) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  testing::write_text(dir.file("first"), lines({{{"part", part("start", "1-3")}},
                                                {{"stop", {{"exit", 1}, {"error", "check failed: elsewhere"}}}}}));
  const testing::RunResult stopped = testing::run(with(PLAN, {"--out", out, "--records-from", dir.file("first")}));
  EXPECT_EQ(stopped.code, 1);
  EXPECT_EQ(stopped.err, "error: check failed: elsewhere (finished records are kept in " + out +
                             ".journal; rerun with --resume)\n");
  testing::write_text(dir.file("rest"), lines({{{"part", part("middlegame", "1-3")}}, {{"end", json::object()}}}));
  const testing::RunResult resumed =
      testing::run(with(PLAN, {"--out", out, "--resume", "--records-from", dir.file("rest")}));
  ASSERT_EQ(resumed.code, EXIT_OK) << resumed.err;
  const json journalled = json::parse(resumed.out.substr(0, resumed.out.find('\n')))["journalled"];
  EXPECT_EQ(journalled["records"].size(), 6u);
  EXPECT_EQ(journalled["positions"], json({"start"}));
  EXPECT_EQ(read_json(out)["records"].size(), 12u);
  EXPECT_NE(resumed.err.find("(6 from the journal)"), std::string::npos) << resumed.err;
}

TEST(RecordIntake, AnInputThatEndsWithoutEndIsAnInterruption) {
  TempDir dir;
  const std::string out = dir.file("run.json");
  testing::write_text(dir.file("parts"), lines({{{"part", part("start", "1-3")}}}));
  const testing::RunResult r = testing::run(with(PLAN, {"--out", out, "--records-from", dir.file("parts")}));
  EXPECT_EQ(r.code, 130);
  EXPECT_NE(r.err.find("interrupted (finished records are kept in"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(RecordIntake, RefusesWhatNoDriverShouldSend) {
  const json other_modes = [] {
    const testing::RunResult r = testing::run({"--suite", SEED, "--depths", "1", "--modes", "mtdf"});
    return json::parse(r.out);
  }();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"not json\n", "--records-from line 1: "},
      {"{\"what\": 1}\n", "--records-from line 1: expected {\"part\": ...}, {\"end\": ...} or {\"stop\": ...}"},
      {lines({{{"part", other_modes}}}), "--records-from line 1: a record outside the plan: start depth 1 mode mtdf"},
      {lines({{{"stop", {{"exit", 0}, {"error", "x"}}}}}), "a stop needs an exit code 1..255"},
      {lines({{{"end", json::object()}}}), "--records-from: no part brought the facts of position start"},
  };
  for (const auto& [input, expected] : cases) {
    TempDir dir;
    const std::string out = dir.file("run.json");
    testing::write_text(dir.file("parts"), input);
    const testing::RunResult r = testing::run(with(PLAN, {"--out", out, "--records-from", dir.file("parts")}));
    EXPECT_EQ(r.code, EXIT_BAD_INPUT) << input;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out + ".journal")) << "nothing journalled: no journal left";
  }
}

TEST(RecordIntake, NeedsOut) {
  const testing::RunResult r = testing::run(with(PLAN, {"--records-from", "-"}));
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: --records-from needs --out (the journal is OUT.journal)\n");
}

}  // namespace
}  // namespace prunebench::harness
