#include "harness/reports/shard_document.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "harness/run/journal_check.h"
#include "harness/run/shard.h"

namespace prunebench::harness {

namespace {

using Json = nlohmann::json;

bool is_int(const Json& object, const char* name) {
  return object.contains(name) && object[name].is_number_integer();
}

bool is_array(const Json& object, const char* name) { return object.contains(name) && object[name].is_array(); }

bool all_of(const Json& array, bool (Json::*is_kind)() const noexcept) {
  return std::all_of(array.begin(), array.end(), [&](const Json& item) { return (item.*is_kind)(); });
}

// A JSON integer in min..max, whether stored signed or unsigned (min >= 0).
bool in_range(const Json& value, std::uint64_t min, std::uint64_t max) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>() >= min && value.get<std::uint64_t>() <= max;
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0) return false;
  const std::uint64_t number = std::uint64_t(value.get<std::int64_t>());
  return number >= min && number <= max;
}

std::string check_context(const Json& doc) {
  if (!doc.contains("context") || !doc["context"].is_object() || !doc["context"].contains("shard"))
    return "not a shard's run (it has no context.shard; run it with --shard K/N)";
  const Json& info = doc["context"]["shard"];
  if (!info.is_object() || !is_int(info, "index") || !is_int(info, "count") || !info.contains("plan") ||
      !info["plan"].is_object() || !is_array(info, "position_indices"))
    return "context.shard needs integer index and count, a plan object and position_indices";
  if (!all_of(info["position_indices"], &Json::is_number_unsigned))
    return "context.shard.position_indices holds a non-index";
  if (!is_array(doc["context"], "suites")) return "context.suites is not an array";
  for (const Json& suite : doc["context"]["suites"])
    if (!suite.is_object() || !suite.contains("positions") || !in_range(suite["positions"], 0, UINT64_MAX))
      return "a context.suites entry has no positions count";
  return {};
}

// The limits of `run --shard K/N`: read as they are, a count of -5 or of two
// billion would size the merge's tables.
std::string check_counts(const Json& info) {
  if (!in_range(info["count"], 1, MAX_SHARDS))
    return "context.shard.count " + info["count"].dump() + " is not in 1.." + std::to_string(MAX_SHARDS) +
           " (the counts 'run --shard K/N' accepts)";
  const std::uint64_t count = info["count"].get<std::uint64_t>();
  if (!in_range(info["index"], 1, count))
    return "context.shard.index " + info["index"].dump() + " is not in 1.." + std::to_string(count);
  return {};
}

std::string check_plan(const Json& plan) {
  if (!is_array(plan, "depths") || !all_of(plan["depths"], &Json::is_number_integer))
    return "context.shard.plan.depths is not a list of depths";
  if (plan.contains("modes") && (!plan["modes"].is_array() || !all_of(plan["modes"], &Json::is_string)))
    return "context.shard.plan.modes is not a list of mode names";
  if (plan.contains("engines")) {
    if (!plan["engines"].is_array()) return "context.shard.plan.engines is not a list";
    for (const Json& engine : plan["engines"])
      if (!engine.is_object() || !engine.contains("name") || !engine["name"].is_string())
        return "a context.shard.plan.engines entry has no name";
  }
  return {};
}

std::string check_lists(const Json& doc) {
  if (!is_array(doc, "positions") || !is_array(doc, "records") || !is_array(doc, "skipped"))
    return "positions, records and skipped must be arrays";
  if (doc["positions"].size() != doc["context"]["shard"]["position_indices"].size())
    return "context.shard.position_indices does not list one index per position";
  std::set<std::string> ids;
  for (const Json& position : doc["positions"]) {
    if (!position.is_object() || !position.contains("id") || !position["id"].is_string())
      return "a position has no id string";
    if (!ids.insert(position["id"].get<std::string>()).second)
      return "the position id '" + position["id"].get<std::string>() + "' appears twice";
  }
  for (std::size_t i = 0; i < doc["records"].size(); ++i)
    if (std::string problem = check_record_shape(doc["records"][i]); !problem.empty())
      return "record " + std::to_string(i) + ": " + problem;
  for (const Json& skip : doc["skipped"])
    if (!skip.is_object() || !skip.contains("position_id") || !skip["position_id"].is_string() ||
        !is_int(skip, "depth") || !skip.contains("mode") || !skip["mode"].is_string())
      return "a skipped entry has no position_id, depth and mode";
  return {};
}

// Why `entry` (a record or a skip) is not a slot of this shard's plan, or "".
std::string check_slot(const Json& entry, const std::set<std::string>& ids, const Json& depths,
                       const std::set<std::string>& modes) {
  const std::string id = entry["position_id"].get<std::string>(), mode = entry["mode"].get<std::string>();
  const std::string what = id + " depth " + entry["depth"].dump() + " mode " + mode;
  if (!ids.contains(id)) return what + ": the shard has no position " + id;
  if (std::find(depths.begin(), depths.end(), entry["depth"]) == depths.end())
    return what + ": the plan's depths are " + depths.dump();
  if (!modes.contains(mode)) return what + ": the plan has no mode " + mode;
  return {};
}

std::string check_slots(const Json& doc) {
  const Json& plan = doc["context"]["shard"]["plan"];
  std::set<std::string> ids, modes;
  for (const Json& position : doc["positions"]) ids.insert(position["id"].get<std::string>());
  for (const Json& mode : plan.value("modes", Json::array())) modes.insert(mode.get<std::string>());
  for (const Json& engine : plan.value("engines", Json::array())) modes.insert(engine["name"].get<std::string>());
  for (const char* list : {"records", "skipped"})
    for (std::size_t i = 0; i < doc[list].size(); ++i)
      if (std::string problem = check_slot(doc[list][i], ids, plan["depths"], modes); !problem.empty())
        return std::string(list == std::string("records") ? "record " : "skipped entry ") + std::to_string(i) +
               " (" + problem + ") is not in the shard's plan";
  return {};
}

}  // namespace

std::string check_shard_document(const ShardDocument& shard) {
  const Json& doc = shard.document;
  std::string problem = check_context(doc);
  if (problem.empty()) problem = check_counts(doc["context"]["shard"]);
  if (problem.empty()) problem = check_plan(doc["context"]["shard"]["plan"]);
  if (problem.empty()) problem = check_lists(doc);
  return problem.empty() ? problem : shard.path + ": " + problem;
}

std::string check_shard_records(const ShardDocument& shard) {
  const std::string problem = check_slots(shard.document);
  return problem.empty() ? problem : shard.path + ": " + problem;
}

}  // namespace prunebench::harness
