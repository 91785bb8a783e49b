// Node-count regression report between two `prunebench run` documents.
//
// Records are matched by (position_id, depth, mode) and compared on
// counters.nodes, the exact and timing-free figure a change to pruning moves,
// and on counters.distinct_nodes where both records have it (ignored where
// either lacks it): an exact counter too, under the same tolerances.
// Fewer nodes than the base is an improvement, more is a regression (README
// glossary), for prunebench's own modes; an external engine's count that
// moved is "changed", a functional change with no verdict on its quality, and
// so is a count marked "deterministic": false (a parallel search's, which
// varies from run to run): reported, never failing.
// The engine behind each engine mode is named on both sides, and two runs
// whose engine (its id name, command, options or repeats) differs are
// refused unless the caller allows it, as runs of different suites are. Each side has its own tolerance, so a CI can accept any
// improvement and no regression, or the reverse. Two runs whose suites or
// positions differ are not comparable: the report says so and is refused
// unless the caller allows it. Computing the report is kept apart from
// printing it (harness/reports/compare_report.h), so the comparison is tested without
// the command line.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/text.h"
#include "harness/reports/node_sum.h"
#include "harness/reports/run_records.h"

namespace prunebench::harness {

// Which way a node count moved from base to new.
enum class Direction { Equal, Improved, Regressed };

// base -> new node counts (a record's or a total's); exact for any two sums.
struct NodeChange {
  NodeSum base = 0;
  NodeSum fresh = 0;

  Direction direction() const;
  // |new - base|.
  NodeSum magnitude() const;
  // 100 * (new - base) / base, signed; none when base is 0 and new is not.
  std::optional<double> percent() const;
};

enum class RecordStatus { Equal, Improved, Regressed, OnlyInBase, OnlyInNew };

struct RecordComparison {
  RecordKey key;
  bool engine = false;  // the mode is an external UCI engine's (in either run)
  bool deterministic = true;  // false: either side's count varies from run to run (smp=)
  std::optional<std::uint64_t> base_nodes;  // absent: the record is only in the new run
  std::optional<std::uint64_t> new_nodes;   // absent: the record is only in the base run
  RecordStatus status = RecordStatus::Equal;
  bool fails = false;  // beyond its side's tolerance, missing, or added under fail_on_added
  // Why the run that lacks the record left it out, as its "skipped" list says
  // (e.g. --max-nodes); empty when it does not say.
  std::string skipped_reason;
  // counters.distinct_nodes on both sides, or on neither: where a record
  // lacks it the other's is ignored. When nodes are equal and these are not,
  // they decide the status.
  std::optional<std::uint64_t> base_distinct_nodes, new_distinct_nodes;

  // The change, when the record is in both runs.
  std::optional<NodeChange> change() const;
  // The change of distinct_nodes, when both records have it.
  std::optional<NodeChange> distinct_change() const;
};

// Node totals over the records present in both runs, per mode or per depth.
struct NodeTotals {
  std::string mode;  // per-mode totals
  int depth = 0;     // per-depth totals
  std::size_t records = 0;
  std::size_t engine_records = 0;  // of them, an external engine's
  // Every record is an engine's: a total that moved is "changed", not improved or regressed.
  bool engines_only() const { return records > 0 && engine_records == records; }
  NodeChange nodes;
};

// A difference between the runs that makes their counts incomparable.
struct Inconsistency {
  std::string subject;  // e.g. "position 'kiwipete' FEN" or "suite 'positions/seed.epd' sha256"
  std::string base_value;
  std::string new_value;
};

// The external engine behind an engine mode, as the run's first record of
// that mode names it (spec: id_name, command, options, searches).
struct EngineIdentity {
  std::string id_name;
  std::string command;
  nlohmann::json arguments = nlohmann::json::array();  // --engine-arg, after the command's own words
  nlohmann::json options = nlohmann::json::object();  // UCI option name -> value sent
  int searches = 0;                                   // --engine-repeat
  bool operator==(const EngineIdentity&) const = default;
  // "Stockfish 15.1 (/usr/games/stockfish; Threads=1, Hash=16; 2 searches a record)".
  std::string describe() const;
};

// One engine mode as each run has it (absent: not in that run).
struct EngineSides {
  std::string mode;
  std::optional<EngineIdentity> base;
  std::optional<EngineIdentity> fresh;
  bool changed() const { return base && fresh && *base != *fresh; }
};

// No limit on that side.
constexpr double ANY_PERCENT = std::numeric_limits<double>::infinity();

struct CompareOptions {
  double max_increase_percent = 0.0;  // a regression above this fails
  double max_decrease_percent = 0.0;  // an improvement beyond this fails (ANY_PERCENT: never)
  bool fail_on_added = false;         // records only in the new run fail too
  bool allow_changed_suites = false;  // compare even when suites or FENs differ
  bool allow_changed_engines = false; // compare even when an engine mode's engine or options differ
  std::string base_label = "base";    // names the runs in errors and in the report
  std::string new_label = "new";
};

struct CompareReport {
  CompareOptions options;
  // {git_commit, git_dirty, started_at, compiler, build_type, compile_flags, pext} as far as the run has them
  nlohmann::json base_provenance;
  nlohmann::json new_provenance;
  // Every record of either run: the base run's order, then records only in the new run.
  std::vector<RecordComparison> rows;
  std::vector<NodeTotals> mode_totals;   // in order of first appearance
  std::vector<NodeTotals> depth_totals;  // by depth ascending
  std::vector<Inconsistency> inconsistencies;
  std::vector<EngineSides> engines;  // every engine mode of either run, in order of first appearance
  // improved and regressed count prunebench's own modes; engine records that moved are `changed`.
  std::size_t equal = 0, improved = 0, regressed = 0, changed = 0, missing = 0, added = 0;
  std::size_t failing = 0;  // records whose `fails` is set

  std::size_t records() const { return rows.size(); }
  bool engines_changed() const;
  // The runs differ in what they measured (positions, or an engine) and the caller did not allow it.
  bool refused() const {
    return (!inconsistencies.empty() && !options.allow_changed_suites) ||
           (engines_changed() && !options.allow_changed_engines);
  }
  // What exit status 1 reports.
  bool fails() const { return failing > 0 || refused(); }
};

// The report in `value`, or a malformed record, naming the run.
using CompareResult = Parsed<CompareReport>;

// Compares two documents already checked to be schema_version 1, kind "run".
CompareResult compare_runs(const nlohmann::json& base, const nlohmann::json& new_run,
                           const CompareOptions& options);

}  // namespace prunebench::harness
