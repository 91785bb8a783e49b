// Runs suites x depths x modes: threads across positions (each search single
// threaded with its own fresh table), a journal of finished records, the
// run's consistency checks, and the ordering of records that makes output
// independent of the thread count.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/search/spec.h"
#include "harness/position_facts.h"
#include "harness/suite.h"

namespace prunebench::harness {

struct NamedSpec {
  std::string name;  // as written on the command line
  SearchSpec spec;
};

struct RunPlan {
  std::vector<SuiteFile> suites;
  std::vector<int> depths;         // ascending
  std::vector<NamedSpec> modes;    // command-line order
  int threads = 1;
  std::uint64_t max_nodes = 0;     // 0: no limit
  std::string journal_path;        // empty: no journal
  std::vector<nlohmann::json> resumed_records;  // from a journal, with --resume
};

struct PositionWork {
  const SuiteEntry* entry;
  std::string suite_path;
};

struct RunOutcome {
  std::vector<nlohmann::json> positions;  // facts, suite order
  std::vector<nlohmann::json> records;    // position, depth, mode order
  std::vector<nlohmann::json> skipped;    // {position_id, depth, mode, reason}
  std::string error;                      // a failed check; the run stopped
  std::string io_error;                   // a journal write or memory failure (not a check); the run stopped
  bool interrupted = false;   // stopped by a request (Ctrl-C); finished records are journalled
};

// The identity of a plan for resuming: every option that changes the
// records: suites (by hash), depths, modes and --max-nodes (when given).
nlohmann::json plan_signature(const RunPlan& plan);

// Runs every position of the plan. `stop` is polled between searches.
RunOutcome run_plan(const RunPlan& plan, const std::atomic<bool>& stop);

}  // namespace prunebench::harness
