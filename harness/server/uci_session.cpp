#include "harness/server/uci_session.h"

#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>

#include "engine/search/stop.h"
#include "harness/engines/uci_text.h"
#include "harness/server/uci_line_reader.h"
#include "harness/server/uci_server.h"

namespace prunebench::harness {
namespace {

// Everything printed, by the reading thread and by the search, a whole answer
// at a time and flushed: a client never sees two answers interleaved.
class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  void write(const std::string& text) {
    if (text.empty()) return;
    const std::lock_guard lock(mutex_);
    out_ << text;
    out_.flush();
  }

 private:
  std::mutex mutex_;
  std::ostream& out_;
};

// At most one "go" running beside the reading thread.
class SearchThread {
 public:
  explicit SearchThread(Output& out) : out_(out) {}
  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;
  ~SearchThread() { stop(); }

  void start(UciGo go) {
    wait();
    stop_.requested = false;  // no search is running to see it
    thread_ = std::thread([this, go = std::move(go)] {
      std::ostringstream text;
      run_go(go, &stop_, text);
      out_.write(text.str());
    });
  }
  // Ends the running search early; it still answers its bestmove.
  void stop() {
    stop_.requested = true;
    wait();
  }
  void wait() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  Output& out_;
  SearchStop stop_;
  std::thread thread_;
};

std::string too_long_error() {
  return "info string error: a line longer than " + std::to_string(MAX_UCI_LINE) + " bytes was discarded\n";
}

}  // namespace

void serve_uci(std::istream& in, std::ostream& out) {
  Output output(out);
  UciServer server;
  SearchThread search(output);
  std::string line;
  for (LineRead read; (read = read_capped_line(in, line)) != LineRead::END;) {
    if (read == LineRead::TOO_LONG) {
      output.write(too_long_error());
      continue;
    }
    const std::vector<std::string_view> words = split_words(line);
    const std::string_view command = words.empty() ? std::string_view() : words[0];
    if (command == "quit") break;
    if (command == "stop") {
      search.stop();
      continue;
    }
    if (command == "go") search.wait();  // one search at a time
    std::ostringstream text;
    std::optional<UciGo> go;
    server.handle(line, text, go);
    output.write(text.str());
    if (go) search.start(std::move(*go));
  }
  search.stop();
}

}  // namespace prunebench::harness
