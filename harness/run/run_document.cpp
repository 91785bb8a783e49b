#include "harness/run/run_document.h"

namespace prunebench::harness {

namespace {

using Json = nlohmann::json;

std::string pretty(const Json& value) { return value.dump(2, ' ', false, Json::error_handler_t::replace); }

// The empty array of a top-level member: only a member of the document itself
// sits two spaces in, and a string's newline is escaped, so it occurs once.
constexpr std::string_view EMPTY_RECORDS = "\n  \"records\": []";

}  // namespace

std::string record_element_text(const Json& record) {
  const std::string text = pretty(record);
  std::string indented = "    ";
  indented.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    indented += c;
    if (c == '\n') indented += "    ";
  }
  return indented;
}

std::string write_document_with_records(const Json& document, const RecordSpool& records, const ByteSink& sink) {
  const std::string text = pretty(document) + "\n";
  const std::size_t at = text.find(EMPTY_RECORDS);
  if (at == std::string::npos || !document.at("records").empty())
    return "internal error: the document to stream holds no empty \"records\"";
  if (records.size() == 0) return sink(text);
  const std::size_t open = at + EMPTY_RECORDS.size() - 1;  // just past '['
  for (const std::string_view piece : {std::string_view(text).substr(0, open), std::string_view("\n")})
    if (std::string error = sink(piece); !error.empty()) return error;
  if (std::string error = records.write_to(sink, ",\n"); !error.empty()) return error;
  return sink("\n  " + text.substr(open));
}

}  // namespace prunebench::harness
