// The opening every subcommand shares (declared in harness/commands.h).
#include <ostream>

#include "harness/cli_args.h"
#include "harness/commands.h"

namespace prunebench::harness {

int report_bad_input(std::ostream& err, const std::string& message) {
  err << "error: " << message << '\n';
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
