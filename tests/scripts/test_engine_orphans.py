"""No engine outlives `prunebench run`: a run killed with SIGINT twice,
SIGTERM, SIGHUP or SIGKILL while an engine is mid-search leaves no engine
process behind. The fake engine blocks in its search until the test opens a
FIFO (the gate), so every signal lands mid-search however fast or loaded the
machine is; every wait has a deadline."""

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from conftest import REPO, require_prunebench

SEED = REPO / "positions" / "seed.epd"
DEADLINE = 60  # seconds for anything the test waits for; only a failure waits this long

ENGINE = """#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo 'id name Gate'; echo uciok;;
    isready) echo readyok;;
    go*) echo $$ > '{dir}/searching'; read -r _ < '{dir}/gate'; echo 'info depth 1 nodes 7 pv e2e4'; echo 'bestmove e2e4';;
    quit) exit 0;;
  esac
done
"""


def wait_until(condition, what):
    deadline = time.monotonic() + DEADLINE
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {DEADLINE} s for {what}")
        time.sleep(0.02)


def engine_processes(script):
    """Pids of live (not zombie) processes running `script`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if str(script).encode() in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


@pytest.fixture
def gated_engine(tmp_path):
    os.mkfifo(tmp_path / "gate")
    script = tmp_path / "gated_engine.sh"
    script.write_text(ENGINE.format(dir=tmp_path))
    script.chmod(0o755)
    yield script
    for pid in engine_processes(script):  # a failed test's orphans
        os.kill(pid, signal.SIGKILL)


def start_run(tmp_path, script):
    err = open(tmp_path / "err", "wb")
    run = subprocess.Popen([require_prunebench(), "run", "--suite", str(SEED), "--depths", "1-2",
                            "--engine", f"gate={script}", "--engine-repeat", "1", "--out", str(tmp_path / "run.json")],
                           stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    searching = tmp_path / "searching"
    wait_until(lambda: searching.exists() and searching.read_text().endswith("\n"), "the engine's search")
    return run


def said_finishing(tmp_path):
    return b"finishing the current search" in (tmp_path / "err").read_bytes()


def open_gate(tmp_path):
    with open(tmp_path / "gate", "w") as gate:  # blocks until the engine opens its end
        gate.write("\n")


def assert_no_engine_left(run, script):
    try:
        run.wait(timeout=DEADLINE)
    finally:
        if run.poll() is None:
            run.kill()
    wait_until(lambda: not engine_processes(script), "the engine to end")


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_finishes_the_search_and_ends_the_engine(tmp_path, gated_engine, signal_number):
    run = start_run(tmp_path, gated_engine)
    run.send_signal(signal_number)
    wait_until(lambda: said_finishing(tmp_path) or run.poll() is not None, "the run to take the signal")
    assert run.poll() is None, f"the run died of {signal_number.name} instead of finishing the search"
    open_gate(tmp_path)
    assert_no_engine_left(run, gated_engine)
    assert run.returncode == 130, (tmp_path / "err").read_text()
    assert (tmp_path / "run.json.journal").exists(), "the finished records must be kept for --resume"


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_second_signal_ends_the_run_and_the_engine_at_once(tmp_path, gated_engine, signal_number):
    run = start_run(tmp_path, gated_engine)
    run.send_signal(signal_number)
    wait_until(lambda: said_finishing(tmp_path) or run.poll() is not None, "the run to take the first signal")
    run.send_signal(signal_number)
    assert_no_engine_left(run, gated_engine)
    assert run.returncode != 0


def test_sigkill_of_the_run_ends_the_engine(tmp_path, gated_engine):
    run = start_run(tmp_path, gated_engine)
    run.kill()
    assert_no_engine_left(run, gated_engine)
