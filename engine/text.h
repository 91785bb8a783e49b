// Reading untrusted text and quoting it in error messages. A message that
// echoes a FEN, an EPD id or an argument must itself be valid UTF-8 of sensible
// length, whatever bytes the input held: multi-byte characters are kept whole,
// bytes that are not UTF-8 (and control characters) are written as \xNN, and
// long input is cut. Numbers in text are read whole, one way everywhere.
#pragma once

#include <charconv>
#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>

namespace prunebench {

// How many echoed characters an error message shows before "...".
constexpr std::size_t QUOTE_MAX_CHARACTERS = 64;

// Length of the well-formed UTF-8 sequence starting `text` (RFC 3629: no
// overlongs, no surrogates, at most U+10FFFF), or 0 when it is not one.
std::size_t utf8_sequence_length(std::string_view text);

bool is_valid_utf8(std::string_view text);

// `text` made printable as above, at most `max_characters` characters.
std::string quote_input(std::string_view text, std::size_t max_characters = QUOTE_MAX_CHARACTERS);

// The first character of `text` for a message: 'x', 'é' (U+00E9), or byte 0xFF.
std::string describe_character(std::string_view text);

// A converted value, or a one-line message saying why the text was refused.
template <typename T>
struct Parsed {
  T value{};
  std::string error;
  bool ok() const { return error.empty(); }
};

// The whole of `text` as a decimal integer of type T: ASCII digits, one leading
// '-' for a signed T, nothing else (no '+', no spaces, nothing left over), so
// "12x", "" and " 3" are refused alike by every reader of a depth, a count or an
// option. The error reads "'TEXT' is not an integer" or "'TEXT' is out of range"
// (TEXT quoted by quote_input); a caller puts the field's name before it.
template <std::integral T>
Parsed<T> parse_whole_integer(std::string_view text) {
  Parsed<T> result;
  const char* end = text.data() + text.size();
  const auto [stop, code] = std::from_chars(text.data(), end, result.value);
  if (code == std::errc::result_out_of_range) {
    result.error = "'" + quote_input(text) + "' is out of range";
  } else if (text.empty() || code != std::errc() || stop != end) {
    result.error = "'" + quote_input(text) + "' is not an integer";
  }
  return result;
}

}  // namespace prunebench
