// prunebench bench: a fixed suite, depth and mode, one thread; one row per
// position and a final "Nodes searched: N" line, the signature engines quote
// in commit messages. Every table is cleared between positions, so the total
// depends only on the code.
#include <chrono>
#include <iomanip>
#include <ostream>

#include "harness/engines/engine_args.h"
#include "harness/engines/engine_record.h"
#include "harness/run/chess_search.h"
#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"
#include "harness/options/project_files.h"
#include "harness/run/suite.h"

namespace prunebench::harness {
namespace {

constexpr const char* BENCH_SUITE = "positions/stockfish-bench.epd";

ArgParser bench_parser() {
  ArgParser parser("prunebench bench [--suite FILE] [--depth N] [--mode MODE | --engine NAME=COMMAND]",
                   "Searches every position of a fixed suite, single-threaded, and prints one row\n"
                   "per position followed by 'Nodes searched: N'. The defaults are the signature:\n"
                   "change them only to explore. With --engine, an external UCI engine searches the\n"
                   "same suite to the same depth ('go depth D' after a fresh ucinewgame, Threads=1)\n"
                   "and its own reported nodes make the signature, as an engine repository commits\n"
                   "its 'Bench:' line; each position is searched --engine-repeat times and counts\n"
                   "that differ fail the bench (exit 1): a signature must not depend on the run.");
  parser.add_value("suite", "FILE", "positions to search " + project_file_default_help(BENCH_SUITE));
  parser.add_value("depth", "N", "search depth", "5");
  parser.add_value("mode", "MODE", "search mode", "pvs-id-tt-killers");
  add_engine_options(parser, "bench this UCI engine instead of prunebench's own search (one engine)",
                     "counts that differ fail the bench");
  return parser;
}

void print_header(std::ostream& out) {
  // Two spaces between columns, whatever a cell holds.
  out << std::left << std::setw(28) << "position" << "  " << std::right << std::setw(12) << "nodes" << "  "
      << std::setw(8) << "score" << "  best\n";
}

void print_row(std::ostream& out, const std::string& id, std::uint64_t nodes, const std::string& score,
               const std::string& best) {
  out << std::left << std::setw(28) << id << "  " << std::right << std::setw(12) << nodes << "  " << std::setw(8)
      << score << "  " << best << '\n';
}

void print_totals(std::ostream& out, const std::string& what, std::int64_t depth, std::size_t positions,
                  double seconds, std::uint64_t total) {
  out << "\n" << what << ", depth " << depth << ", " << positions << " positions\nTotal time (s): " << seconds
      << "\nNodes/second: " << std::uint64_t(seconds > 0 ? total / seconds : 0) << "\nNodes searched: " << total
      << '\n';
}

// An engine's score as it reported it: centipawns, or "mate N" / "-mate N" in moves.
std::string engine_score_text(const nlohmann::ordered_json& record) {
  if (record.contains("score")) return std::to_string(record["score"].get<int>());
  if (!record.contains("score_mate")) return "none";
  const int moves = record["score_mate"].get<int>();
  return std::string(moves < 0 ? "-mate " : "mate ") + std::to_string(moves < 0 ? -moves : moves);
}

int bench_engine(const ParsedArgs& parsed, const SuiteFile& suite, std::int64_t depth, std::ostream& out,
                 std::ostream& err) {
  EngineArgs engines;
  if (std::string error = read_engine_args(parsed, {}, engines); !error.empty()) return report_bad_input(err, error);
  if (engines.engines.size() != 1) return report_bad_input(err, "--engine: bench measures one engine at a time");
  const EngineSubject& subject = engines.engines.front();
  UciEngine engine(subject, engines.timeout);
  if (std::string error = engine.start(); !error.empty())
    return report_bad_input(err, "engine '" + subject.name + "': " + error);
  std::uint64_t total = 0;
  double seconds = 0;
  print_header(out);
  for (const SuiteEntry& entry : suite.entries) {
    const EngineOutcome outcome = measure_engine(engine, subject, entry.id, entry.position, int(depth), engines.repeat);
    const std::string where = "engine '" + subject.name + "' at " + entry.id + ": ";
    if (!outcome.error.empty()) return report_bad_input(err, where + outcome.error);
    if (!outcome.nondeterminism.empty()) {
      err << error_line(where + "not deterministic: " + outcome.nondeterminism + "; no signature");
      return EXIT_CHANGED;
    }
    const auto& record = outcome.record;
    const std::uint64_t nodes = record["counters"]["nodes"].get<std::uint64_t>();
    total += nodes;
    seconds += record["seconds"].get<double>();
    print_row(out, entry.id, nodes, engine_score_text(record),
              record["best_move"].is_string() ? record["best_move"].get<std::string>() : "none");
  }
  print_totals(out, "engine " + subject.name + " (" + engine.id_name() + ")", depth, suite.entries.size(), seconds,
               total);
  return EXIT_OK;
}

// A score for a reader: centipawns, or "mate" / "-mate" (the side to move
// mates / is mated), with the distance in plies when the mode counts it.
std::string score_text(Score score) {
  if (score < MATE_BOUND && score > -MATE_BOUND) return std::to_string(score);
  const Score distance = MATE - (score < 0 ? -score : score);
  return std::string(score < 0 ? "-mate" : "mate") + (distance ? " " + std::to_string(distance) : "");
}

}  // namespace

int bench_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = bench_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench bench --help')", out, err))
    return *done;
  const auto fail = [&](const std::string& message) { return report_bad_input(err, message); };
  const Parsed<std::int64_t> depth = parsed.integer("depth", 1, 20);
  if (!depth.ok()) return fail(depth.error);
  const ModeParse mode = parse_chess_mode(parsed.value("mode"));
  if (!mode.ok()) return fail(mode.error);
  const Parsed<std::string> suite_path = file_option_or_project_file(parsed, "suite", BENCH_SUITE);
  if (!suite_path.ok()) return fail(suite_path.error);
  const SuiteResult suite = read_suite(suite_path.value);
  if (!suite.ok()) return fail(suite.error);
  if (!parsed.values("engine").empty()) {
    if (parsed.has("mode")) return fail("--mode and --engine: bench measures prunebench's mode or an engine, not both");
    return bench_engine(parsed, suite.value, depth.value, out, err);
  }

  std::uint64_t total = 0;
  double seconds = 0;
  print_header(out);
  for (const SuiteEntry& entry : suite.value.entries) {
    const ChessSearch run = run_chess_search(entry.position, parsed.value("mode"), mode.value, int(depth.value));
    total += run.counters.nodes;
    seconds += run.seconds;
    print_row(out, entry.id, run.counters.nodes, score_text(run.result.score),
              run.result.best_move.is_none() ? "none" : to_uci(run.result.best_move));
  }
  print_totals(out, "mode " + parsed.value("mode"), depth.value, suite.value.entries.size(), seconds, total);
  return EXIT_OK;
}

}  // namespace prunebench::harness
