// One run record of an external UCI engine: a position searched to one depth
// `repeat` times (a fresh ucinewgame before each, in the same process), the
// engine's reports turned into the run JSON's record shape (kind "run",
// docs/json-schema.md) so that compare and the tables read it like any mode.
// counters.nodes is the engine's own reported count: its node definition
// (quiescence, pruning, extensions) is not prunebench's (README glossary).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engine/position.h"
#include "harness/engines/uci_engine.h"

namespace prunebench::harness {

struct EngineOutcome {
  nlohmann::ordered_json record;
  std::string error;               // the engine failed: record is empty
  std::string nondeterminism;      // the repeats disagreed on nodes: the record is not to be kept
};

// What the run writes as the record's "spec" for an engine.
nlohmann::ordered_json engine_spec_json(const EngineSubject& subject, const UciEngine& engine, int repeat);

EngineOutcome measure_engine(UciEngine& engine, const EngineSubject& subject, const std::string& position_id,
                             const Position& position, int depth, int repeat);

}  // namespace prunebench::harness
