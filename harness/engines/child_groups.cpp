#include "harness/engines/child_groups.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <exception>
#include <mutex>

namespace prunebench::harness {
namespace {

// Engines alive at once: one per --engine per worker thread (at most 256).
constexpr int MAX_GROUPS = 1024;
std::atomic<pid_t> groups[MAX_GROUPS];  // 0: a free slot
static_assert(std::atomic<pid_t>::is_always_lock_free, "read from a signal handler");

std::terminate_handler previous_terminate = nullptr;

[[noreturn]] void kill_then_terminate() {
  kill_child_groups();
  if (previous_terminate) previous_terminate();
  std::abort();
}

void install_exit_hooks() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::atexit(kill_child_groups);
    previous_terminate = std::set_terminate(kill_then_terminate);
  });
}

}  // namespace

bool remember_child_group(pid_t group) {
  install_exit_hooks();
  for (std::atomic<pid_t>& slot : groups) {
    pid_t free = 0;
    if (slot.compare_exchange_strong(free, group)) return true;
  }
  return false;
}

void forget_child_group(pid_t group) {
  for (std::atomic<pid_t>& slot : groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

void kill_child_groups() {
  for (std::atomic<pid_t>& slot : groups) {
    const pid_t group = slot.load();
    if (group <= 0) continue;
    ::kill(-group, SIGKILL);
    ::kill(group, SIGKILL);  // in case the child had not yet made its own group
  }
}

}  // namespace prunebench::harness
