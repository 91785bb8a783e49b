#include "harness/engines/uci_engine.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace prunebench::harness {
namespace {

constexpr auto QUIT_GRACE = std::chrono::milliseconds(200);

std::string lowercase(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// "option name Hash type spin ..." -> "Hash" (names may hold spaces).
std::string offered_option(const std::vector<std::string_view>& words) {
  std::string name;
  for (std::size_t i = 2; i < words.size() && words[i] != "type"; ++i) name += (name.empty() ? "" : " ") + std::string(words[i]);
  return name;
}

// "2 s", "0.3 s": the timeout as the user wrote it, not "2.000000 s".
std::string seconds_text(std::chrono::milliseconds ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", double(ms.count()) / 1000.0);
  return text;
}

}  // namespace

std::string UciEngine::failure(const std::string& what) {
  const std::string status = process_.end(QUIT_GRACE);
  return what + (status.empty() ? "" : " (engine " + status + ")");
}

std::string UciEngine::send(const std::string& line) {
  const std::string error = process_.write_line(line);
  return error.empty() ? "" : failure("could not send '" + line + "': " + error);
}

template <typename OnLine>
std::string UciEngine::await(const std::string& word, std::string& line, OnLine on_line) {
  const auto deadline = ChildProcess::Clock::now() + timeout_;
  for (;;) {
    switch (process_.read_line(deadline, line)) {
      case ChildProcess::Read::TIMEOUT:
        // Our own kill, not a crash: its signal would read as one.
        process_.kill();
        return "no '" + word + "' within " + seconds_text(timeout_) +
               " (--engine-timeout): prunebench stopped the engine after the timeout";
      case ChildProcess::Read::CLOSED:
        return failure("ended before '" + word + "'");
      case ChildProcess::Read::LINE:
        break;
    }
    const std::vector<std::string_view> words = split_words(line);
    if (!words.empty() && words[0] == word) return "";
    if (std::string error = on_line(words); !error.empty()) return failure(error);
  }
}

std::string UciEngine::handshake() {
  std::string line;
  std::string error = send("uci");
  if (error.empty())
    error = await("uciok", line, [&](const std::vector<std::string_view>& words) {
      if (words.size() > 2 && words[0] == "id" && words[1] == "name")
        id_name_ = printable(line.substr(line.find("name") + 5));  // goes into JSON: printable ASCII only
      if (words.size() > 3 && words[0] == "option" && words[1] == "name") offered_.push_back(offered_option(words));
      return std::string();  // banners and other chatter before uciok are allowed
    });
  if (!error.empty()) return error;
  options_sent_.clear();
  const auto offers = [&](const std::string& name) {
    return std::any_of(offered_.begin(), offered_.end(), [&](const std::string& o) { return lowercase(o) == lowercase(name); });
  };
  const bool user_threads = std::any_of(subject_.options.begin(), subject_.options.end(),
                                        [](const auto& o) { return lowercase(o.first) == "threads"; });
  if (offers("Threads") && !user_threads) options_sent_.emplace_back("Threads", "1");
  for (const auto& option : subject_.options) {
    if (!offers(option.first)) {
      quit();
      return "offers no option '" + option.first + "'";
    }
    options_sent_.push_back(option);
  }
  for (const auto& [name, value] : options_sent_)
    if (std::string e = send("setoption name " + name + " value " + value); !e.empty()) return e;
  return "";
}

std::string UciEngine::start() {
  std::vector<std::string> argv;
  for (std::string_view word : split_words(subject_.command)) argv.emplace_back(word);
  argv.insert(argv.end(), subject_.arguments.begin(), subject_.arguments.end());
  if (std::string error = process_.start(argv); !error.empty()) return error;
  if (std::string error = handshake(); !error.empty()) return error;
  std::string line;
  if (std::string error = send("isready"); !error.empty()) return error;
  return await("readyok", line, [](const auto&) { return std::string(); });
}

std::string UciEngine::search(const std::string& fen, int depth, UciReport& report) {
  if (!process_.running())
    if (std::string error = start(); !error.empty()) return error;
  report = UciReport{};
  std::string line;
  for (const std::string& command : {std::string("ucinewgame"), std::string("isready")})
    if (std::string error = send(command); !error.empty()) return error;
  if (std::string error = await("readyok", line, [](const auto&) { return std::string(); }); !error.empty())
    return error;
  for (const std::string& command : {"position fen " + fen, "go depth " + std::to_string(depth)})
    if (std::string error = send(command); !error.empty()) return error;
  const std::string error = await("bestmove", line, [&](const std::vector<std::string_view>& words) {
    if (words.empty()) return std::string();
    if (words[0] != "info") return "printed '" + printable(line, 80) + "' during a search";
    const std::string problem = read_info_line(line, report);
    return problem.empty() ? problem : "printed '" + printable(line, 80) + "': " + problem;
  });
  if (!error.empty()) return error;
  const std::vector<std::string_view> words = split_words(line);
  if (words.size() < 2 || !is_move_text(words[1]))
    return failure("printed '" + printable(line, 80) + "' instead of 'bestmove MOVE'");
  report.bestmove = std::string(words[1]);
  // A position without a legal move (mate, stalemate): engines answer at once
  // with no node count, as they searched none.
  const bool no_move = report.bestmove == "(none)" || report.bestmove == "0000";
  if (!report.nodes && no_move) report.nodes = 0;
  if (!report.nodes) return "reported no nodes before '" + printable(line, 80) + "'";
  return "";
}

void UciEngine::quit() {
  if (!process_.running()) return;
  (void)process_.write_line("quit");
  process_.end(QUIT_GRACE);
}

}  // namespace prunebench::harness
