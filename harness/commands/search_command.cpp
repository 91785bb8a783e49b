// prunebench search --fen FEN|startpos --depth N --mode MODE [--threads N] [--repeat N] [--distinct-nodes] [--json]
#include <ostream>
#include <sstream>
#include <system_error>

#include "harness/run/chess_search.h"
#include "harness/options/cli_args.h"
#include "harness/options/distinct_options.h"
#include "harness/commands/commands.h"
#include "harness/run/context.h"
#include "harness/io/json_io.h"

namespace prunebench::harness {
namespace {

constexpr int MAX_SEARCH_DEPTH = 30;

ArgParser search_parser() {
  std::ostringstream modes;
  for (const NamedMode& m : named_modes()) modes << "  " << m.name << ": " << m.summary << '\n';
  ArgParser parser("prunebench search --fen FEN|startpos --depth N --mode MODE [--threads N] [--repeat N] "
                   "[--distinct-nodes] [--json]",
                   "Searches one position with one mode and prints the score, best move, principal\n"
                   "variation and every counter (see the README glossary). MODE is a named mode,\n"
                   "optionally followed by options joined with '+', e.g. 'mvv-lva+killers+history' or\n"
                   "'algo=pvs+order=mvv-lva+tt+id+aspiration=50' (',' also joins options here, but not in\n"
                   "'run --modes', where commas separate modes).\n\n"
                   "Named modes:\n" + modes.str() +
                   "\nOptions:\n"
                   "  algo=" + algorithm_names("|") + "   fail=soft|hard\n"
                   "  order=natural|mvv-lva|quiet-pst|canonical|oracle\n"
                   "  tiebreak=generator|canonical|scan:...   (equal ordering keys; README: scan order)\n"
                   "  tt | tt=MB   tt-draft=eq|ge   no-tt   no-tt-move   pv-move (needs id)\n"
                   "  killers   history   id   aspiration=W (needs id)   guess=N (mtdf)   mate-distance\n"
                   "  minimal-memory=MB   (minimal: the most memory its table of proofs may take, default 1024)\n"
                   "  qsearch   quiescence search at the horizon (not with minimal): the score is the\n"
                   "            Q-value, and qnodes counts the nodes below the horizon (README glossary)\n"
                   "  qsearch=checks   the same, with quiet checks at the first quiescence ply: the score\n"
                   "            is the Q-value with checks, qsearch_checks counts the checks searched\n"
                   "  nullmove=R   null-move pruning, the null child R+1 plies shallower (R >= 1);\n"
                   "  nullmove=adaptive  R = 3 at depth > 8, or > 6 with 3 pieces a side, else 2 (Heinz)\n"
                   "  nullmove=verified  R = 3, a fail-high searched on one ply shallower (David-Tabibi)\n"
                   "  lmr | lmr=K  late move reductions: quiet moves after the first K (default 3) at\n"
                   "               depth >= 3 searched one ply shallower first\n"
                   "  futility=M   futility pruning: at depth 1, quiet moves after the first skipped when\n"
                   "               the static evaluation + M <= alpha (M centipawns >= 0)\n"
                   "  extended-futility=E   the same at depth 2 with margin E (needs futility)\n"
                   "  The last four (alphabeta, pvs, mtdf) are unsound: the record also carries the\n"
                   "  reference, the same mode without them (qsearch kept), and whether value and best\n"
                   "  move differ from it (README glossary: nullmove, lmr, futility, reference)\n"
                   "  smp=ybwc     Young Brothers Wait on --threads threads (alphabeta, pvs): the value is\n"
                   "               the serial search's, the counts vary; the record adds the serial search's\n"
                   "               nodes and time, overhead and speed-up (README glossary: smp)\n"
                   "  smp=lazy     lazy SMP: --threads iterative-deepening searches sharing one lock-free\n"
                   "               table (alphabeta, pvs, with tt, id and tt-draft=eq), the main thread's\n"
                   "               result reported; the record as smp=ybwc's\n"
                   "  smp=model+processors=P   the parallel model: smp=ybwc on P virtual processors (1-256)\n"
                   "               in virtual time, on one thread; exact counts, time, speed-up and critical\n"
                   "               path (README glossary: parallel model)");
  parser.add_value("fen", "FEN", "the position, or 'startpos'");
  parser.add_value("depth", "N", "search depth in plies (0-" + std::to_string(MAX_SEARCH_DEPTH) + ")");
  parser.add_value("mode", "MODE", "what to run", "unordered");
  parser.add_value("threads", "N",
                   "split a full-width search (minimax, negamax) across N threads; the counts do not "
                   "change. smp=ybwc and smp=lazy search in parallel on N threads; other modes, minimal "
                   "and smp=model (processors=P virtual processors on one thread) included, run on one thread",
                   "1");
  parser.add_value("repeat", "N",
                   "smp=ybwc, smp=lazy: run the parallel search N times (1-" + std::to_string(MAX_REPEAT) +
                       ") and report the spread of nodes, overhead and time",
                   "1");
  add_distinct_options(parser);
  parser.add_flag("json", "print one JSON object instead of text (docs/json-schema.md, kind \"search\")");
  return parser;
}

void print_text(const ChessSearch& run, std::ostream& out) {
  const nlohmann::ordered_json json = search_json(run);
  out << "mode " << run.mode << "\nscore " << run.result.score;
  if (json.contains("value_function")) out << "\nvalue_function " << json["value_function"].get<std::string>();
  out << "\nbest_move "
      << (run.result.best_move.is_none() ? "none" : to_uci(run.result.best_move)) << "\npv";
  for (Move m : run.result.pv) out << ' ' << to_uci(m);
  out << '\n';
  for (const auto& [name, value] : json["counters"].items()) out << name << ' ' << value.dump() << '\n';
  if (json.contains("distinct_nodes_missing"))
    out << "distinct_nodes_missing " << json["distinct_nodes_missing"].get<std::string>() << '\n';
  if (json.contains("reference"))
    out << "reference_mode " << json["reference"]["mode"].get<std::string>() << "\nreference_score "
        << json["reference"]["score"].dump() << "\nreference_best_move "
        << (json["reference"]["best_move"].is_null() ? "none" : json["reference"]["best_move"].get<std::string>())
        << '\n';
  for (const char* name : {"value_differs", "best_move_differs", "abs_value_difference",
                           "tree_proof_merged", "graph_upper", "minimal_graph_error", "left_first_graph",
                           "left_first_graph_missing"})
    if (json.contains(name)) out << name << ' ' << json[name].dump() << '\n';
  if (json.contains("parallel"))
    for (const char* name : {"threads", "serial_nodes", "serial_seconds", "overhead", "speedup", "spread"})
      out << name << ' ' << json["parallel"][name].dump() << '\n';
  out << "seconds " << run.seconds << "\nnodes_per_second " << std::uint64_t(json["nodes_per_second"].get<double>())
      << '\n';
}

}  // namespace

int search_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = search_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench search --help')", out, err))
    return *done;
  const auto fail = [&](const std::string& message) { return report_bad_input(err, message); };
  if (!parsed.has("fen")) return fail("missing --fen (a FEN or 'startpos')");
  const Parsed<std::int64_t> depth = parsed.integer("depth", 0, MAX_SEARCH_DEPTH);
  if (!depth.ok()) return fail(depth.error);

