#include "harness/io/json_io.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace prunebench::harness {

namespace {

using nlohmann::json;

// The permissions a plain open(..., 0666) would give, read once while the
// process is still single-threaded (umask can only be read by setting it).
mode_t read_umask() {
  const mode_t mask = ::umask(022);
  ::umask(mask);
  return mask;
}
const mode_t PROCESS_UMASK = read_umask();

std::string system_error(const std::string& path, const std::string& what) {
  return path + ": " + what + " (" + std::strerror(errno) + ")";
}

bool is_blank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

// Reads the whole file, or says why not.
std::string read_bytes(const std::string& path, std::string& bytes) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return path + ": no such file";
  if (std::filesystem::is_directory(path, ec)) return path + ": is a directory, not a file";
  std::ifstream in(path, std::ios::binary);
  if (!in) return system_error(path, "cannot open");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return system_error(path, "cannot read");
  bytes = buffer.str();
  return {};
}

// Why a text failed to parse, in parts, so that a whole document and one
// journal line can each be described in their own terms.
struct ParseProblem {
  bool failed = false;
  bool truncated = false;   // the text ended before the JSON value did
  std::size_t byte = 0;     // 1-based, as nlohmann counts
  std::string position;     // "line 3, column 7"
  std::string description;  // "syntax error while parsing object - ..."
};

// Splits nlohmann's "[json.exception.parse_error.101] parse error at line 1,
// column 2: syntax error ..." into position and description.
void split_message(const std::string& message, ParseProblem& problem) {
  constexpr std::string_view PREFIX = "parse error at ";
  const std::size_t start = message.find(PREFIX);
  const std::size_t colon = start == std::string::npos ? start : message.find(": ", start);
  if (colon == std::string::npos) {
    problem.description = message;
    return;
  }
  problem.position = message.substr(start + PREFIX.size(), colon - start - PREFIX.size());
  problem.description = message.substr(colon + 2);
}

// "[json.exception.out_of_range.406] number overflow ..." -> "number overflow ...".
std::string without_exception_id(const std::string& message) {
  const std::size_t end = message.rfind("] ", message.find(' '));
  return end == std::string::npos ? message : message.substr(end + 2);
}

ParseProblem parse_json(std::string_view text, json& value) {
  ParseProblem problem;
  if (const std::size_t at = too_deep_at(text)) {
    problem.failed = true;
    problem.description = "nested more than " + std::to_string(MAX_JSON_NESTING) + " levels deep at byte " +
                          std::to_string(at) + "; prunebench reads at most " + std::to_string(MAX_JSON_NESTING);
    return problem;
  }
  try {
    value = json::parse(text);
  } catch (const json::parse_error& e) {
    problem.failed = true;
    // nlohmann reports byte size+1 when it ran out of input: the text is a
    // prefix of a value, which is how a killed writer leaves it.
    problem.truncated = e.byte > text.size();
    problem.byte = e.byte;
    split_message(e.what(), problem);
  } catch (const json::exception& e) {
    // Valid syntax that nlohmann cannot hold, e.g. 1e400 (out_of_range.406):
    // still bad input, never an abort.
    problem.failed = true;
    problem.description = without_exception_id(e.what());
  }
  return problem;
}

std::string describe_document_problem(const ParseProblem& problem, std::size_t size) {
  if (problem.truncated)
    return "truncated JSON (the document is incomplete at byte " + std::to_string(size) + ")";
  if (problem.byte == 0) return "not readable JSON (" + problem.description + ")";
  std::string text = "not JSON at byte " + std::to_string(problem.byte) + " (";
  if (!problem.position.empty()) text += problem.position + ": ";
  return text + problem.description + ")";
}

std::string write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) return std::strerror(errno);
    bytes.remove_prefix(std::size_t(written));
  }
  return {};
}

// Makes a completed rename durable: the directory entry lives in the
// directory, which has its own buffers. Best effort, as some file systems
// refuse fsync on directories.
void sync_directory_of(const std::string& path) {
  std::filesystem::path directory = std::filesystem::path(path).parent_path();
  if (directory.empty()) directory = ".";
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

std::string dump_line(const json& value, int indent) {
  // Replace invalid UTF-8 rather than throw: a bad byte in a label must not
  // lose a measurement.
  return value.dump(indent, ' ', false, json::error_handler_t::replace) + "\n";
}

// Offset just past the last '\n' of the open file (0 if it has none).
off_t end_of_last_line(int fd, off_t size) {
  char chunk[4096];
  for (off_t end = size; end > 0;) {
    const off_t start = end > off_t(sizeof chunk) ? end - off_t(sizeof chunk) : 0;
    const ssize_t got = ::pread(fd, chunk, std::size_t(end - start), start);
    if (got <= 0) return size;  // unreadable: leave the file as it is
    for (ssize_t i = got - 1; i >= 0; --i) {
      if (chunk[i] == '\n') return start + i + 1;
    }
    end = start;
  }
  return 0;
}

}  // namespace

std::size_t too_deep_at(std::string_view text) {
  std::size_t depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > MAX_JSON_NESTING) return i + 1;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return 0;
}

JsonReadResult read_json_file(const std::string& path) {
  std::string bytes;
  if (std::string error = read_bytes(path, bytes); !error.empty()) return {nlohmann::json(), error};
  return parse_json_text(bytes, path);
}

JsonReadResult parse_json_text(std::string_view bytes, const std::string& path) {
  JsonReadResult result;
  if (is_blank(bytes)) {
    result.error = path + ": file is empty";
    return result;
  }
  const ParseProblem problem = parse_json(bytes, result.value);
  if (problem.failed) result.error = path + ": " + describe_document_problem(problem, bytes.size());
  return result;
}

