// Runs suites x depths x modes: threads across positions (each search with its
// own fresh table; a full-width search is split across the threads that no
// other position is using, engine/search/split.h), a journal of finished records, the
// run's consistency checks, and the ordering of records that makes output
// independent of the thread count.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/search/spec.h"
#include "harness/io/record_spool.h"
#include "harness/run/position_facts.h"
#include "harness/run/suite.h"
#include "harness/engines/uci_engine.h"

namespace prunebench::harness {

struct NamedSpec {
  std::string name;  // as written on the command line
  SearchSpec spec;
};

struct RunPlan {
  std::vector<SuiteFile> suites;
  std::vector<int> depths;         // ascending
  std::vector<NamedSpec> modes;    // command-line order
  std::vector<std::string> mode_notes;  // how a factorial in --modes expanded, for the user
  std::vector<EngineSubject> engines;  // external UCI engines, searched after the modes
  int engine_repeat = 2;               // searches per engine record (determinism check)
  // A repeat that disagrees stops the run (a failed check) instead of being
  // recorded with engine.deterministic false.
  bool strict_engines = false;
  std::chrono::milliseconds engine_timeout{60'000};  // per search, and per handshake step
  int threads = 1;
  int repeat = 1;                  // --repeat: runs of each smp=ybwc / smp=lazy search
  std::uint64_t max_nodes = 0;     // 0: no limit
  std::size_t distinct_megabytes = 0;  // --distinct-nodes' memory per search; 0: not counted
  // The positions to run (by id), when not all: --shard or --position.
  std::optional<std::set<std::string>> selected_ids;
  // What the selection is, for the plan signature: {"index": K, "count": N}
  // for a shard, the list of ids for --position; null when every position runs.
  nlohmann::json selection;
  std::string journal_path;        // empty: no journal
  std::string spool_folder;        // where the records wait for the output (the output's folder)
  std::vector<nlohmann::json> resumed_records;  // from a journal, with --resume
  std::vector<nlohmann::json> resumed_facts;    // position facts from a journal (--records-from only)
};

// Whether the plan has a parallel search whose times are measured
// (smp=ybwc, smp=lazy): its positions are then searched one at a time, each
// search on every thread, so that no other search shares its cores.
bool has_timed_parallel_modes(const RunPlan& plan);

struct PositionWork {
  const SuiteEntry* entry;
  std::string suite_path;
};

struct RunOutcome {
  std::vector<nlohmann::json> positions;  // facts, suite order
  // Every record, in position, depth, mode order, as record_element_text;
  // on disk, not in memory (null when the spool could not be created).
  std::unique_ptr<RecordSpool> records;
  std::size_t resumed = 0;                // records taken from the journal
  std::vector<nlohmann::json> skipped;    // {position_id, depth, mode, reason}
  std::string error;           // a failed check, or an engine's failure; the run stopped
  std::string io_error;        // a journal write or memory failure (not a check); the run stopped
  bool engine_failed = false;  // the error is an external engine's failure, not a check
  bool interrupted = false;    // stopped by a request (Ctrl-C); finished records are journalled
  // Engine records whose repeats disagreed (kept, flagged), and the first of them in words.
  std::size_t nondeterministic_records = 0;
  std::string first_nondeterminism;
  // Records searched with --distinct-nodes that have no figure (distinct_nodes_missing).
  std::size_t distinct_nodes_missing = 0;
  std::string first_distinct_nodes_missing;
};

// One line for the user when records lack distinct_nodes, else empty.
std::string distinct_nodes_warning(const RunOutcome& outcome);

// The identity of a plan for resuming: every option that changes the
// records: suites (by hash), depths, modes, engines, --max-nodes (when given),
// --distinct-nodes' memory (when given) and the selection of positions
// ("shard" or "positions", when made).
nlohmann::json plan_signature(const RunPlan& plan);

// Modes whose count is the whole tree (minimax, negamax): --max-nodes skips
// them from the tree's size before they run. Every other mode, `minimal`
// included (its proof search does not walk the whole tree), runs until its
// own count has exceeded --max-nodes at one depth.
bool counts_full_tree(const SearchSpec& spec);

// The positions of the plan's suites in run order, before any selection.
std::vector<PositionWork> list_all_positions(const RunPlan& plan);
// The same, only those --shard or --position selected.
std::vector<PositionWork> list_selected_positions(const RunPlan& plan);

// The perft depth of the position facts: the deepest depth when a built-in
// mode runs (full-width checks need it), else at most ENGINE_ONLY_PERFT_DEPTH:
// an engine run to depth 8 must not wait for perft(8).
constexpr int ENGINE_ONLY_PERFT_DEPTH = 3;
int facts_depth(const RunPlan& plan);

// Runs every position of the plan. `stop` is polled between searches.
RunOutcome run_plan(const RunPlan& plan, const std::atomic<bool>& stop);

}  // namespace prunebench::harness
