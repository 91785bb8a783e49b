// Reading a UCI client's lines with a cap on their length: a line is a
// command of a few hundred bytes, so anything longer is garbage (or an
// attack) and is discarded as it is read, never held in memory whole.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>

namespace prunebench::harness {

// A UCI line longer than this is discarded (a "position ... moves" line of a
// very long game is a few kilobytes).
inline constexpr std::size_t MAX_UCI_LINE = 1 << 20;

enum class LineRead { LINE, TOO_LONG, END };

// Reads the next line of `in` into `line` (without its newline). TOO_LONG: the
// line had more than `max` bytes and was read to its end and dropped.
LineRead read_capped_line(std::istream& in, std::string& line, std::size_t max = MAX_UCI_LINE);

}  // namespace prunebench::harness
