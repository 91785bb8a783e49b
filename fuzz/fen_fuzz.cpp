// FEN: any bytes are refused with one line of valid UTF-8 or give a position
// that perft(2) can walk and that survives a write/read round trip unchanged.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/perft.h"
#include "engine/position.h"
#include "engine/text.h"
#include "fuzz/fuzz_check.h"

using namespace prunebench;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const FenResult parsed = Position::from_fen(text);
  if (!parsed.ok()) {
    FUZZ_CHECK(is_valid_utf8(parsed.error));
    FUZZ_CHECK(parsed.error.find('\n') == std::string::npos);
    return 0;
  }
  const Position& position = parsed.value;
  FUZZ_CHECK(position.key() == position.compute_key());
  const FenResult again = Position::from_fen(position.fen());
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(again.value.fen() == position.fen());
  FUZZ_CHECK(again.value.key() == position.key());
  FUZZ_CHECK(perft(position, 2) == perft(again.value, 2));
  FUZZ_CHECK(perft(position, 2) == perft_make_every_leaf(position, 2));
  return 0;
}
