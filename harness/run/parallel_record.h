// A parallel alpha-beta record (smp=, engine/search/ybwc.h and lazy_smp.h): its counts
// depend on the threads' timing, so it carries beside them the serial
// search's, the search overhead and the speed-up, and the spread of --repeat
// runs (README glossary: smp, search overhead, speed-up, deterministic).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/types.h"

namespace prunebench::harness {

// smp=model (engine/search/ybwc.h, virtual_processors.h): exact figures in nodes.
struct ModelFigures {
  std::uint64_t time = 0;                // virtual time on `threads` processors
  std::uint64_t one_processor_time = 0;  // on one: the serial search's nodes, as the model is built
  std::uint64_t span = 0;                // the critical path of the one-processor search
};

struct ParallelFigures {
  int threads = 1;
  Score serial_score = 0;
  Move serial_best_move{};
  std::uint64_t serial_nodes = 0;
  double serial_seconds = 0;
  std::vector<std::uint64_t> nodes;  // one per repeat, total over threads
  std::vector<double> seconds;       // one per repeat
  std::optional<ModelFigures> model;  // smp=model: one run, deterministic, no repeats
};

// The record's "parallel" object: serial figures, overhead = parallel nodes /
// serial nodes, speed-up = serial seconds / parallel seconds, each repeat's
// and their min/median/max. smp=model: the model's figures instead of times
// and repeats (README glossary: parallel model).
nlohmann::ordered_json parallel_json(const ParallelFigures& figures);

}  // namespace prunebench::harness
