#include "harness/reports/compare_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "harness/io/json_io.h"

namespace prunebench::harness {

namespace {

using nlohmann::json;

constexpr std::size_t SHORT_COMMIT_LENGTH = 12;
constexpr std::size_t LISTED_POSITIONS = 5;  // per mode in the missing/added summary

const char* verdict(const CompareReport& report) {
  if (report.refused()) return "refused";
  if (report.fails()) return "fail";
  const bool identical =
      report.equal == report.records() && report.inconsistencies.empty() && !report.engines_changed();
  return identical ? "identical" : "pass";
}

const char* direction_text(Direction direction) {
  switch (direction) {
    case Direction::Equal:
      return "equal";
    case Direction::Improved:
      return "improved";
    case Direction::Regressed:
      return "regressed";
  }
  return "";
}

// An engine's count that moved has changed: no verdict on which way is better.
const char* direction_text(Direction direction, bool engine) {
  return engine && direction != Direction::Equal ? "changed" : direction_text(direction);
}

const char* status_text(RecordStatus status) {
  switch (status) {
    case RecordStatus::Equal:
      return "equal";
    case RecordStatus::Improved:
      return "improved";
    case RecordStatus::Regressed:
      return "regressed";
    case RecordStatus::OnlyInBase:
      return "missing";
    case RecordStatus::OnlyInNew:
      return "added";
  }
  return "";
}

const char* status_text(const RecordComparison& row) {
  const bool moved = row.status == RecordStatus::Improved || row.status == RecordStatus::Regressed;
  return (row.engine || !row.deterministic) && moved ? "changed" : status_text(row.status);
}

std::string format_percent(std::optional<double> percent) {
  if (!percent) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f%%", *percent);
  return text;
}

std::string format_limit(double percent) {
  if (percent == ANY_PERCENT) return "any";
  std::ostringstream text;
  text << percent << '%';
  return text.str();
}

// "+900", "-1,200" or "0": the difference with its sign, exact for any counts.
std::string format_difference(const NodeChange& change) {
  const char* sign = change.direction() == Direction::Improved    ? "-"
                     : change.direction() == Direction::Regressed ? "+"
                                                                  : "";
  return sign + with_thousands(change.magnitude());
}

// Table cells must not contain a bare '|'.
std::string escape_cell(const std::string& text) {
  std::string escaped;
  for (char c : text) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped;
}

// ", GNU 12.2.0 Release `-O3 -march=native`, PEXT on": the build, as far as the run records it.
std::string describe_build(const json& provenance) {
  std::string text;
  for (const char* name : {"compiler", "build_type"}) {
    const json value = provenance.value(name, json());
    if (value.is_string() && !value.get<std::string>().empty()) text += " " + value.get<std::string>();
  }
  const json flags = provenance.value("compile_flags", json());
  if (flags.is_string() && !flags.get<std::string>().empty()) text += " `" + flags.get<std::string>() + "`";
  if (!text.empty()) text = "," + text;
  const json pext = provenance.value("pext", json());
  if (pext.is_boolean()) text += pext.get<bool>() ? ", PEXT on" : ", PEXT off";
  return text;
}

// "commit 1a2b3c4d5e6f, dirty, started 2024-05-01T12:00:00Z, GNU 12.2.0 Release `-O3`, PEXT on".
std::string describe_provenance(const json& provenance) {
  if (provenance.empty()) return "no commit or start time recorded";
  std::string text = "commit ";
  const json commit = provenance.value("git_commit", json());
  text += commit.is_string() ? commit.get<std::string>().substr(0, SHORT_COMMIT_LENGTH) : "unknown";
  const json dirty = provenance.value("git_dirty", json());
  if (dirty.is_boolean()) text += dirty.get<bool>() ? ", dirty" : ", clean";
  const json started = provenance.value("started_at", json());
  if (started.is_string()) text += ", started " + started.get<std::string>();
  return text + describe_build(provenance);
}

// What fails, in words, e.g. "a regression above 0%, an improvement beyond 0%, a missing record".
std::string failure_rule(const CompareOptions& options) {
  std::string rule;
  if (options.max_increase_percent != ANY_PERCENT)
    rule += "a regression above " + format_limit(options.max_increase_percent) + ", ";
  if (options.max_decrease_percent != ANY_PERCENT)
    rule += "an improvement beyond " + format_limit(options.max_decrease_percent) + ", ";
  rule += "a missing record";
  if (options.fail_on_added) rule += ", an added record";
  return rule;
}

void write_inconsistencies(std::ostream& out, const CompareReport& report) {
  if (report.inconsistencies.empty()) return;
  out << "\n### " << (report.refused() ? "REFUSED: " : "WARNING: ")
      << "the runs measured different positions\n\n";
  out << (report.refused()
              ? "Their counts are not comparable; pass --allow-changed-suites to compare them anyway.\n\n"
              : "Compared anyway (--allow-changed-suites).\n\n");
  for (const Inconsistency& item : report.inconsistencies) {
    out << "- " << item.subject << ": `" << item.base_value << "` in base, `" << item.new_value
        << "` in new\n";
  }
}

std::string describe_side(const std::optional<EngineIdentity>& engine) {
  return engine ? engine->describe() : "not in this run";
}

// Who was measured: every engine mode, on both sides.
void write_engines(std::ostream& out, const CompareReport& report) {
  for (const EngineSides& engine : report.engines) {
    out << "- engine `" << engine.mode << "`: ";
    if (engine.base && engine.fresh && !engine.changed())
      out << engine.base->describe() << " in both runs\n";
    else
      out << "base " << describe_side(engine.base) << "; new " << describe_side(engine.fresh) << "\n";
  }
}

void write_changed_engines(std::ostream& out, const CompareReport& report) {
  if (!report.engines_changed()) return;
  const bool refused = !report.options.allow_changed_engines;
  out << "\n### " << (refused ? "REFUSED: " : "WARNING: ") << "an engine differs between the runs\n\n";
  out << (refused ? "Their counts measure different programs or settings; pass --allow-changed-engines to "
                    "compare them anyway.\n\n"
                  : "Compared anyway (--allow-changed-engines).\n\n");
  for (const EngineSides& engine : report.engines)
    if (engine.changed())
      out << "- `" << engine.mode << "`: " << engine.base->describe() << " in base, " << engine.fresh->describe()
          << " in new\n";
}

void write_totals(std::ostream& out, const std::vector<NodeTotals>& all_totals, bool by_mode) {
  if (all_totals.empty()) return;
  out << "\n### Nodes by " << (by_mode ? "mode" : "depth") << " (records in both runs)\n\n";
  out << "| " << (by_mode ? "mode" : "depth") << " | records | base nodes | new nodes | diff | % | |\n";
  out << "|---|---:|---:|---:|---:|---:|---|\n";
  for (const NodeTotals& totals : all_totals) {
    out << "| " << (by_mode ? escape_cell(totals.mode) : std::to_string(totals.depth)) << " | "
        << totals.records << " | " << with_thousands(totals.nodes.base) << " | "
        << with_thousands(totals.nodes.fresh) << " | " << format_difference(totals.nodes) << " | "
        << format_percent(totals.nodes.percent()) << " | "
        << direction_text(totals.nodes.direction(), totals.engines_only()) << " |\n";
  }
}

// Largest relative change first; growth from zero (no percentage) before all.
bool larger_change(const RecordComparison* a, const RecordComparison* b) {
  const std::optional<double> pa = a->change()->percent(), pb = b->change()->percent();
  const double ma = pa ? std::fabs(*pa) : ANY_PERCENT, mb = pb ? std::fabs(*pb) : ANY_PERCENT;
  return ma > mb;
}

// A record whose distinct_nodes moved says so beside its status: the nodes
// columns alone would not show why an equal count improved or regressed.
std::string distinct_note(const RecordComparison& row) {
  const std::optional<NodeChange> distinct = row.distinct_change();
  if (!distinct || distinct->direction() == Direction::Equal) return "";
  return " (distinct_nodes " + with_thousands(distinct->base) + " → " + with_thousands(distinct->fresh) + ")";
}

void write_records(std::ostream& out, const std::string& title, std::vector<const RecordComparison*> rows) {
  if (rows.empty()) return;
  std::stable_sort(rows.begin(), rows.end(), larger_change);
  out << "\n### " << title << ": " << rows.size() << "\n\n";
  out << "| position | depth | mode | base nodes | new nodes | diff | % | |\n";
  out << "|---|---:|---|---:|---:|---:|---:|---|\n";
  for (std::size_t i = 0; i < rows.size() && i < MARKDOWN_ROW_LIMIT; ++i) {
    const RecordComparison& row = *rows[i];
    out << "| " << escape_cell(row.key.position_id) << " | " << row.key.depth << " | "
        << escape_cell(row.key.mode) << " | " << with_thousands(*row.base_nodes) << " | "
        << with_thousands(*row.new_nodes) << " | " << format_difference(*row.change()) << " | "
        << format_percent(row.change()->percent()) << " | " << status_text(row) << distinct_note(row) << " |\n";
  }
  if (rows.size() > MARKDOWN_ROW_LIMIT)
    out << "\n… and " << rows.size() - MARKDOWN_ROW_LIMIT
        << " more (compare --json FILE lists every record)\n";
}

// "1,2,3,5" -> "1-3, 5".
std::string depth_ranges(const std::set<int>& depths) {
  std::string text;
  for (auto it = depths.begin(); it != depths.end();) {
    const int first = *it;
    int last = first;
    while (++it != depths.end() && *it == last + 1) last = *it;
    if (!text.empty()) text += ", ";
    text += std::to_string(first) + (last > first ? "-" + std::to_string(last) : "");
  }
  return text;
}

// One line per mode: how many records, at which depths, of which positions.
void write_one_sided(std::ostream& out, const CompareReport& report, RecordStatus status,
                     const std::string& title) {
  struct Group {
    std::size_t records = 0;
    std::set<int> depths;
    std::vector<std::string> positions;
    std::size_t skipped = 0;  // of them, those the run that lacks them lists as skipped
    std::string reason;       // the first reason it gives
  };
  std::vector<std::pair<std::string, Group>> groups;  // modes in order of first appearance
  std::size_t total = 0;
  for (const RecordComparison& row : report.rows) {
    if (row.status != status) continue;
    ++total;
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == row.key.mode; });
    if (it == groups.end()) it = groups.insert(groups.end(), {row.key.mode, Group{}});
    Group& group = it->second;
    ++group.records;
    if (!row.skipped_reason.empty() && group.skipped++ == 0) group.reason = row.skipped_reason;
    group.depths.insert(row.key.depth);
    if (std::find(group.positions.begin(), group.positions.end(), row.key.position_id) ==
        group.positions.end())
      group.positions.push_back(row.key.position_id);
  }
  if (total == 0) return;
  out << "\n### " << title << ": " << total << "\n\n";
  for (const auto& [mode, group] : groups) {
    out << "- mode `" << mode << "`: " << group.records << (group.records == 1 ? " record" : " records")
        << " (depth " << depth_ranges(group.depths) << "; position";
    if (group.positions.size() > 1) out << 's';
    for (std::size_t i = 0; i < group.positions.size() && i < LISTED_POSITIONS; ++i)
      out << (i ? ", " : " ") << group.positions[i];
    if (group.positions.size() > LISTED_POSITIONS)
      out << " and " << group.positions.size() - LISTED_POSITIONS << " more";
    out << ")";
    if (group.skipped)
      out << "; " << (group.skipped == group.records ? "all" : std::to_string(group.skipped))
          << " skipped by that run, e.g. " << group.reason;
    out << "\n";
  }
}

