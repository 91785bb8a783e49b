#include "harness/run/suite_runner.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <system_error>

#include "engine/task_pool.h"
#include "harness/run/chess_search.h"
#include "harness/engines/engine_record.h"
#include "harness/io/json_io.h"
#include "harness/io/progress.h"
#include "harness/run/run_document.h"

namespace prunebench::harness {
namespace {

using Json = nlohmann::json;

// Records are stored with sorted keys (nlohmann::json), so a record read
// back from a journal is byte-identical to one made in this run.
Json to_sorted(const nlohmann::ordered_json& ordered) { return Json::parse(ordered.dump()); }

std::string record_key(const std::string& position_id, int depth, const std::string& mode) {
  return position_id + '\n' + std::to_string(depth) + '\n' + mode;
}

bool is_full_width(const SearchSpec& spec) {
  return spec.algorithm == Algorithm::MINIMAX || spec.algorithm == Algorithm::NEGAMAX;
}

struct PositionResult {
  Json facts;
  std::vector<Json> skipped;
  std::string error;
  bool engine_failed = false;
  std::string io_error;
  bool interrupted = false;
};

// Everything the workers share.
struct Shared {
  const RunPlan& plan;
  const std::atomic<bool>& stop;
  std::map<std::string, Json> resumed;  // record_key -> record
  JournalWriter journal;
  RecordSpool& spool;
  std::atomic<std::size_t> resumed_used{0};
  std::mutex notes_mutex;  // guards the notes below
  std::size_t nondeterministic_records = 0;
  std::string first_nondeterminism;
  std::size_t distinct_nodes_missing = 0;
  std::string first_distinct_nodes_missing;
  ProgressBar progress;
  std::atomic<bool> failed{false};
  // Workers still taking positions. A full-width search runs on the run's
  // threads shared among them: one each while every worker is busy, all of
  // them for the last position left.
  std::atomic<int> active_workers{0};

