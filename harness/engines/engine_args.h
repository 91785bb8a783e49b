// The command-line options that name external UCI engines, shared by the
// subcommands that measure them (run, bench): --engine NAME=COMMAND,
// --engine-arg NAME=ARG, --engine-option NAME:OPTION=VALUE (or, as
// cutechess-cli and fastchess write it, NAME:option.OPTION=VALUE),
// --each-option OPTION=VALUE for every engine, --engine-repeat N and
// --engine-timeout S.
#pragma once

#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "harness/engines/uci_engine.h"
#include "harness/options/cli_args.h"

namespace prunebench::harness {

struct EngineArgs {
  std::vector<EngineSubject> engines;        // in command-line order
  int repeat = 2;                            // searches per record (the determinism check)
  std::chrono::milliseconds timeout{60'000};  // per search, and per handshake step
};

// Adds the options to `parser`; `engine_help` says what --engine does
// for this subcommand, `repeat_help` what a disagreement among repeats does.
void add_engine_options(ArgParser& parser, const std::string& engine_help, const std::string& repeat_help);

// Reads the options. `taken` holds names an engine may not have (a
// run's mode names); an engine may not take a built-in mode's name either.
// Returns an error line, or "".
std::string read_engine_args(const ParsedArgs& args, std::set<std::string> taken, EngineArgs& out);

}  // namespace prunebench::harness
