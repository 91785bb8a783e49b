// prunebench bench: a fixed suite, depth and mode, one thread; one row per
// position and a final "Nodes searched: N" line, the signature engines quote
// in commit messages. Every table is cleared between positions, so the total
// depends only on the code.
#include <chrono>
#include <iomanip>
#include <ostream>

#include "harness/run/chess_search.h"
#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"
#include "harness/options/project_files.h"
#include "harness/run/suite.h"

namespace prunebench::harness {
namespace {

constexpr const char* DEFAULT_SUITE = "positions/stockfish-bench.epd";

ArgParser make_parser() {
  ArgParser parser("prunebench bench [--suite FILE] [--depth N] [--mode MODE]",
                   "Searches every position of a fixed suite, single-threaded, and prints one row\n"
                   "per position followed by 'Nodes searched: N'. The defaults are the signature:\n"
                   "change them only to explore.");
  parser.add_value("suite", "FILE", "positions to search " + project_file_default_help(DEFAULT_SUITE));
  parser.add_value("depth", "N", "search depth", "5");
  parser.add_value("mode", "MODE", "search mode", "pvs-id-tt-killers");
  return parser;
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
  const ArgParser parser = make_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench bench --help')", out, err))
    return *done;
  const auto fail = [&](const std::string& message) { return report_bad_input(err, message); };
  const Parsed<std::int64_t> depth = parsed.integer("depth", 1, 20);
  if (!depth.ok()) return fail(depth.error);
  const ModeParse mode = parse_chess_mode(parsed.value("mode"));
  if (!mode.ok()) return fail(mode.error);
  const Parsed<std::string> suite_path = file_option_or_project_file(parsed, "suite", DEFAULT_SUITE);
  if (!suite_path.ok()) return fail(suite_path.error);
  const SuiteResult suite = read_suite(suite_path.value);
  if (!suite.ok()) return fail(suite.error);

  std::uint64_t total = 0;
  double seconds = 0;
  // Two spaces between columns, whatever a cell holds.
  out << std::left << std::setw(28) << "position" << "  " << std::right << std::setw(12) << "nodes" << "  "
      << std::setw(8) << "score" << "  best\n";
  for (const SuiteEntry& entry : suite.suite.entries) {
    const ChessSearch run = run_chess_search(entry.position, parsed.value("mode"), mode.spec, int(depth.value));
    total += run.counters.nodes;
    seconds += run.seconds;
    out << std::left << std::setw(28) << entry.id << "  " << std::right << std::setw(12) << run.counters.nodes
        << "  " << std::setw(8) << score_text(run.result.score) << "  "
        << (run.result.best_move.is_none() ? "none" : to_uci(run.result.best_move)) << '\n';
  }
  out << "\nmode " << parsed.value("mode") << ", depth " << depth.value << ", " << suite.suite.entries.size()
      << " positions\nTotal time (s): " << seconds << "\nNodes/second: " << std::uint64_t(seconds > 0 ? total / seconds : 0)
      << "\nNodes searched: " << total << '\n';
  return EXIT_OK;
}

}  // namespace prunebench::harness