  Shared(const RunPlan& p, const std::atomic<bool>& s, RecordSpool& records, std::size_t total)
      : plan(p), stop(s), spool(records), progress(total) {}
  bool should_stop() const { return stop.load() || failed.load(); }
  void note_nondeterminism(const std::string& what) {
    std::lock_guard lock(notes_mutex);
    if (nondeterministic_records++ == 0) first_nondeterminism = what;
  }
  void note_distinct_nodes_missing(const std::string& what) {
    std::lock_guard lock(notes_mutex);
    if (distinct_nodes_missing++ == 0) first_distinct_nodes_missing = what;
  }
  int threads_per_search() const { return std::max(1, plan.threads / std::max(1, active_workers.load())); }
};

}  // namespace

bool has_timed_parallel_modes(const RunPlan& plan) {
  return std::any_of(plan.modes.begin(), plan.modes.end(), [](const NamedSpec& mode) {
    return mode.spec.smp == Smp::YBWC || mode.spec.smp == Smp::LAZY;
  });
}

namespace {

Json skip_entry(const std::string& id, int depth, const std::string& mode, const std::string& reason) {
  return {{"position_id", id}, {"depth", depth}, {"mode", mode}, {"reason", reason}};
}

// All modes of one value function (value_function in spec.h: fixed-depth,
// or the Q-value of qsearch) must agree on the score at one depth: with the
// full-width (minimax) score when one was run, else with the first mode's.
// Modes that are not value-preserving by design (tt-draft=ge, nullmove, lmr,
// futility) are not checked: their records carry value_differs_from_minimax
// instead, and the selective ones their reference (chess_search.cpp).
std::string check_scores_of(std::vector<std::pair<const NamedSpec*, Score>> scores, const std::string& id,
                            int depth) {
  if (scores.empty()) return "";
  auto reference = scores.front();
  for (const auto& s : scores)
    if (is_full_width(s.first->spec)) reference = s;
  for (const auto& [mode, score] : scores)
    if (score != reference.second)
      return id + " depth " + std::to_string(depth) + ": mode '" + mode->name + "' scored " + std::to_string(score) +
             " but '" + reference.first->name + "' scored " + std::to_string(reference.second);
  return "";
}

std::string check_scores(std::vector<std::pair<const NamedSpec*, Score>> scores, const std::string& id,
                         int depth) {
  std::erase_if(scores, [](const auto& s) { return !is_value_preserving(s.first->spec); });
  // Each value function on its own: a mode is checked only against modes that search the same value.
  std::map<std::string, std::vector<std::pair<const NamedSpec*, Score>>> by_value;
  for (const auto& s : scores) by_value[value_function(s.first->spec)].push_back(s);
  for (const auto& [value, same] : by_value)
    if (std::string error = check_scores_of(same, id, depth); !error.empty()) return error;
  return "";
}

// Returns the record for one search, or nullopt when it was skipped.
std::optional<Json> run_one(Shared& shared, const PositionWork& work, const PositionFacts& facts, int depth,
                            const NamedSpec& mode, std::map<std::string, int>& exceeded_at, PositionResult& result) {
  const std::string key = record_key(facts.id, depth, mode.name);
  if (const auto found = shared.resumed.find(key); found != shared.resumed.end()) {
    ++shared.resumed_used;
    return found->second;
  }
  const std::uint64_t limit = shared.plan.max_nodes;
  if (limit && counts_full_tree(mode.spec) && facts.full_width_nodes(depth) > limit) {
    result.skipped.push_back(skip_entry(facts.id, depth, mode.name,
                                        "full-width tree has " + std::to_string(facts.full_width_nodes(depth)) +
                                            " nodes, more than --max-nodes"));
    return std::nullopt;
  }
  if (const auto it = exceeded_at.find(mode.name); it != exceeded_at.end()) {
    result.skipped.push_back(skip_entry(facts.id, depth, mode.name,
                                        "exceeded --max-nodes at depth " + std::to_string(it->second)));
    return std::nullopt;
  }
  const ChessSearch search = run_chess_search(work.entry->position, mode.name, mode.spec, depth,
                                              shared.threads_per_search(), nullptr, shared.plan.distinct_megabytes,
                                              shared.plan.repeat);
  if (!search.result.error.empty()) {  // the record lacks the figure rather than hold a partial one
    result.skipped.push_back(skip_entry(facts.id, depth, mode.name, search.result.error));
    return std::nullopt;
  }
  if (!search.result.distinct_nodes_missing.empty())  // the record stands, without that figure
    shared.note_distinct_nodes_missing(facts.id + " depth " + std::to_string(depth) + " " + mode.name + ": " +
                                       search.result.distinct_nodes_missing);
  nlohmann::ordered_json record = {{"position_id", facts.id}};
  record.update(search_json(search));
  Json sorted = to_sorted(record);
  if (shared.journal.is_open()) {
    if (std::string error = shared.journal.append({{"record", sorted}}); !error.empty())
      result.io_error = error;
  }
  return sorted;
}

// One engine record: resumed, or searched (the engine process is started on
// first use and kept for the position's other depths). An engine's score is
// its own, not the fixed-depth value, so no count or score check applies;
// only the repeats must agree on nodes.
std::optional<Json> run_engine(Shared& shared, const PositionWork& work, const PositionFacts& facts, int depth,
                               std::size_t index, std::vector<std::unique_ptr<UciEngine>>& engines,
                               PositionResult& result) {
  const EngineSubject& subject = shared.plan.engines[index];
  const std::string key = record_key(facts.id, depth, subject.name);
  if (const auto found = shared.resumed.find(key); found != shared.resumed.end()) {
    ++shared.resumed_used;
    return found->second;
  }
  if (!engines[index]) engines[index] = std::make_unique<UciEngine>(subject, shared.plan.engine_timeout);
  const EngineOutcome outcome = measure_engine(*engines[index], subject, facts.id, work.entry->position, depth,
                                               shared.plan.engine_repeat);
  const std::string where = "engine '" + subject.name + "' at " + facts.id + " depth " + std::to_string(depth) + ": ";
  if (!outcome.error.empty()) {
    result.error = where + outcome.error;
    result.engine_failed = true;
    return std::nullopt;
  }
  if (!outcome.nondeterminism.empty()) {
    if (shared.plan.strict_engines) {  // not journalled: --resume must search it again
      result.error = where + "not deterministic: " + outcome.nondeterminism;
      return std::nullopt;
    }
    shared.note_nondeterminism(where + "not deterministic: " + outcome.nondeterminism);
  }
  Json sorted = to_sorted(outcome.record);
  if (shared.journal.is_open()) {
    if (std::string error = shared.journal.append({{"record", sorted}}); !error.empty()) result.io_error = error;
  }
  return sorted;
}

// Files a finished record for the output document under its position.
void keep(Shared& shared, std::size_t slot, const Json& record, PositionResult& result) {
  if (std::string error = shared.spool.add(slot, record_element_text(record)); !error.empty())
    result.io_error = error;
}

void run_position(Shared& shared, const PositionWork& work, std::size_t slot, PositionResult& result) {
  const RunPlan& plan = shared.plan;
  const PositionFacts facts = gather_facts(*work.entry, work.suite_path, facts_depth(plan));
  result.facts = to_sorted(facts_json(facts));
  if (!facts.error.empty()) {
    result.error = facts.error;
    return;
  }
  std::map<std::string, int> exceeded_at;  // mode -> depth where it first exceeded --max-nodes
  std::vector<std::unique_ptr<UciEngine>> engines(plan.engines.size());  // started on first use
  for (int depth : plan.depths) {
    std::vector<std::pair<const NamedSpec*, Score>> scores;
    for (const NamedSpec& mode : plan.modes) {
      if (shared.should_stop()) {
        result.interrupted = true;
        return;
      }
      shared.progress.start_item(facts.id + " d" + std::to_string(depth) + " " + mode.name);
      const std::optional<Json> record = run_one(shared, work, facts, depth, mode, exceeded_at, result);
      shared.progress.advance();
      if (!result.error.empty() || !result.io_error.empty()) return;
      if (!record) continue;
      const std::uint64_t nodes = (*record)["counters"]["nodes"].get<std::uint64_t>();
      if (is_full_width(mode.spec) && nodes != facts.full_width_nodes(depth)) {
        result.error = facts.id + " depth " + std::to_string(depth) + ": mode '" + mode.name + "' visited " +
                       std::to_string(nodes) + " nodes, but sum of perft(0.." + std::to_string(depth) + ") is " +
                       std::to_string(facts.full_width_nodes(depth));
        return;
      }
      if (plan.max_nodes && nodes > plan.max_nodes && !exceeded_at.count(mode.name)) exceeded_at[mode.name] = depth;
      // A resumed line may be an engine's record under this mode's name, without a score.
      if (const auto score = record->find("score"); score != record->end() && score->is_number_integer())
        scores.emplace_back(&mode, score->get<Score>());
      keep(shared, slot, *record, result);
      if (!result.io_error.empty()) return;
    }
    if (std::string error = check_scores(scores, facts.id, depth); !error.empty()) {
      result.error = error;
      return;
    }
    for (std::size_t e = 0; e < plan.engines.size(); ++e) {
      if (shared.should_stop()) {
        result.interrupted = true;
        return;
      }
      shared.progress.start_item(facts.id + " d" + std::to_string(depth) + " " + plan.engines[e].name);
      const std::optional<Json> record = run_engine(shared, work, facts, depth, e, engines, result);
      shared.progress.advance();
      if (!result.error.empty() || !result.io_error.empty()) return;
      if (record) keep(shared, slot, *record, result);
      if (!result.io_error.empty()) return;
    }
  }
}

std::string thread_refused(const std::system_error& e, int threads) {
  return "cannot start a thread of --threads " + std::to_string(threads) + " (" + e.code().message() +
         "): fewer --threads may fit";
}

// An exception escaping a worker thread would terminate the process and lose
// every record of the other threads: turn it into this position's failure.
void run_guarded(Shared& shared, const PositionWork& work, std::size_t slot, PositionResult& result) {
  try {
    run_position(shared, work, slot, result);
  } catch (const std::bad_alloc&) {
    result.io_error =
        "out of memory searching " + work.entry->id + " (a smaller tt=MB or fewer --threads may fit)";
  } catch (const std::system_error& e) {  // a split search's helper thread could not be created
    result.io_error = thread_refused(e, shared.plan.threads) + " (searching " + work.entry->id + ")";
  } catch (const std::exception& e) {
    result.io_error = "internal error searching " + work.entry->id + ": " + e.what();
  }
}

}  // namespace

bool counts_full_tree(const SearchSpec& spec) { return is_full_width(spec); }

std::string distinct_nodes_warning(const RunOutcome& outcome) {
  if (outcome.distinct_nodes_missing == 0) return "";
  const std::size_t more = outcome.distinct_nodes_missing - 1;
  return "warning: no distinct_nodes for " + outcome.first_distinct_nodes_missing +
         (more ? " (and " + std::to_string(more) + " more record" + (more > 1 ? "s)" : ")") : std::string()) +
         "; those records say why in distinct_nodes_missing\n";
}

std::vector<PositionWork> list_all_positions(const RunPlan& plan) {
  std::vector<PositionWork> work;
  for (const SuiteFile& suite : plan.suites)
    for (const SuiteEntry& entry : suite.entries) work.push_back({&entry, suite.path});
  return work;
}

std::vector<PositionWork> list_selected_positions(const RunPlan& plan) {
  std::vector<PositionWork> work = list_all_positions(plan);
  if (plan.selected_ids)
    std::erase_if(work, [&](const PositionWork& w) { return !plan.selected_ids->contains(w.entry->id); });
  return work;
}

Json plan_signature(const RunPlan& plan) {
  Json suites = Json::array(), modes = Json::array();
  for (const SuiteFile& suite : plan.suites) suites.push_back(suite.sha256);
  for (const NamedSpec& mode : plan.modes) modes.push_back(mode.name);
  Json signature = {{"suites", suites}, {"depths", plan.depths}, {"modes", modes}};
  if (plan.max_nodes) signature["max_nodes"] = plan.max_nodes;
  if (plan.distinct_megabytes) signature["distinct_memory"] = plan.distinct_megabytes;
  if (!plan.engines.empty()) {
    Json engines = Json::array();
    for (const EngineSubject& e : plan.engines) {
      Json options = Json::array();
      for (const auto& [name, value] : e.options) options.push_back({name, value});
      Json engine = {{"name", e.name}, {"command", e.command}, {"options", options}};
      if (!e.arguments.empty()) engine["arguments"] = e.arguments;  // absent: the plans of earlier runs stay valid
      engines.push_back(engine);
    }
    signature["engines"] = engines;
    signature["engine_repeat"] = plan.engine_repeat;
    if (plan.strict_engines) signature["strict_engines"] = true;
  }
  if (plan.selection.is_object()) signature["shard"] = plan.selection;
  if (plan.selection.is_array()) signature["positions"] = plan.selection;
  return signature;
}

int facts_depth(const RunPlan& plan) {
  return plan.modes.empty() ? std::min(plan.depths.back(), ENGINE_ONLY_PERFT_DEPTH) : plan.depths.back();
}

RunOutcome run_plan(const RunPlan& plan, const std::atomic<bool>& stop) {
  const std::vector<PositionWork> work = list_selected_positions(plan);
  RunOutcome outcome;
  outcome.records = std::make_unique<RecordSpool>(work.size());
  if (std::string error = outcome.records->open(plan.spool_folder); !error.empty()) {
    outcome.io_error = error;
    return outcome;
  }
  Shared shared(plan, stop, *outcome.records,
                work.size() * plan.depths.size() * (plan.modes.size() + plan.engines.size()));
  for (const Json& record : plan.resumed_records)
    shared.resumed[record_key(record["position_id"], record["depth"], record["mode"])] = record;
  if (!plan.journal_path.empty()) {
    if (std::string error = shared.journal.open(plan.journal_path); !error.empty()) {
      outcome.io_error = error;
      return outcome;
    }
  }

  std::vector<PositionResult> results(work.size());
  const int workers = has_timed_parallel_modes(plan)
                          ? 1
                          : int(std::min<std::size_t>(std::size_t(plan.threads), std::max<std::size_t>(work.size(), 1)));
  shared.active_workers = workers;
  const auto worker = [&](int, const auto& take) {
    for (std::size_t i = take(); i < work.size() && !shared.should_stop(); i = take()) {
      run_guarded(shared, work[i], i, results[i]);
      if (!results[i].error.empty() || !results[i].io_error.empty()) shared.failed = true;
    }
    --shared.active_workers;
  };
  // The system has no thread (or memory for its stack) to give: a resource
  // failure, not a bug. Stop the threads already running; their finished
  // records are journalled.
  const auto refused = [&](const std::system_error& e) {
    outcome.io_error = thread_refused(e, plan.threads);
    shared.failed = true;
  };
  share_tasks(work.size(), workers, worker, refused);
  shared.progress.finish();
  outcome.resumed = shared.resumed_used;
  outcome.nondeterministic_records = shared.nondeterministic_records;
  outcome.first_nondeterminism = shared.first_nondeterminism;
  outcome.distinct_nodes_missing = shared.distinct_nodes_missing;
  outcome.first_distinct_nodes_missing = shared.first_distinct_nodes_missing;

  for (PositionResult& r : results) {
    if (outcome.error.empty() && !r.error.empty()) outcome.error = r.error, outcome.engine_failed = r.engine_failed;
    if (outcome.io_error.empty() && !r.io_error.empty()) outcome.io_error = r.io_error;
    outcome.interrupted |= r.interrupted || (r.facts.is_null() && stop.load());
    if (!r.facts.is_null()) outcome.positions.push_back(r.facts);
    for (Json& s : r.skipped) outcome.skipped.push_back(std::move(s));
  }
  return outcome;
}

}  // namespace prunebench::harness
