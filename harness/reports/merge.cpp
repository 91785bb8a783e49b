#include "harness/reports/merge.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

namespace prunebench::harness {

namespace {

using Json = nlohmann::json;

// The context fields that say which build made a document.
constexpr const char* BUILD_FIELDS[] = {"prunebench_version", "git_commit", "git_dirty",
                                        "compiler",           "build_type", "compile_flags"};

Json suite_hashes(const Json& context) {
  Json hashes = Json::array();
  for (const Json& suite : context["suites"]) hashes.push_back(suite.value("sha256", Json()));
  return hashes;
}

// Build, suites and plan of `shard` against `first`'s.
void check_same_origin(const ShardDocument& first, const ShardDocument& shard, std::vector<std::string>& problems) {
  const Json &a = first.document["context"], &b = shard.document["context"];
  const std::string versus = " (" + first.path + " has ";
  for (const char* field : BUILD_FIELDS)
    if (a.value(field, Json()) != b.value(field, Json()))
      problems.push_back(shard.path + ": another build: " + field + " is " + b.value(field, Json()).dump() + versus +
                         a.value(field, Json()).dump() + ")");
  if (suite_hashes(a) != suite_hashes(b))
    problems.push_back(shard.path + ": other suites: sha256 " + suite_hashes(b).dump() + versus +
                       suite_hashes(a).dump() + ")");
  const Json &plan_a = a["shard"]["plan"], &plan_b = b["shard"]["plan"];
  std::set<std::string> keys;
  for (const auto& [key, value] : plan_a.items()) keys.insert(key);
  for (const auto& [key, value] : plan_b.items()) keys.insert(key);
  for (const std::string& key : keys)
    if (key != "suites" && plan_a.value(key, Json()) != plan_b.value(key, Json()))
      problems.push_back(shard.path + ": another plan: " + key + " is " + plan_b.value(key, Json()).dump() + versus +
                         plan_a.value(key, Json()).dump() + ")");
  if (a["shard"]["count"] != b["shard"]["count"])
    problems.push_back(shard.path + ": shard " + b["shard"]["index"].dump() + " of " + b["shard"]["count"].dump() +
                       versus + "shard count " + a["shard"]["count"].dump() + ")");
}

// Every shard 1..N exactly once.
void check_shard_cover(const std::vector<ShardDocument>& shards, std::vector<std::string>& problems) {
  const int count = shards.front().document["context"]["shard"]["count"].get<int>();
  std::map<int, std::string> seen;
  for (const ShardDocument& shard : shards) {
    const int index = shard.document["context"]["shard"]["index"].get<int>();
    if (const auto [it, fresh] = seen.emplace(index, shard.path); !fresh)
      problems.push_back("shard " + std::to_string(index) + " is given twice: " + it->second + " and " + shard.path);
  }
  for (int index = 1; index <= count; ++index)
    if (!seen.contains(index))
      problems.push_back("shard " + std::to_string(index) + " of " + std::to_string(count) + " is missing");
}

std::vector<std::string> expected_modes(const Json& plan) {
  std::vector<std::string> modes;
  for (const Json& mode : plan.value("modes", Json::array())) modes.push_back(mode.get<std::string>());
  for (const Json& engine : plan.value("engines", Json::array())) modes.push_back(engine.value("name", ""));
  return modes;
}

// One id for one position: an id at two indices (a position renamed to
// another's id) would give the merged run two positions of that id.
std::string check_unique_ids(const std::vector<ShardDocument>& shards) {
  std::map<std::string, std::pair<std::uint64_t, const std::string*>> seen;  // id -> index, path
  for (const ShardDocument& shard : shards) {
    const Json& indices = shard.document["context"]["shard"]["position_indices"];
    for (std::size_t i = 0; i < indices.size(); ++i) {
      const std::string id = shard.document["positions"][i]["id"].get<std::string>();
      const std::uint64_t index = indices[i].get<std::uint64_t>();
      const auto [it, fresh] = seen.emplace(id, std::make_pair(index, &shard.path));
      if (!fresh && it->second.first != index)
        return shard.path + ": the position id '" + id + "' (index " + std::to_string(index) +
               ") is also the id of index " + std::to_string(it->second.first) + " in " + *it->second.second;
    }
  }
  return {};
}

struct Slot {
  const ShardDocument* shard = nullptr;
  std::size_t position = 0;  // in the shard's positions
};

// The number of positions the suites hold, saturating: a count is read from
// the shard, so only a loop bounded by what the shards list may use it.
std::uint64_t suite_positions(const Json& context) {
  std::uint64_t total = 0;
  for (const Json& suite : context["suites"]) {
    const std::uint64_t count = suite["positions"].get<std::uint64_t>();
    total = count > UINT64_MAX - total ? UINT64_MAX : total + count;
  }
  return total;
}

// Every position of the suites exactly once, returned in run order. Tables
// are sized by the positions the shards list, never by a count they state.
std::vector<Slot> place_positions(const std::vector<ShardDocument>& shards, std::vector<std::string>& problems) {
  const std::uint64_t total = suite_positions(shards.front().document["context"]);
  std::map<std::uint64_t, Slot> placed;
  for (const ShardDocument& shard : shards) {
    const Json& indices = shard.document["context"]["shard"]["position_indices"];
    for (std::size_t i = 0; i < indices.size(); ++i) {
      const std::uint64_t index = indices[i].get<std::uint64_t>();
      const std::string id = shard.document["positions"][i]["id"].get<std::string>();
      if (index >= total) {
        problems.push_back(shard.path + ": position " + id + " has index " + std::to_string(index) +
                           ", but the suites hold " + std::to_string(total) + " positions");
      } else if (const auto [it, fresh] = placed.emplace(index, Slot{&shard, i}); !fresh) {
        problems.push_back("position " + id + " is in two shards: " + it->second.shard->path + " and " + shard.path);
      }
    }
  }
  const std::uint64_t missing = total - std::min<std::uint64_t>(total, placed.size());
  std::uint64_t named = 0;
  for (std::uint64_t index = 0; index < total && named < std::min<std::uint64_t>(missing, MAX_MERGE_PROBLEMS); ++index)
    if (!placed.contains(index)) {
      problems.push_back("position " + std::to_string(index + 1) + " of the suites is in no shard");
      ++named;
    }
  if (missing > named) problems.push_back("... and " + std::to_string(missing - named) + " more positions in no shard");
  std::vector<Slot> slots;
  for (const auto& [index, slot] : placed) slots.push_back(slot);
  return slots;
}

std::string slot_key(const Json& entry) {
  return entry["position_id"].get<std::string>() + '\n' + entry["depth"].dump() + '\n' + entry["mode"].get<std::string>();
}

// For every position, each depth x mode of the plan exactly once, as a record or a skip.
void check_records(const std::vector<ShardDocument>& shards, std::vector<std::string>& problems) {
  const Json& plan = shards.front().document["context"]["shard"]["plan"];
  std::map<std::string, std::string> seen;  // slot key -> path
  for (const ShardDocument& shard : shards)
    for (const char* list : {"records", "skipped"})
      for (const Json& entry : shard.document[list])
        if (const auto [it, fresh] = seen.emplace(slot_key(entry), shard.path); !fresh)
          problems.push_back(entry["position_id"].get<std::string>() + " depth " + entry["depth"].dump() + " mode " +
                             entry["mode"].get<std::string>() + " is recorded twice (" + it->second + ", " +
                             shard.path + ")");
  for (const ShardDocument& shard : shards)
    for (const Json& position : shard.document["positions"])
      for (const Json& depth : plan.value("depths", Json::array()))
        for (const std::string& mode : expected_modes(plan)) {
          const Json slot = {{"position_id", position["id"]}, {"depth", depth}, {"mode", mode}};
          if (!seen.contains(slot_key(slot)))
            problems.push_back(shard.path + ": " + position["id"].get<std::string>() + " depth " + depth.dump() +
                               " mode " + mode + " has no record (neither searched nor skipped)");
        }
}

// Records and skips grouped by position, in each shard's own order.
std::map<std::string, std::vector<const Json*>> by_position(const std::vector<ShardDocument>& shards,
                                                             const char* list) {
  std::map<std::string, std::vector<const Json*>> grouped;
  for (const ShardDocument& shard : shards)
    for (const Json& entry : shard.document[list]) grouped[entry["position_id"].get<std::string>()].push_back(&entry);
  return grouped;
}

Json merged_document(const std::vector<ShardDocument>& shards, const std::vector<Slot>& slots) {
  Json context = shards.front().document["context"];  // shard 1's
  context["merged_shards"] = context["shard"]["count"];
  context.erase("shard");
  const auto records = by_position(shards, "records"), skipped = by_position(shards, "skipped");
  Json document = {{"schema_version", shards.front().document["schema_version"]},
                   {"kind", "run"},
                   {"context", context},
                   {"positions", Json::array()},
                   {"records", Json::array()},
                   {"skipped", Json::array()}};
  for (const Slot& slot : slots) {
    const Json& position = slot.shard->document["positions"][slot.position];
    document["positions"].push_back(position);
    const std::string id = position["id"].get<std::string>();
    if (const auto it = records.find(id); it != records.end())
      for (const Json* record : it->second) document["records"].push_back(*record);
    if (const auto it = skipped.find(id); it != skipped.end())
      for (const Json* skip : it->second) document["skipped"].push_back(*skip);
  }
  return document;
}

void cap(std::vector<std::string>& problems) {
  if (problems.size() <= MAX_MERGE_PROBLEMS) return;
  const std::size_t more = problems.size() - (MAX_MERGE_PROBLEMS - 1);
  problems.resize(MAX_MERGE_PROBLEMS - 1);
  problems.push_back("... and " + std::to_string(more) + " more problems");
}

}  // namespace

MergeResult merge_shards(std::vector<ShardDocument> shards) {
  MergeResult result;
  if (shards.empty()) return {{}, "no shard documents to merge", {}};
  for (const ShardDocument& shard : shards)
    if (std::string error = check_shard_document(shard); !error.empty()) return {{}, error, {}};
  std::stable_sort(shards.begin(), shards.end(), [](const ShardDocument& a, const ShardDocument& b) {
    return a.document["context"]["shard"]["index"] < b.document["context"]["shard"]["index"];
  });
  for (const ShardDocument& shard : shards) check_same_origin(shards.front(), shard, result.problems);
  if (result.problems.empty()) {  // the rest compares like with like only
    for (const ShardDocument& shard : shards)
      if (std::string error = check_shard_records(shard); !error.empty()) return {{}, error, {}};
    if (std::string error = check_unique_ids(shards); !error.empty()) return {{}, error, {}};
    check_shard_cover(shards, result.problems);
    const std::vector<Slot> slots = place_positions(shards, result.problems);
    check_records(shards, result.problems);
    if (result.problems.empty()) result.document = merged_document(shards, slots);
  }
  cap(result.problems);
  return result;
}

}  // namespace prunebench::harness
