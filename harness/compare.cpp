#include "harness/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace prunebench::harness {

namespace {

using nlohmann::json;

constexpr std::size_t SHORT_COMMIT_LENGTH = 12;
// The largest node count compare accepts: far beyond any search (2^62 nodes
// is a century at 10^9 nodes/s), and small enough that the difference of two
// counts fits an int64. Totals are checked for overflow as they are summed.
constexpr std::uint64_t MAX_NODE_COUNT = std::uint64_t(1) << 62;

struct NodeRecord {
  RecordKey key;
  std::uint64_t nodes = 0;
};

std::string describe(const RecordKey& key) {
  return "(" + key.position_id + ", depth " + std::to_string(key.depth) + ", " + key.mode + ")";
}

// Reads record `index` of a run, or says which field is missing or mistyped.
std::string read_record(const json& record, std::size_t index, NodeRecord& out) {
  const std::string where = "record " + std::to_string(index);
  if (!record.is_object()) return where + " is not an object";
  const auto field = [&](const char* name) { return record.contains(name) ? &record[name] : nullptr; };
  const json* id = field("position_id");
  const json* depth = field("depth");
  const json* mode = field("mode");
  const json* counters = field("counters");
  if (!id || !id->is_string()) return where + " has no position_id string";
  if (!depth || !depth->is_number_integer()) return where + " has no integer depth";
  if (!mode || !mode->is_string()) return where + " has no mode string";
  if (!counters || !counters->is_object() || !counters->contains("nodes") ||
      !(*counters)["nodes"].is_number_unsigned()) {
    return where + " has no counters.nodes count";
  }
  out.key = {id->get<std::string>(), depth->get<int>(), mode->get<std::string>()};
  out.nodes = (*counters)["nodes"].get<std::uint64_t>();
  if (out.nodes > MAX_NODE_COUNT)
    return where + " counts " + std::to_string(out.nodes) + " nodes, more than compare handles (2^62)";
  return {};
}

std::string read_records(const json& run, const std::string& label, std::vector<NodeRecord>& records) {
  if (!run.contains("records") || !run["records"].is_array()) return label + ": no records array";
  std::map<RecordKey, std::size_t> seen;
  const json& array = run["records"];
  for (std::size_t i = 0; i < array.size(); ++i) {
    NodeRecord record;
    const std::string problem = read_record(array[i], i, record);
    if (!problem.empty()) return label + ": " + problem;
    const auto [it, inserted] = seen.emplace(record.key, i);
    if (!inserted) {
      return label + ": record " + std::to_string(i) + " repeats record " + std::to_string(it->second) + " " +
             describe(record.key);
    }
    records.push_back(std::move(record));
  }
  return {};
}

// "commit 1a2b3c4d5e6f, dirty, started 2024-05-01T12:00:00Z" from the context block.
std::string provenance(const json& run) {
  if (!run.contains("context") || !run["context"].is_object()) return "no context";
  const json& context = run["context"];
  std::string text = "commit ";
  const json commit = context.value("git_commit", json("unknown"));
  text += commit.is_string() ? commit.get<std::string>().substr(0, SHORT_COMMIT_LENGTH) : "unknown";
  const json dirty = context.value("git_dirty", json());
  if (dirty.is_boolean()) text += dirty.get<bool>() ? ", dirty" : ", clean";
  const json started = context.value("started_at", json());
  if (started.is_string()) text += ", started " + started.get<std::string>();
  return text;
}

RecordStatus classify(const RecordComparison& row, double tolerance_percent) {
  if (!row.base_nodes) return RecordStatus::OnlyInNew;
  if (!row.new_nodes) return RecordStatus::OnlyInBase;
  if (*row.base_nodes == *row.new_nodes) return RecordStatus::Equal;
  const std::optional<double> percent = row.percent();
  if (percent && std::fabs(*percent) <= tolerance_percent) return RecordStatus::WithinTolerance;
  return RecordStatus::Changed;
}

std::vector<RecordComparison> match_records(const std::vector<NodeRecord>& base,
                                            const std::vector<NodeRecord>& fresh) {
  std::map<RecordKey, std::uint64_t> fresh_nodes;
  for (const NodeRecord& record : fresh) fresh_nodes.emplace(record.key, record.nodes);
  std::vector<RecordComparison> rows;
  std::set<RecordKey> in_base;
  for (const NodeRecord& record : base) {
    RecordComparison row{record.key, record.nodes, std::nullopt, RecordStatus::Equal};
    if (auto it = fresh_nodes.find(record.key); it != fresh_nodes.end()) row.new_nodes = it->second;
    rows.push_back(std::move(row));
    in_base.insert(record.key);
  }
  for (const NodeRecord& record : fresh) {
    if (!in_base.contains(record.key))
      rows.push_back({record.key, std::nullopt, record.nodes, RecordStatus::Equal});
  }
  return rows;
}

// Per-mode sums; an error when one passes MAX_NODE_COUNT (their difference
// must fit an int64 too).
std::string total_by_mode(const std::vector<RecordComparison>& rows, std::vector<ModeTotals>& totals) {
  for (const RecordComparison& row : rows) {
    if (!row.base_nodes || !row.new_nodes) continue;
    auto it = std::find_if(totals.begin(), totals.end(),
                           [&](const ModeTotals& t) { return t.mode == row.key.mode; });
    if (it == totals.end()) it = totals.insert(totals.end(), ModeTotals{row.key.mode});
    ++it->records;
    it->base_nodes += *row.base_nodes;  // each addend <= 2^62 and each sum checked: no wrap
    it->new_nodes += *row.new_nodes;
    if (it->base_nodes > MAX_NODE_COUNT || it->new_nodes > MAX_NODE_COUNT)
      return "the nodes of mode '" + row.key.mode + "' sum to more than compare handles (2^62)";
  }
  return {};
}

std::string format_percent(std::optional<double> percent) {
  if (!percent) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f%%", *percent);
  return text;
}

std::string format_signed(std::int64_t value) {
  std::string text = value > 0 ? "+" : "";
  return text.append(std::to_string(value));
}

std::string format_count(std::optional<std::uint64_t> count) { return count ? std::to_string(*count) : "—"; }

// Table cells must not contain a bare '|'.
std::string escape_cell(const std::string& text) {
  std::string escaped;
  for (char c : text) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped;
}

const char* status_text(RecordStatus status) {
  switch (status) {
    case RecordStatus::Equal:
      return "equal";
    case RecordStatus::WithinTolerance:
      return "within tolerance";
    case RecordStatus::Changed:
      return "changed";
    case RecordStatus::OnlyInBase:
      return "only in base";
    case RecordStatus::OnlyInNew:
      return "only in new";
  }
  return "";
}

void write_differences(std::ostream& out, const CompareReport& report) {
  out << "\n### Differences\n\n";
  out << "| position | depth | mode | base nodes | new nodes | diff | % | status |\n";
  out << "|---|---:|---|---:|---:|---:|---:|---|\n";
  for (const RecordComparison& row : report.rows) {
    if (row.status == RecordStatus::Equal) continue;
    const bool both = row.base_nodes && row.new_nodes;
    out << "| " << escape_cell(row.key.position_id) << " | " << row.key.depth << " | "
        << escape_cell(row.key.mode) << " | " << format_count(row.base_nodes) << " | "
        << format_count(row.new_nodes) << " | " << (both ? format_signed(row.difference()) : "") << " | "
        << (both ? format_percent(row.percent()) : "") << " | " << status_text(row.status) << " |\n";
  }
}

void write_mode_totals(std::ostream& out, const CompareReport& report) {
  if (report.mode_totals.empty()) return;
  out << "\n### Nodes by mode (records in both runs)\n\n";
  out << "| mode | records | base nodes | new nodes | diff | % |\n";
  out << "|---|---:|---:|---:|---:|---:|\n";
  for (const ModeTotals& totals : report.mode_totals) {
    const RecordComparison sum{{}, totals.base_nodes, totals.new_nodes, RecordStatus::Equal};
    out << "| " << escape_cell(totals.mode) << " | " << totals.records << " | " << totals.base_nodes << " | "
        << totals.new_nodes << " | " << format_signed(sum.difference()) << " | "
        << format_percent(sum.percent()) << " |\n";
  }
}

}  // namespace

