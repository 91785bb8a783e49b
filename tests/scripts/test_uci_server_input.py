"""`prunebench uci` reads its input while it searches: `stop` ends a search
with a legal bestmove, `quit` and the end of input end the server and its
search, and out of memory for a Hash is answered, not fatal. Each search is
one that cannot end by itself in the test's lifetime (minimax to depth 30),
so every line lands mid-search however fast or loaded the machine is; every
wait has a deadline, after which the server is killed."""

import resource
import select
import subprocess
import time

import pytest

from conftest import require_prunebench

DEADLINE = 60  # seconds for any answer; only a failure waits this long
ENDLESS = "setoption name Mode value minimax\nposition startpos\ngo depth 30\n"
START_MOVES = {"a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4",
               "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"}


class Server:
    def __init__(self, preexec_fn=None):
        self.process = subprocess.Popen([require_prunebench(), "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, start_new_session=True, preexec_fn=preexec_fn)
        self.pending = b""

    def send(self, text):
        self.process.stdin.write(text.encode())
        self.process.stdin.flush()

    def wait_for(self, prefix):
        """The first line starting with prefix."""
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                if raw.decode().startswith(prefix):
                    return raw.decode()
            ready, _, _ = select.select([self.process.stdout], [], [], 0.5)
            if ready:
                chunk = self.process.stdout.raw.read(65536)
                if not chunk:
                    break
                self.pending += chunk
        pytest.fail(f"no '{prefix}' line within {DEADLINE} s (or the server ended)")

    def wait_exit(self):
        try:
            return self.process.wait(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the server did not end within {DEADLINE} s")

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def server():
    started = Server()
    yield started
    started.close()


def test_isready_and_stop_are_answered_during_a_search(server):
    server.send(ENDLESS + "isready\n")
    server.wait_for("readyok")
    server.send("stop\n")
    assert server.wait_for("bestmove").split()[1] in START_MOVES
    server.send("isready\nquit\n")
    server.wait_for("readyok")
    assert server.wait_exit() == 0


def test_quit_ends_a_search(server):
    server.send(ENDLESS + "quit\n")
    assert server.wait_exit() == 0


def test_the_end_of_input_ends_a_search(server):
    server.send(ENDLESS)
    server.process.stdin.close()
    assert server.wait_exit() == 0


def limit_address_space():
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def test_a_hash_too_big_for_memory_is_answered_and_the_server_goes_on():
    server = Server(preexec_fn=limit_address_space)
    try:
        server.send("setoption name Mode value id-tt\nsetoption name Hash value 65536\nposition startpos\n"
                    "go depth 1\n")
        assert "out of memory" in server.wait_for("info string error")
        assert server.wait_for("bestmove").split()[1] in START_MOVES
        server.send("setoption name Hash value 1\ngo depth 2\n")
        assert server.wait_for("info depth 2")
        server.send("quit\n")
        assert server.wait_exit() == 0
    finally:
        server.close()
