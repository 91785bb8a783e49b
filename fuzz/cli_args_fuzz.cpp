// Command-line arguments: NUL-separated arguments given to the option parser
// with every kind of option and typed view, and to the whole command line of
// `compare` (bounded work, whatever the arguments). Every outcome is a value,
// or one "error: ..." line of valid UTF-8 and exit code 2.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "engine/text.h"
#include "fuzz/fuzz_check.h"
#include "harness/cli.h"
#include "harness/options/cli_args.h"

using namespace prunebench;
using namespace prunebench::harness;

namespace {

Args split_arguments(std::string_view text) {
  Args args;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\0', start), text.size());
    args.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return args;
}

ArgParser every_kind_of_option() {
  ArgParser parser("fuzz [options] FILE...", "every kind of option");
  parser.add_flag("flag", "a flag");
  parser.add_value("count", "N", "an integer", "1");
  parser.add_value("ratio", "X", "a number");
  parser.add_value("depths", "LIST", "an integer list", "1-3");
  parser.add_value("names", "LIST", "a name list", "a,b");
  parser.add_repeated("suite", "FILE", "repeated");
  parser.add_positional("FILE", "files", true);
  return parser;
}

void parse_with_every_view(const Args& args) {
  static const ArgParser PARSER = every_kind_of_option();
  const ParsedArgs parsed = PARSER.parse(args);
  (void)PARSER.help();
  if (!parsed.ok()) {
    FUZZ_CHECK(parsed.error().find('\n') == std::string::npos);
    return;
  }
  (void)parsed.integer("count", -5, 5);
  (void)parsed.number("ratio", 0.0, 1.0);
  (void)parsed.integer_list("depths", 1, 20);
  (void)parsed.name_list("names");
  (void)parsed.values("suite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Args args = split_arguments(std::string_view(reinterpret_cast<const char*>(data), size));
  parse_with_every_view(args);
  // compare reads the files it is given and may write --markdown or --json:
  // keep it to names in the working directory (the smoke run's scratch copy
  // of the fixtures), never /dev/zero or a path outside, and writing nothing.
  for (const std::string& arg : args)
    if (arg.find('/') != std::string::npos || arg.find("markdown") != std::string::npos ||
        arg.rfind("--json", 0) == 0)
      return 0;
  Args command = {"compare"};
  command.insert(command.end(), args.begin(), args.end());
  std::ostringstream out, err;
  const int code = run_cli(command, out, err);
  const std::string message = err.str();
  if (code == EXIT_BAD_INPUT) {
    FUZZ_CHECK(message.rfind("error: ", 0) == 0);
    FUZZ_CHECK(is_valid_utf8(message));
    FUZZ_CHECK(std::count(message.begin(), message.end(), '\n') == 1);
  }
  return 0;
}
