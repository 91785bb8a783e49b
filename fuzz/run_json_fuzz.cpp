// Run documents and compare: any bytes are refused with one line, or compare
// (against itself and against an empty run) reports without throwing.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/text.h"
#include "fuzz/fuzz_check.h"
#include "harness/reports/compare.h"
#include "harness/reports/compare_report.h"
#include "harness/io/json_io.h"

using namespace prunebench;
using namespace prunebench::harness;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const JsonReadResult read = parse_json_text(text, "fuzz.json");
  if (!read.ok()) {
    FUZZ_CHECK(read.error.find('\n') == std::string::npos);
    return 0;
  }
  if (!check_document(read.value, "run").empty()) return 0;
  const nlohmann::json empty = {
      {"schema_version", SCHEMA_VERSION}, {"kind", "run"}, {"records", nlohmann::json::array()}};
  for (const nlohmann::json* other : {&read.value, &empty}) {
    const CompareResult compared = compare_runs(read.value, *other, {});
    if (!compared.ok()) continue;
    if (other == &read.value) FUZZ_CHECK(!compared.value.fails());
    (void)format_markdown(compared.value);
    (void)report_json(compared.value, nlohmann::json::object())
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  return 0;
}
