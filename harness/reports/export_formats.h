// A run's node counts in the formats other benchmark tools read
// (docs/json-schema.md, "Exports"):
//   - github-action-benchmark's `customSmallerIsBetter`: an array of
//     {name, unit, value, extra}, value = nodes;
//   - Google Benchmark's JSON reporter layout: {context, benchmarks}, each
//     benchmark an "iteration" run whose real_time and cpu_time hold the nodes
//     (time_unit "ns", so tools/compare.py compares node counts) and whose
//     counter `nodes` holds them too.
// Either lists a benchmark per (mode, depth), the nodes summed over the
// positions, or with `per_record` one per (mode, depth, position).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/text.h"

namespace prunebench::harness {

// The exported document in `value`, or a malformed run or an overflowing sum.
using ExportResult = Parsed<nlohmann::json>;

// `run` is a document already checked to be schema_version 1, kind "run".
ExportResult github_action_benchmark(const nlohmann::json& run, bool per_record);
ExportResult google_benchmark(const nlohmann::json& run, bool per_record);

}  // namespace prunebench::harness
