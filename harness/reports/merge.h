// Joining the documents of `prunebench run --shard K/N` (one per shard) into
// the document a single run of the whole plan writes: the same positions,
// records and skips, in the same order.
//
// The shards must prove they belong together: the same build (version,
// commit, compiler, build type, flags), the same suites (by sha256), the same
// plan (depths, modes, engines, --max-nodes) and shard count; every shard
// exactly once; every position of the suites exactly once; and for every
// position each depth x mode either a record or a skip, never two.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/reports/shard_document.h"

namespace prunebench::harness {

struct MergeResult {
  nlohmann::json document;            // the merged run, when both lists below are empty
  std::string error;                  // a document that is not a shard's run at all (bad input)
  std::vector<std::string> problems;  // shards that do not fit together, one line each
  bool ok() const { return error.empty() && problems.empty(); }
};

// At most this many problem lines are listed; the last says how many more there were.
constexpr std::size_t MAX_MERGE_PROBLEMS = 20;

MergeResult merge_shards(std::vector<ShardDocument> shards);

}  // namespace prunebench::harness
