// What --resume may take from a journal: the plan header on its first line,
// then records shaped as the runner wrote them. A journal is a file on disk a
// user (or a full disk, or another program) may have changed, so every line is
// checked before any field of it is used; a line that is JSON but neither a
// record nor position facts ({"position": facts}, which `run --records-from`
// journals) is refused by its line number, never dereferenced.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/io/json_io.h"

namespace prunebench::harness {

// Checks `journal` (read from `path`) against the signature of the plan being
// resumed and returns its records (without the header) in `records` and, when
// `facts` is given, its position facts there (a run that searches gathers its
// facts afresh), or an error line "<path>:<line>: ...".
std::string check_journal(const JournalContents& journal, const std::string& path,
                          const nlohmann::json& signature, std::vector<nlohmann::json>& records,
                          std::vector<nlohmann::json>* facts = nullptr);

// Why `record` is not a run record the runner could have written, or "".
std::string check_record_shape(const nlohmann::json& record);

}  // namespace prunebench::harness
