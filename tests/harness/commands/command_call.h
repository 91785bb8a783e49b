// Calling a subcommand as the CLI does, and the one-line error every bad input gets.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "harness/commands/commands.h"

namespace prunebench::harness::testing {

struct Result {
  int code;
  std::string out, err;
};

inline Result call(int (*command)(const Args&, std::ostream&, std::ostream&), const Args& args) {
  std::ostringstream out, err;
  const int code = command(args, out, err);
  return {code, out.str(), err.str()};
}

inline void expect_one_line_error(const Result& r, const std::string& message) {
  EXPECT_EQ(r.code, EXIT_BAD_INPUT) << r.err;
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace prunebench::harness::testing
