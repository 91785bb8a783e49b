// The words of UCI lines, both ways: splitting a line, and reading what an
// engine reports on its "info" lines. Pure text, no I/O, so it is tested on
// strings (tests/harness/engines/uci_text_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/perft.h"

namespace prunebench::harness {

// `text` cut to `limit` bytes, with every byte outside printable ASCII as
// '?': words from another program echoed in a one-line, valid UTF-8 message.
std::string printable(std::string_view text, std::size_t limit = 200);

// Whether `word` looks like a UCI move ("e2e4", "e7e8q", "0000", "(none)"):
// four or five ASCII letters and digits. Engines' moves go into JSON, which
// takes only valid UTF-8, so anything else is refused as garbage.
bool is_move_text(std::string_view word);

// Splits on spaces and tabs; no empty words.
std::vector<std::string_view> split_words(std::string_view line);

// What an engine reported during one search. Each field keeps the last value
// any "info" line gave it: engines report nodes, score and pv on different
// lines (Toga II prints "info depth 3 seldepth 8 time 7 nodes 446" without a
// score), so the last line alone may lack some.
struct UciReport {
  std::optional<int> depth, seldepth;
  std::optional<std::uint64_t> nodes, time_ms;
  std::optional<int> score_cp, score_mate;  // exactly one is set once a score came
  std::vector<std::string> pv;
  std::string bestmove;  // "(none)" or "0000" when the engine has no move
};

// Reads one line beginning "info" into `report`; an "info string" line, or one
// whose numbers are not numbers, changes nothing it cannot read. Returns an
// error when a value is malformed, e.g. "nodes 'x' is not a count".
std::string read_info_line(std::string_view line, UciReport& report);

// Stockfish's "go perft" output, the format perft-diff tools read: one
// "move: count" line per root move, a blank line, then "Nodes searched: N".
std::string divide_text(const std::vector<DivideEntry>& entries);

}  // namespace prunebench::harness
