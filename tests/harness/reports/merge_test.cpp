#include "harness/reports/merge.h"

#include <gtest/gtest.h>

#include <sstream>

#include "harness/commands/commands.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;

json record(const std::string& id, int depth, const std::string& mode, unsigned nodes) {
  return {{"position_id", id}, {"depth", depth}, {"mode", mode}, {"score", 0}, {"counters", {{"nodes", nodes}}}};
}

// Shard `index` of 2 of a plan of depths 1-2, modes a and b, over suites of
// three positions p0 p1 p2; `positions` are its positions' indices.
ShardDocument shard(int index, const std::vector<unsigned>& positions) {
  json doc = {{"schema_version", 1}, {"kind", "run"}, {"positions", json::array()}, {"records", json::array()},
              {"skipped", json::array()}};
  doc["context"] = {{"git_commit", "abc"}, {"compiler", "g++"}, {"suites", {{{"sha256", "s"}, {"positions", 3}}}}};
  doc["context"]["shard"] = {{"index", index}, {"count", 2}, {"plan", {{"depths", {1, 2}}, {"modes", {"a", "b"}}}},
                             {"position_indices", positions}};
  for (unsigned p : positions) {
    const std::string id = "p" + std::to_string(p);
    doc["positions"].push_back({{"id", id}});
    for (int depth : {1, 2})
      for (const char* mode : {"a", "b"}) doc["records"].push_back(record(id, depth, mode, 10 * p + depth));
  }
  return {"shard" + std::to_string(index) + ".json", doc};
}

std::vector<std::string> position_ids(const json& positions) {
  std::vector<std::string> result;
  for (const json& position : positions) result.push_back(position["id"]);
  return result;
}

// "p0 1a": position, depth and mode.
std::vector<std::string> record_keys(const json& records) {
  std::vector<std::string> result;
  for (const json& r : records)
    result.push_back(r["position_id"].get<std::string>() + " " + r["depth"].dump() + r["mode"].get<std::string>());
  return result;
}

TEST(MergeShards, RestoresTheRunOrder) {
  const MergeResult merged = merge_shards({shard(2, {1}), shard(1, {0, 2})});
  ASSERT_TRUE(merged.ok()) << merged.error << (merged.problems.empty() ? "" : merged.problems.front());
  EXPECT_EQ(position_ids(merged.document["positions"]), (std::vector<std::string>{"p0", "p1", "p2"}));
  EXPECT_EQ(record_keys(merged.document["records"]),
            (std::vector<std::string>{"p0 1a", "p0 1b", "p0 2a", "p0 2b", "p1 1a", "p1 1b", "p1 2a", "p1 2b", "p2 1a",
                                      "p2 1b", "p2 2a", "p2 2b"}));
  EXPECT_EQ(merged.document["context"]["merged_shards"], 2);
  EXPECT_FALSE(merged.document["context"].contains("shard"));
}

TEST(MergeShards, NamesAMissingShardAndPosition) {
  const MergeResult merged = merge_shards({shard(1, {0, 2})});
  EXPECT_EQ(merged.problems,
            (std::vector<std::string>{"shard 2 of 2 is missing", "position 2 of the suites is in no shard"}));
}

TEST(MergeShards, NamesAPositionInTwoShards) {
  const MergeResult merged = merge_shards({shard(1, {0, 2}), shard(2, {1, 2})});
  ASSERT_FALSE(merged.problems.empty());
  EXPECT_EQ(merged.problems.front(), "position p2 is in two shards: shard1.json and shard2.json");
}

TEST(MergeShards, NamesALostRecord) {
  ShardDocument second = shard(2, {1});
  second.document["records"].erase(1);
  const MergeResult merged = merge_shards({shard(1, {0, 2}), second});
  EXPECT_EQ(merged.problems,
            (std::vector<std::string>{"shard2.json: p1 depth 1 mode b has no record (neither searched nor skipped)"}));
}

TEST(MergeShards, NamesAnotherBuildAndPlan) {
  ShardDocument second = shard(2, {1});
  second.document["context"]["compiler"] = "clang++";
  second.document["context"]["shard"]["plan"]["depths"] = {1};
  const MergeResult merged = merge_shards({shard(1, {0, 2}), second});
  EXPECT_EQ(merged.problems,
            (std::vector<std::string>{"shard2.json: another build: compiler is \"clang++\" (shard1.json has \"g++\")",
                                      "shard2.json: another plan: depths is [1] (shard1.json has [1,2])"}));
}

TEST(MergeCommand, RefusesToOverwriteAShard) {
  testing::TempDir dir;
  const std::string first = dir.file("shard1.json"), second = dir.file("shard2.json");
  testing::write_text(first, shard(1, {0, 2}).document.dump());
  testing::write_text(second, shard(2, {1}).document.dump());
  std::ostringstream out, err;
  EXPECT_EQ(merge_command({first, second, "--out", first}, out, err), EXIT_BAD_INPUT);
  EXPECT_EQ(err.str(), "error: --out " + first + " names the same file as the input SHARD.json " + first +
                           " (writing it would overwrite the input; choose another file)\n");
  EXPECT_EQ(testing::read_text(first), shard(1, {0, 2}).document.dump());
}

TEST(MergeCommand, RefusesADocumentNestedTooDeep) {
  testing::TempDir dir;
  const std::string deep = dir.file("deep.json");
  testing::write_text(deep, std::string(300000, '[') + std::string(300000, ']'));
  std::ostringstream out, err;
  EXPECT_EQ(merge_command({deep, deep}, out, err), EXIT_BAD_INPUT);
  EXPECT_EQ(err.str(), "error: " + deep + ": not readable JSON (nested more than 256 levels deep at byte 257; "
                       "prunebench reads at most 256)\n");
}

TEST(MergeShards, RefusesARunThatIsNotAShard) {
  ShardDocument plain = shard(1, {0, 1, 2});
  plain.document["context"].erase("shard");
  EXPECT_EQ(merge_shards({plain}).error,
            "shard1.json: not a shard's run (it has no context.shard; run it with --shard K/N)");
}

}  // namespace
}  // namespace prunebench::harness
