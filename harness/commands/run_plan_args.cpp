// run's command line and the plan it describes (see run_plan_args.h).
#include "harness/commands/run_plan_args.h"

#include <algorithm>
#include <set>

#include "harness/engines/engine_args.h"
#include "harness/options/distinct_options.h"
#include "harness/options/mode_list.h"
#include "harness/run/chess_search.h"
#include "harness/run/plan_estimate.h"
#include "harness/run/shard.h"
#include "harness/run/suite.h"

namespace prunebench::harness {

RunFailure bad_input(std::string message) { return {EXIT_BAD_INPUT, std::move(message)}; }

std::vector<double> estimated_costs(const RunPlan& plan) {
  std::vector<double> costs;
  for (const PositionWork& work : list_all_positions(plan)) costs.push_back(estimated_cost(plan, *work.entry));
  return costs;
}

ArgParser run_options() {
  ArgParser parser(
      "prunebench run --suite FILE [--suite FILE ...] --depths LIST [options]",
      "Searches every position of the suites at every depth with every mode and writes one\n"
      "JSON document (docs/json-schema.md, kind \"run\"). While running it checks that\n"
      "full-width modes visit exactly sum of perft(0..d) nodes, that every mode returns the\n"
      "same score as minimax, and that published ';Dn' perft counts hold; a failed check\n"
      "stops the run. Modes that are not value-preserving by design (tt-draft=ge, nullmove,\n"
      "lmr, futility, extended-futility) are not checked: their records carry exact_score\n"
      "and value_differs_from_minimax, and the selective ones their reference (the same mode\n"
      "without those items), value_differs and best_move_differs. External\n"
      "UCI engines (--engine) are measured as reported, unchecked, except that repeated\n"
      "searches are flagged when they disagree (--engine-repeat, --strict-engines); each engine\n"
      "must start and answer uciok before the first search.\n\n"
      "Finished records are appended to OUT.journal as they complete; after Ctrl-C, a kill\n"
      "or a failed check, rerun the same command with --resume to continue. A run that\n"
      "stops before any record finished leaves no journal. SIGINT, SIGTERM and SIGHUP\n"
      "finish the current search and stop (exit 130); a second one stops at once.\n"
      "No engine outlives the run, not even a SIGKILL of it (on Linux).\n\n"
      "Exit codes: 0 done, 1 a check failed, 2 bad input, 3 an I/O error (e.g. a full disk) or out of\n"
      "memory, 130 interrupted.");
  parser.add_repeated("suite", "FILE", "an EPD/FEN file");
  parser.add_value("depths", "LIST", "depths, e.g. 1-5 or 2,4,6");
  parser.add_value("modes", "LIST", "modes separated by commas, a mode's options joined with '+', e.g. minimax,mvv-lva+killers+history (modes: 'prunebench search --help'); "
                   "the last item may be factorial:BASE:FACTOR,FACTOR,... (at most 8 factors), every "
                   "combination of the factors over BASE, e.g. factorial:mvv-lva:tt,id,killers,history,pvs,"
                   "aspiration=50 (id brings the PV move; a combination the grammar refuses is left out, "
                   "and the run says so)",
                   "minimax,unordered,mvv-lva,pvs,mtdf");
  parser.add_value("threads", "N",
                   "positions searched in parallel; a full-width search (minimax, negamax) is split "
                   "across N / (positions still being searched) threads. Counts do not depend on it",
                   "1");
  parser.add_value(
      "repeat", "N",
      "smp=ybwc and smp=lazy modes: run each parallel search N times (1-" + std::to_string(MAX_REPEAT) +
          ") and record the spread of nodes, overhead and time; a run with such modes searches one "
          "position at a time, each parallel search on all --threads threads, so that its times are "
          "its own",
      "1");
  parser.add_value("out", "FILE", "write the JSON here (atomically) instead of to stdout; journal in FILE.journal");
  parser.add_value("max-nodes", "N",
                   "skip a full-width search whose tree exceeds N nodes, and deeper searches of a mode once it "
                   "exceeded N");
  add_distinct_options(parser);
  add_engine_options(parser,
                     "an external UCI engine as one more mode named NAME (not a built-in mode's name), "
                     "e.g. sf=/usr/games/stockfish; "
                     "COMMAND is split on spaces (no shell). Its records hold the engine's own reported nodes. "
                     "With --engine, --modes defaults to none",
                     "a record whose counts differ keeps them all (engine.nodes_per_search) and is flagged "
                     "engine.deterministic false, and the run goes on");
  parser.add_flag("strict-engines", "differing node counts over --engine-repeat fail the run instead (exit 1)");
  parser.add_flag("require-balanced", "refuse positions whose material is not level");
  parser.add_value("shard", "K/N",
                   "run only the K-th of N slices of the positions, balanced by expected cost (perft-based tree "
                   "sizes, docs/scaling.md); join the N output files with 'prunebench merge'");
  parser.add_repeated("position", "ID", "run only the position with this id");
  parser.add_flag("list-plan", "search nothing: print the plan as JSON (the journal's plan signature, the context, "
                  "every position with its estimated cost and, with --shard, its shard, and the estimated time) and "
                  "the estimated time on stderr; a run prints it when it starts if it is a minute or more, and warns "
                  "from an hour");
  parser.add_flag("resume", "continue an interrupted run from OUT.journal");
  parser.add_value("records-from", "FILE",
                   "search nothing: take the records from FILE (- for standard input), the outputs of runs of "
                   "parts of this plan sent by a driver such as scripts/dask_run.py, and journal and write them "
                   "as this run would (the protocol: harness/run/record_intake.h)");
  return parser;
}

namespace {

constexpr int MAX_RUN_DEPTH = 20;

RunFailure read_suites(const ParsedArgs& args, RunPlan& plan, bool require_balanced) {
  if (args.values("suite").empty()) return bad_input("at least one --suite is required");
  std::set<std::string> ids;
  for (const std::string& path : args.values("suite")) {
    SuiteResult read = read_suite(path);
    if (!read.ok()) return bad_input(read.error);
    for (const SuiteEntry& entry : read.value.entries) {
      if (!ids.insert(entry.id).second) return bad_input("position id '" + entry.id + "' appears twice (" + path + ")");
      const Score white = entry.position.material(WHITE), black = entry.position.material(BLACK);
      if (require_balanced && white != black)
        return bad_input(path + ":" + std::to_string(entry.line) + ": " + entry.id + " is not balanced (white " +
                         std::to_string(white) + ", black " + std::to_string(black) + ")");
    }
    plan.suites.push_back(std::move(read.value));
  }
  return {};
}

RunFailure read_modes(const ParsedArgs& args, RunPlan& plan) {
  if (!args.values("engine").empty() && !args.has("modes")) return {};  // only the engines
  const Parsed<std::vector<std::string>> names = parse_mode_list("--modes", args.value("modes"), &plan.mode_notes);
  if (!names.ok()) return bad_input(names.error);
  for (const std::string& name : names.value) {
    const ModeParse mode = parse_mode(name);
    if (!mode.ok()) return bad_input(mode.error);
    if (std::string error = check_chess_spec(mode.value); !error.empty()) return bad_input(name + ": " + error);
    plan.modes.push_back({name, mode.value});
  }
  return {};
}

RunFailure read_engines(const ParsedArgs& args, RunPlan& plan) {
  std::set<std::string> names;
  for (const NamedSpec& mode : plan.modes) names.insert(mode.name);
  EngineArgs engines;
  if (std::string error = read_engine_args(args, names, engines); !error.empty()) return bad_input(error);
  plan.engines = std::move(engines.engines);
  plan.engine_repeat = engines.repeat;
  plan.engine_timeout = engines.timeout;
  plan.strict_engines = args.has("strict-engines");
  if (plan.modes.empty() && plan.engines.empty()) return bad_input("nothing to run: give --modes or --engine");
  return {};
}

RunFailure read_numbers(const ParsedArgs& args, RunPlan& plan) {
  if (!args.has("depths")) return bad_input("--depths is required (e.g. --depths 1-5)");
  const Parsed<std::vector<int>> depths = args.integer_list("depths", 1, MAX_RUN_DEPTH);
  if (!depths.ok()) return bad_input(depths.error);
  plan.depths = depths.value;
  const Parsed<std::int64_t> threads = args.integer("threads", 1, MAX_THREADS);
  if (!threads.ok()) return bad_input(threads.error);
  plan.threads = int(threads.value);
  const Parsed<std::int64_t> repeat = args.integer("repeat", 1, MAX_REPEAT);
  if (!repeat.ok()) return bad_input(repeat.error);
  plan.repeat = int(repeat.value);
  if (args.has("max-nodes")) {
    const Parsed<std::int64_t> max_nodes = args.integer("max-nodes", 1, INT64_MAX);
    if (!max_nodes.ok()) return bad_input(max_nodes.error);
    plan.max_nodes = std::uint64_t(max_nodes.value);
  }
  const Parsed<std::size_t> distinct = distinct_megabytes(args);
  plan.distinct_megabytes = distinct.value;
  return distinct.ok() ? RunFailure{} : bad_input(distinct.error);
}

// --shard K/N or --position ID: which positions this run searches.
RunFailure read_selection(const ParsedArgs& args, RunPlan& plan) {
  if (args.has("shard") && !args.values("position").empty())
    return bad_input("--shard and --position cannot be combined");
  const std::vector<PositionWork> all = list_all_positions(plan);
  if (args.has("shard")) {
    const ShardParse shard = parse_shard(args.value("shard"));
    if (!shard.ok()) return bad_input(shard.error);
    const std::vector<int> shard_of = assign_shards(estimated_costs(plan), shard.value.count);
    plan.selected_ids.emplace();
    for (std::size_t i = 0; i < all.size(); ++i)
      if (shard_of[i] == shard.value.index - 1) plan.selected_ids->insert(all[i].entry->id);
    plan.selection = {{"index", shard.value.index}, {"count", shard.value.count}};
    return {};
  }
  if (args.values("position").empty()) return {};
  plan.selected_ids.emplace();
  for (const std::string& id : args.values("position")) {
    if (std::none_of(all.begin(), all.end(), [&](const PositionWork& w) { return w.entry->id == id; }))
      return bad_input("--position: no position has the id '" + id + "'");
    plan.selected_ids->insert(id);
  }
  plan.selection = args.values("position");
  return {};
}

// --repeat measures the spread of searches whose counts vary; exact ones repeat themselves.
RunFailure check_repeat(const RunPlan& plan) {
  if (plan.repeat == 1 || has_timed_parallel_modes(plan)) return {};
  return bad_input("--repeat applies to smp=ybwc and smp=lazy modes, whose counts vary");
}

}  // namespace

RunFailure read_plan(const ParsedArgs& args, RunPlan& plan) {
  for (RunFailure f : {read_numbers(args, plan), read_modes(args, plan), check_repeat(plan)})
    if (f.code) return f;
  if (RunFailure f = read_engines(args, plan); f.code) return f;
  if (RunFailure f = read_suites(args, plan, args.has("require-balanced")); f.code) return f;
  return read_selection(args, plan);
}

}  // namespace prunebench::harness
