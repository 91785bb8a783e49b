// prunebench perft --fen FEN|startpos --depth N [--divide] [--make-every-leaf] [--threads N] [--json]
#include <chrono>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

#include "engine/perft.h"
#include "engine/text.h"
#include "harness/commands/commands.h"
#include "harness/run/context.h"
#include "harness/io/json_io.h"
#include "harness/run/suite.h"
#include "harness/engines/uci_text.h"

namespace prunebench::harness {
namespace {

constexpr const char* USAGE =
    "usage: prunebench perft --fen FEN|startpos --depth N [--divide] [--make-every-leaf] [--threads N] [--json]\n"
    "       prunebench perft --suite FILE [--max-leaves N]\n"
    "\n"
    "Counts the leaves of the legal move tree to depth N (bulk counting at the\n"
    "last ply). --divide prints Stockfish's 'go perft' text instead, which perft-diff\n"
    "tools read: 'move: count' below each root move, a blank line and\n"
    "'Nodes searched: N' (the time only with --json); --make-every-leaf\n"
    "plays every move down to the leaves instead of counting the last ply (to\n"
    "measure make/unmake speed); --threads N shares the subtrees below ply 2 out\n"
    "to N threads (the same counts); --json prints one JSON object\n"
    "{schema_version, kind: \"perft\", context, fen, depth, nodes, seconds, nodes_per_second[, divide]}\n"
    "(docs/json-schema.md).\n"
    "\n"
    "--suite checks every published count (';D1 20 ;D2 400 ...') of an EPD file,\n"
    "skipping counts above --max-leaves (default: none skipped). Exit code 0 when\n"
    "all match, 1 when any count differs, 2 on bad input.\n";

constexpr int MAX_PERFT_DEPTH = 15;
constexpr int MAX_THREADS = 256;

struct PerftOptions {
  std::string fen;
  std::string suite;
  std::uint64_t max_leaves = ~std::uint64_t(0);
  int depth = -1;
  int threads = 1;
  bool divide = false;
  bool make_every_leaf = false;
  bool json = false;
  bool help = false;
};

std::string parse_options(const Args& args, PerftOptions& options) {
  std::set<std::string> given;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    // A value option given twice is a mistake to report, not a value to override.
    if (arg.rfind("--", 0) == 0 && arg != "--help" && !given.insert(arg).second)
      return "option " + quote_input(arg) + " given twice";
    if (arg == "--help" || arg == "-h") {
      options.help = true;
    } else if (arg == "--divide") {
      options.divide = true;
    } else if (arg == "--make-every-leaf") {
      options.make_every_leaf = true;
    } else if (arg == "--json") {
      options.json = true;
    } else if (arg == "--fen") {
      if (!has_value) return "--fen needs a value";
      options.fen = args[++i];
    } else if (arg == "--suite") {
      if (!has_value) return "--suite needs a value";
      options.suite = args[++i];
    } else if (arg == "--max-leaves") {
      if (!has_value) return "--max-leaves needs a value";
      const std::string& value = args[++i];
      if (value.empty() || value.size() > 18 || value.find_first_not_of("0123456789") != std::string::npos)
        return "--max-leaves: '" + quote_input(value) + "' is not a non-negative integer";
      options.max_leaves = std::stoull(value);
    } else if (arg == "--threads") {
      if (!has_value) return "--threads needs a value";
      const std::string& value = args[++i];
      if (value.empty() || value.size() > 3 || value.find_first_not_of("0123456789") != std::string::npos ||
          std::stoi(value) < 1 || std::stoi(value) > MAX_THREADS)
        return "--threads: '" + value + "' is not an integer in 1.." + std::to_string(MAX_THREADS);
      options.threads = std::stoi(value);
    } else if (arg == "--depth") {
      if (!has_value) return "--depth needs a value";
      const std::string& value = args[++i];
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos || value.size() > 2 ||
          std::stoi(value) > MAX_PERFT_DEPTH)
        return "--depth: '" + quote_input(value) + "' is not an integer in 0.." +
               std::to_string(MAX_PERFT_DEPTH);
      options.depth = std::stoi(value);
    } else {
      return "unknown option '" + quote_input(arg) + "'";
    }
  }
  if (options.help) return "";
  if (!options.suite.empty()) {
    if (!options.fen.empty() || options.depth >= 0) return "--suite does not combine with --fen or --depth";
    if (options.threads != 1) return "--threads does not combine with --suite";
    return "";
  }
  if (options.fen.empty()) return "--fen is required (a FEN or 'startpos')";
  if (options.depth < 0) return "--depth is required";
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
  for (const SuiteEntry& entry : read.suite.entries) {
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
  out << "perft suite " << options.suite << ": " << checked << " counts checked, " << mismatches << " mismatches";
  if (skipped) out << ", " << skipped << " skipped (above " << options.max_leaves << " leaves)";
  out << "; " << leaves << " leaves in " << seconds << " s\n";
  return mismatches == 0 ? EXIT_OK : EXIT_CHANGED;
}

}  // namespace

int perft_command(const Args& args, std::ostream& out, std::ostream& err) {
  PerftOptions options;
  if (const std::string error = parse_options(args, options); !error.empty())
    return report_bad_input(err, error + " (see 'prunebench perft --help')");
  if (options.help) {
    out << USAGE;
    return EXIT_OK;
  }
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
    entries = divide(parsed.position, options.depth, options.threads, leaves);
    for (const DivideEntry& e : entries) nodes += e.nodes;
  } else {
    nodes = perft(parsed.position, options.depth, options.threads, leaves);
  }
  const double seconds = seconds_since(start);
  const double rate = seconds > 0 ? double(nodes) / seconds : 0.0;

  if (options.json) {
    nlohmann::ordered_json result = {{"schema_version", SCHEMA_VERSION},
                                     {"kind", "perft"},
                                     {"context", tool_context(command_line({"prunebench", "perft"}, args))},
                                     {"fen", parsed.position.fen()},
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
