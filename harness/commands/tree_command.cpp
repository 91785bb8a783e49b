// prunebench tree standing|random|theory: the tree lab.
//
//   standing  the textbook's 3x3 tree (reference 002), any branch order, or a
//             tree of your own as nested JSON arrays; value, leaves examined,
//             and the textbook's trace of cut-offs
//   random    uniform random trees (reference 001's experiment): leaves read
//             per tree by one algorithm and ordering, every value checked
//             against plain negamax
//   theory    reference 002's table of full against minimal tree sizes
//
// The searches are the engine's own (engine/search/search.h): the numbers
// here come from the code that searches chess positions.
//
// This file dispatches to the experiment (tree_<name>_command.cpp) and
// handles what they share: --help, option errors and --algo.
#include <ostream>
#include <string>
#include <string_view>

#include "engine/text.h"
#include "harness/commands/commands.h"
#include "harness/commands/tree_commands.h"

namespace prunebench::harness {

namespace tree_experiment {

std::string algo_names() {
  std::string names = algorithm_names("|");
  const std::string_view alphabeta = "alphabeta";
  return names.insert(names.find(alphabeta) + alphabeta.size(), "|fail-hard");
}

Parsed<SearchSpec> parse_algo(const std::string& algo) {
  const std::string names = algo_names();
  // A whole name of the list: "pvs|mtdf" is a piece of the list, not a name in it.
  if (algo.find('|') != std::string::npos || ("|" + names + "|").find("|" + algo + "|") == std::string::npos)
    return {{}, "--algo: unknown algorithm '" + quote_input(algo) + "' (" + names + ")"};
  const std::string mode = algo == "fail-hard" ? "algo=alphabeta,fail=hard"
                           : algo == "mtdf"    ? "algo=mtdf,tt"
                                               : "algo=" + algo;
  return {parse_mode(mode).value, ""};
}

}  // namespace tree_experiment

namespace {

using namespace tree_experiment;

constexpr const char* OVERVIEW =
    "usage: prunebench tree <experiment> [options]\n"
    "\n"
    "Synthetic-tree experiments, searched by the same code that searches chess.\n"
    "\n"
    "experiments:\n"
    "  standing  the textbook's 3x3 tree (or your own): value, leaves examined, trace\n"
    "  random    uniform random trees: leaves read per tree, checked against negamax\n"
    "  theory    full tree b^d against the Knuth-Moore minimal tree\n"
    "\n"
    "Run 'prunebench tree <experiment> --help' for its options.\n";

struct Experiment {
  std::string_view name;
  ArgParser (*make_parser)();
  int (*run)(const ParsedArgs& parsed, const Args& args, std::ostream& out, std::ostream& err);
};

constexpr Experiment EXPERIMENTS[] = {
    {"standing", standing_parser, run_standing},
    {"random", random_parser, run_random},
    {"theory", theory_parser, run_theory},
};

// `args` are those after the experiment's name. --help wins over any error,
// so a user can always ask.
int parse_and_run(const Experiment& experiment, const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = experiment.make_parser();
  const ParsedArgs parsed = parser.parse(args);
  const std::string hint = " (try 'prunebench tree " + std::string(experiment.name) + " --help')";
  if (const auto done = answer_help_or_parse_error(parser, parsed, hint, out, err)) return *done;
  return experiment.run(parsed, args, out, err);
}

}  // namespace

int tree_command(const Args& args, std::ostream& out, std::ostream& err) {
  if (args.empty())
    return report_bad_input(err,
                            "missing experiment: standing, random or theory (try 'prunebench tree --help')");
  const std::string& name = args.front();
  if (name == "--help" || name == "-h" || name == "help") {
    out << OVERVIEW;
    return EXIT_OK;
  }
  const Args rest(args.begin() + 1, args.end());
  for (const Experiment& experiment : EXPERIMENTS)
    if (experiment.name == name) return parse_and_run(experiment, rest, out, err);
  return report_bad_input(err, "unknown tree experiment '" + name + "' (standing, random, theory)");
}

}  // namespace prunebench::harness
