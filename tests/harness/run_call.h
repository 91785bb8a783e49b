// `prunebench run` called as the CLI calls it, for tests of its output.
#pragma once

#include <sstream>
#include <string>

#include "harness/commands/commands.h"

namespace prunebench::harness::testing {

struct RunResult {
  int code;
  std::string out, err;
};

inline RunResult run(const Args& args) {
  std::ostringstream out, err;
  const int code = run_command(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace prunebench::harness::testing