std::int64_t RecordComparison::difference() const {
  if (!base_nodes || !new_nodes) return 0;
  return std::int64_t(*new_nodes) - std::int64_t(*base_nodes);
}

std::optional<double> RecordComparison::percent() const {
  if (!base_nodes || !new_nodes) return std::nullopt;
  if (*base_nodes == 0) return *new_nodes == 0 ? std::optional<double>(0.0) : std::nullopt;
  return 100.0 * double(difference()) / double(*base_nodes);
}

CompareResult compare_runs(const json& base, const json& new_run, const CompareOptions& options) {
  CompareResult result;
  result.report.options = options;
  std::vector<NodeRecord> base_records, new_records;
  result.error = read_records(base, options.base_label, base_records);
  if (result.ok()) result.error = read_records(new_run, options.new_label, new_records);
  if (!result.ok()) return result;

  CompareReport& report = result.report;
  report.base_provenance = provenance(base);
  report.new_provenance = provenance(new_run);
  report.rows = match_records(base_records, new_records);
  for (RecordComparison& row : report.rows) {
    row.status = classify(row, options.tolerance_percent);
    report.changed += row.status == RecordStatus::Changed;
    report.missing += row.status == RecordStatus::OnlyInBase || row.status == RecordStatus::OnlyInNew;
    report.within_tolerance += row.status == RecordStatus::WithinTolerance;
  }
  result.error = total_by_mode(report.rows, report.mode_totals);
  return result;
}

std::string summary_line(const CompareReport& report) {
  if (!report.has_changes() && report.within_tolerance == 0) {
    return "compare: identical (" + std::to_string(report.records()) + " records)";
  }
  std::ostringstream line;
  line << "compare: " << report.records() << " records, " << report.changed << " changed, " << report.missing
       << " missing";
  if (report.within_tolerance > 0) {
    line << ", " << report.within_tolerance << " within ±" << report.options.tolerance_percent << "%";
  }
  return line.str();
}

std::string format_markdown(const CompareReport& report) {
  std::ostringstream out;
  out << summary_line(report) << "\n\n";
  out << "- base: `" << report.options.base_label << "` (" << report.base_provenance << ")\n";
  out << "- new: `" << report.options.new_label << "` (" << report.new_provenance << ")\n";
  out << "- compared: counters.nodes per (position, depth, mode), tolerance "
      << report.options.tolerance_percent << "%\n";
  if (report.has_changes() || report.within_tolerance > 0) {
    write_differences(out, report);
    write_mode_totals(out, report);
  }
  return out.str();
}

}  // namespace prunebench::harness
