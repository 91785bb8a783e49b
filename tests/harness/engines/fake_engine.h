// Fake UCI engines for tests: small sh scripts that answer the protocol and
// misbehave on request (crash, hang, print garbage, never say uciok, report
// different node counts each search).
#pragma once

#include <sys/stat.h>

#include <string>

#include "tests/harness/test_files.h"

namespace prunebench::harness::testing {

// What the fake does on "go" (it has the last position line in $fen); the rest of the protocol it answers properly.
inline const char* const GO_WELL = "echo 'info depth 1 seldepth 3 score cp 5 nodes 42 time 1 pv e2e4'; echo 'bestmove e2e4'";
inline const char* const GO_CRASH = "kill -SEGV $$";
inline const char* const GO_HANG = "sleep 30";
inline const char* const GO_GARBAGE = "printf 'h\\377llo world\\n'";
inline const char* const GO_BAD_MOVE = "printf 'bestmove \\303\\251\\303\\251\\n'";
inline const char* const GO_COUNTING =
    "n=$((n+1)); echo \"info depth 1 score cp 0 nodes $n pv e2e4\"; echo 'bestmove e2e4'";

// Writes an executable fake engine into `dir` and returns its path. `on_uci`
// replaces the normal answer to "uci" (e.g. without "uciok").
inline std::string fake_engine(const TempDir& dir, const std::string& name, const std::string& on_go,
                               const std::string& on_uci =
                                   "echo 'id name Fake 1.0'; echo 'option name Threads type spin default 4 min 1 "
                                   "max 8'; echo 'option name Hash type spin default 1 min 1 max 8'; echo uciok") {
  const std::string path = dir.file(name);
  write_text(path, "#!/bin/sh\nn=0\nwhile read -r line; do\n  case \"$line\" in\n    uci) " + on_uci +
                       ";;\n    isready) echo readyok;;\n    position*) fen=\"$line\";;\n    go*) " + on_go +
                       ";;\n    quit) exit 0;;\n  esac\ndone\n");
  ::chmod(path.c_str(), 0755);
  return path;
}

}  // namespace prunebench::harness::testing
