// The node-count regression report (harness/reports/compare.h) as text: a summary
// line, Markdown for CI logs and job summaries, and JSON for programs
// (docs/json-schema.md, kind "compare").
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/reports/compare.h"

namespace prunebench::harness {

// Rows a Markdown table lists before it says how many more the JSON report has.
constexpr std::size_t MARKDOWN_ROW_LIMIT = 50;

// "compare: identical (N records)", or the verdict and the counts, e.g.
// "compare: fail: 9 records: 1 regressed, 0 improved, 6 equal, 1 missing, 1 added; 2 fail".
std::string summary_line(const CompareReport& report);

// The report as Markdown: the summary line, both runs' provenance and the
// tolerances, any inconsistency, node totals by mode and by depth, the
// failing records, the other changed records, then missing and added
// records summarised per mode.
std::string format_markdown(const CompareReport& report);

// The report as a "compare" document; `context` is the comparing tool's own.
nlohmann::json report_json(const CompareReport& report, const nlohmann::json& context);

// 1234567 -> "1,234,567".
std::string with_thousands(NodeSum count);

}  // namespace prunebench::harness
