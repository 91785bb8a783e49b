// run's command line: the options it takes (run_options, its --help) and the
// plan they describe (read_plan): suites, depths, modes, engines, threads and
// which positions this run searches. run_command.cpp does the rest: the
// journal, the searches and the document.
#pragma once

#include <string>
#include <vector>

#include "harness/commands/commands.h"
#include "harness/options/cli_args.h"
#include "harness/run/suite_runner.h"

namespace prunebench::harness {

// Why a step of `run` stops it: an exit status and the one line to print.
struct RunFailure {
  int code = EXIT_OK;
  std::string message;
};

RunFailure bad_input(std::string message);

ArgParser run_options();

// The plan in `plan` from the options, or the first bad input among them.
RunFailure read_plan(const ParsedArgs& args, RunPlan& plan);

// Each position's estimated cost (harness/run/plan_estimate.h), in plan order.
std::vector<double> estimated_costs(const RunPlan& plan);

}  // namespace prunebench::harness
