// The prunebench command-line subcommands. Each takes the arguments after its
// name and returns the process exit code:
//   0 success, 1 a comparison found differences, 2 bad input or usage.
// Errors are reported as one line "error: ..." on `err`; results go to `out`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace prunebench::harness {

using Args = std::vector<std::string>;

constexpr int EXIT_OK = 0;
constexpr int EXIT_CHANGED = 1;
constexpr int EXIT_BAD_INPUT = 2;

int perft_command(const Args& args, std::ostream& out, std::ostream& err);
int search_command(const Args& args, std::ostream& out, std::ostream& err);
int tree_command(const Args& args, std::ostream& out, std::ostream& err);
int run_command(const Args& args, std::ostream& out, std::ostream& err);
int compare_command(const Args& args, std::ostream& out, std::ostream& err);
int bench_command(const Args& args, std::ostream& out, std::ostream& err);

}  // namespace prunebench::harness
