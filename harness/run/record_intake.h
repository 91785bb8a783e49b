// A run whose searches happen elsewhere: `run --records-from FILE` takes the
// finished parts of its plan from FILE instead of searching (scripts/dask_run.py
// sends the output of one cluster task per line), journals them as they arrive
// and makes the run's outcome from them. So the journal, its lock, --resume and
// the document have one owner, this binary, however the searches were spread.
//
// The input, one JSON object per line:
//   {"part": DOCUMENT}  the output of `run --position=ID [--depths SOME]` for
//                       positions of this plan: its records are journalled, and
//                       its position facts when they reach the plan's deepest
//                       depth (the facts of a shallower part would be short)
//   {"end": {"context": {...}}}  every part was sent: the run's outcome is made,
//                       and these members are added to the document's context
//                       (the driver's command line, how the parts were run)
//   {"stop": {"exit": N, "error": "LINE"}}  the driver gives up: the run stops
//                       with this exit code (1..255) and line
// An input that ends without "end" or "stop" means the driver is gone: the run
// stops as interrupted. Before it reads the first line, take_records writes
// one line to its output, what the journal already holds (--resume), so that
// the driver sends only what is missing:
//   {"journalled": {"records": [[ID, DEPTH, MODE], ...], "positions": [ID, ...]}}
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/run/suite_runner.h"

namespace prunebench::harness {

struct Intake {
  RunOutcome outcome;          // as run_plan's once "end" came; io_error or interrupted on the way
  nlohmann::json context;      // the members "end" adds to the document's context
  int stop_code = 0;           // non-zero: a "stop", or an input line no driver should send
  std::string stop_message;
  std::size_t journalled = 0;  // records this intake appended to the journal
};

// Reads `in` to its "end" or "stop" for `plan`, whose journal is ready
// (plan.resumed_records and plan.resumed_facts hold what it had).
Intake take_records(const RunPlan& plan, std::istream& in, std::ostream& out);

}  // namespace prunebench::harness
