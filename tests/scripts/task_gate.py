"""A gate in front of the prunebench binary, so that a test decides when each
search may run instead of hoping the machine is slow enough to interrupt it.

`Gate(directory).wrapper(real_binary)` writes an executable to pass as
`--prunebench`. Invoked for a task (`run ... --position=ID`), the wrapper
announces itself (arrived-PID holds its parent's pid, the worker) and waits
until it can take a token (`release(n)` lays out n, each taken by exactly one
task: os.rename is atomic) or the gate is opened (`open()`); then it execs the
real binary under its own pid. Every other invocation (`--list-plan`) passes
straight through. A held wrapper never ends by itself, so a test that asserts
no search outlives the driver sees it still there if it does; `kill_stragglers`
ends what a failing test left behind.

Run as a program it is that wrapper: task_gate.py GATE_DIR REAL_BINARY ARGS...
gated_uci_engine.py holds each of its searches at such a gate too; a shell
script drives it with files alone (tests/fault_injection.sh).
"""

import os
import signal
import sys
import time
import uuid
from pathlib import Path

POLL = 0.02  # seconds between looks at the gate directory


class Gate:
    def __init__(self, directory):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)

    def wrapper(self, real_binary):
        path = self.directory.parent / f"{self.directory.name}-prunebench"
        path.write_text(f"#!/bin/sh\nexec {sys.executable} {Path(__file__).resolve()} "
                        f"'{self.directory}' '{real_binary}' \"$@\"\n", encoding="utf-8")
        path.chmod(0o755)
        return path

    def release(self, count):
        """Lets `count` more tasks through."""
        for _ in range(count):
            token = self.directory / f"token-{uuid.uuid4().hex}"
            staged = self.directory / f".{token.name}"
            staged.write_text("", encoding="utf-8")
            os.rename(staged, token)  # a token appears whole

    def open(self):
        """Lets every task through, now and later."""
        (self.directory / "open").write_text("", encoding="utf-8")

    def arrivals(self):
        """{pid: parent pid} of every task that reached the gate, let through or not."""
        return {int(ticket.split(".")[0]): parent for ticket, parent in self._arrived().items()}

    def waiting(self):
        """{pid: parent pid} of the tasks held at the gate now."""
        taken = {p.name.split("-", 1)[1] for p in self.directory.glob("took-*")}
        return {int(ticket.split(".")[0]): parent for ticket, parent in self._arrived().items()
                if ticket not in taken}

    def _arrived(self):
        return {path.name.split("-", 1)[1]: int(path.read_text(encoding="utf-8"))
                for path in self.directory.glob("arrived-*")}

    def kill_stragglers(self):
        for pid in self.arrivals():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def alive(pid):
    """Whether `pid` is a process that has not ended (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def hold(directory, ticket=None, give_up=lambda: False):
    """Waits at the gate in `directory` until a token is taken or the gate is open.

    `ticket` names this wait ("PID" or "PID.N", unique); returns False, having
    waited in vain, once `give_up()` is true.
    """
    ticket = ticket or str(os.getpid())
    staged = directory / f".arrived-{ticket}"
    staged.write_text(f"{os.getppid()}\n", encoding="utf-8")
    os.rename(staged, directory / f"arrived-{ticket}")  # appears whole
    while not (directory / "open").exists():
        if give_up():  # before taking a token: one that would go to no search
            return False
        for token in sorted(directory.glob("token-*")):
            try:
                os.rename(token, directory / f"took-{ticket}")
                return True
            except FileNotFoundError:  # another task took it first
                continue
        time.sleep(POLL)
    (directory / f"took-{ticket}").write_text("", encoding="utf-8")
    return True


def main(argv):
    directory, real, args = Path(argv[1]), argv[2], argv[3:]
    if any(arg.startswith("--position") for arg in args):
        hold(directory)
    os.execv(real, [real, *args])


if __name__ == "__main__":
    main(sys.argv)
