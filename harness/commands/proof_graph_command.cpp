// prunebench proof-graph --fen FEN|startpos --depth N [--memory MB] [--out FILE]
#include <ostream>

#include "engine/search/proof_graph_instance.h"
#include "engine/trees/chess_tree.h"
#include "harness/commands/commands.h"
#include "harness/io/json_io.h"
#include "harness/options/cli_args.h"
#include "harness/run/context.h"

namespace prunebench::harness {
namespace {

constexpr int MAX_PROOF_GRAPH_DEPTH = 8;  // the whole DAG is held in memory: deeper never fits
constexpr std::int64_t MAX_MEGABYTES = 1 << 20;
constexpr std::int64_t DEFAULT_MEGABYTES = 1024;

ArgParser proof_graph_parser() {
  return ArgParser(
      "prunebench proof-graph --fen FEN|startpos --depth N [--memory MB] [--out FILE]",
      "Writes the minimal graph of a position as an optimisation problem (README glossary:\n"
      "minimal graph): every distinct (position, remaining depth) that a proof graph of the\n"
      "root's value could hold, with its ply, leaf flag, order (sign of its value minus its\n"
      "threshold (-1)^ply v) and its children in the instance, as JSON kind \"proof-graph\"\n"
      "(docs/json-schema.md). scripts/minimal_graph.py solves it exactly by integer programming.\n"
      "The whole move DAG to depth N is held in memory.");
}

nlohmann::ordered_json instance_json(const GraphInstance& instance) {
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  for (const GraphInstanceNode& node : instance.nodes)
    nodes.push_back(
        {{"ply", node.ply}, {"leaf", node.leaf}, {"order", int(node.order)}, {"children", node.children}});
  return nodes;
}

}  // namespace

int proof_graph_command(const Args& args, std::ostream& out, std::ostream& err) {
  ArgParser parser = proof_graph_parser();
  parser.add_value("fen", "FEN", "the position, or 'startpos'");
  parser.add_value("depth", "N", "plies (0-" + std::to_string(MAX_PROOF_GRAPH_DEPTH) + ")");
  parser.add_value("memory", "MB", "the most memory the DAG may take", std::to_string(DEFAULT_MEGABYTES));
  parser.add_value("out", "FILE", "write the document there (atomically) instead of to standard output");
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench proof-graph --help')", out, err))
    return *done;
  const auto fail = [&](const std::string& message) { return report_bad_input(err, message); };
  if (!parsed.has("fen")) return fail("missing --fen (a FEN or 'startpos')");
  const Parsed<std::int64_t> depth = parsed.integer("depth", 0, MAX_PROOF_GRAPH_DEPTH);
  if (!depth.ok()) return fail(depth.error);
  const Parsed<std::int64_t> megabytes = parsed.integer("memory", 1, MAX_MEGABYTES);
  if (!megabytes.ok()) return fail(megabytes.error);
  const std::string fen = parsed.value("fen");
  const FenResult position = Position::from_fen(fen == "startpos" ? Position::START_FEN : fen);
  if (!position.ok()) return fail(position.error);

  ChessTree tree(position.value);
  const GraphInstance instance =
      GraphInstanceBuilder<ChessTree>(tree, false, std::size_t(megabytes.value)).build(int(depth.value));
  if (!instance.error.empty()) {
    err << error_line(instance.error);
    return EXIT_IO_ERROR;
  }
  const nlohmann::ordered_json document = {
      {"schema_version", SCHEMA_VERSION},
      {"kind", "proof-graph"},
      {"context", tool_context(command_line({"prunebench", "proof-graph"}, args))},
      {"fen", position.value.fen()},
      {"depth", depth.value},
      {"value", instance.value},
      {"nodes", instance_json(instance)}};
  if (!parsed.has("out")) {
    out << document.dump() << '\n';
    return EXIT_OK;
  }
  if (const std::string error = write_file_atomically(parsed.value("out"), document.dump() + "\n"); !error.empty()) {
    err << error_line(error);
    return EXIT_IO_ERROR;
  }
  return EXIT_OK;
}

}  // namespace prunebench::harness
