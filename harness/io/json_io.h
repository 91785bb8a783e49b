// Reading and writing prunebench's JSON files, with errors a user can act on.
//
// Every reader returns a value holding either the data or one line naming the
// file and what is wrong with it (missing, empty, truncated, not JSON, an
// unknown schema_version, the wrong kind). Writers never leave a half-written
// file where a complete one is expected: documents are written atomically, and
// journals (JSON Lines, one finished record per line) can be recovered after
// the process is killed mid-write.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace prunebench::harness {

// The schema_version this build reads and writes (docs/json-schema.md).
constexpr int SCHEMA_VERSION = 1;

// The deepest nesting of arrays and objects a reader takes. nlohmann parses
// without recursion, but copying, comparing and printing a value recurse once
// per level, so a crafted document nested 300,000 deep would overflow the
// stack; prunebench's own documents are less than ten levels deep.
constexpr std::size_t MAX_JSON_NESTING = 256;

// Where (1-based byte) `text` opens an array or object nested deeper than
// MAX_JSON_NESTING, or 0. Brackets inside strings do not count.
std::size_t too_deep_at(std::string_view text);

// The document in `value`, or "<path>: <what is wrong>". Parsed<T>'s shape,
// spelled here because harness/io stands on no part of the engine.
struct JsonReadResult {
  nlohmann::json value;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// Any JSON document.
JsonReadResult read_json_file(const std::string& path);
// The same for bytes already in memory; `path` names them in errors.
JsonReadResult parse_json_text(std::string_view bytes, const std::string& path);
// A prunebench document: an object with schema_version == SCHEMA_VERSION and
// kind == `expected_kind`.
JsonReadResult read_document(const std::string& path, const std::string& expected_kind);
// The schema_version/kind check of read_document, for a document already in memory.
std::string check_document(const nlohmann::json& document, const std::string& expected_kind);

// Replaces `path` with `content` so that readers see the old file or the new
// one, never a mix: writes a new file of a unique name (<path>.XXXXXX, created
// exclusively, so no planted link is followed) in the same directory, flushes
// and fsyncs it, then renames it over `path`. A `path` that is a symbolic link
// is itself replaced; its target is not written. Returns an error line, or "".
std::string write_file_atomically(const std::string& path, const std::string& content);

// Where a streamed writer puts its bytes: returns an error, or "".
using ByteSink = std::function<std::string(std::string_view bytes)>;
// The same for content too large to hold in memory: `write` is called once
// with a sink into the new file and returns an error (which leaves `path` as
// it was), or "".
std::string write_file_atomically(const std::string& path, const std::function<std::string(const ByteSink&)>& write);
// A document pretty-printed with two-space indents and a final newline.
std::string write_json_file(const std::string& path, const nlohmann::json& document);

// What a journal held: every record whose line was complete.
struct JournalContents {
  std::vector<nlohmann::json> records;
  std::vector<int> lines;  // the 1-based line of each record, for errors
  // True when the file ended in a partial line (a run killed while writing
  // it); that line was dropped.
  bool dropped_partial_line = false;
  std::string error;
  bool ok() const { return error.empty(); }
  std::size_t recovered() const { return records.size(); }
};

// Reads a JSON Lines journal. A record counts only once its newline has been
// written, so a final line without one is dropped, never an error; a complete
// line that is not JSON is an error naming <path>:<line>.
JournalContents read_journal(const std::string& path);
// The same for bytes already in memory; `path` names them in errors.
JournalContents parse_journal(std::string_view bytes, const std::string& path);

// An append-only JSON Lines journal. Each append writes one record and its
// newline straight to the file (no user-space buffer), so after a crash of the
// process the journal holds every record whose append returned. A power loss
// can also lose what the kernel had not yet written to the disk: an append
// fdatasyncs the journal when the last sync is JOURNAL_SYNC_INTERVAL old, and
// close does, so only records appended within that interval after the latest
// sync can be lost (a sync per record would slow shallow runs down). Safe to
// share between threads.
constexpr std::chrono::seconds JOURNAL_SYNC_INTERVAL{1};

class JournalWriter {
 public:
  JournalWriter() = default;
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;
  ~JournalWriter();

  // Opens `path` for appending, creating it if needed; a symbolic link there
  // is refused, never followed. A partial last line
  // left by a killed run is cut off first so the next record starts on a line
  // of its own. Returns an error line, or "".
  std::string open(const std::string& path);
  // Appends `record` as one line. Returns an error line, or "".
  std::string append(const nlohmann::json& record);
  void close();
  bool is_open() const { return fd_ >= 0; }

 private:
  std::mutex mutex_;
  std::string path_;
  int fd_ = -1;
  std::chrono::steady_clock::time_point last_sync_{};
};

}  // namespace prunebench::harness