json optional_percent(std::optional<double> percent) { return percent ? json(*percent) : json(nullptr); }
json limit_json(double percent) { return percent == ANY_PERCENT ? json(nullptr) : json(percent); }

void put_change(json& object, const NodeChange& change) {
  object["base_nodes"] = node_sum_json(change.base);
  object["new_nodes"] = node_sum_json(change.fresh);
  object["direction"] = direction_text(change.direction());
  object["difference"] = node_sum_json(change.magnitude());
  object["percent"] = optional_percent(change.percent());
}

json totals_json(const std::vector<NodeTotals>& all_totals, bool by_mode) {
  json array = json::array();
  for (const NodeTotals& totals : all_totals) {
    json entry = by_mode ? json{{"mode", totals.mode}} : json{{"depth", totals.depth}};
    entry["records"] = totals.records;
    put_change(entry, totals.nodes);
    entry["direction"] = direction_text(totals.nodes.direction(), totals.engines_only());
    array.push_back(std::move(entry));
  }
  return array;
}

json identity_json(const std::optional<EngineIdentity>& engine) {
  if (!engine) return nullptr;
  return {{"id_name", engine->id_name}, {"command", engine->command}, {"options", engine->options},
          {"searches", engine->searches}};
}

json engines_json(const CompareReport& report) {
  json array = json::array();
  for (const EngineSides& engine : report.engines)
    array.push_back({{"mode", engine.mode}, {"base", identity_json(engine.base)}, {"new", identity_json(engine.fresh)},
                     {"changed", engine.changed()}});
  return array;
}

