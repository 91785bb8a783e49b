// Files of the prunebench tree that commands use by default (bench's suite,
// scan-orders' suite and reference figures), found without depending on the
// directory a user happens to run from.
//
// A path relative to the project root ("positions/stockfish-bench.epd") is
// looked for, in this order:
//   1. the data directory of an installed binary, ../share/prunebench from
//      P/bin/prunebench (`cmake --install` puts the files there; the path is
//      relative, so the installed prefix can move);
//   2. above the running binary: its directory and each parent (a binary in
//      build/harness/ finds the checkout it was built in, wherever it moved);
//   3. the source tree the binary was built from (PRUNEBENCH_SOURCE_DIR);
//   4. the working directory and each parent (a copied binary run inside a
//      checkout).
// The first existing file wins, so a binary uses its own tree's files before
// another checkout's.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "harness/options/cli_args.h"

namespace prunebench::harness {

std::optional<std::string> find_project_file(std::string_view relative_path);

// "error" text for a file not found: where it was looked for and which option
// points elsewhere, e.g. "cannot find positions/stockfish-bench.epd (looked
// in /usr/share/prunebench, above /usr/bin/prunebench, in /src and above the
// working directory /tmp); give --suite FILE".
std::string project_file_not_found(std::string_view relative_path, std::string_view option);

// The value of option `name` ("suite") when given, else the project file
// `relative_default` where found, else project_file_not_found's error.
Parsed<std::string> file_option_or_project_file(const ParsedArgs& args, std::string_view name,
                                                std::string_view relative_default);

// The help text's note on such a default, e.g. "(default: positions/seed.epd,
// found in an installed binary's share/prunebench, above the binary, in its
// source tree or above the working directory)".
std::string project_file_default_help(std::string_view relative_default);

}  // namespace prunebench::harness
