// prunebench compare BASE.json NEW.json: a node-count regression report for
// CI. The comparison lives in harness/reports/compare.h, its Markdown and JSON forms
// in harness/reports/compare_report.h; this file is the command line around them.
#include <algorithm>
#include <ostream>

#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"
#include "harness/reports/compare.h"
#include "harness/reports/compare_report.h"
#include "harness/run/context.h"
#include "harness/io/file_identity.h"
#include "harness/io/json_io.h"

namespace prunebench::harness {

namespace {

constexpr const char* RUN_KIND = "run";

ArgParser compare_parser() {
  ArgParser parser(
      "prunebench compare BASE.json NEW.json [options]",
      "Compare counters.nodes of two 'prunebench run' files, record by record (position, depth, mode),\n"
      "and print a Markdown report whose first line is the summary. Fewer nodes than BASE is\n"
      "'improved', more is 'regressed'; totals by mode and by depth come first. A record fails\n"
      "when it regressed above --max-increase, improved beyond --max-decrease, or is missing from\n"
      "NEW; records only in NEW are reported, and fail only with --fail-on-added. Runs whose suite\n"
      "files (same path, other sha256) or positions (same id, other FEN) differ are refused.\n"
      "An external engine's records (run --engine) are named in the report's header with the\n"
      "engine behind them; a count of theirs that moved is 'changed' (a functional change, no\n"
      "verdict), and runs whose engine, options or repeats differ are refused.\n"
      "Exit status: 0 nothing fails, 1 a record fails or the runs are refused, 2 bad input,\n"
      "3 a report file could not be written.");
  parser.add_positional("BASE.json", "the reference run");
  parser.add_positional("NEW.json", "the run to check against it");
  parser.add_value("max-increase", "PCT", "a regression of more than PCT percent fails ('any': none fails)",
                   "0");
  parser.add_value("max-decrease", "PCT", "an improvement of more than PCT percent fails ('any': none fails)",
                   "0");
  parser.add_value("tolerance", "PCT", "both --max-increase and --max-decrease (the old two-sided option)");
  parser.add_flag("fail-on-added", "records only in NEW fail too");
  parser.add_flag("allow-changed-suites", "compare even when a suite's sha256 or a position's FEN differs");
  parser.add_flag("allow-changed-engines",
                  "compare even when an engine mode's engine (id name, command, options, repeats) differs");
  parser.add_value("markdown", "FILE", "also write the Markdown report to FILE");
  parser.add_value("json", "FILE",
                   "write the report as JSON (docs/json-schema.md, kind \"compare\") to FILE");
  return parser;
}

// A percentage limit: a non-negative number, or "any" for no limit.
Parsed<double> percent_limit(const ParsedArgs& parsed, const std::string& name) {
  if (parsed.value(name) == "any") return {ANY_PERCENT, ""};
  return parsed.number(name, 0.0, ANY_PERCENT);
}

// Reads the tolerance options into `options`; an error line, or "".
std::string read_tolerances(const ParsedArgs& parsed, CompareOptions& options) {
  const bool one_sided = parsed.has("max-increase") || parsed.has("max-decrease");
  if (parsed.has("tolerance") && one_sided)
    return "--tolerance sets both sides: give it or --max-increase/--max-decrease, not both";
  const Parsed<double> increase =
      percent_limit(parsed, parsed.has("tolerance") ? "tolerance" : "max-increase");
  if (!increase.ok()) return increase.error;
  const Parsed<double> decrease =
      percent_limit(parsed, parsed.has("tolerance") ? "tolerance" : "max-decrease");
  if (!decrease.ok()) return decrease.error;
  options.max_increase_percent = increase.value;
  options.max_decrease_percent = decrease.value;
  options.fail_on_added = parsed.has("fail-on-added");
  options.allow_changed_suites = parsed.has("allow-changed-suites");
  options.allow_changed_engines = parsed.has("allow-changed-engines");
  return {};
}

// The loud line on stderr for runs that measured different engines.
std::string engine_refusal(const CompareReport& report) {
  std::string modes;
  for (const EngineSides& engine : report.engines)
    if (engine.changed()) modes += (modes.empty() ? "`" : ", `") + engine.mode + "`";
  const EngineSides& first = *std::find_if(report.engines.begin(), report.engines.end(),
                                           [](const EngineSides& e) { return e.changed(); });
  return report.options.base_label + " and " + report.options.new_label + " measured different engines: " + modes +
         " is " + first.base->describe() + " in base, " + first.fresh->describe() +
         " in new; pass --allow-changed-engines to compare them anyway";
}

// The loud line on stderr for runs that measured different positions.
std::string refusal(const CompareReport& report) {
  if (report.inconsistencies.empty() || report.options.allow_changed_suites) return engine_refusal(report);
  const Inconsistency& first = report.inconsistencies.front();
  std::string line = report.options.base_label + " and " + report.options.new_label +
                     " measured different positions: " + first.subject + " differs";
  if (report.inconsistencies.size() > 1)
    line += " (and " + std::to_string(report.inconsistencies.size() - 1) + " more, listed in the report)";
  return line + "; pass --allow-changed-suites to compare them anyway";
}

}  // namespace

int compare_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = compare_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done =
          answer_help_or_parse_error(parser, parsed, " (try 'prunebench compare --help')", out, err))
    return *done;
  const std::string& base_path = parsed.positionals()[0];
  const std::string& new_path = parsed.positionals()[1];
  CompareOptions options;
  options.base_label = base_path;
  options.new_label = new_path;
  if (const std::string problem = read_tolerances(parsed, options); !problem.empty())
    return report_bad_input(err, problem);
  std::vector<NamedPath> outputs;
  for (const char* name : {"markdown", "json"})
    if (parsed.has(name)) outputs.push_back({std::string("--") + name, parsed.value(name)});
  if (const std::string problem =
          check_outputs_apart({{"BASE.json", base_path}, {"NEW.json", new_path}}, outputs);
      !problem.empty())
    return report_bad_input(err, problem);

  const JsonReadResult base = read_document(base_path, RUN_KIND);
  if (!base.ok()) return report_bad_input(err, base.error);
  const JsonReadResult fresh = read_document(new_path, RUN_KIND);
  if (!fresh.ok()) return report_bad_input(err, fresh.error);
  const CompareResult compared = compare_runs(base.value, fresh.value, options);
  if (!compared.ok()) return report_bad_input(err, compared.error);

  const CompareReport& report = compared.value;
  const std::string markdown = format_markdown(report);
  out << markdown;
  if (parsed.has("markdown")) {
    if (const std::string problem = write_file_atomically(parsed.value("markdown"), markdown);
        !problem.empty()) {
      err << error_line(problem);
      return EXIT_IO_ERROR;
    }
  }
  if (parsed.has("json")) {
    Args command_line = {"prunebench", "compare"};
    command_line.insert(command_line.end(), args.begin(), args.end());
    const nlohmann::json document = report_json(report, tool_context(command_line));
    if (const std::string problem = write_json_file(parsed.value("json"), document); !problem.empty()) {
      err << error_line(problem);
      return EXIT_IO_ERROR;
    }
  }
  if (report.refused()) err << error_line(refusal(report));
  return report.fails() ? EXIT_CHANGED : EXIT_OK;
}

}  // namespace prunebench::harness