json record_json(const RecordComparison& row) {
  json entry = {{"position_id", row.key.position_id},
                {"depth", row.key.depth},
                {"mode", row.key.mode},
                {"status", status_text(row)},
                {"fails", row.fails}};
  if (!row.deterministic) entry["deterministic"] = false;
  if (const auto change = row.change()) {
    put_change(entry, *change);
    entry["direction"] = direction_text(change->direction(), row.engine || !row.deterministic);
  } else {
    entry["base_nodes"] = row.base_nodes ? json(*row.base_nodes) : json(nullptr);
    entry["new_nodes"] = row.new_nodes ? json(*row.new_nodes) : json(nullptr);
    if (!row.skipped_reason.empty()) entry["skipped_reason"] = row.skipped_reason;
  }
  if (row.distinct_change()) {
    entry["base_distinct_nodes"] = *row.base_distinct_nodes;
    entry["new_distinct_nodes"] = *row.new_distinct_nodes;
  }
  return entry;
}

}  // namespace

std::string with_thousands(NodeSum count) {
  std::string digits = decimal(count);
  for (int i = int(digits.size()) - 3; i > 0; i -= 3) digits.insert(std::size_t(i), ",");
  return digits;
}

std::string summary_line(const CompareReport& report) {
  const std::string result = verdict(report);
  if (result == "identical") return "compare: identical (" + std::to_string(report.records()) + " records)";
  std::ostringstream line;
  line << "compare: " << result << ": ";
  if (!report.inconsistencies.empty())
    line << report.inconsistencies.size() << " suite or position change"
         << (report.inconsistencies.size() == 1 ? "" : "s") << "; ";
  const auto changed_engines = std::count_if(report.engines.begin(), report.engines.end(),
                                             [](const EngineSides& e) { return e.changed(); });
  if (changed_engines) line << changed_engines << " engine" << (changed_engines == 1 ? "" : "s") << " changed; ";
  line << report.records() << " records: " << report.regressed << " regressed, " << report.improved
       << " improved, ";
  if (!report.engines.empty()) line << report.changed << " engine records changed, ";
  line << report.equal << " equal, " << report.missing << " missing, " << report.added
       << " added; " << report.failing << " fail";
  return line.str();
}

