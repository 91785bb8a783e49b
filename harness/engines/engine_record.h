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
  // The repeats disagreed on nodes ("search 1 reported 93372 nodes, search 2
  // 93371"); the record has engine.deterministic false.
  std::string nondeterminism;
};

// What the run writes as the record's "spec" for an engine.
nlohmann::ordered_json engine_spec_json(const EngineSubject& subject, const UciEngine& engine, int repeat);

EngineOutcome measure_engine(UciEngine& engine, const EngineSubject& subject, const std::string& position_id,
                             const Position& position, int depth, int repeat);

}  // namespace prunebench::harness
