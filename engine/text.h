// Quoting untrusted text in error messages. A message that echoes a FEN, an
// EPD id or an argument must itself be valid UTF-8 of sensible length, whatever
// bytes the input held: multi-byte characters are kept whole, bytes that are
// not UTF-8 (and control characters) are written as \xNN, and long input is cut.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

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

}  // namespace prunebench
