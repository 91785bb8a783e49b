// Position suites: FEN and EPD files, one position per line.
//
// A line holds a FEN with 4 fields (EPD) or 6, optionally followed by EPD
// operations. Three operations are understood: `id "..."` names the position,
// `bm` lists its best moves (SAN, as written), and `Dk N` gives the published
// perft count N at depth k, in the ";D1 20 ;D2 400" style of perft suites.
// Other operations are skipped. Blank lines and lines starting with '#' are
// ignored. Every FEN is validated by Position::from_fen; a bad line makes the
// whole file an error naming file:line, because measuring a suite with a
// position silently missing would make runs incomparable.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/text.h"

namespace prunebench::harness {

struct SuiteEntry {
  std::string id;   // the EPD id, or "<file basename>:<line>" when absent
  std::string fen;  // the FEN as written, with " 0 1" added to a 4-field EPD
  Position position;
  std::vector<std::string> best_moves;  // the `bm` operands
  std::map<int, std::uint64_t> perft;   // depth -> leaf count, from ";Dk N"
  int line = 0;                         // 1-based line in the file
};

struct SuiteFile {
  std::string path;    // as given by the user
  std::string sha256;  // of the file's bytes, so a run records exactly what it read
  std::vector<SuiteEntry> entries;
};

// The suite in `value`, or "<path>:<line>: <what is wrong>".
using SuiteResult = Parsed<SuiteFile>;

// Reads and parses the suite file at `path`.
SuiteResult read_suite(const std::string& path);
// Parses suite text; `path` names it in ids and errors. sha256 is of `text`.
SuiteResult parse_suite(std::string_view text, const std::string& path);

}  // namespace prunebench::harness
