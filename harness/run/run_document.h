// A run document's text with its records streamed from a RecordSpool, so
// that writing it needs no more memory than its largest record.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "harness/io/json_io.h"
#include "harness/io/record_spool.h"

namespace prunebench::harness {

// A record's text as it stands in the "records" array of a document printed
// with two-space indents (write_json_file): its own two-space dump, every line
// indented by two levels more. Invalid UTF-8 in a label is replaced, never an
// error that would lose the measurement.
std::string record_element_text(const nlohmann::json& record);

// Sends `document` with the spool's texts as the elements of its "records"
// array (which `document` must hold empty) to `sink`: byte for byte what
// write_json_file would write for the document with the records in it.
std::string write_document_with_records(const nlohmann::json& document, const RecordSpool& records,
                                        const ByteSink& sink);

}  // namespace prunebench::harness
