#include "engine/text.h"

#include <cstdio>

namespace prunebench {

namespace {

bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

std::string hex_byte(unsigned char byte) {
  char text[8];
  std::snprintf(text, sizeof text, "\\x%02X", byte);
  return text;
}

std::uint32_t decode(std::string_view sequence) {
  const auto lead = static_cast<unsigned char>(sequence[0]);
  if (sequence.size() == 1) return lead;
  std::uint32_t value = lead & (0xFF >> (sequence.size() + 1));
  for (std::size_t i = 1; i < sequence.size(); ++i)
    value = (value << 6) | (static_cast<unsigned char>(sequence[i]) & 0x3F);
  return value;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto lead = static_cast<unsigned char>(text[0]);
  std::size_t length = lead < 0x80                    ? 1
                       : lead >= 0xC2 && lead <= 0xDF ? 2
                       : lead >= 0xE0 && lead <= 0xEF ? 3
                       : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                      : 0;
  if (length == 0 || text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i)
    if (!is_continuation(static_cast<unsigned char>(text[i]))) return 0;
  const std::uint32_t value = decode(text.substr(0, length));
  const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (value < smallest[length] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  return length;
}

bool is_valid_utf8(std::string_view text) {
  while (!text.empty()) {
    const std::size_t length = utf8_sequence_length(text);
    if (length == 0) return false;
    text.remove_prefix(length);
  }
  return true;
}

std::string quote_input(std::string_view text, std::size_t max_characters) {
  std::string quoted;
  for (std::size_t characters = 0; !text.empty(); ++characters) {
    if (characters == max_characters) return quoted + "...";
    const std::size_t length = utf8_sequence_length(text);
    const auto byte = static_cast<unsigned char>(text[0]);
    if (length == 0 || byte < 0x20 || byte == 0x7F) {
      quoted += hex_byte(byte);
      text.remove_prefix(1);
    } else {
      quoted.append(text.substr(0, length));
      text.remove_prefix(length);
    }
  }
  return quoted;
}

std::string describe_character(std::string_view text) {
  const std::size_t length = utf8_sequence_length(text);
  if (text.empty()) return "end of text";
  const auto byte = static_cast<unsigned char>(text[0]);
  char code[16];
  if (length == 0 || byte < 0x20 || byte == 0x7F) {
    std::snprintf(code, sizeof code, "byte 0x%02X", byte);
    return code;
  }
  const std::string character = "'" + std::string(text.substr(0, length)) + "'";
  if (length == 1) return character;
  std::snprintf(code, sizeof code, " (U+%04X)", unsigned(decode(text.substr(0, length))));
  return character + code;
}

}  // namespace prunebench
