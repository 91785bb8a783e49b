// The opening every subcommand shares (declared in harness/commands/commands.h).
#include <ostream>

#include "engine/text.h"
#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"

namespace prunebench::harness {

std::string error_line(const std::string& message) {
  // Messages echo paths and ids: a newline or a stray byte in them must not
  // break the one-line, valid-UTF-8 promise (found by fuzz/cli_args_fuzz).
  return "error: " + quote_input(message, MAX_ERROR_CHARACTERS) + "\n";
}

int report_bad_input(std::ostream& err, const std::string& message) {
  err << error_line(message);
  return EXIT_BAD_INPUT;
}

std::optional<int> answer_help_or_parse_error(const ArgParser& parser, const ParsedArgs& parsed,
                                              const std::string& help_hint, std::ostream& out,
                                              std::ostream& err) {
  if (parsed.help_requested()) {
    out << parser.help();
    return EXIT_OK;
  }
  if (!parsed.ok()) return report_bad_input(err, parsed.error() + help_hint);
  return std::nullopt;
}

}  // namespace prunebench::harness
