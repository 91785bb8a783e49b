// --distinct-nodes and --distinct-memory, declared once for every command
// that searches (search, run): distinct_nodes costs a table insert per node
// and memory per distinct node, so it is counted only when asked for.
#pragma once

#include <cstddef>

#include "harness/options/cli_args.h"

namespace prunebench::harness {

constexpr std::size_t DEFAULT_DISTINCT_MEGABYTES = 1024;
// The largest budget accepted: 1 TB, far above any machine it runs on.
constexpr std::size_t MAX_DISTINCT_MEGABYTES = std::size_t(1) << 20;

void add_distinct_options(ArgParser& parser);

// The memory distinct_nodes may take, in MB; 0 when --distinct-nodes is not
// given. --distinct-memory without --distinct-nodes is an error.
Parsed<std::size_t> distinct_megabytes(const ParsedArgs& args);

}  // namespace prunebench::harness
