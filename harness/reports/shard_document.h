// One shard's document (`prunebench run --shard K/N`) as `merge` reads it:
// checked on its own before it is compared with the others, so that no
// field of it is trusted to size a table or to be copied into the merged
// run unless its own plan allows it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace prunebench::harness {

struct ShardDocument {
  std::string path;  // names it in messages
  nlohmann::json document;  // already checked: schema_version 1, kind "run"
};

// Why `shard` is not the document of a `run --shard K/N`, or "": the shape of
// its context, positions, records and skips; its index and count within the
// limits `run --shard` accepts; its positions' ids unique.
std::string check_shard_document(const ShardDocument& shard);

// Why a record or skip of `shard` (already checked above) is not one of its
// own positions at a depth and mode of its own plan, or "". Asked once the
// shards are known to share one plan, so that another plan is named as such.
std::string check_shard_records(const ShardDocument& shard);

}  // namespace prunebench::harness
