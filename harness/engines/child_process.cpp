#include "harness/engines/child_process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "harness/engines/child_groups.h"

namespace prunebench::harness {
namespace {

// A line longer than this is garbage, not a protocol line: it is cut here so
// a babbling child cannot exhaust memory.
constexpr std::size_t MAX_LINE = 1 << 20;

std::string errno_text(int error) { return std::strerror(error); }

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

// In the child, between fork and exec: only async-signal-safe calls. An exec
// failure's errno goes back through `report` (closed on a successful exec).
[[noreturn]] void exec_child(char* const* argv, int channel, int report, pid_t parent) {
  setpgid(0, 0);
#ifdef __linux__
  // A prunebench killed by SIGKILL runs no code to end its engines: the
  // kernel does it. (The signal follows the thread that forked: a child must
  // end before the thread that started it.)
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);  // the parent died before prctl took effect
#else
  (void)parent;
#endif
  const int null = open("/dev/null", O_WRONLY);
  dup2(channel, STDIN_FILENO);
  dup2(channel, STDOUT_FILENO);
  if (null >= 0) dup2(null, STDERR_FILENO);
  execvp(argv[0], argv);
  const int error = errno;
  [[maybe_unused]] const ssize_t written = write(report, &error, sizeof error);
  _exit(127);
}

}  // namespace

std::string ChildProcess::start(const std::vector<std::string>& argv) {
  if (argv.empty()) return "empty command";
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int channel[2], report[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, channel) != 0) return "socketpair: " + errno_text(errno);
  if (pipe2(report, O_CLOEXEC) != 0) {
    close(channel[0]), close(channel[1]);
    return "pipe: " + errno_text(errno);
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    exec_child(args.data(), channel[1], report[1], parent);  // dup2 clears the copies' close-on-exec
  }
  close(channel[1]);
  close(report[1]);
  if (pid < 0) {
    close(channel[0]), close(report[0]);
    return "fork: " + errno_text(errno);
  }
  setpgid(pid, pid);  // also here, so that the group exists before either side runs on
  remember_child_group(pid);
  pid_ = pid;
  socket_ = channel[0];
  int exec_error = 0;
  const ssize_t got = read(report[0], &exec_error, sizeof exec_error);
  close(report[0]);
  if (got == ssize_t(sizeof exec_error)) {
    kill();
    return "cannot run '" + argv[0] + "': " + errno_text(exec_error);
  }
  return "";
}

std::string ChildProcess::write_line(std::string_view line) {
  if (!running()) return "not running";
  std::string text(line);
  text += '\n';
  for (std::size_t sent = 0; sent < text.size();) {
    const ssize_t n = send(socket_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return "write failed: " + errno_text(errno);
    sent += std::size_t(n);
  }
  return "";
}

bool ChildProcess::take_line(std::string& line) {
  const std::size_t end = buffer_.find('\n');
  if (end == std::string::npos && buffer_.size() < MAX_LINE) return false;
  const std::size_t cut = end == std::string::npos ? MAX_LINE : end;
  line = buffer_.substr(0, cut);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  buffer_.erase(0, end == std::string::npos ? cut : cut + 1);
  return true;
}

ChildProcess::Read ChildProcess::read_line(Clock::time_point deadline, std::string& line) {
  while (!take_line(line)) {
    if (!running()) return Read::CLOSED;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return Read::TIMEOUT;
    pollfd fd{socket_, POLLIN, 0};
    const int ready = poll(&fd, 1, int(std::min<long long>(left, 1000)));
    if (ready < 0 && errno != EINTR) return Read::CLOSED;
    if (ready <= 0) continue;
    char chunk[4096];
    const ssize_t n = recv(socket_, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {  // the child closed its output: what is left is its last line
      if (buffer_.empty()) return Read::CLOSED;
      buffer_ += '\n';
      continue;
    }
    buffer_.append(chunk, std::size_t(n));
  }
  return Read::LINE;
}

std::string ChildProcess::end(std::chrono::milliseconds grace) {
  if (pid_ > 0) {
    // Wait (without reaping, so the pid cannot be reused) for the child to
    // exit by itself, then kill whatever is left of its group and reap it.
    const auto give_up = Clock::now() + grace;
    siginfo_t info{};
    while (Clock::now() < give_up) {
      info.si_pid = 0;
      if (waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_) break;
      usleep(10'000);
    }
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);  // in case it had not yet made its own group
    forget_child_group(pid_);  // before the reap, after which the pid may be reused
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    exit_status_ = describe_status(status);
    pid_ = -1;
  }
  if (socket_ >= 0) close(socket_), socket_ = -1;
  buffer_.clear();
  return exit_status_;
}

}  // namespace prunebench::harness
