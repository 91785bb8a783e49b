#include "harness/options/distinct_options.h"

#include <string>

namespace prunebench::harness {

void add_distinct_options(ArgParser& parser) {
  parser.add_flag("distinct-nodes",
                  "also count distinct_nodes, the distinct (position, remaining depth) pairs each search "
                  "entered (README glossary); slower, and a split full-width search then runs on one "
                  "thread. Mode minimal, not a search, reports its bounds on the minimal graph instead "
                  "(tree_proof_merged, graph_upper)");
  parser.add_value("distinct-memory", "MB",
                   "the most memory distinct_nodes may take per search; a search that needs more has no "
                   "figure, with distinct_nodes_missing saying why",
                   std::to_string(DEFAULT_DISTINCT_MEGABYTES));
}

Parsed<std::size_t> distinct_megabytes(const ParsedArgs& args) {
  if (!args.has("distinct-nodes")) {
    if (args.has("distinct-memory")) return {0, "--distinct-memory needs --distinct-nodes"};
    return {0, ""};
  }
  const Parsed<std::int64_t> megabytes = args.integer("distinct-memory", 1, std::int64_t(MAX_DISTINCT_MEGABYTES));
  if (!megabytes.ok()) return {0, megabytes.error};
  return {std::size_t(megabytes.value), ""};
}

}  // namespace prunebench::harness
