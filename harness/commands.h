// The prunebench command-line subcommands. Each takes the arguments after its
// name and returns the process exit code:
//   0 success, 1 a comparison found differences, 2 bad input or usage.
// Errors are reported as one line "error: ..." on `err`; results go to `out`.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace prunebench::harness {

using Args = std::vector<std::string>;

constexpr int EXIT_OK = 0;
constexpr int EXIT_CHANGED = 1;
constexpr int EXIT_BAD_INPUT = 2;

class ArgParser;
class ParsedArgs;

// Prints "error: MESSAGE" on `err` and returns EXIT_BAD_INPUT.
int report_bad_input(std::ostream& err, const std::string& message);

// What every subcommand does first with its arguments: on --help, print the
// help and end with EXIT_OK; on a parse error, report it followed by
// `help_hint` (e.g. " (see 'prunebench run --help')") and end with
// EXIT_BAD_INPUT. Returns the exit code when the command ends there, nothing
// when it goes on.
std::optional<int> answer_help_or_parse_error(const ArgParser& parser, const ParsedArgs& parsed,
                                              const std::string& help_hint, std::ostream& out,
                                              std::ostream& err);

int perft_command(const Args& args, std::ostream& out, std::ostream& err);
int search_command(const Args& args, std::ostream& out, std::ostream& err);
int tree_command(const Args& args, std::ostream& out, std::ostream& err);
int run_command(const Args& args, std::ostream& out, std::ostream& err);
int compare_command(const Args& args, std::ostream& out, std::ostream& err);
int bench_command(const Args& args, std::ostream& out, std::ostream& err);
int scan_orders_command(const Args& args, std::ostream& out, std::ostream& err);

}  // namespace prunebench::harness
