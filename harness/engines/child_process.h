// A child process spoken to line by line: started with fork/exec, its stdin
// and stdout on one socket pair, read with poll() and a deadline, killed (its
// whole process group) and reaped when done. Used to drive external UCI
// engines; nothing here knows UCI. No child outlives prunebench: its group is
// remembered for the exit paths that skip the destructor (child_groups.h),
// and on Linux the child gets SIGKILL when its parent dies.
//
// A socket rather than pipes so that a write to a dead child fails with EPIPE
// (MSG_NOSIGNAL) instead of raising SIGPIPE in the whole harness.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace prunebench::harness {

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess() { kill(); }

  // Starts argv[0] (searched on PATH) with its stderr sent to /dev/null.
  // Returns an error such as "cannot run 'x': No such file or directory".
  std::string start(const std::vector<std::string>& argv);
  bool running() const { return pid_ > 0; }

  // Sends `line` and a newline; an error if the child is gone.
  std::string write_line(std::string_view line);

  enum class Read { LINE, TIMEOUT, CLOSED };
  // Waits until `deadline` for the next line (without its newline).
  Read read_line(Clock::time_point deadline, std::string& line);

  // Gives the child `grace` to exit by itself, then kills its process group
  // and reaps it; says how it ended, e.g. "exited with code 3", "killed by
  // signal 11" (empty if never started).
  std::string end(std::chrono::milliseconds grace);
  std::string kill() { return end(std::chrono::milliseconds(0)); }

 private:
  bool take_line(std::string& line);

  pid_t pid_ = -1;
  int socket_ = -1;
  std::string buffer_;
  std::string exit_status_;
};

}  // namespace prunebench::harness
