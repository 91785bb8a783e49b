#include "harness/reports/run_records.h"

#include <limits>
#include <map>

namespace prunebench::harness {

namespace {

using nlohmann::json;

// Reads record `index` of a run, or says which field is missing or mistyped.
std::string read_record(const json& record, std::size_t index, NodeRecord& out) {
  const std::string where = "record " + std::to_string(index);
  if (!record.is_object()) return where + " is not an object";
  const auto field = [&](const char* name) { return record.contains(name) ? &record[name] : nullptr; };
  const json* id = field("position_id");
  const json* depth = field("depth");
  const json* mode = field("mode");
  const json* counters = field("counters");
  if (!id || !id->is_string()) return where + " has no position_id string";
  if (!depth || !depth->is_number_integer()) return where + " has no integer depth";
  // get<int> would wrap a larger depth (2^32 + 1 read as 1) into another record's key.
  if (depth->is_number_unsigned() ? depth->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<int>::max())
                                  : depth->get<std::int64_t>() < 0)
    return where + " has depth " + depth->dump() + ", not a depth from 0 to " +
           std::to_string(std::numeric_limits<int>::max());
  if (!mode || !mode->is_string()) return where + " has no mode string";
  if (!counters || !counters->is_object() || !counters->contains("nodes") ||
      !(*counters)["nodes"].is_number_unsigned()) {
    return where + " has no counters.nodes count";
  }
  out.key = {id->get<std::string>(), depth->get<int>(), mode->get<std::string>()};
  out.nodes = (*counters)["nodes"].get<std::uint64_t>();
  if (const auto distinct = counters->find("distinct_nodes"); distinct != counters->end()) {
    if (!distinct->is_number_unsigned()) return where + " has a counters.distinct_nodes that is not a count";
    out.distinct_nodes = distinct->get<std::uint64_t>();
  }
  if (const json* deterministic = field("deterministic"))
    out.deterministic = !(deterministic->is_boolean() && !deterministic->get<bool>());
  return {};
}

}  // namespace

std::string describe(const RecordKey& key) {
  return "(" + key.position_id + ", depth " + std::to_string(key.depth) + ", " + key.mode + ")";
}

std::string read_node_records(const json& run, std::vector<NodeRecord>& records) {
  if (!run.contains("records") || !run["records"].is_array()) return "no records array";
  std::map<RecordKey, std::size_t> seen;
  const json& array = run["records"];
  for (std::size_t i = 0; i < array.size(); ++i) {
    NodeRecord record;
    if (const std::string problem = read_record(array[i], i, record); !problem.empty()) return problem;
    const auto [it, inserted] = seen.emplace(record.key, i);
    if (!inserted)
      return "record " + std::to_string(i) + " repeats record " + std::to_string(it->second) + " " +
             describe(record.key);
    records.push_back(std::move(record));
  }
  return {};
}

}  // namespace prunebench::harness
