"""An external program run under a hard wall-clock limit, never outliving us.

The program runs in a session (process group) of its own, so that it and
anything it starts can be killed together: when the limit passes, when this
process gets SIGINT or SIGTERM, and when it exits. On Linux the program also
gets SIGKILL when this process dies without a chance to clean up (SIGKILL).
An external program that hangs or overruns is bad input: the caller gets
`timed_out` and decides what that means, never a partial answer.
"""

from __future__ import annotations

import atexit
import os
import signal
import subprocess
import threading
from dataclasses import dataclass

from prunebench.intake import die_with_parent

_live: set[int] = set()        # process-group ids of the programs running now
_lock = threading.Lock()
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@dataclass
class Outcome:
    returncode: int | None     # None when it was killed for overrunning
    timed_out: bool
    stderr: str


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):  # already gone
        pass


def kill_live() -> None:
    """SIGKILL every program still running: at exit and on a stop signal."""
    with _lock:
        groups = list(_live)
    for pgid in groups:
        _kill_group(pgid)


atexit.register(kill_live)


def _on_stop(signum, frame, previous) -> None:
    kill_live()
    if callable(previous):  # e.g. Python's SIGINT handler: KeyboardInterrupt
        previous(signum, frame)
        return
    signal.signal(signum, signal.SIG_DFL)  # the default action: die of the signal
    os.kill(os.getpid(), signum)


def _install_stop_handlers() -> dict:
    """Handlers that kill the programs first; only the main thread may set them."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    saved = {}
    for signum in STOP_SIGNALS:
        previous = signal.getsignal(signum)
        saved[signum] = previous
        signal.signal(signum, lambda s, f, p=previous: _on_stop(s, f, p))
    return saved


def run_limited(command: list[str], limit_seconds: float, cwd=None) -> Outcome:
    """Run `command` (stdout discarded) for at most `limit_seconds` of wall clock.

    Raises OSError when it cannot be started (e.g. missing)."""
    saved = _install_stop_handlers()
    try:
        process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True, errors="replace",
                                   start_new_session=True, preexec_fn=die_with_parent)
        with _lock:
            _live.add(process.pid)  # in a new session its pid is its group id
        try:
            _, stderr = process.communicate(timeout=limit_seconds)
            return Outcome(process.returncode, False, stderr)
        except subprocess.TimeoutExpired:
            _kill_group(process.pid)
            _, stderr = process.communicate()
            return Outcome(None, True, stderr)
        finally:
            _kill_group(process.pid)  # whatever it started is gone with it
            with _lock:
                _live.discard(process.pid)
    finally:
        for signum, previous in saved.items():
            signal.signal(signum, previous)
