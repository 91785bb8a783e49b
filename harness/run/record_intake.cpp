#include "harness/run/record_intake.h"

#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <set>

#include "harness/io/progress.h"
#include "harness/run/journal_check.h"
#include "harness/run/run_document.h"

namespace prunebench::harness {
namespace {

using Json = nlohmann::json;
constexpr int EXIT_BAD_INPUT = 2;

struct RecordKey {
  std::string position_id;
  int depth;
  std::string mode;
  auto operator<=>(const RecordKey&) const = default;
};

RecordKey key_of(const Json& record) {
  return {record["position_id"].get<std::string>(), record["depth"].get<int>(), record["mode"].get<std::string>()};
}

// What the journal holds, and where new parts go.
struct Books {
  const RunPlan& plan;
  std::map<std::string, std::string> suite_of;  // position id -> the plan's suite path
  std::set<int> depths;
  std::set<std::string> modes;  // built-in modes and engines
  std::map<RecordKey, Json> records;
  std::map<std::string, Json> facts;  // position id -> facts
  JournalWriter journal;

  explicit Books(const RunPlan& p) : plan(p) {
    for (const PositionWork& work : list_selected_positions(plan)) suite_of[work.entry->id] = work.suite_path;
    depths.insert(plan.depths.begin(), plan.depths.end());
    for (const NamedSpec& mode : plan.modes) modes.insert(mode.name);
    for (const EngineSubject& engine : plan.engines) modes.insert(engine.name);
  }
  std::size_t total() const { return suite_of.size() * depths.size() * modes.size(); }
};

Json journalled_line(const Books& books) {
  Json records = Json::array(), positions = Json::array();
  for (const auto& [key, record] : books.records) records.push_back({key.position_id, key.depth, key.mode});
  for (const auto& [id, facts] : books.facts) positions.push_back(id);
  return {{"journalled", {{"records", records}, {"positions", positions}}}};
}

// Why `record` is not one of the plan's records, or "".
std::string outside_plan(const Books& books, const Json& record) {
  if (std::string problem = check_record_shape(record); !problem.empty()) return problem;
  const RecordKey key = key_of(record);
  if (!books.suite_of.contains(key.position_id) || !books.depths.contains(key.depth) || !books.modes.contains(key.mode))
    return "a record outside the plan: " + key.position_id + " depth " + std::to_string(key.depth) + " mode " +
           key.mode;
  return {};
}

// Journals what `part` adds: records not yet journalled, and its facts when
// they are the plan's (perft to the facts depth). Returns an input problem
// (`io_error` takes a journal failure), or "".
std::string take_part(Books& books, const Json& part, Intake& intake, ProgressBar& progress) {
  if (std::string problem = check_document(part, "run"); !problem.empty()) return "the part: " + problem;
  if (!part.contains("records") || !part["records"].is_array() || !part.contains("positions") ||
      !part["positions"].is_array())
    return "the part has no records and positions arrays";
  for (const Json& record : part["records"])
    if (std::string problem = outside_plan(books, record); !problem.empty()) return problem;
  const std::size_t facts_perft = std::size_t(facts_depth(books.plan)) + 1;
  for (const Json& facts : part["positions"]) {
    if (!facts.is_object() || !facts.contains("id") || !facts["id"].is_string() ||
        !books.suite_of.contains(facts["id"].get<std::string>()))
      return "position facts outside the plan";
  }
  for (const Json& record : part["records"]) {
    const RecordKey key = key_of(record);
    if (books.records.contains(key)) continue;  // a part searched again after a resume
    if (std::string error = books.journal.append({{"record", record}}); !error.empty()) {
      intake.outcome.io_error = error;
      return {};
    }
    books.records.emplace(key, record);
    ++intake.journalled;
    progress.start_item(key.position_id + " d" + std::to_string(key.depth));
    progress.advance();
  }
  for (const Json& given : part["positions"]) {
    const std::string id = given["id"].get<std::string>();
    if (books.facts.contains(id) || !given.contains("perft") || !given["perft"].is_array() ||
        given["perft"].size() != facts_perft)
      continue;
    Json facts = given;
    facts["suite"] = books.suite_of.at(id);  // the part ran on a copy of the suite, elsewhere
    if (std::string error = books.journal.append({{"position", facts}}); !error.empty()) {
      intake.outcome.io_error = error;
      return {};
    }
    books.facts.emplace(id, std::move(facts));
  }
  return {};
}

// The outcome from the journalled parts, in the order run_plan gives: facts
// in suite order, records by position, depth, mode. Returns what is missing, or "".
std::string make_outcome(const Books& books, RunOutcome& outcome) {
  const RunPlan& plan = books.plan;
  const std::vector<PositionWork> work = list_selected_positions(plan);
  outcome.records = std::make_unique<RecordSpool>(work.size());
  if (std::string error = outcome.records->open(plan.spool_folder); !error.empty()) {
    outcome.io_error = error;
    return {};
  }
  std::vector<std::string> modes;
  for (const NamedSpec& mode : plan.modes) modes.push_back(mode.name);
  for (const EngineSubject& engine : plan.engines) modes.push_back(engine.name);
  for (std::size_t slot = 0; slot < work.size(); ++slot) {
    const std::string& id = work[slot].entry->id;
    const auto facts = books.facts.find(id);
    if (facts == books.facts.end()) return "no part brought the facts of position " + id;
    outcome.positions.push_back(facts->second);
    for (int depth : plan.depths) {
      for (const std::string& mode : modes) {
        const auto record = books.records.find({id, depth, mode});
        if (record == books.records.end())
          return "no part brought the record of " + id + " depth " + std::to_string(depth) + " mode " + mode;
        if (std::string error = outcome.records->add(slot, record_element_text(record->second)); !error.empty()) {
          outcome.io_error = error;
          return {};
        }
      }
    }
  }
  return {};
}

// Acts on one input line. Returns a problem with it, or ""; `done` once the
// input has said its last word ("end", "stop") or the journal failed.
std::string take_line(const Json& entry, Books& books, Intake& intake, ProgressBar& progress, bool& done) {
  const auto holds = [&entry](const char* name) {
    return entry.is_object() && entry.size() == 1 && entry.contains(name) && entry[name].is_object();
  };
  if (holds("part")) {
    std::string problem = take_part(books, entry["part"], intake, progress);
    done = !intake.outcome.io_error.empty();
    return problem;
  }
  if (holds("stop")) {
    const Json code = entry["stop"].value("exit", Json()), message = entry["stop"].value("error", Json());
    if (!code.is_number_integer() || code < 1 || code > 255 || !message.is_string())
      return "a stop needs an exit code 1..255 and an error line";
    intake.stop_code = code.get<int>();
    intake.stop_message = message.get<std::string>();
    done = true;
    return {};
  }
  if (holds("end")) {
    intake.context = entry["end"].value("context", Json::object());
    if (!intake.context.is_object()) return "the context is not an object";
    progress.finish();
    done = true;
    if (std::string missing = make_outcome(books, intake.outcome); !missing.empty()) {
      intake.stop_code = EXIT_BAD_INPUT;
      intake.stop_message = "--records-from: " + missing;
    }
    return {};
  }
  return "expected {\"part\": ...}, {\"end\": ...} or {\"stop\": ...}";
}

}  // namespace

Intake take_records(const RunPlan& plan, std::istream& in, std::ostream& out) {
  Intake intake;
  Books books(plan);
  for (const Json& record : plan.resumed_records)
    if (outside_plan(books, record).empty()) books.records.emplace(key_of(record), record);
  for (const Json& facts : plan.resumed_facts) books.facts.emplace(facts["id"].get<std::string>(), facts);
  intake.outcome.resumed = books.records.size();
  out << journalled_line(books).dump() << '\n' << std::flush;
  if (std::string error = books.journal.open(plan.journal_path); !error.empty()) {
    intake.outcome.io_error = error;
    return intake;
  }
  ProgressBar progress(books.total() - books.records.size());
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = "--records-from line " + std::to_string(number);
    const JsonReadResult read = parse_json_text(line, where);
    bool done = false;
    const std::string problem = read.ok() ? take_line(read.value, books, intake, progress, done) : read.error;
    if (!problem.empty()) {
      intake.stop_code = EXIT_BAD_INPUT;
      intake.stop_message = read.ok() ? where + ": " + problem : problem;
    }
    if (done || !problem.empty()) return intake;
  }
  progress.finish();
  intake.outcome.interrupted = true;  // the driver is gone
  return intake;
}

}  // namespace prunebench::harness
