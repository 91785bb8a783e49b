#include "harness/reports/compare.h"

#include <algorithm>
#include <map>
#include <set>

namespace prunebench::harness {

namespace {

using nlohmann::json;

std::string read_records(const json& run, const std::string& label, std::vector<NodeRecord>& records) {
  const std::string problem = read_node_records(run, records);
  return problem.empty() ? "" : label + ": " + problem;
}

const json* context_of(const json& run) {
  const auto it = run.find("context");
  return it != run.end() && it->is_object() ? &*it : nullptr;
}

// The fields of the context block that say which build made the run, and when:
// speed and even a count's cause can hang on the flags, so they are named too.
json provenance(const json& run) {
  json kept = json::object();
  if (const json* context = context_of(run)) {
    for (const char* name :
         {"git_commit", "git_dirty", "started_at", "compiler", "build_type", "compile_flags", "pext"})
      if (context->contains(name)) kept[name] = (*context)[name];
  }
  return kept;
}

// name -> value of an array of objects, e.g. a run's positions by id; entries
// of another shape are skipped (compare does not validate the whole run).
std::map<std::string, std::string> string_pairs(const json* array, const char* name, const char* value) {
  std::map<std::string, std::string> pairs;
  if (!array || !array->is_array()) return pairs;
  for (const json& entry : *array) {
    if (!entry.is_object()) continue;
    const auto n = entry.find(name), v = entry.find(value);
    if (n != entry.end() && n->is_string() && v != entry.end() && v->is_string())
      pairs.emplace(n->get<std::string>(), v->get<std::string>());
  }
  return pairs;
}

const json* member(const json* object, const char* name) {
  if (!object || !object->is_object()) return nullptr;
  const auto it = object->find(name);
  return it == object->end() ? nullptr : &*it;
}

void add_differences(const std::map<std::string, std::string>& base,
                     const std::map<std::string, std::string>& fresh, const std::string& subject,
                     const std::string& field, std::vector<Inconsistency>& out) {
  for (const auto& [name, value] : base) {
    const auto it = fresh.find(name);
    if (it != fresh.end() && it->second != value)
      out.push_back({subject + " '" + name + "' " + field, value, it->second});
  }
}

// Suites read from the same path with different contents, and positions
// whose FEN changed under the same id: counts of such runs measure different
// trees.
std::vector<Inconsistency> find_inconsistencies(const json& base, const json& fresh) {
  std::vector<Inconsistency> found;
  add_differences(string_pairs(member(context_of(base), "suites"), "path", "sha256"),
                  string_pairs(member(context_of(fresh), "suites"), "path", "sha256"), "suite", "sha256",
                  found);
  add_differences(string_pairs(member(&base, "positions"), "id", "fen"),
                  string_pairs(member(&fresh, "positions"), "id", "fen"), "position", "FEN", found);
  return found;
}

std::string engine_mode(const json& record) {
  if (!record.is_object()) return {};
  const auto spec = record.find("spec"), mode = record.find("mode");
  if (spec == record.end() || !spec->is_object() || mode == record.end() || !mode->is_string()) return {};
  return spec->value("algorithm", json()) == "uci-engine" ? mode->get<std::string>() : std::string();
}

EngineIdentity engine_identity(const json& spec) {
  EngineIdentity identity;
  const auto text = [&](const char* name) {
    const json value = spec.value(name, json());
    return value.is_string() ? value.get<std::string>() : std::string();
  };
  identity.id_name = text("id_name");
  identity.command = text("command");
  if (const json options = spec.value("options", json()); options.is_object()) identity.options = options;
  if (const json arguments = spec.value("arguments", json()); arguments.is_array()) identity.arguments = arguments;
  if (const json searches = spec.value("searches", json()); searches.is_number_integer())
    identity.searches = searches.get<int>();
  return identity;
}

// Each engine mode of `run` with the engine its first record names.
std::vector<std::pair<std::string, EngineIdentity>> engines_of(const json& run) {
  std::vector<std::pair<std::string, EngineIdentity>> found;
  const json* records = member(&run, "records");
  if (!records || !records->is_array()) return found;
  for (const json& record : *records) {
    const std::string mode = engine_mode(record);
    if (mode.empty() || std::any_of(found.begin(), found.end(), [&](const auto& f) { return f.first == mode; }))
      continue;
    found.emplace_back(mode, engine_identity(record["spec"]));
  }
  return found;
}

std::vector<EngineSides> pair_engines(const json& base, const json& fresh) {
  std::vector<EngineSides> sides;
  const auto side_of = [&](const std::string& mode) -> EngineSides& {
    const auto it = std::find_if(sides.begin(), sides.end(), [&](const EngineSides& s) { return s.mode == mode; });
    if (it != sides.end()) return *it;
    sides.push_back({mode, std::nullopt, std::nullopt});
    return sides.back();
  };
  for (const auto& [mode, identity] : engines_of(base)) side_of(mode).base = identity;
  for (const auto& [mode, identity] : engines_of(fresh)) side_of(mode).fresh = identity;
  return sides;
}

// (position, depth, mode) -> reason, from a run's "skipped" list; entries of
// another shape are passed over (a reason is a courtesy, not a count).
std::map<RecordKey, std::string> skipped_reasons(const json& run) {
  std::map<RecordKey, std::string> reasons;
  const json* skipped = member(&run, "skipped");
  if (!skipped || !skipped->is_array()) return reasons;
  for (const json& entry : *skipped) {
    if (!entry.is_object()) continue;
    const json id = entry.value("position_id", json()), depth = entry.value("depth", json()),
               mode = entry.value("mode", json()), reason = entry.value("reason", json());
    if (id.is_string() && depth.is_number_integer() && mode.is_string() && reason.is_string())
      reasons.emplace(RecordKey{id.get<std::string>(), depth.get<int>(), mode.get<std::string>()},
                      reason.get<std::string>());
  }
  return reasons;
}

void add_skipped_reasons(std::vector<RecordComparison>& rows, const json& base, const json& fresh) {
  const std::map<RecordKey, std::string> in_base = skipped_reasons(base), in_new = skipped_reasons(fresh);
  for (RecordComparison& row : rows) {
    const auto& reasons = row.new_nodes ? in_base : in_new;  // the run that lacks it
    if (row.base_nodes && row.new_nodes) continue;
    if (const auto it = reasons.find(row.key); it != reasons.end()) row.skipped_reason = it->second;
  }
}

bool is_engine_mode(const std::vector<EngineSides>& engines, const std::string& mode) {
  return std::any_of(engines.begin(), engines.end(), [&](const EngineSides& e) { return e.mode == mode; });
}

std::vector<RecordComparison> match_records(const std::vector<NodeRecord>& base,
                                            const std::vector<NodeRecord>& fresh) {
  std::map<RecordKey, const NodeRecord*> fresh_records;
  for (const NodeRecord& record : fresh) fresh_records.emplace(record.key, &record);
  std::vector<RecordComparison> rows;
  std::set<RecordKey> in_base;
  for (const NodeRecord& record : base) {
    RecordComparison row;
    row.key = record.key;
    row.base_nodes = record.nodes;
    row.deterministic = record.deterministic;
    if (auto it = fresh_records.find(record.key); it != fresh_records.end()) {
      row.new_nodes = it->second->nodes;
      row.deterministic = row.deterministic && it->second->deterministic;
      if (record.distinct_nodes && it->second->distinct_nodes) {
        row.base_distinct_nodes = record.distinct_nodes;
        row.new_distinct_nodes = it->second->distinct_nodes;
      }
    }
    rows.push_back(std::move(row));
    in_base.insert(record.key);
  }
  for (const NodeRecord& record : fresh) {
    if (in_base.contains(record.key)) continue;
    RecordComparison row;
    row.key = record.key;
    row.new_nodes = record.nodes;
    row.deterministic = record.deterministic;
    rows.push_back(std::move(row));
  }
  return rows;
}

RecordStatus moved_status(const NodeChange& change) {
  switch (change.direction()) {
    case Direction::Improved:
      return RecordStatus::Improved;
    case Direction::Regressed:
      return RecordStatus::Regressed;
    case Direction::Equal:
      break;
  }
  return RecordStatus::Equal;
}

// Whether a change of an exact counter fails the options' tolerances.
bool beyond_tolerance(const NodeChange& change, const CompareOptions& options) {
  const std::optional<double> percent = change.percent();  // none: growth from 0, infinitely many percent
  switch (change.direction()) {
    case Direction::Improved:
      return -*percent > options.max_decrease_percent;
    case Direction::Regressed:
      return !percent ? options.max_increase_percent != ANY_PERCENT : *percent > options.max_increase_percent;
    case Direction::Equal:
      break;
  }
  return false;
}

// Sets the row's status and whether it fails the options' tolerances.
void classify(RecordComparison& row, const CompareOptions& options) {
  if (!row.base_nodes) {
    row.status = RecordStatus::OnlyInNew;
    row.fails = options.fail_on_added;
    return;
  }
  if (!row.new_nodes) {
    row.status = RecordStatus::OnlyInBase;
    row.fails = true;  // a partial run must not pass
    return;
  }
  const NodeChange change = *row.change();
  row.status = moved_status(change);
  row.fails = beyond_tolerance(change, options);
  if (const std::optional<NodeChange> distinct = row.distinct_change()) {
    if (row.status == RecordStatus::Equal) row.status = moved_status(*distinct);
    row.fails = row.fails || beyond_tolerance(*distinct, options);
  }
  if (!row.deterministic) row.fails = false;  // a count that varies by timing is no regression
}

// Adds `row`'s counts to `totals` (128-bit sums of 64-bit counts cannot overflow).
void add_to(NodeTotals& totals, const RecordComparison& row) {
  ++totals.records;
  totals.engine_records += row.engine;
  totals.nodes.base += *row.base_nodes;
  totals.nodes.fresh += *row.new_nodes;
}

// Per-mode and per-depth sums of the records in both runs.
void total(CompareReport& report) {
  std::map<int, NodeTotals> by_depth;
  for (const RecordComparison& row : report.rows) {
    if (!row.change()) continue;
    auto mode = std::find_if(report.mode_totals.begin(), report.mode_totals.end(),
                             [&](const NodeTotals& t) { return t.mode == row.key.mode; });
    if (mode == report.mode_totals.end()) {
      mode = report.mode_totals.insert(mode, NodeTotals());
      mode->mode = row.key.mode;
    }
    NodeTotals& depth = by_depth[row.key.depth];
    depth.depth = row.key.depth;
    add_to(*mode, row);
    add_to(depth, row);
  }
  for (auto& [depth, totals] : by_depth) report.depth_totals.push_back(totals);
}

void count(CompareReport& report) {
  for (const RecordComparison& row : report.rows) {
    report.failing += row.fails;
    switch (row.status) {
      case RecordStatus::Equal:
        ++report.equal;
        break;
      case RecordStatus::Improved:
        ++(row.engine || !row.deterministic ? report.changed : report.improved);
        break;
      case RecordStatus::Regressed:
        ++(row.engine || !row.deterministic ? report.changed : report.regressed);
        break;
      case RecordStatus::OnlyInBase:
        ++report.missing;
        break;
      case RecordStatus::OnlyInNew:
        ++report.added;
        break;
    }
  }
}

}  // namespace

Direction NodeChange::direction() const {
  if (fresh == base) return Direction::Equal;
  return fresh < base ? Direction::Improved : Direction::Regressed;
}

NodeSum NodeChange::magnitude() const { return fresh > base ? fresh - base : base - fresh; }

std::optional<double> NodeChange::percent() const {
  if (base == 0) return fresh == 0 ? std::optional<double>(0.0) : std::nullopt;
  const double size = double(100.0L * static_cast<long double>(magnitude()) / static_cast<long double>(base));
  return fresh < base ? -size : size;
}

std::string EngineIdentity::describe() const {
  std::string options_text;
  for (const auto& [name, value] : options.items())
    options_text += (options_text.empty() ? "" : ", ") + name + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
  std::string command_text = command;
  for (const json& argument : arguments) command_text += " " + argument.dump();  // quoted: spaces stay visible
  return (id_name.empty() ? std::string("an engine without an id name") : id_name) + " (" + command_text +
         (options_text.empty() ? "" : "; " + options_text) + "; " + std::to_string(searches) +
         (searches == 1 ? " search" : " searches") + " a record)";
}

bool CompareReport::engines_changed() const {
  return std::any_of(engines.begin(), engines.end(), [](const EngineSides& e) { return e.changed(); });
}

std::optional<NodeChange> RecordComparison::change() const {
  if (!base_nodes || !new_nodes) return std::nullopt;
  return NodeChange{*base_nodes, *new_nodes};
}

std::optional<NodeChange> RecordComparison::distinct_change() const {
  if (!base_distinct_nodes || !new_distinct_nodes) return std::nullopt;
  return NodeChange{*base_distinct_nodes, *new_distinct_nodes};
}

CompareResult compare_runs(const json& base, const json& new_run, const CompareOptions& options) {
  CompareResult result;
  result.value.options = options;
  std::vector<NodeRecord> base_records, new_records;
  result.error = read_records(base, options.base_label, base_records);
  if (result.ok()) result.error = read_records(new_run, options.new_label, new_records);
  if (!result.ok()) return result;

  CompareReport& report = result.value;
  report.base_provenance = provenance(base);
  report.new_provenance = provenance(new_run);
  report.inconsistencies = find_inconsistencies(base, new_run);
  report.engines = pair_engines(base, new_run);
  report.rows = match_records(base_records, new_records);
  add_skipped_reasons(report.rows, base, new_run);
  for (RecordComparison& row : report.rows) {
    row.engine = is_engine_mode(report.engines, row.key.mode);
    classify(row, options);
  }
  count(report);
  total(report);
  return result;
}

}  // namespace prunebench::harness
