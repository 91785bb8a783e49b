// The whole command line, from the subcommand's name on: dispatch, and the
// promises every subcommand shares. Whatever happens inside a command, the
// process ends with one "error: ..." line and an exit code, never an abort:
// arguments must be UTF-8 (they are recorded in documents), running out of
// memory is reported, and output that could not be written (a full disk, a
// closed pipe) is an error, never a silent success.
#pragma once

#include <iosfwd>

#include "harness/commands/commands.h"

namespace prunebench::harness {

// `args` are argv[1..]. Flushes `out` before returning and checks that every
// byte reached it.
int run_cli(const Args& args, std::ostream& out, std::ostream& err);

}  // namespace prunebench::harness
