#include "harness/reports/export_formats.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "harness/reports/node_sum.h"
#include "harness/reports/run_records.h"

namespace prunebench::harness {

namespace {

using nlohmann::json;

// One exported benchmark: a mode at a depth, over one position or all.
struct Entry {
  std::string mode;
  int depth = 0;
  std::string position_id;  // empty: the sum over positions
  NodeSum nodes = 0;
  std::size_t positions = 0;
  // The sum of counters.distinct_nodes while every record so far had it.
  std::optional<NodeSum> distinct_nodes = 0;

  void add(const NodeRecord& record) {
    ++positions;
    nodes += record.nodes;
    distinct_nodes = distinct_nodes && record.distinct_nodes ? std::optional(*distinct_nodes + *record.distinct_nodes)
                                                             : std::nullopt;
  }
};

// The run's records as entries, in record order, or summed per (mode, depth)
// in order of first appearance.
std::string collect(const json& run, bool per_record, std::vector<Entry>& entries) {
  std::vector<NodeRecord> records;
  if (std::string problem = read_node_records(run, records); !problem.empty()) return problem;
  for (const NodeRecord& record : records) {
    const RecordKey& key = record.key;
    if (per_record) {
      entries.push_back({key.mode, key.depth, key.position_id});
      entries.back().add(record);
      continue;
    }
    auto it = std::find_if(entries.begin(), entries.end(),
                           [&](const Entry& e) { return e.mode == key.mode && e.depth == key.depth; });
    if (it == entries.end()) it = entries.insert(entries.end(), Entry{key.mode, key.depth, ""});
    it->add(record);
  }
  return {};
}

// "mvv-lva/depth:4" or "mvv-lva/depth:4/position:start": Google Benchmark's
// name/arg:value convention, which dashboards split on '/'.
std::string benchmark_name(const Entry& entry) {
  std::string name = entry.mode + "/depth:" + std::to_string(entry.depth);
  return entry.position_id.empty() ? name : name + "/position:" + entry.position_id;
}

json context_value(const json& run, const char* name, json fallback) {
  const auto context = run.find("context");
  if (context == run.end() || !context->is_object()) return fallback;
  return context->value(name, fallback);
}

}  // namespace

ExportResult github_action_benchmark(const json& run, bool per_record) {
  ExportResult result;
  std::vector<Entry> entries;
  result.error = collect(run, per_record, entries);
  if (!result.ok()) return result;
  result.value = json::array();
  for (const Entry& entry : entries) {
    const std::string extra = entry.position_id.empty()
                                  ? "sum over " + std::to_string(entry.positions) + " positions"
                                  : "position " + entry.position_id;
    result.value.push_back(
        {{"name", benchmark_name(entry)}, {"unit", "nodes"}, {"value", node_sum_json(entry.nodes)}, {"extra", extra}});
  }
  return result;
}

ExportResult google_benchmark(const json& run, bool per_record) {
  ExportResult result;
  std::vector<Entry> entries;
  result.error = collect(run, per_record, entries);
  if (!result.ok()) return result;
  json benchmarks = json::array();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& entry = entries[i];
    const std::string name = benchmark_name(entry);
    benchmarks.push_back({{"name", name},
                          {"family_index", i},
                          {"per_family_instance_index", 0},
                          {"run_name", name},
                          {"run_type", "iteration"},
                          {"repetitions", 1},
                          {"repetition_index", 0},
                          {"threads", 1},
                          {"iterations", 1},
                          // Not times: the node count, so time-comparing tools compare nodes.
                          {"real_time", node_sum_json(entry.nodes)},
                          {"cpu_time", node_sum_json(entry.nodes)},
                          {"time_unit", "ns"},
                          {"nodes", node_sum_json(entry.nodes)},
                          {"positions", entry.positions}});
    // A user counter too, when every record of the entry counted it (run --distinct-nodes).
    if (entry.distinct_nodes) benchmarks.back()["distinct_nodes"] = node_sum_json(*entry.distinct_nodes);
  }
  result.value = {
      {"context",
       {{"date", context_value(run, "started_at", "")},
        {"host_name", ""},
        {"executable", "prunebench"},
        {"num_cpus", context_value(run, "threads", 1)},
        {"mhz_per_cpu", 0},
        {"cpu_scaling_enabled", false},
        {"caches", json::array()},
        {"library_build_type", "release"},
        {"prunebench_git_commit", context_value(run, "git_commit", "unknown")},
        {"prunebench_note", "real_time and cpu_time hold counters.nodes, not times"}}},
      {"benchmarks", benchmarks},
  };
  return result;
}

}  // namespace prunebench::harness
