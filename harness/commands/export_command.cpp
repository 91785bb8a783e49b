// prunebench export --format FORMAT RUN.json: a run's node counts in a format
// other benchmark tools read (harness/reports/export_formats.h).
#include <ostream>

#include "engine/text.h"
#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"
#include "harness/reports/export_formats.h"
#include "harness/io/file_identity.h"
#include "harness/io/json_io.h"

namespace prunebench::harness {

namespace {

ArgParser export_parser() {
  ArgParser parser(
      "prunebench export --format FORMAT RUN.json [--per-record] [--out FILE]",
      "Write the node counts of a 'prunebench run' file in another tool's format (docs/json-schema.md,\n"
      "\"Exports\"): one benchmark per (mode, depth), its nodes summed over the positions, or with\n"
      "--per-record one per (mode, depth, position). Benchmarks are named MODE/depth:D[/position:ID].\n"
      "FORMAT is github-action-benchmark (the array its customSmallerIsBetter tool reads, value =\n"
      "nodes) or google-benchmark (Google Benchmark's JSON layout; real_time and cpu_time hold the\n"
      "nodes, time_unit \"ns\", and the counter 'nodes' too).\n"
      "Exit status: 0 written, 2 bad input, 3 the output could not be written.");
  parser.add_positional("RUN.json", "the run to export");
  parser.add_value("format", "FORMAT", "github-action-benchmark or google-benchmark");
  parser.add_flag("per-record", "one benchmark per record instead of per (mode, depth)");
  parser.add_value("out", "FILE", "write here (atomically) instead of to stdout");
  return parser;
}

}  // namespace

int export_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = export_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done =
          answer_help_or_parse_error(parser, parsed, " (see 'prunebench export --help')", out, err))
    return *done;
  if (!parsed.has("format"))
    return report_bad_input(err, "missing --format (github-action-benchmark or google-benchmark)");
  const std::string format = parsed.value("format");
  if (format != "github-action-benchmark" && format != "google-benchmark")
    return report_bad_input(
        err, "--format: '" + quote_input(format) + "' is not github-action-benchmark or google-benchmark");
  const std::string& path = parsed.positionals()[0];
  if (parsed.has("out"))
    if (const std::string problem = check_outputs_apart({{"RUN.json", path}}, {{"--out", parsed.value("out")}});
        !problem.empty())
      return report_bad_input(err, problem);
  const JsonReadResult run = read_document(path, "run");
  if (!run.ok()) return report_bad_input(err, run.error);
  const bool per_record = parsed.has("per-record");
  const ExportResult exported = format == "google-benchmark" ? google_benchmark(run.value, per_record)
                                                             : github_action_benchmark(run.value, per_record);
  if (!exported.ok()) return report_bad_input(err, path + ": " + exported.error);
  if (!parsed.has("out")) {
    out << exported.value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    return EXIT_OK;
  }
  if (const std::string problem = write_json_file(parsed.value("out"), exported.value); !problem.empty()) {
    err << error_line(problem);
    return EXIT_IO_ERROR;
  }
  return EXIT_OK;
}

}  // namespace prunebench::harness
