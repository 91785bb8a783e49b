#include "harness/run/suite.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/text.h"
#include "harness/io/sha256.h"

namespace prunebench::harness {

namespace {

constexpr int EPD_FIELDS = 4;
constexpr std::string_view DEFAULT_COUNTERS = " 0 1";  // halfmove clock, fullmove number
constexpr int MAX_PERFT_DEPTH = 64;

struct EpdOperation {
  std::string opcode;
  std::vector<std::string> operands;
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

bool is_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// The next FEN field of `rest`, consumed. Fields end at a space or at the ';'
// that may start the operations without a space before it.
std::string_view next_field(std::string_view& rest) {
  rest = trim(rest);
  std::size_t end = 0;
  while (end < rest.size() && !is_space(rest[end]) && rest[end] != ';') ++end;
  const std::string_view field = rest.substr(0, end);
  rest.remove_prefix(end);
  return field;
}

// Splits EPD operations: "opcode operand...;" with string operands in double
// quotes. The last ';' may be missing, and perft suites put the ';' first
// (";D1 20 ;D2 400"), so ';' is treated as a separator rather than a terminator.
std::string split_operations(std::string_view text, std::vector<EpdOperation>& operations) {
  EpdOperation current;
  std::string token;
  bool in_token = false;
  const auto end_token = [&] {
    if (!in_token) return;
    (current.opcode.empty() ? current.opcode : current.operands.emplace_back()) = std::move(token);
    token.clear();
    in_token = false;
  };
  const auto end_operation = [&] {
    end_token();
    if (!current.opcode.empty()) operations.push_back(std::move(current));
    current = {};
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      const std::size_t close = text.find('"', i + 1);
      if (close == std::string_view::npos) return "unterminated string in EPD operations";
      token.append(text.substr(i + 1, close - i - 1));
      in_token = true;
      i = close;
    } else if (c == ';') {
      end_operation();
    } else if (is_space(c)) {
      end_token();
    } else {
      token += c;
      in_token = true;
    }
  }
  end_operation();
  return {};
}

// "D3" -> 3; -1 when the opcode is not a perft depth. "D0" and "D99" are
// depths (refused later as out of range), not unknown opcodes to ignore.
int perft_depth(const std::string& opcode) {
  if (opcode.size() < 2 || opcode[0] != 'D' || !is_digits(std::string_view(opcode).substr(1))) return -1;
  const Parsed<int> depth = parse_whole_integer<int>(std::string_view(opcode).substr(1));
  return depth.ok() ? depth.value : MAX_PERFT_DEPTH + 1;
}

std::string apply_operation(const EpdOperation& operation, SuiteEntry& entry) {
  if (operation.opcode == "id") {
    if (operation.operands.size() != 1 || operation.operands[0].empty())
      return "id needs one non-empty string";
    entry.id = operation.operands[0];
  } else if (operation.opcode == "bm") {
    entry.best_moves = operation.operands;
  } else if (const int depth = perft_depth(operation.opcode); depth >= 0) {
    const std::string* text = operation.operands.size() == 1 ? &operation.operands[0] : nullptr;
    const Parsed<std::uint64_t> count = parse_whole_integer<std::uint64_t>(text ? *text : "");
    if (depth < 1 || depth > MAX_PERFT_DEPTH || !text || !is_digits(*text) || !count.ok()) {
      return "perft annotation ;" + quote_input(operation.opcode) + " needs one count (depth 1.." +
             std::to_string(MAX_PERFT_DEPTH) + ")";
    }
    if (!entry.perft.emplace(depth, count.value).second)
      return "perft depth " + std::to_string(depth) + " given twice";
  }
  return {};
}

// Reads the FEN fields at the start of `rest` (consuming them) into `fen`.
std::string read_fen_fields(std::string_view& rest, std::string& fen) {
  std::vector<std::string_view> fields;
  for (int i = 0; i < EPD_FIELDS; ++i) fields.push_back(next_field(rest));
  if (fields.back().empty()) return "expected a FEN with 4 or 6 fields";
  // Two more numeric fields are the move counters of a full FEN; anything
  // else after four fields starts the EPD operations.
  std::string_view after = rest;
  const std::string_view halfmove = next_field(after), fullmove = next_field(after);
  if (is_digits(halfmove) && is_digits(fullmove)) {
    fields.push_back(halfmove);
    fields.push_back(fullmove);
    rest = after;
  } else if (is_digits(halfmove)) {
    return "FEN has 5 fields (expected 4 or 6)";
  }
  fen.clear();
  for (std::string_view field : fields) fen.append(fen.empty() ? "" : " ").append(field);
  if (fields.size() == EPD_FIELDS) fen += DEFAULT_COUNTERS;
  return {};
}

std::string parse_line(std::string_view line, SuiteEntry& entry) {
  std::string_view rest = line;
  std::string problem = read_fen_fields(rest, entry.fen);
  if (!problem.empty()) return problem;
  FenResult parsed = Position::from_fen(entry.fen);
  if (!parsed.ok()) return "bad FEN '" + quote_input(entry.fen) + "': " + parsed.error;
  entry.position = parsed.value;
  std::vector<EpdOperation> operations;
  problem = split_operations(rest, operations);
  for (std::size_t i = 0; problem.empty() && i < operations.size(); ++i)
    problem = apply_operation(operations[i], entry);
  return problem;
}

// Ids key the records of a run, so two positions of one suite may not share one.
std::string check_unique_ids(const std::vector<SuiteEntry>& entries, const std::string& path) {
  std::map<std::string_view, int> first_line;
  for (const SuiteEntry& entry : entries) {
    const auto [it, inserted] = first_line.emplace(entry.id, entry.line);
    if (!inserted) {
      return path + ":" + std::to_string(entry.line) + ": id \"" + quote_input(entry.id) +
             "\" is already used on line " + std::to_string(it->second);
    }
  }
  return {};
}

// Where `line` stops being UTF-8, or "" when it all is: ids and operands end
// up in JSON records, which must be UTF-8, so a bad byte is refused here, with
// its line, rather than when the first record is written.
std::string check_utf8(std::string_view line) {
  for (std::size_t column = 0; column < line.size();) {
    const std::size_t length = utf8_sequence_length(line.substr(column));
    if (length == 0)
      return "not valid UTF-8 (" + describe_character(line.substr(column)) + " at byte " +
             std::to_string(column + 1) + ")";
    column += length;
  }
  return {};
}

constexpr std::string_view UTF8_BOM = "\xEF\xBB\xBF";

}  // namespace

SuiteResult parse_suite(std::string_view text, const std::string& path) {
  SuiteResult result;
  result.value.path = path;
  result.value.sha256 = sha256_hex(text);
  if (!is_valid_utf8(path)) {
    result.error =
        "suite file name " + quote_input(path) + " is not valid UTF-8 (it is recorded in the results)";
    return result;
  }
  // Editors on Windows start UTF-8 files with a byte-order mark; it is not content.
  if (text.substr(0, UTF8_BOM.size()) == UTF8_BOM) text.remove_prefix(UTF8_BOM.size());
  const std::string basename = std::filesystem::path(path).filename().string();
  std::size_t start = 0;
  for (int line_number = 1; start < text.size(); ++line_number) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    const std::string_view line = trim(text.substr(start, newline - start));
    start = newline + 1;
    if (line.empty() || line.front() == '#') continue;
    SuiteEntry entry;
    entry.line = line_number;
    std::string problem = check_utf8(line);
    if (problem.empty()) problem = parse_line(line, entry);
    if (!problem.empty()) {
      result.error = path + ":" + std::to_string(line_number) + ": " + problem;
      return result;
    }
    if (entry.id.empty()) entry.id = basename + ":" + std::to_string(line_number);
    result.value.entries.push_back(std::move(entry));
  }
  if (result.value.entries.empty()) {
    result.error = path + ": no positions in the suite";
    return result;
  }
  result.error = check_unique_ids(result.value.entries, path);
  return result;
}

SuiteResult read_suite(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    SuiteResult missing;
    missing.error = path + (std::filesystem::exists(path, ec) ? ": not a regular file" : ": no such file");
    return missing;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    SuiteResult unreadable;
    unreadable.error = path + ": cannot open";
    return unreadable;
  }
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return parse_suite(bytes.str(), path);
}

}  // namespace prunebench::harness
