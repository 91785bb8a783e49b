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

// A record must be a slot of the plan: one of the shard's positions, at a
// depth and mode the plan has. Anything else is bad input, never copied.
TEST(MergeShards, RefusesARecordOutsideThePlan) {
  for (const auto& [field, value] : std::vector<std::pair<std::string, json>>{
           {"depth", 9}, {"mode", "zz"}, {"position_id", "ghost"}}) {
    ShardDocument second = shard(2, {1});
    second.document["records"][0][field] = value;
    const MergeResult merged = merge_shards({shard(1, {0, 2}), second});
    EXPECT_TRUE(merged.error.starts_with("shard2.json: record 0 (")) << field << ": " << merged.error;
    EXPECT_TRUE(merged.error.ends_with(") is not in the shard's plan")) << merged.error;
    EXPECT_TRUE(merged.document.is_null());
  }
  ShardDocument skipped = shard(2, {1});
  skipped.document["skipped"].push_back({{"position_id", "p1"}, {"depth", 3}, {"mode", "a"}});
  EXPECT_EQ(merge_shards({shard(1, {0, 2}), skipped}).error,
            "shard2.json: skipped entry 0 (p1 depth 3 mode a: the plan's depths are [1,2]) is not in the shard's plan");
}

TEST(MergeShards, RefusesAPositionRenamedToAnothersId) {
  ShardDocument second = shard(2, {1});
  second.document["positions"][0]["id"] = "p0";
  for (json& record : second.document["records"]) record["position_id"] = "p0";
  EXPECT_EQ(merge_shards({shard(1, {0, 2}), second}).error,
            "shard2.json: the position id 'p0' (index 1) is also the id of index 0 in shard1.json");
  ShardDocument twice = shard(1, {0, 2});
  twice.document["positions"][1]["id"] = "p0";
  EXPECT_EQ(merge_shards({twice, shard(2, {1})}).error, "shard1.json: the position id 'p0' appears twice");
}

// The limits of run --shard K/N; a count of two billion must not size a table.
TEST(MergeShards, RefusesShardCountsOutsideTheLimits) {
  for (const json& count : {json(-5), json(0), json(100001), json(2000000000), json(UINT64_MAX)}) {
    ShardDocument first = shard(1, {0, 2});
    first.document["context"]["shard"]["count"] = count;
    EXPECT_EQ(merge_shards({first, shard(2, {1})}).error,
              "shard1.json: context.shard.count " + count.dump() +
                  " is not in 1..100000 (the counts 'run --shard K/N' accepts)");
  }
  for (const json& index : {json(0), json(3), json(-1)}) {
    ShardDocument first = shard(1, {0, 2});
    first.document["context"]["shard"]["index"] = index;
    EXPECT_EQ(merge_shards({first, shard(2, {1})}).error,
              "shard1.json: context.shard.index " + index.dump() + " is not in 1..2");
  }
  ShardDocument negative = shard(1, {0, 2});
  negative.document["context"]["suites"][0]["positions"] = -3;
  EXPECT_EQ(merge_shards({negative, shard(2, {1})}).error, "shard1.json: a context.suites entry has no positions count");
}

// A suite's position count is read from the shard: the missing positions are
// named up to the cap and counted, with no table of that size.
TEST(MergeShards, AHugePositionCountIsAProblemNotATable) {
  std::vector<ShardDocument> shards = {shard(1, {0, 2}), shard(2, {1})};
  for (ShardDocument& s : shards) s.document["context"]["suites"][0]["positions"] = 2000000000;
  const MergeResult merged = merge_shards(shards);
  ASSERT_EQ(merged.problems.size(), MAX_MERGE_PROBLEMS);
  EXPECT_EQ(merged.problems.front(), "position 4 of the suites is in no shard");
  EXPECT_EQ(merged.problems.back(), "... and 2 more problems");
}

}  // namespace
}  // namespace prunebench::harness
