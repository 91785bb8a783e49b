// Mode specs: any text is refused with one line of valid UTF-8, or gives a
// spec whose description parses back to the same spec, and that searches the
// start position to depth 2 (without a large table: the fuzzer's memory
// limit is not the point here).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/search/spec.h"
#include "engine/text.h"
#include "fuzz/fuzz_check.h"
#include "harness/run/chess_search.h"

using namespace prunebench;
using namespace prunebench::harness;

namespace {
constexpr std::size_t MAX_FUZZ_TT_MEGABYTES = 4;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ModeParse parsed = parse_chess_mode(text);
  if (!parsed.ok()) {
    FUZZ_CHECK(parsed.error.find('\n') == std::string::npos);
    if (is_valid_utf8(text)) FUZZ_CHECK(is_valid_utf8(parsed.error));
    return 0;
  }
  if (parsed.value.tt && parsed.value.tt_megabytes > MAX_FUZZ_TT_MEGABYTES) return 0;
  static const Position START = Position::from_fen(Position::START_FEN).value;
  const ChessSearch search = run_chess_search(START, std::string(text), parsed.value, 2);
  FUZZ_CHECK(search.result.score == 0);  // material only: nothing can be won in two plies
  return 0;
}
