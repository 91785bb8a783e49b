// The process groups of the child processes now running, kept where a signal
// handler can reach them, so that no way out of prunebench leaves an engine
// searching: a second Ctrl-C or SIGTERM (the handler calls kill_child_groups),
// exit() (an atexit hook) and std::terminate (a terminate hook). A SIGKILL
// runs no code at all; the child's parent-death signal covers that
// (child_process.cpp).
//
// A fixed table of atomics rather than a container: lock-free, so safe to
// read from a signal handler that interrupted a thread in the middle of an
// update.
#pragma once

#include <sys/types.h>

namespace prunebench::harness {

// Remembers `group` until forget_child_group; false if the table is full (the
// child then still ends with its ChildProcess and its parent-death signal).
bool remember_child_group(pid_t group);
void forget_child_group(pid_t group);
// Sends SIGKILL to every remembered group. Async-signal-safe.
void kill_child_groups();

}  // namespace prunebench::harness
