// prunebench perft --fen FEN|startpos --depth N [--divide] [--make-every-leaf] [--threads N] [--json]
#include <chrono>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>

#include "engine/perft.h"
#include "engine/text.h"
#include "harness/commands/commands.h"
#include "harness/engines/uci_text.h"
#include "harness/io/json_io.h"
#include "harness/options/cli_args.h"
#include "harness/run/context.h"
#include "harness/run/suite.h"

namespace prunebench::harness {
namespace {

constexpr int MAX_PERFT_DEPTH = 15;

ArgParser perft_parser() {
  ArgParser parser(
      "prunebench perft --fen FEN|startpos --depth N [--divide] [--make-every-leaf] [--threads N] [--json]\n"
      "       prunebench perft --suite FILE [--max-leaves N]",
      "Counts the leaves of the legal move tree to depth N (bulk counting at the\n"
      "last ply). --divide prints Stockfish's 'go perft' text instead, which perft-diff\n"
      "tools read: 'move: count' below each root move, a blank line and\n"
      "'Nodes searched: N' (the time only with --json). --json prints one JSON object\n"
      "{schema_version, kind: \"perft\", context, fen, depth, nodes, seconds, nodes_per_second[, divide]}\n"
      "(docs/json-schema.md).\n"
      "\n"
      "--suite checks every published count (';D1 20 ;D2 400 ...') of an EPD file.\n"
      "Exit code 0 when all match, 1 when any count differs, 2 on bad input.");
  parser.add_value("fen", "FEN", "the position, or 'startpos'");
  parser.add_value("depth", "N", "plies to count (0-" + std::to_string(MAX_PERFT_DEPTH) + ")");
  parser.add_flag("divide", "the count below each root move, as Stockfish's 'go perft' prints it");
  parser.add_flag("make-every-leaf",
                  "play every move down to the leaves instead of counting the last ply (to measure "
                  "the cost of making a move)");
  parser.add_value("threads", "N",
                   "share the subtrees below ply 2 out to N threads (1-" + std::to_string(MAX_THREADS) +
                       "; the same counts)",
                   "1");
  parser.add_flag("json", "print one JSON object instead of text (docs/json-schema.md, kind \"perft\")");
  parser.add_value("suite", "FILE", "check every published count of this EPD file");
  parser.add_value("max-leaves", "N", "with --suite: skip the counts above N leaves (default: none skipped)");
  return parser;
}

struct PerftOptions {
  std::string fen;
  std::string suite;
  std::uint64_t max_leaves = ~std::uint64_t(0);
  int depth = 0;
  int threads = 1;
  bool divide = false;
  bool make_every_leaf = false;
  bool json = false;
};

// --suite checks a file of counts; the rest count one position.
std::string read_suite_options(const ParsedArgs& parsed, PerftOptions& options) {
  if (parsed.has("fen") || parsed.has("depth")) return "--suite does not combine with --fen or --depth";
  if (parsed.value("threads") != "1") return "--threads does not combine with --suite";
  options.suite = parsed.value("suite");
  if (parsed.has("max-leaves")) {
    const Parsed<std::int64_t> max_leaves =
        parsed.integer("max-leaves", 0, std::numeric_limits<std::int64_t>::max());
    if (!max_leaves.ok()) return max_leaves.error;
    options.max_leaves = std::uint64_t(max_leaves.value);
  }
  return "";
}

std::string read_options(const ParsedArgs& parsed, PerftOptions& options) {
  if (parsed.has("suite")) return read_suite_options(parsed, options);
  if (!parsed.has("fen")) return "--fen is required (a FEN or 'startpos')";
  if (!parsed.has("depth")) return "--depth is required";
  const Parsed<std::int64_t> depth = parsed.integer("depth", 0, MAX_PERFT_DEPTH);
  if (!depth.ok()) return depth.error;
  const Parsed<std::int64_t> threads = parsed.integer("threads", 1, MAX_THREADS);
  if (!threads.ok()) return threads.error;
  options.fen = parsed.value("fen");
  options.depth = int(depth.value);
  options.threads = int(threads.value);
  options.divide = parsed.has("divide");
  options.make_every_leaf = parsed.has("make-every-leaf");
  options.json = parsed.has("json");
  if (options.divide && options.depth == 0) return "--divide needs --depth of at least 1";
  if (options.divide && options.make_every_leaf) return "--divide and --make-every-leaf do not combine";
  return "";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Checks every published count of a suite; one line per position.
int check_suite(const PerftOptions& options, std::ostream& out, std::ostream& err) {
  const SuiteResult read = read_suite(options.suite);
  if (!read.ok()) {
    return report_bad_input(err, read.error);
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t leaves = 0;
  int checked = 0, skipped = 0, mismatches = 0;
  for (const SuiteEntry& entry : read.value.entries) {
    out << entry.id;
    for (const auto& [depth, expected] : entry.perft) {
      if (expected > options.max_leaves) {
        ++skipped;
        continue;
      }
      const std::uint64_t counted = perft(entry.position, depth);
      leaves += counted;
      ++checked;
      out << "  D" << depth << ' ' << counted;
      if (counted != expected) {
        ++mismatches;
        out << " (MISMATCH: published " << expected << ')';
      }
    }
    out << '\n';
  }
  const double seconds = seconds_since(start);
  out << "perft suite " << options.suite << ": " << checked << " counts checked, " << mismatches
      << " mismatches";
  if (skipped) out << ", " << skipped << " skipped (above " << options.max_leaves << " leaves)";
  out << "; " << leaves << " leaves in " << seconds << " s\n";
  return mismatches == 0 ? EXIT_OK : EXIT_CHANGED;
}

}  // namespace

int perft_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = perft_parser();
  const ParsedArgs parsed_args = parser.parse(args);
  const std::string help_hint = " (see 'prunebench perft --help')";
  if (const auto done = answer_help_or_parse_error(parser, parsed_args, help_hint, out, err)) return *done;
  PerftOptions options;
  if (const std::string error = read_options(parsed_args, options); !error.empty())
    return report_bad_input(err, error + help_hint);
  if (!options.suite.empty()) return check_suite(options, out, err);
  const FenResult parsed = Position::from_fen(options.fen == "startpos" ? Position::START_FEN : options.fen);
  if (!parsed.ok()) {
    return report_bad_input(err, parsed.error);
  }

  const auto start = std::chrono::steady_clock::now();
  std::vector<DivideEntry> entries;
  std::uint64_t nodes = 0;
  const PerftLeaves leaves = options.make_every_leaf ? PerftLeaves::MAKE_EVERY_LEAF : PerftLeaves::BULK;
  if (options.divide) {
    entries = divide(parsed.value, options.depth, options.threads, leaves);
    for (const DivideEntry& e : entries) nodes += e.nodes;
  } else {
    nodes = perft(parsed.value, options.depth, options.threads, leaves);
  }
  const double seconds = seconds_since(start);
  const double rate = seconds > 0 ? double(nodes) / seconds : 0.0;

  if (options.json) {
    nlohmann::ordered_json result = {{"schema_version", SCHEMA_VERSION},
                                     {"kind", "perft"},
                                     {"context", tool_context(command_line({"prunebench", "perft"}, args))},
                                     {"fen", parsed.value.fen()},
                                     {"depth", options.depth},
                                     {"nodes", nodes},
                                     {"seconds", seconds},
                                     {"nodes_per_second", rate}};
    if (options.divide) {
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const DivideEntry& e : entries) list.push_back({{"move", to_uci(e.move)}, {"nodes", e.nodes}});
      result["divide"] = list;
    }
    out << result.dump() << '\n';
    return EXIT_OK;
  }
  // Exactly Stockfish's text, so perft-diff tools read it; the time is in --json.
  if (options.divide) {
    out << divide_text(entries);
    return EXIT_OK;
  }
  out << "nodes " << nodes << "\nseconds " << seconds << "\nnodes_per_second " << std::uint64_t(rate) << '\n';
  return EXIT_OK;
}

}  // namespace prunebench::harness
