// The view of a `prunebench run` document that compare and export share:
// each record's key (position, depth, mode), its counters.nodes and
// counters.distinct_nodes (when the run counted it), read with
// an error a user can act on instead of an exception.
#pragma once

#include <compare>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace prunebench::harness {

struct RecordKey {
  std::string position_id;
  int depth = 0;
  std::string mode;
  auto operator<=>(const RecordKey&) const = default;
};

struct NodeRecord {
  RecordKey key;
  std::uint64_t nodes = 0;
  std::optional<std::uint64_t> distinct_nodes;  // counters.distinct_nodes, when counted (--distinct-nodes)
  // false: "deterministic": false, a parallel search's count, which varies from run to run.
  bool deterministic = true;
};

// "(start, depth 3, pvs)".
std::string describe(const RecordKey& key);

// Every record of `run` in file order. Returns "" or what is wrong, e.g.
// "no records array", "record 4 has no counters.nodes count" or "record 5
// repeats record 1 (start, depth 2, pvs)"; callers name the file.
std::string read_node_records(const nlohmann::json& run, std::vector<NodeRecord>& records);

}  // namespace prunebench::harness
