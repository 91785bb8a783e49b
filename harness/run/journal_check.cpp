#include "harness/run/journal_check.h"

#include <utility>

namespace prunebench::harness {

namespace {

using nlohmann::json;

bool has(const json& object, const char* name, bool (json::*is_type)() const noexcept) {
  const auto it = object.find(name);
  return it != object.end() && ((*it).*is_type)();
}

// A record of an external UCI engine (engines/engine_record.cpp writes it).
bool is_engine_record(const json& record) {
  const auto spec = record.find("spec");
  if (spec == record.end() || !spec->is_object()) return false;
  const auto algorithm = spec->find("algorithm");
  return algorithm != spec->end() && *algorithm == "uci-engine";
}

// Where `given` (a journal's plan) and `plan` (this run's) differ, in the
// words of the command line (the fields are those of plan_signature).
std::vector<std::string> plan_differences(const json& given, const json& plan) {
  static const std::vector<std::pair<const char*, const char*>> OPTIONS = {
      {"suites", "the suites' contents"}, {"depths", "--depths"},          {"modes", "--modes"},
      {"max_nodes", "--max-nodes"},       {"engine_repeat", "--engine-repeat"}, {"strict_engines", "--strict-engines"},
      {"shard", "--shard"},                {"distinct_memory", "--distinct-nodes or --distinct-memory"},
      {"positions", "the positions selected"}};
  const auto field = [](const json& object, const char* name) {
    return object.is_object() ? object.value(name, json()) : json();
  };
  std::vector<std::string> differences;
  for (const auto& [name, option] : OPTIONS)
    if (field(given, name) != field(plan, name)) differences.emplace_back(option);
  const json a = field(given, "engines"), b = field(plan, "engines");
  if (a == b) return differences;
  if (!a.is_array() || !b.is_array() || a.size() != b.size()) {
    differences.emplace_back("the --engine list");
    return differences;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const json name = field(b[i], "name");
    const std::string engine = "engine '" + (name.is_string() ? name.get<std::string>() : name.dump()) + "'";
    if (field(a[i], "name") != name) differences.emplace_back("the --engine names");
    else if (field(a[i], "command") != field(b[i], "command")) differences.emplace_back("the command of " + engine);
    else if (field(a[i], "options") != field(b[i], "options"))
      differences.emplace_back("the --engine-option values of " + engine);
  }
  return differences;
}

std::string describe_differences(const json& given, const json& plan) {
  const std::vector<std::string> differences = given.is_object() ? plan_differences(given, plan) : std::vector<std::string>();
  if (differences.empty()) return "other suites, depths, modes or --max-nodes";
  std::string text = "another plan: it differs in ";
  for (std::size_t i = 0; i < differences.size(); ++i) text += (i ? ", " : "") + differences[i];
  return text;
}

std::string at_line(const std::string& path, const JournalContents& journal, std::size_t index) {
  return path + ":" + std::to_string(journal.lines[index]) + ": ";
}

}  // namespace

std::string check_record_shape(const json& record) {
  if (!record.is_object()) return "the record is not a JSON object";
  if (!has(record, "position_id", &json::is_string)) return "the record has no position_id string";
  if (!has(record, "depth", &json::is_number_integer)) return "the record has no integer depth";
  if (!has(record, "mode", &json::is_string)) return "the record has no mode string";
  // An external engine may report a mate instead of centipawns, or no score
  // at all (Toga II at low depths); prunebench's own searches always score.
  if (record.contains("score") && !record["score"].is_number_integer()) return "the record's score is not an integer";
  if (record.contains("score_mate") && !record["score_mate"].is_number_integer())
    return "the record's score_mate is not an integer";
  if (!is_engine_record(record) && !record.contains("score")) return "the record has no integer score";
  if (!has(record, "counters", &json::is_object) ||
      !has(record["counters"], "nodes", &json::is_number_unsigned))
    return "the record has no counters.nodes count";
  return {};
}

std::string check_journal(const JournalContents& journal, const std::string& path, const json& signature,
                          std::vector<json>& records, std::vector<json>* facts) {
  if (journal.records.empty()) return path + ": the journal has no plan header (it was not written by 'run')";
  const json& header = journal.records.front();
  if (!header.is_object() || !header.contains("plan"))
    return at_line(path, journal, 0) + "the first line is not a plan header";
  if (header["plan"] != signature)
    return path + " was written by a run with " + describe_differences(header["plan"], signature);
  for (std::size_t i = 1; i < journal.records.size(); ++i) {
    const json& line = journal.records[i];
    if (line.is_object() && line.size() == 1 && line.contains("position")) {
      const json& position = line["position"];
      if (!position.is_object() || !has(position, "id", &json::is_string))
        return at_line(path, journal, i) + "position facts without an id string";
      if (facts) facts->push_back(position);
      continue;
    }
    if (!line.is_object() || !line.contains("record"))
      return at_line(path, journal, i) + "not a journal record (expected {\"record\": {...}})";
    if (const std::string problem = check_record_shape(line["record"]); !problem.empty())
      return at_line(path, journal, i) + problem;
    records.push_back(line["record"]);
  }
  return {};
}

}  // namespace prunebench::harness
