#include "harness/run/journal_check.h"

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
                          std::vector<json>& records) {
  if (journal.records.empty()) return path + ": the journal has no plan header (it was not written by 'run')";
  const json& header = journal.records.front();
  if (!header.is_object() || !header.contains("plan"))
    return at_line(path, journal, 0) + "the first line is not a plan header";
  if (header["plan"] != signature)
    return path + " was written by a run with other suites, depths, modes or --max-nodes";
  for (std::size_t i = 1; i < journal.records.size(); ++i) {
    const json& line = journal.records[i];
    // Position facts, which scripts/dask_run.py journals next to the records;
    // a run gathers its facts afresh.
    if (line.is_object() && line.size() == 1 && line.contains("position")) continue;
    if (!line.is_object() || !line.contains("record"))
      return at_line(path, journal, i) + "not a journal record (expected {\"record\": {...}})";
    if (const std::string problem = check_record_shape(line["record"]); !problem.empty())
      return at_line(path, journal, i) + problem;
    records.push_back(line["record"]);
  }
  return {};
}

}  // namespace prunebench::harness
