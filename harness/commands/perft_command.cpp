// prunebench perft --fen FEN|startpos --depth N [--divide] [--json]
#include <chrono>
#include <ostream>

#include <nlohmann/json.hpp>

#include "engine/perft.h"
#include "harness/commands.h"

namespace prunebench::harness {
namespace {

constexpr const char* USAGE =
    "usage: prunebench perft --fen FEN|startpos --depth N [--divide] [--json]\n"
    "\n"
    "Counts the leaves of the legal move tree to depth N (bulk counting at the\n"
    "last ply). --divide lists the count below each root move; --json prints one\n"
    "JSON object {fen, depth, nodes, seconds, nodes_per_second[, divide]}.\n";

constexpr int MAX_PERFT_DEPTH = 15;

struct PerftOptions {
  std::string fen;
  int depth = -1;
  bool divide = false;
  bool json = false;
  bool help = false;
};

std::string parse_options(const Args& args, PerftOptions& options) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    if (arg == "--help" || arg == "-h") {
      options.help = true;
    } else if (arg == "--divide") {
      options.divide = true;
    } else if (arg == "--json") {
      options.json = true;
    } else if (arg == "--fen") {
      if (!has_value) return "--fen needs a value";
      options.fen = args[++i];
    } else if (arg == "--depth") {
      if (!has_value) return "--depth needs a value";
      const std::string& value = args[++i];
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos || value.size() > 2 ||
          std::stoi(value) > MAX_PERFT_DEPTH)
        return "--depth: '" + value + "' is not an integer in 0.." + std::to_string(MAX_PERFT_DEPTH);
      options.depth = std::stoi(value);
    } else {
      return "unknown option '" + arg + "'";
    }
  }
  if (options.help) return "";
  if (options.fen.empty()) return "--fen is required (a FEN or 'startpos')";
  if (options.depth < 0) return "--depth is required";
  if (options.divide && options.depth == 0) return "--divide needs --depth of at least 1";
  return "";
}

}  // namespace

int perft_command(const Args& args, std::ostream& out, std::ostream& err) {
  PerftOptions options;
  if (const std::string error = parse_options(args, options); !error.empty()) {
    err << "error: " << error << " (see 'prunebench perft --help')\n";
    return EXIT_BAD_INPUT;
  }
  if (options.help) {
    out << USAGE;
    return EXIT_OK;
  }
  const FenResult parsed = Position::from_fen(options.fen == "startpos" ? Position::START_FEN : options.fen);
  if (!parsed.ok()) {
    err << "error: " << parsed.error << '\n';
    return EXIT_BAD_INPUT;
  }

  const auto start = std::chrono::steady_clock::now();
  std::vector<DivideEntry> entries;
  std::uint64_t nodes = 0;
  if (options.divide) {
    entries = divide(parsed.position, options.depth);
    for (const DivideEntry& e : entries) nodes += e.nodes;
  } else {
    nodes = perft(parsed.position, options.depth);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double rate = seconds > 0 ? double(nodes) / seconds : 0.0;

  if (options.json) {
    nlohmann::ordered_json result = {{"fen", parsed.position.fen()}, {"depth", options.depth}, {"nodes", nodes},
                                     {"seconds", seconds}, {"nodes_per_second", rate}};
    if (options.divide) {
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const DivideEntry& e : entries) list.push_back({{"move", to_uci(e.move)}, {"nodes", e.nodes}});
      result["divide"] = list;
    }
    out << result.dump() << '\n';
    return EXIT_OK;
  }
  for (const DivideEntry& e : entries) out << to_uci(e.move) << ": " << e.nodes << '\n';
  if (options.divide) out << '\n';
  out << "nodes " << nodes << "\nseconds " << seconds << "\nnodes_per_second " << std::uint64_t(rate) << '\n';
  return EXIT_OK;
}

}  // namespace prunebench::harness
