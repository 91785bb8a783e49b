// prunebench compare BASE.json NEW.json: a node-count regression report for
// CI. The comparison itself lives in harness/compare.h; this file is the
// command line around it.
#include <limits>
#include <ostream>

#include "harness/cli_args.h"
#include "harness/commands.h"
#include "harness/compare.h"
#include "harness/json_io.h"

namespace prunebench::harness {

namespace {

constexpr const char* RUN_KIND = "run";

ArgParser compare_parser() {
  ArgParser parser(
      "prunebench compare BASE.json NEW.json [options]",
      "Compare counters.nodes of two 'prunebench run' files, record by record (position, depth, mode),\n"
      "and print a Markdown report whose first line is the summary.\n"
      "Exit status: 0 all equal (or within tolerance), 1 something changed or is missing, 2 bad input.");
  parser.add_positional("BASE.json", "the reference run");
  parser.add_positional("NEW.json", "the run to check against it");
  parser.add_value("tolerance", "PCT", "treat node differences up to PCT percent as equal", "0");
  parser.add_value("markdown", "FILE", "also write the report to FILE");
  return parser;
}

}  // namespace

int compare_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = compare_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (try 'prunebench compare --help')", out, err))
    return *done;
  const Parsed<double> tolerance = parsed.number("tolerance", 0.0, std::numeric_limits<double>::infinity());
  if (!tolerance.ok()) return report_bad_input(err, tolerance.error);

  const std::string& base_path = parsed.positionals()[0];
  const std::string& new_path = parsed.positionals()[1];
  const JsonReadResult base = read_document(base_path, RUN_KIND);
  if (!base.ok()) return report_bad_input(err, base.error);
  const JsonReadResult fresh = read_document(new_path, RUN_KIND);
  if (!fresh.ok()) return report_bad_input(err, fresh.error);

  const CompareResult compared =
      compare_runs(base.value, fresh.value, {tolerance.value, base_path, new_path});
  if (!compared.ok()) return report_bad_input(err, compared.error);
  const std::string markdown = format_markdown(compared.report);
  out << markdown;
  if (parsed.has("markdown")) {
    const std::string problem = write_file_atomically(parsed.value("markdown"), markdown);
    if (!problem.empty()) return report_bad_input(err, problem);
  }
  return compared.report.has_changes() ? EXIT_CHANGED : EXIT_OK;
}

}  // namespace prunebench::harness
