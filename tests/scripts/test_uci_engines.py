"""prunebench and real UCI programs from Debian: packaged engines measured by
`prunebench run --engine`, and `prunebench uci` driven by polyglot (a
UCI-to-xboard adapter). scripts/install-deps.sh installs them all; a test
whose program is missing skips, naming it. Every process gets a timeout and
its whole process group is killed at the end."""

import json
import os
import select
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PRUNEBENCH = Path(os.environ.get("PRUNEBENCH", REPO / "build" / "harness" / "prunebench")).resolve()
SEED = REPO / "positions" / "seed.epd"
ENGINES = {"stockfish": "/usr/games/stockfish", "ethereal": "/usr/games/ethereal-chess",
           "toga2": "/usr/games/toga2", "glaurung": "/usr/games/glaurung"}
POLYGLOT = "/usr/games/polyglot"  # it runs in a scratch folder: PRUNEBENCH is made absolute above
TIMEOUT = 120


def need(path):
    if not Path(path).exists():
        pytest.skip(f"{path} is not installed (scripts/install-deps.sh installs it)")


def prunebench(*args):
    need(PRUNEBENCH)
    result = subprocess.run([str(PRUNEBENCH), *args], capture_output=True, text=True, timeout=TIMEOUT,
                            check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout) if result.stdout else None


def nodes(run):
    return [(r["position_id"], r["depth"], r["counters"]["nodes"]) for r in run["records"]]


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_packaged_engine_is_measured_deterministically(engine):
    need(ENGINES[engine])
    args = ["run", "--suite", str(SEED), "--depths", "1-3", "--engine", f"{engine}={ENGINES[engine]}"]
    first, second = prunebench(*args), prunebench(*args)
    assert len(first["records"]) == 2 * 3
    assert nodes(first) == nodes(second)
    for record in first["records"]:
        assert record["spec"]["algorithm"] == "uci-engine"
        assert record["counters"]["nodes"] > 0
        assert record["engine"]["nodes_per_search"] == [record["counters"]["nodes"]] * 2
        assert record["best_move"]


class Polyglot:
    """polyglot in its own process group, spoken to in xboard."""

    def __init__(self, ini):
        self.process = subprocess.Popen([POLYGLOT, str(ini)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True, cwd=ini.parent)
        self.pending = b""

    def send(self, *lines):
        self.process.stdin.write("".join(line + "\n" for line in lines).encode())
        self.process.stdin.flush()

    def wait_for(self, prefix, timeout=30):
        """The first line starting with prefix; reads the pipe unbuffered so that
        select() sees every byte not yet taken."""
        deadline = time.monotonic() + timeout
        seen = []
        while time.monotonic() < deadline:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                line = raw.decode("utf-8", errors="replace").strip()
                if line.startswith(prefix):
                    return line
                seen.append(line)
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self.process.stdout.fileno(), 65536) if ready else b""
            if ready and not chunk:
                break
            self.pending += chunk
        raise AssertionError(f"no line starting {prefix!r} from polyglot; it printed {seen[-10:]}")

    def close(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)


def test_prunebench_uci_answers_through_polyglot(tmp_path):
    need(POLYGLOT)
    need(PRUNEBENCH)
    ini = tmp_path / "prunebench.ini"
    ini.write_text(f"[PolyGlot]\nEngineCommand = {PRUNEBENCH} uci\nEngineDir = {tmp_path}\nBook = false\n"
                   f"Log = true\nLogFile = {tmp_path / 'polyglot.log'}\n\n[Engine]\nMode = mvv-lva\n",
                   encoding="utf-8")
    expected = prunebench("search", "--fen", "startpos", "--depth", "3", "--mode", "mvv-lva", "--json")
    polyglot = Polyglot(ini)
    try:
        polyglot.send("xboard", "protover 2")
        polyglot.wait_for("feature done=1")
        polyglot.send("new", "sd 3", "go")
        assert polyglot.wait_for("move ") == f"move {expected['best_move']}"
    finally:
        polyglot.close()
    log = (tmp_path / "polyglot.log").read_text(encoding="utf-8", errors="replace")
    assert "setoption name Mode value mvv-lva" in log
    assert f"nodes {expected['counters']['nodes']} " in log, "the search polyglot ran is the CLI's"
