// prunebench merge A.json B.json ... [--out FILE]: the shards of a run
// (`run --shard K/N`) joined into the single-machine run. The checks and the
// joining live in harness/reports/merge.h; this file is the command line around them.
#include <ostream>

#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"
#include "harness/io/file_identity.h"
#include "harness/io/json_io.h"
#include "harness/reports/merge.h"

namespace prunebench::harness {

namespace {

ArgParser merge_parser() {
  ArgParser parser(
      "prunebench merge SHARD.json [SHARD.json ...] [--out FILE]",
      "Join the files of 'prunebench run --shard K/N' (K = 1..N, in any order) into one run file whose\n"
      "positions, records and skips are those of a single run of the whole plan, in the same order.\n"
      "The shards must come from the same build (version, git commit, compiler, build type, flags), the\n"
      "same suites (sha256), depths, modes, engines and --max-nodes; every shard must be given once, and\n"
      "every position and depth x mode must be in exactly one shard. The merged context is shard 1's,\n"
      "with \"merged_shards\": N in place of \"shard\".\n"
      "Every record and skip must be one of its shard's positions at a depth and mode of the plan, every\n"
      "position id must name one position, and the shard index and count must be what 'run --shard K/N'\n"
      "accepts (1 <= K <= N <= 100000); anything else is bad input, named in one line.\n"
      "Exit status: 0 merged, 1 the shards do not fit together (one line per problem), 2 bad input,\n"
      "3 the output could not be written.");
  parser.add_positional("SHARD.json", "a shard's run file", true);
  parser.add_value("out", "FILE", "write the merged JSON here (atomically) instead of to stdout");
  return parser;
}

}  // namespace

int merge_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = merge_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench merge --help')", out, err))
    return *done;
  if (parsed.has("out")) {
    std::vector<NamedPath> inputs;
    for (const std::string& path : parsed.positionals()) inputs.push_back({"SHARD.json", path});
    if (const std::string problem = check_outputs_apart(inputs, {{"--out", parsed.value("out")}}); !problem.empty())
      return report_bad_input(err, problem);
  }
  std::vector<ShardDocument> shards;
  for (const std::string& path : parsed.positionals()) {
    const JsonReadResult read = read_document(path, "run");
    if (!read.ok()) return report_bad_input(err, read.error);
    shards.push_back({path, read.value});
  }
  const MergeResult merged = merge_shards(std::move(shards));
  if (!merged.error.empty()) return report_bad_input(err, merged.error);
  if (!merged.problems.empty()) {
    err << error_line("the shards do not fit together:");
    for (const std::string& problem : merged.problems) err << error_line(problem);
    return EXIT_CHANGED;
  }
  if (!parsed.has("out")) {
    out << merged.document.dump(2) << '\n';
    return EXIT_OK;
  }
  if (std::string error = write_json_file(parsed.value("out"), merged.document); !error.empty()) {
    err << error_line(error);
    return EXIT_IO_ERROR;
  }
  return EXIT_OK;
}

}  // namespace prunebench::harness