  const Parsed<std::int64_t> threads = parsed.integer("threads", 1, MAX_THREADS);
  if (!threads.ok()) return fail(threads.error);
  const std::string fen = parsed.value("fen");
  const FenResult position = Position::from_fen(fen == "startpos" ? Position::START_FEN : fen);
  if (!position.ok()) return fail(position.error);
  const std::string mode = parsed.value("mode");
  const ModeParse spec = parse_chess_mode(mode);
  if (!spec.ok()) return fail(spec.error);

  const Parsed<std::size_t> distinct = distinct_megabytes(parsed);
  if (!distinct.ok()) return fail(distinct.error);
  const Parsed<std::int64_t> repeat = parsed.integer("repeat", 1, MAX_REPEAT);
  if (!repeat.ok()) return fail(repeat.error);
  const bool parallel = spec.value.smp != Smp::NONE;
  const bool varies = parallel && spec.value.smp != Smp::MODEL;
  if (parallel && distinct.value > 0) return fail("--distinct-nodes counts one serial search: not with smp=");
  if (!varies && repeat.value != 1)
    return fail("--repeat applies to smp=ybwc and smp=lazy, whose counts vary (smp=model's are exact)");

  ChessSearch run;
  try {
    run = run_chess_search(position.value, mode, spec.value, int(depth.value), int(threads.value), nullptr,
                           distinct.value, int(repeat.value));
  } catch (const std::system_error& e) {
    err << error_line("cannot start a thread of --threads " + std::to_string(threads.value) + " (" +
                      e.code().message() + "): fewer --threads may fit");
    return EXIT_IO_ERROR;
  }
  if (!run.result.error.empty()) {  // no figure rather than a partial one
    err << error_line(run.result.error);
    return EXIT_IO_ERROR;
  }
  if (!run.result.distinct_nodes_missing.empty())  // the search stands; only that figure is lacking
    err << "warning: no distinct_nodes: " << run.result.distinct_nodes_missing << '\n';
  if (parsed.has("json")) {
    nlohmann::ordered_json json = {{"schema_version", SCHEMA_VERSION},
                                   {"kind", "search"},
                                   {"context", tool_context(command_line({"prunebench", "search"}, args))},
                                   {"fen", position.value.fen()}};
    json.update(search_json(run));
    out << json.dump() << '\n';
  } else {
    print_text(run, out);
  }
  return EXIT_OK;
}

}  // namespace prunebench::harness