std::string format_markdown(const CompareReport& report) {
  std::ostringstream out;
  out << summary_line(report) << "\n\n";
  out << "- base: `" << report.options.base_label << "` (" << describe_provenance(report.base_provenance)
      << ")\n";
  out << "- new: `" << report.options.new_label << "` (" << describe_provenance(report.new_provenance)
      << ")\n";
  write_engines(out, report);
  out << "- compared: counters.nodes per (position, depth, mode); fewer nodes = improved, more = regressed";
  if (!report.engines.empty()) out << " (an engine's count that moved: changed)";
  out << "; fails: " << failure_rule(report.options) << "\n";
  write_changed_engines(out, report);
  write_inconsistencies(out, report);
  if (std::string(verdict(report)) == "identical") return out.str();
  write_totals(out, report.mode_totals, true);
  write_totals(out, report.depth_totals, false);
  std::vector<const RecordComparison*> failing, tolerated;
  for (const RecordComparison& row : report.rows) {
    if (!row.change() || row.status == RecordStatus::Equal) continue;
    (row.fails ? failing : tolerated).push_back(&row);
  }
  write_records(out, "Records that fail", failing);
  write_records(out, "Changed records within tolerance", tolerated);
  write_one_sided(out, report, RecordStatus::OnlyInBase, "Missing records (in base, not in new)");
  write_one_sided(out, report, RecordStatus::OnlyInNew,
                  std::string("Added records (in new only") +
                      (report.options.fail_on_added ? ", --fail-on-added" : "") + ")");
  return out.str();
}

json report_json(const CompareReport& report, const json& context) {
  json inconsistencies = json::array();
  for (const Inconsistency& item : report.inconsistencies)
    inconsistencies.push_back(
        {{"subject", item.subject}, {"base", item.base_value}, {"new", item.new_value}});
  json records = json::array();
  for (const RecordComparison& row : report.rows)
    if (row.status != RecordStatus::Equal) records.push_back(record_json(row));
  const CompareOptions& options = report.options;
  return {
      {"schema_version", SCHEMA_VERSION},
      {"kind", "compare"},
      {"context", context},
      {"base", {{"file", options.base_label}, {"provenance", report.base_provenance}}},
      {"new", {{"file", options.new_label}, {"provenance", report.new_provenance}}},
      {"tolerances",
       {{"max_increase_percent", limit_json(options.max_increase_percent)},
        {"max_decrease_percent", limit_json(options.max_decrease_percent)},
        {"fail_on_added", options.fail_on_added},
        {"allow_changed_suites", options.allow_changed_suites},
        {"allow_changed_engines", options.allow_changed_engines}}},
      {"verdict", verdict(report)},
      {"summary", summary_line(report)},
      {"counts",
       {{"records", report.records()},
        {"equal", report.equal},
        {"improved", report.improved},
        {"regressed", report.regressed},
        {"changed", report.changed},
        {"missing", report.missing},
        {"added", report.added},
        {"failing", report.failing}}},
      {"inconsistencies", inconsistencies},
      {"engines", engines_json(report)},
      {"totals_by_mode", totals_json(report.mode_totals, true)},
      {"totals_by_depth", totals_json(report.depth_totals, false)},
      {"records", records},
  };
}

}  // namespace prunebench::harness
