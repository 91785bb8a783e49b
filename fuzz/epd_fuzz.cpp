// EPD suites: any bytes are refused with "<file>:<line>: ..." in valid UTF-8,
// or give entries whose ids and operands can be written as JSON (bytes that
// are not UTF-8 once crashed the JSON writer) and whose positions round-trip
// through FEN.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/text.h"
#include "fuzz/fuzz_check.h"
#include "harness/run/suite.h"

using namespace prunebench;
using namespace prunebench::harness;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const SuiteResult result = parse_suite(text, "fuzz.epd");
  if (!result.ok()) {
    FUZZ_CHECK(is_valid_utf8(result.error));
    FUZZ_CHECK(result.error.rfind("fuzz.epd", 0) == 0);
    return 0;
  }
  for (const SuiteEntry& entry : result.value.entries) {
    const nlohmann::json record = {
        {"id", entry.id}, {"fen", entry.fen}, {"bm", entry.best_moves}, {"perft", entry.perft}};
    (void)record.dump();  // throws (and so crashes the target) on bytes that are not UTF-8
    FUZZ_CHECK(Position::from_fen(entry.position.fen()).ok());
  }
  return 0;
}