std::string check_document(const json& document, const std::string& expected_kind) {
  if (!document.is_object()) return "not a prunebench document (expected a JSON object)";
  const auto version = document.find("schema_version");
  if (version == document.end()) return "missing schema_version";
  if (!version->is_number_integer()) return "schema_version must be an integer, found " + version->dump();
  if (*version != SCHEMA_VERSION) {
    return "schema_version " + version->dump() + " is not supported (this prunebench reads version " +
           std::to_string(SCHEMA_VERSION) + ")";
  }
  const auto kind = document.find("kind");
  if (kind == document.end() || !kind->is_string())
    return "missing kind (expected \"" + expected_kind + "\")";
  if (*kind != expected_kind)
    return "kind is \"" + kind->get<std::string>() + "\", expected \"" + expected_kind + "\"";
  return {};
}

JsonReadResult read_document(const std::string& path, const std::string& expected_kind) {
  JsonReadResult result = read_json_file(path);
  if (!result.ok()) return result;
  const std::string problem = check_document(result.value, expected_kind);
  if (!problem.empty()) result.error = path + ": " + problem;
  return result;
}

std::string write_file_atomically(const std::string& path, const std::string& content) {
  return write_file_atomically(path, [&](const ByteSink& sink) { return sink(content); });
}

std::string write_file_atomically(const std::string& path, const std::function<std::string(const ByteSink&)>& write) {
  // A unique name made with O_CREAT|O_EXCL (mkostemp): a link planted at a
  // name we could guess is never followed, and two writers never share one.
  std::string temporary = path + ".XXXXXX";
  const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0) return system_error(path, "cannot create a temporary file beside it");
  std::string problem;
  if (::fchmod(fd, 0666 & ~PROCESS_UMASK) != 0) problem = std::strerror(errno);  // mkostemp makes it 0600
  if (problem.empty()) problem = write([fd](std::string_view bytes) { return write_all(fd, bytes); });
  if (problem.empty() && ::fsync(fd) != 0) problem = std::strerror(errno);
  if (::close(fd) != 0 && problem.empty()) problem = std::strerror(errno);
  // rename replaces the directory entry `path`: when it is a symbolic link,
  // the link is replaced and the file it pointed to is left as it was.
  if (problem.empty() && std::rename(temporary.c_str(), path.c_str()) != 0) {
    problem = "cannot rename " + temporary + " to " + path + ": " + std::strerror(errno);
  }
  if (!problem.empty()) {
    ::unlink(temporary.c_str());
    return path + ": cannot write (" + problem + ")";
  }
  sync_directory_of(path);
  return {};
}

std::string write_json_file(const std::string& path, const json& document) {
  return write_file_atomically(path, dump_line(document, 2));
}

JournalContents read_journal(const std::string& path) {
  std::string bytes;
  if (std::string error = read_bytes(path, bytes); !error.empty()) {
    JournalContents unreadable;
    unreadable.error = error;
    return unreadable;
  }
  return parse_journal(bytes, path);
}

JournalContents parse_journal(std::string_view bytes, const std::string& path) {
  JournalContents contents;
  std::size_t start = 0;
  for (int line_number = 1; start < bytes.size(); ++line_number) {
    const std::size_t newline = bytes.find('\n', start);
    const std::string_view line = bytes.substr(start, newline - start);
    if (newline == std::string::npos) {
      contents.dropped_partial_line = !is_blank(line);
      break;
    }
    start = newline + 1;
    if (is_blank(line)) continue;
    json record;
    const ParseProblem problem = parse_json(line, record);
    if (problem.failed) {
      // A complete line that does not parse was not left by a crash: refuse
      // it rather than silently lose the records after it.
      const std::string at = problem.byte ? "at byte " + std::to_string(problem.byte) + " of the line: " : "";
      contents.error =
          path + ":" + std::to_string(line_number) + ": not a JSON record (" + at + problem.description + ")";
      return contents;
    }
    contents.records.push_back(std::move(record));
    contents.lines.push_back(line_number);
  }
  return contents;
}

JournalWriter::~JournalWriter() { close(); }

std::string JournalWriter::open(const std::string& path) {
  std::lock_guard lock(mutex_);
  if (fd_ >= 0) return path + ": journal already open (" + path_ + ")";
  // O_NOFOLLOW: a link planted at OUT.journal is refused, never followed
  // (open fails with ELOOP, dangling or not).
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) return system_error(path, "cannot open journal");
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const std::string problem = system_error(path, "cannot stat journal");
    ::close(fd);
    return problem;
  }
  const off_t keep = end_of_last_line(fd, info.st_size);
  if (keep < info.st_size && ::ftruncate(fd, keep) != 0) {
    const std::string problem = system_error(path, "cannot cut the partial last line");
    ::close(fd);
    return problem;
  }
  fd_ = fd;
  path_ = path;
  return {};
}

std::string JournalWriter::append(const json& record) {
  const std::string line = dump_line(record, -1);
  std::lock_guard lock(mutex_);
  if (fd_ < 0) return "journal is not open";
  std::string problem = write_all(fd_, line);
  const auto now = std::chrono::steady_clock::now();
  if (problem.empty() && now - last_sync_ >= JOURNAL_SYNC_INTERVAL) {
    if (::fdatasync(fd_) != 0 && errno != EINVAL)
      problem = std::strerror(errno);  // EINVAL: cannot sync (a pipe)
    last_sync_ = now;
  }
  return problem.empty() ? std::string() : path_ + ": cannot append to journal (" + problem + ")";
}

void JournalWriter::close() {
  std::lock_guard lock(mutex_);
  if (fd_ >= 0) {
    ::fdatasync(fd_);
    ::close(fd_);
  }
  fd_ = -1;
}

}  // namespace prunebench::harness
