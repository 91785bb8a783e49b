#include "harness/suite_runner.h"

#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <thread>

#include "harness/chess_search.h"
#include "harness/json_io.h"
#include "harness/progress.h"

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

// Modes whose work is the whole tree, whatever they count: --max-nodes skips
// them from the tree's size. `minimal` counts its proof but walks every node.
bool walks_full_tree(const SearchSpec& spec) { return is_full_width(spec) || spec.algorithm == Algorithm::MINIMAL; }

struct PositionResult {
  Json facts;
  std::vector<Json> records, skipped;
  std::string error;
  std::string io_error;
  bool interrupted = false;
};

// Everything the workers share.
struct Shared {
  const RunPlan& plan;
  const std::atomic<bool>& stop;
  std::map<std::string, Json> resumed;  // record_key -> record
  JournalWriter journal;
  ProgressBar progress;
  std::atomic<bool> failed{false};

  Shared(const RunPlan& p, const std::atomic<bool>& s, std::size_t total) : plan(p), stop(s), progress(total) {}
  bool should_stop() const { return stop.load() || failed.load(); }
};

Json skip_entry(const std::string& id, int depth, const std::string& mode, const std::string& reason) {
  return {{"position_id", id}, {"depth", depth}, {"mode", mode}, {"reason", reason}};
}

// All modes must agree on the score at one depth: with the full-width
// (minimax) score when one was run, else with the first mode's.
std::string check_scores(const std::vector<std::pair<const NamedSpec*, Score>>& scores, const std::string& id,
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

// Returns the record for one search, or nullopt when it was skipped.
std::optional<Json> run_one(Shared& shared, const PositionWork& work, const PositionFacts& facts, int depth,
                            const NamedSpec& mode, std::map<std::string, int>& exceeded_at, PositionResult& result) {
  const std::string key = record_key(facts.id, depth, mode.name);
  if (const auto found = shared.resumed.find(key); found != shared.resumed.end()) return found->second;
  const std::uint64_t limit = shared.plan.max_nodes;
  if (limit && walks_full_tree(mode.spec) && facts.full_width_nodes(depth) > limit) {
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
  const ChessSearch search = run_chess_search(work.entry->position, mode.name, mode.spec, depth);
  nlohmann::ordered_json record = {{"position_id", facts.id}};
  record.update(search_json(search));
  Json sorted = to_sorted(record);
  if (shared.journal.is_open()) {
    if (std::string error = shared.journal.append({{"record", sorted}}); !error.empty())
      result.io_error = error;
  }
  return sorted;
}

void run_position(Shared& shared, const PositionWork& work, PositionResult& result) {
  const RunPlan& plan = shared.plan;
  const PositionFacts facts = gather_facts(*work.entry, work.suite_path, plan.depths.back());
  result.facts = to_sorted(facts_json(facts));
  if (!facts.error.empty()) {
    result.error = facts.error;
    return;
  }
  std::map<std::string, int> exceeded_at;  // mode -> depth where it first exceeded --max-nodes
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
      scores.emplace_back(&mode, (*record)["score"].get<Score>());
      result.records.push_back(*record);
    }
    if (std::string error = check_scores(scores, facts.id, depth); !error.empty()) {
      result.error = error;
      return;
    }
  }
}

// An exception escaping a worker thread would terminate the process and lose
// every record of the other threads: turn it into this position's failure.
void run_guarded(Shared& shared, const PositionWork& work, PositionResult& result) {
  try {
    run_position(shared, work, result);
  } catch (const std::bad_alloc&) {
    result.io_error =
        "out of memory searching " + work.entry->id + " (a smaller tt=MB or fewer --threads may fit)";
  } catch (const std::exception& e) {
    result.io_error = "internal error searching " + work.entry->id + ": " + e.what();
  }
}

std::vector<PositionWork> list_positions(const RunPlan& plan) {
  std::vector<PositionWork> work;
  for (const SuiteFile& suite : plan.suites)
    for (const SuiteEntry& entry : suite.entries) work.push_back({&entry, suite.path});
  return work;
}

}  // namespace

Json plan_signature(const RunPlan& plan) {
  Json suites = Json::array(), modes = Json::array();
  for (const SuiteFile& suite : plan.suites) suites.push_back(suite.sha256);
  for (const NamedSpec& mode : plan.modes) modes.push_back(mode.name);
  Json signature = {{"suites", suites}, {"depths", plan.depths}, {"modes", modes}};
  if (plan.max_nodes) signature["max_nodes"] = plan.max_nodes;
  return signature;
}

RunOutcome run_plan(const RunPlan& plan, const std::atomic<bool>& stop) {
  const std::vector<PositionWork> work = list_positions(plan);
  Shared shared(plan, stop, work.size() * plan.depths.size() * plan.modes.size());
  RunOutcome outcome;
  for (const Json& record : plan.resumed_records)
    shared.resumed[record_key(record["position_id"], record["depth"], record["mode"])] = record;
  if (!plan.journal_path.empty()) {
    if (std::string error = shared.journal.open(plan.journal_path); !error.empty()) {
      outcome.io_error = error;
      return outcome;
    }
  }

  std::vector<PositionResult> results(work.size());
  std::atomic<std::size_t> next{0};
  const auto worker = [&] {
    for (std::size_t i = next++; i < work.size() && !shared.should_stop(); i = next++) {
      run_guarded(shared, work[i], results[i]);
      if (!results[i].error.empty() || !results[i].io_error.empty()) shared.failed = true;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < plan.threads; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  shared.progress.finish();

  for (PositionResult& r : results) {
    if (outcome.error.empty() && !r.error.empty()) outcome.error = r.error;
    if (outcome.io_error.empty() && !r.io_error.empty()) outcome.io_error = r.io_error;
    outcome.interrupted |= r.interrupted || (r.facts.is_null() && stop.load());
    if (!r.facts.is_null()) outcome.positions.push_back(r.facts);
    for (Json& record : r.records) outcome.records.push_back(std::move(record));
    for (Json& s : r.skipped) outcome.skipped.push_back(std::move(s));
  }
  return outcome;
}

}  // namespace prunebench::harness
