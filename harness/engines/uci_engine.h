// An external UCI engine as a subject of measurement: started from a command
// line, handshaken (uci/uciok, Threads=1 where offered, the user's options,
// isready/readyok), then asked for fixed-depth searches whose reports are
// collected (uci_text.h). Every failure — missing binary, crash, hang past
// the timeout, garbage, no uciok — is one line saying what happened; the
// caller adds which engine and position.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "harness/engines/child_process.h"
#include "harness/engines/uci_text.h"

namespace prunebench::harness {

// One engine of a run, as the user named it.
struct EngineSubject {
  std::string name;     // the run's mode name for its records
  std::string command;  // program and arguments, split on spaces (no shell)
  std::vector<std::pair<std::string, std::string>> options;  // setoption NAME value VALUE, in order
  std::vector<std::string> arguments;  // more arguments after those, each as given (spaces kept)
};

class UciEngine {
 public:
  UciEngine(EngineSubject subject, std::chrono::milliseconds timeout)
      : subject_(std::move(subject)), timeout_(timeout) {}
  ~UciEngine() { quit(); }

  // Starts the process and completes the handshake.
  std::string start();
  // ucinewgame, isready, position fen FEN, go depth D; waits for bestmove.
  std::string search(const std::string& fen, int depth, UciReport& report);
  // "quit", a moment to leave, then the process is killed and reaped.
  void quit();

  const std::string& id_name() const { return id_name_; }
  // The options sent, Threads=1 included when the engine offers it.
  const std::vector<std::pair<std::string, std::string>>& options_sent() const { return options_sent_; }

 private:
  std::string send(const std::string& line);
  // Reads lines until one starts with `word`; `on_line` sees the others and
  // may refuse one with an error.
  template <typename OnLine>
  std::string await(const std::string& word, std::string& line, OnLine on_line);
  std::string handshake();
  std::string failure(const std::string& what);

  EngineSubject subject_;
  std::chrono::milliseconds timeout_;
  ChildProcess process_;
  std::string id_name_;
  std::vector<std::string> offered_;  // option names from "option name ... type"
  std::vector<std::pair<std::string, std::string>> options_sent_;
};

}  // namespace prunebench::harness
