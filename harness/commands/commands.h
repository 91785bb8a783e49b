// The prunebench command-line subcommands. Each takes the arguments after its
// name and returns the process exit code:
//   0 success, 1 a comparison found differences (or a run's check failed),
//   2 bad input or usage, 3 an I/O or resource failure (output not written,
//   disk full, out of memory), 70 an internal error (a bug to report).
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
constexpr int EXIT_IO_ERROR = 3;
constexpr int EXIT_INTERNAL_ERROR = 70;

// The most worker threads any --threads takes.
constexpr int MAX_THREADS = 256;

// The most runs --repeat asks of each parallel search (smp=ybwc, smp=lazy).
constexpr int MAX_REPEAT = 1000;

class ArgParser;
class ParsedArgs;

// How much of a message error_line keeps.
constexpr std::size_t MAX_ERROR_CHARACTERS = 1000;

// "error: MESSAGE\n", with control characters and bytes that are not UTF-8
// escaped (\xNN) and the message cut at MAX_ERROR_CHARACTERS.
std::string error_line(const std::string& message);

// Prints error_line(message) on `err` and returns EXIT_BAD_INPUT.
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
int merge_command(const Args& args, std::ostream& out, std::ostream& err);
int export_command(const Args& args, std::ostream& out, std::ostream& err);
int contract_command(const Args& args, std::ostream& out, std::ostream& err);
int museum_command(const Args& args, std::ostream& out, std::ostream& err);
int bench_command(const Args& args, std::ostream& out, std::ostream& err);
int uci_command(const Args& args, std::ostream& out, std::ostream& err);
int scan_orders_command(const Args& args, std::ostream& out, std::ostream& err);
int proof_graph_command(const Args& args, std::ostream& out, std::ostream& err);

}  // namespace prunebench::harness
