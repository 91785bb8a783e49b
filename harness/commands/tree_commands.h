// What the three tree experiments (prunebench tree standing|random|theory)
// share. tree_command.cpp picks the experiment and parses its options, so
// --help and option errors read alike for all three; each experiment, in
// tree_<name>_command.cpp, declares its options and runs on them parsed.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/trees/search_instances.h"
#include "harness/commands/commands.h"
#include "harness/options/cli_args.h"

namespace prunebench::harness::tree_experiment {

// Ordered, so documents read in the order of docs/json-schema.md.
using json = nlohmann::ordered_json;

// What --algo accepts, "minimax|negamax|alphabeta|fail-hard|...": the engine's
// algorithms (engine/search/spec.h) with fail-hard alpha-beta beside alphabeta.
std::string algo_names();

// The spec an --algo name (one of algo_names()) stands for; the caller sets the
// base ordering. The error names the option and lists the algorithms.
Parsed<SearchSpec> parse_algo(const std::string& algo);

// An experiment's options, which drive both parsing and its --help.
ArgParser standing_parser();
ArgParser random_parser();
ArgParser theory_parser();

// An experiment run on its parsed options. `args` are the arguments after the
// experiment's name, as given; random records them in its JSON context.
int run_standing(const ParsedArgs& parsed, const Args& args, std::ostream& out, std::ostream& err);
int run_random(const ParsedArgs& parsed, const Args& args, std::ostream& out, std::ostream& err);
int run_theory(const ParsedArgs& parsed, const Args& args, std::ostream& out, std::ostream& err);

}  // namespace prunebench::harness::tree_experiment
