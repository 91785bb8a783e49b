#include "harness/engines/engine_record.h"

#include <algorithm>
#include <chrono>

namespace prunebench::harness {

nlohmann::ordered_json engine_spec_json(const EngineSubject& subject, const UciEngine& engine, int repeat) {
  nlohmann::ordered_json options = nlohmann::ordered_json::object();
  for (const auto& [name, value] : engine.options_sent()) options[name] = value;
  nlohmann::ordered_json spec = {{"algorithm", "uci-engine"},
                                 {"engine", subject.name},
                                 {"command", subject.command},
                                 {"options", options},
                                 {"id_name", engine.id_name()},
                                 {"nodes", "engine-reported"},
                                 {"searches", repeat},
                                 {"fresh_state", "ucinewgame before each search, same process"}};
  if (!subject.arguments.empty()) spec["arguments"] = subject.arguments;  // --engine-arg
  return spec;
}

namespace {

nlohmann::ordered_json record_json(const EngineSubject& subject, const UciEngine& engine, const std::string& id,
                                   int depth, int repeat, const UciReport& report, double seconds,
                                   const nlohmann::ordered_json& every_nodes) {
  nlohmann::ordered_json record = {{"position_id", id}, {"mode", subject.name},
                                   {"spec", engine_spec_json(subject, engine, repeat)}, {"depth", depth}};
  // "score" stays the centipawn integer every reader expects; a mate has none.
  if (report.score_cp) record["score"] = *report.score_cp;
  if (report.score_mate) record["score_mate"] = *report.score_mate;
  const bool no_move = report.bestmove == "(none)" || report.bestmove == "0000";
  record["best_move"] = no_move ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(report.bestmove);
  record["pv"] = report.pv;
  record["counters"] = {{"nodes", *report.nodes}};
  const bool deterministic =
      std::all_of(every_nodes.begin(), every_nodes.end(), [&](const auto& n) { return n == every_nodes.front(); });
  record["engine"] = {{"nodes_per_search", every_nodes},
                      {"deterministic", deterministic},
                      {"seldepth", report.seldepth ? nlohmann::ordered_json(*report.seldepth) : nullptr},
                      {"time_ms", report.time_ms ? nlohmann::ordered_json(*report.time_ms) : nullptr},
                      {"reported_depth", report.depth ? nlohmann::ordered_json(*report.depth) : nullptr}};
  record["seconds"] = seconds;
  record["nodes_per_second"] = seconds > 0 ? double(*report.nodes) / seconds : 0.0;
  return record;
}

}  // namespace

EngineOutcome measure_engine(UciEngine& engine, const EngineSubject& subject, const std::string& position_id,
                             const Position& position, int depth, int repeat) {
  EngineOutcome outcome;
  UciReport first;
  double first_seconds = 0;
  nlohmann::ordered_json every_nodes = nlohmann::ordered_json::array();
  for (int i = 0; i < repeat; ++i) {
    UciReport report;
    const auto start = std::chrono::steady_clock::now();
    outcome.error = engine.search(position.fen(), depth, report);
    if (!outcome.error.empty()) return outcome;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    every_nodes.push_back(*report.nodes);
    if (i == 0) first = report, first_seconds = seconds;
    else if (*report.nodes != *first.nodes && outcome.nondeterminism.empty())
      outcome.nondeterminism = "search 1 reported " + std::to_string(*first.nodes) + " nodes, search " +
                               std::to_string(i + 1) + " " + std::to_string(*report.nodes);
  }
  outcome.record = record_json(subject, engine, position_id, depth, repeat, first, first_seconds, every_nodes);
  return outcome;
}

}  // namespace prunebench::harness
