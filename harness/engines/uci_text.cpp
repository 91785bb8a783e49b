#include "harness/engines/uci_text.h"

#include <cctype>

#include "engine/text.h"

namespace prunebench::harness {

std::string printable(std::string_view text, std::size_t limit) {
  std::string out(text.substr(0, limit));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
  if (text.size() > limit) out += "...";
  return out;
}

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    std::size_t end = i;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
    if (end > i) words.push_back(line.substr(i, end - i));
    i = end;
  }
  return words;
}

bool is_move_text(std::string_view word) {
  if (word.size() < 4 || word.size() > 5) return word == "0000" || word == "(none)";
  for (char c : word)
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  return true;
}

namespace {

template <typename T>
std::string read_number(std::string_view name, std::string_view text, std::optional<T>& into) {
  const Parsed<T> value = parse_whole_integer<T>(text);
  if (!value.ok()) return std::string(name) + " '" + std::string(text) + "' is not a number";
  into = value.value;
  return "";
}

}  // namespace

std::string read_info_line(std::string_view line, UciReport& report) {
  const std::vector<std::string_view> words = split_words(line);
  if (words.empty() || words[0] != "info") return "not an info line";
  UciReport next = report;
  // Words that are not a field this reads (nps, hashfull, multipv, ...) and
  // their values are skipped one by one.
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word == "string") return "";  // free text to the end of the line
    const bool has_value = i + 1 < words.size();
    std::string error;
    if (word == "pv") {
      next.pv.assign(words.begin() + long(i) + 1, words.end());
      for (const std::string& move : next.pv)
        if (!is_move_text(move)) return "pv move '" + printable(move, 20) + "' is not a UCI move";
      break;
    } else if (word == "score") {
      if (i + 2 >= words.size()) return "score without a value";
      std::optional<int> value;
      error = read_number<int>(words[i + 1], words[i + 2], value);
      if (words[i + 1] == "cp") next.score_cp = value, next.score_mate.reset();
      else if (words[i + 1] == "mate") next.score_mate = value, next.score_cp.reset();
      else error = "score '" + std::string(words[i + 1]) + "' is neither cp nor mate";
      i += 2;
    } else if (!has_value) {
      break;  // a field name without its value: nothing left to read
    } else if (word == "depth") {
      error = read_number(word, words[++i], next.depth);
    } else if (word == "seldepth") {
      error = read_number(word, words[++i], next.seldepth);
    } else if (word == "nodes") {
      error = read_number(word, words[++i], next.nodes);
    } else if (word == "time") {
      error = read_number(word, words[++i], next.time_ms);
    }
    if (!error.empty()) return error;
  }
  report = next;
  return "";
}

std::string divide_text(const std::vector<DivideEntry>& entries) {
  std::string text;
  std::uint64_t total = 0;
  for (const DivideEntry& entry : entries) {
    text += to_uci(entry.move) + ": " + std::to_string(entry.nodes) + "\n";
    total += entry.nodes;
  }
  return text + "\nNodes searched: " + std::to_string(total) + "\n";
}

}  // namespace prunebench::harness
