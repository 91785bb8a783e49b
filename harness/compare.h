// Node-count regression report between two `prunebench run` documents.
//
// Records are matched by (position_id, depth, mode) and compared on
// counters.nodes, the exact and timing-free figure a change to pruning moves.
// Computing the report is kept apart from printing it, so the comparison is
// tested without the command line.
#pragma once

#include <compare>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace prunebench::harness {

struct RecordKey {
  std::string position_id;
  int depth = 0;
  std::string mode;
  auto operator<=>(const RecordKey&) const = default;
};

enum class RecordStatus { Equal, WithinTolerance, Changed, OnlyInBase, OnlyInNew };

struct RecordComparison {
  RecordKey key;
  std::optional<std::uint64_t> base_nodes;  // absent: the record is only in the new run
  std::optional<std::uint64_t> new_nodes;   // absent: the record is only in the base run
  RecordStatus status = RecordStatus::Equal;

  // new - base; 0 unless both are present.
  std::int64_t difference() const;
  // 100 * (new - base) / base; none when a side is missing or base is 0 and new is not.
  std::optional<double> percent() const;
};

// Node totals of one mode over the records present in both runs.
struct ModeTotals {
  std::string mode;
  std::size_t records = 0;
  std::uint64_t base_nodes = 0;
  std::uint64_t new_nodes = 0;
};

struct CompareOptions {
  double tolerance_percent = 0.0;   // |percent| up to this counts as unchanged
  std::string base_label = "base";  // names the runs in errors and in the report
  std::string new_label = "new";
};

struct CompareReport {
  CompareOptions options;
  std::string base_provenance;  // e.g. "commit 1a2b3c4d5e6f, clean", from the context block
  std::string new_provenance;
  // Every record of either run: the base run's order, then records only in the new run.
  std::vector<RecordComparison> rows;
  std::vector<ModeTotals> mode_totals;  // in order of first appearance
  std::size_t changed = 0;
  std::size_t missing = 0;  // present in one run only
  std::size_t within_tolerance = 0;

  std::size_t records() const { return rows.size(); }
  // Anything the exit status must report: a changed or a missing record.
  bool has_changes() const { return changed + missing > 0; }
};

struct CompareResult {
  CompareReport report;
  std::string error;  // a malformed record, naming the run and record index
  bool ok() const { return error.empty(); }
};

// Compares two documents already checked to be schema_version 1, kind "run".
CompareResult compare_runs(const nlohmann::json& base, const nlohmann::json& new_run,
                           const CompareOptions& options);

// "compare: identical (N records)" or "compare: N records, M changed, K missing[, W within ±T%]".
std::string summary_line(const CompareReport& report);
// The report as Markdown for CI logs: the summary line first, then the
// provenance of both runs, the differing records and per-mode totals.
std::string format_markdown(const CompareReport& report);

}  // namespace prunebench::harness
