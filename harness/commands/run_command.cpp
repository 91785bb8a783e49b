// prunebench run --suite FILE [--suite FILE ...] --depths 1-5 --modes a,b [options]
#include <algorithm>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <ostream>
#include <set>

#include "harness/engines/child_groups.h"
#include "harness/engines/engine_args.h"
#include "harness/engines/uci_engine.h"
#include "harness/run/chess_search.h"
#include "harness/options/cli_args.h"
#include "harness/options/distinct_options.h"
#include "harness/commands/commands.h"
#include "harness/run/context.h"
#include "harness/io/file_identity.h"
#include "harness/io/file_lock.h"
#include "harness/run/journal_check.h"
#include "harness/run/plan_estimate.h"
#include "harness/run/run_document.h"
#include "harness/options/mode_list.h"
#include "harness/io/json_io.h"
#include "harness/io/progress.h"
#include "harness/run/record_intake.h"
#include "harness/run/shard.h"
#include "harness/run/suite_runner.h"

namespace prunebench::harness {
namespace {

constexpr int EXIT_CHECK_FAILED = 1;
constexpr int EXIT_INTERRUPTED = 130;
constexpr int MAX_DEPTH = 20;

std::atomic<bool> stop_requested{false};

// Ctrl-C, a CI job's cancellation (SIGTERM) and a closed terminal (SIGHUP)
// all mean "stop": finish the current search, keep what is done.
constexpr int STOP_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void request_stop(int signal_number) {
  if (stop_requested.exchange(true)) {
    // The second signal ends the process at once, as its default action
    // would, but the engines (each in a process group of its own, which a
    // Ctrl-C at the terminal does not reach) go first.
    kill_child_groups();
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);  // delivered when this handler returns
    return;
  }
  // write(2) is async-signal-safe; a stream is not. Without this line the
  // wait for the running search looks like a hang.
  constexpr char MESSAGE[] = "\nprunebench: finishing the current search, Ctrl-C again to abort\n";
  [[maybe_unused]] const auto ignored = ::write(STDERR_FILENO, MESSAGE, sizeof MESSAGE - 1);
}

void handle_stop_signals(void (*handler)(int)) {
  for (int signal_number : STOP_SIGNALS) std::signal(signal_number, handler);
}

ArgParser make_parser() {
  ArgParser parser(
      "prunebench run --suite FILE [--suite FILE ...] --depths LIST [options]",
      "Searches every position of the suites at every depth with every mode and writes one\n"
      "JSON document (docs/json-schema.md, kind \"run\"). While running it checks that\n"
      "full-width modes visit exactly sum of perft(0..d) nodes, that every mode returns the\n"
      "same score as minimax, and that published ';Dn' perft counts hold; a failed check\n"
      "stops the run. Modes that are not value-preserving by design (tt-draft=ge, nullmove,\n"
      "lmr, futility) are not checked: their records carry exact_score and\n"
      "value_differs_from_minimax, and the selective ones their reference (the same mode\n"
      "without nullmove, lmr and futility), value_differs and best_move_differs. External\n"
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

struct Failure {
  int code = EXIT_OK;
  std::string message;
};

Failure bad_input(std::string message) { return {EXIT_BAD_INPUT, std::move(message)}; }

Failure read_suites(const ParsedArgs& args, RunPlan& plan, bool require_balanced) {
  if (args.values("suite").empty()) return bad_input("at least one --suite is required");
  std::set<std::string> ids;
  for (const std::string& path : args.values("suite")) {
    SuiteResult read = read_suite(path);
    if (!read.ok()) return bad_input(read.error);
    for (const SuiteEntry& entry : read.suite.entries) {
      if (!ids.insert(entry.id).second) return bad_input("position id '" + entry.id + "' appears twice (" + path + ")");
      const Score white = entry.position.material(WHITE), black = entry.position.material(BLACK);
      if (require_balanced && white != black)
        return bad_input(path + ":" + std::to_string(entry.line) + ": " + entry.id + " is not balanced (white " +
                         std::to_string(white) + ", black " + std::to_string(black) + ")");
    }
    plan.suites.push_back(std::move(read.suite));
  }
  return {};
}

Failure read_modes(const ParsedArgs& args, RunPlan& plan) {
  if (!args.values("engine").empty() && !args.has("modes")) return {};  // only the engines
  const Parsed<std::vector<std::string>> names = parse_mode_list("--modes", args.value("modes"), &plan.mode_notes);
  if (!names.ok()) return bad_input(names.error);
  for (const std::string& name : names.value) {
    const ModeParse mode = parse_mode(name);
    if (!mode.ok()) return bad_input(mode.error);
    if (std::string error = check_chess_spec(mode.spec); !error.empty()) return bad_input(name + ": " + error);
    plan.modes.push_back({name, mode.spec});
  }
  return {};
}

Failure read_engines(const ParsedArgs& args, RunPlan& plan) {
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

Failure read_numbers(const ParsedArgs& args, RunPlan& plan) {
  if (!args.has("depths")) return bad_input("--depths is required (e.g. --depths 1-5)");
  const Parsed<std::vector<int>> depths = args.integer_list("depths", 1, MAX_DEPTH);
  if (!depths.ok()) return bad_input(depths.error);
  plan.depths = depths.value;
  const Parsed<std::int64_t> threads = args.integer("threads", 1, 256);
  if (!threads.ok()) return bad_input(threads.error);
  plan.threads = int(threads.value);
  if (args.has("max-nodes")) {
    const Parsed<std::int64_t> max_nodes = args.integer("max-nodes", 1, INT64_MAX);
    if (!max_nodes.ok()) return bad_input(max_nodes.error);
    plan.max_nodes = std::uint64_t(max_nodes.value);
  }
  const Parsed<std::size_t> distinct = distinct_megabytes(args);
  plan.distinct_megabytes = distinct.value;
  return distinct.ok() ? Failure{} : bad_input(distinct.error);
}

std::vector<double> estimated_costs(const RunPlan& plan) {
  std::vector<double> costs;
  for (const PositionWork& work : list_all_positions(plan)) costs.push_back(estimated_cost(plan, *work.entry));
  return costs;
}

// The context of a shard's document: which shard, the plan it is a slice of
// and where its positions stand in that plan, all that 'merge' needs to check
// the shards against each other and to restore the single-machine order.
nlohmann::json shard_context(const RunPlan& plan) {
  nlohmann::json whole_plan = plan_signature(plan);
  whole_plan.erase("shard");
  nlohmann::json indices = nlohmann::json::array();
  const std::vector<PositionWork> all = list_all_positions(plan);
  for (std::size_t i = 0; i < all.size(); ++i)
    if (plan.selected_ids->contains(all[i].entry->id)) indices.push_back(i);
  return {{"index", plan.selection["index"]}, {"count", plan.selection["count"]}, {"plan", whole_plan},
          {"position_indices", indices}};
}

// --shard K/N or --position ID: which positions this run searches.
Failure read_selection(const ParsedArgs& args, RunPlan& plan) {
  if (args.has("shard") && !args.values("position").empty())
    return bad_input("--shard and --position cannot be combined");
  const std::vector<PositionWork> all = list_all_positions(plan);
  if (args.has("shard")) {
    const ShardParse shard = parse_shard(args.value("shard"));
    if (!shard.ok()) return bad_input(shard.error);
    const std::vector<int> shard_of = assign_shards(estimated_costs(plan), shard.spec.count);
    plan.selected_ids.emplace();
    for (std::size_t i = 0; i < all.size(); ++i)
      if (shard_of[i] == shard.spec.index - 1) plan.selected_ids->insert(all[i].entry->id);
    plan.selection = {{"index", shard.spec.index}, {"count", shard.spec.count}};
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

// --out must name a file in an existing directory; found out before the
// searches, not after them.
Failure check_out_path(const std::string& out) {
  if (out.empty()) return bad_input("--out is empty (name the JSON file to write)");
  std::error_code ec;
  if (std::filesystem::is_directory(out, ec))
    return bad_input("--out " + out + " is a directory (name a file in it)");
  const std::filesystem::path parent = std::filesystem::path(out).parent_path();
  if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
    return bad_input("--out " + out + ": the directory " + parent.string() + " does not exist");
  return {};
}

// Every engine must start and answer uciok before the journal is made: a
// mistyped command is found in a moment and leaves nothing to clean up.
Failure check_engines_start(const RunPlan& plan) {
  for (const EngineSubject& subject : plan.engines) {
    UciEngine engine(subject, plan.engine_timeout);
    if (std::string error = engine.start(); !error.empty())
      return bad_input("engine '" + subject.name + "': " + error);
  }
  return {};
}

// Locks the journal for the whole run, then writes its plan header (a new
// run) or loads its records (--resume).
Failure prepare_journal(const ParsedArgs& args, RunPlan& plan, FileLock& lock) {
  if (!args.has("out")) {
    if (args.has("resume")) return bad_input("--resume needs --out (the journal is OUT.journal)");
    return {};
  }
  if (Failure f = check_out_path(args.value("out")); f.code) return f;
  std::vector<NamedPath> suites;
  for (const std::string& path : args.values("suite")) suites.push_back({"--suite", path});
  if (std::string problem = check_outputs_apart(suites, {{"--out", args.value("out")}}); !problem.empty())
    return bad_input(problem);
  plan.journal_path = args.value("out") + ".journal";
  const bool resume = args.has("resume");
  const std::string unfinished =
      plan.journal_path + " holds an unfinished run: add --resume to continue it, or delete it";
  // The journal and its lock never follow a link (io/ opens them O_NOFOLLOW);
  // say so plainly rather than with the system's ELOOP.
  std::error_code ec;
  if (std::filesystem::is_symlink(plan.journal_path, ec))
    return bad_input(plan.journal_path + " is a symbolic link (prunebench does not write through links; remove it)");
  if (!resume && std::filesystem::exists(plan.journal_path)) return bad_input(unfinished);
  if (resume && !std::filesystem::exists(plan.journal_path))
    return bad_input("nothing to resume: " + plan.journal_path + " does not exist");
  if (std::string error = lock.acquire(plan.journal_path); !error.empty())
    return {lock.system_error() ? EXIT_IO_ERROR : EXIT_BAD_INPUT, error};
  if (!resume) {
    // A rival that won the lock first, then was killed, left its header here.
    if (lock.size_when_locked() > 0) return bad_input(unfinished);
    JournalWriter header;
    if (std::string error = header.open(plan.journal_path); !error.empty()) return {EXIT_IO_ERROR, error};
    if (std::string error = header.append({{"plan", plan_signature(plan)}}); !error.empty())
      return {EXIT_IO_ERROR, error};
    return {};
  }
  const JournalContents journal = read_journal(plan.journal_path);
  if (!journal.ok()) return bad_input(journal.error);
  const std::string problem = check_journal(journal, plan.journal_path, plan_signature(plan), plan.resumed_records,
                                            &plan.resumed_facts);
  return problem.empty() ? Failure{} : bad_input(problem);
}

nlohmann::json make_context(const RunPlan& plan, const Args& args, const nlohmann::json& additions) {
  Args command_line = {"prunebench", "run"};
  command_line.insert(command_line.end(), args.begin(), args.end());
  int tt_megabytes = 0;
  for (const NamedSpec& mode : plan.modes)
    if (mode.spec.tt) tt_megabytes = int(mode.spec.tt_megabytes);
  nlohmann::json context = run_context(command_line, plan.threads, tt_megabytes, plan.suites);
  if (plan.selection.is_object()) context["shard"] = shard_context(plan);
  context.update(additions);
  return context;
}

// The document without its records, which write_document_with_records
// streams into it from the spool.
nlohmann::json make_document(const RunPlan& plan, const RunOutcome& outcome, const Args& args,
                             const nlohmann::json& context_additions) {
  return {{"schema_version", SCHEMA_VERSION},
          {"kind", "run"},
          {"context", make_context(plan, args, context_additions)},
          {"positions", outcome.positions},
          {"records", nlohmann::json::array()},
          {"skipped", outcome.skipped}};
}

std::size_t records_done(const RunOutcome& outcome) { return outcome.records ? outcome.records->size() : 0; }

// The run's last word on stderr, terminal or log: what it wrote and how long it took.
std::string summary_line(const RunOutcome& outcome, double seconds, const std::string& where) {
  std::string line = "run: " + std::to_string(records_done(outcome)) + " records";
  std::string details;
  if (outcome.resumed) details += std::to_string(outcome.resumed) + " from the journal";
  if (!outcome.skipped.empty())
    details += (details.empty() ? "" : ", ") + std::to_string(outcome.skipped.size()) + " skipped";
  if (!details.empty()) line += " (" + details + ")";
  return line + " of " + std::to_string(outcome.positions.size()) + " positions in " + format_duration(seconds) +
         ", written to " + where + "\n";
}

// What a failure line adds about the journal; a journal without a record is
// removed, since it would only block the corrected command.
std::string keep_or_remove_journal(const RunPlan& plan, bool journalled) {
  if (plan.journal_path.empty()) return {};
  journalled = journalled || !plan.resumed_records.empty();
  std::error_code ignored;
  if (!journalled) std::filesystem::remove(plan.journal_path, ignored);
  return journalled ? " (finished records are kept in " + plan.journal_path + "; rerun with --resume)" : "";
}

Failure finish(const ParsedArgs& args, const RunPlan& plan, const RunOutcome& outcome, const Args& raw,
               std::ostream& out, const nlohmann::json& context_additions = nlohmann::json::object()) {
  const std::string kept = keep_or_remove_journal(plan, records_done(outcome) > 0);
  if (!outcome.io_error.empty()) return {EXIT_IO_ERROR, outcome.io_error + kept};
  if (outcome.engine_failed) return bad_input(outcome.error + kept);
  if (!outcome.error.empty()) return {EXIT_CHECK_FAILED, "check failed: " + outcome.error + kept};
  if (outcome.interrupted) return {EXIT_INTERRUPTED, "interrupted" + kept};
  const nlohmann::json document = make_document(plan, outcome, raw, context_additions);
  const auto write = [&](const ByteSink& sink) { return write_document_with_records(document, *outcome.records, sink); };
  if (!args.has("out")) {
    // A stream that fails stops the writing; the CLI reports it (cli.cpp).
    const std::string error = write([&](std::string_view bytes) {
      out.write(bytes.data(), std::streamsize(bytes.size()));
      return out ? std::string() : std::string("standard output failed");
    });
    out.flush();
    if (!error.empty() && out) return {EXIT_IO_ERROR, error};
    return {};
  }
  if (std::string error = write_file_atomically(args.value("out"), write); !error.empty())
    return {EXIT_IO_ERROR, error + kept};
  std::filesystem::remove(plan.journal_path);
  return {};
}

// The estimate of the positions this run searches (all, or its shard's).
PlanEstimate selected_estimate(const RunPlan& plan, const std::vector<double>& costs) {
  const std::vector<PositionWork> all = list_all_positions(plan);
  std::vector<double> selected;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (!plan.selected_ids || plan.selected_ids->contains(all[i].entry->id)) selected.push_back(costs[i]);
  return estimate_plan(selected, plan.threads);
}

// --list-plan: what a run would search and how the shards cut it, for
// drivers (scripts/dask_run.py) and for a look before a long run.
Failure list_plan(const RunPlan& plan, const Args& raw, std::ostream& out, std::ostream& err) {
  const std::vector<PositionWork> all = list_all_positions(plan);
  const std::vector<double> costs = estimated_costs(plan);
  const std::vector<int> shard_of =
      plan.selection.is_object() ? assign_shards(costs, plan.selection["count"].get<int>()) : std::vector<int>();
  nlohmann::json positions = nlohmann::json::array();
  for (std::size_t i = 0; i < all.size(); ++i) {
    nlohmann::json entry = {{"id", all[i].entry->id}, {"suite", all[i].suite_path},
                            {"estimated_cost", costs[i]},
                            {"selected", !plan.selected_ids || plan.selected_ids->contains(all[i].entry->id)}};
    if (!shard_of.empty()) entry["shard"] = shard_of[i] + 1;
    positions.push_back(entry);
  }
  const PlanEstimate estimate = selected_estimate(plan, costs);
  const nlohmann::json listing = {{"plan", plan_signature(plan)},
                                  {"context", make_context(plan, raw, nlohmann::json::object())},
                                  {"positions", positions},
                                  {"estimate", {{"cost", estimate.cost}, {"seconds", estimate.seconds},
                                                {"threads", estimate.threads},
                                                {"seconds_per_cost_unit", SECONDS_PER_COST_UNIT}}}};
  out << listing.dump(2) << '\n';
  err << "run: plan of " << describe_estimate(estimate) << "\n";
  return {};
}

// The records wait beside the output (the same file system, so the
// document's rename needs no copy), or in TMPDIR when it goes to stdout.
Failure choose_spool_folder(const ParsedArgs& args, RunPlan& plan) {
  if (args.has("out")) {
    const std::string parent = std::filesystem::path(args.value("out")).parent_path().string();
    plan.spool_folder = parent.empty() ? "." : parent;
    return {};
  }
  std::error_code ec;
  plan.spool_folder = std::filesystem::temp_directory_path(ec).string();
  if (ec)
    return bad_input("TMPDIR: " + ec.message() + " (without --out the records wait in TMPDIR; set it to a folder "
                     "or give --out)");
  return {};
}

// --records-from: the run's records come from a driver's parts, not from
// searches here; the journal and the document are this run's as ever.
Failure take_parts(const ParsedArgs& args, const RunPlan& plan, const Args& raw, std::ostream& out,
                   std::ostream& err) {
  const std::string source = args.value("records-from");
  std::ifstream file;
  if (source != "-") {
    file.open(source, std::ios::binary);
    if (!file) return bad_input("--records-from " + source + ": cannot open");
  }
  const auto started = std::chrono::steady_clock::now();
  Intake intake = take_records(plan, source == "-" ? std::cin : file, out);
  const std::string kept = keep_or_remove_journal(plan, intake.journalled > 0);
  if (intake.stop_code) return {intake.stop_code, intake.stop_message + kept};
  if (!intake.outcome.io_error.empty()) return {EXIT_IO_ERROR, intake.outcome.io_error + kept};
  if (intake.outcome.interrupted) return {EXIT_INTERRUPTED, "interrupted" + kept};
  const Failure failure = finish(args, plan, intake.outcome, raw, out, intake.context);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!failure.code) err << summary_line(intake.outcome, seconds, args.value("out"));
  return failure;
}

Failure run(const ParsedArgs& args, const Args& raw, std::ostream& out, std::ostream& err) {
  RunPlan plan;
  for (Failure f : {read_numbers(args, plan), read_modes(args, plan)})
    if (f.code) return f;
  if (Failure f = read_engines(args, plan); f.code) return f;
  if (Failure f = read_suites(args, plan, args.has("require-balanced")); f.code) return f;
  if (Failure f = read_selection(args, plan); f.code) return f;
  for (const std::string& note : plan.mode_notes) err << "run: " << note << "\n";
  if (args.has("list-plan")) return list_plan(plan, raw, out, err);
  const bool intake = args.has("records-from");
  if (intake && !args.has("out")) return bad_input("--records-from needs --out (the journal is OUT.journal)");
  if (intake && args.has("max-nodes"))
    return bad_input("--records-from and --max-nodes cannot be combined (skips are not journalled)");
  if (Failure f = intake ? Failure{} : check_engines_start(plan); f.code) return f;
  FileLock lock;  // held until the journal is removed or the run stops
  if (Failure f = prepare_journal(args, plan, lock); f.code) return f;
  if (Failure f = choose_spool_folder(args, plan); f.code) return f;
  if (intake) return take_parts(args, plan, raw, out, err);
  err << start_lines(selected_estimate(plan, estimated_costs(plan)));
  const auto started = std::chrono::steady_clock::now();
  stop_requested = false;
  handle_stop_signals(request_stop);
  const RunOutcome outcome = run_plan(plan, stop_requested);
  handle_stop_signals(SIG_DFL);
  const Failure failure = finish(args, plan, outcome, raw, out);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!failure.code && out && outcome.nondeterministic_records)
    err << "warning: " << outcome.first_nondeterminism
        << (outcome.nondeterministic_records > 1
                ? " (and " + std::to_string(outcome.nondeterministic_records - 1) + " more record" +
                      (outcome.nondeterministic_records > 2 ? "s)" : ")")
                : std::string())
        << "; kept with engine.deterministic false (--strict-engines stops the run instead)\n";
  if (!failure.code && out) err << distinct_nodes_warning(outcome);
  if (!failure.code && out) err << summary_line(outcome, seconds, args.has("out") ? args.value("out") : "standard output");
  return failure;
}

}  // namespace

int run_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = make_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench run --help')", out, err))
    return *done;
  const Failure failure = run(parsed, args, out, err);
  if (failure.code) err << error_line(failure.message);
  return failure.code;
}

}  // namespace prunebench::harness
