"""scripts/dask_run.py on a real cluster: a dask-scheduler and two dask-worker
processes on 127.0.0.1. One worker is killed while tasks run, and the result
still equals a single-process `prunebench run`; a run stopped by Ctrl-C
resumes from its journal, submitting only what the journal lacks. Every test
that interrupts or kills something holds the tasks at a gate (task_gate.py)
and decides itself when they run, so that no machine is too fast or too slow
for it. Every process runs in its own process group, which the fixtures kill
at the end."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # tornado's, inside distributed

from distributed_run import DEPTHS, MODES, PRUNEBENCH, REPO, TIMEOUT, assert_same_run, single_run, small_suite
from task_gate import Gate

DASK_RUN = REPO / "scripts" / "dask_run.py"
SCHEDULER, WORKER = "/usr/bin/dask-scheduler", "/usr/bin/dask-worker"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command, log):
    """A process in its own process group (so it and its children can be killed together)."""
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def kill_group(process):
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=10)


def wait_until(condition, what, timeout=TIMEOUT):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def gate(tmp_path):
    """A gate for the tasks' binary; whatever a failing test left waiting at it is killed."""
    made = Gate(tmp_path / "gate")
    yield made
    made.kill_stragglers()


@pytest.fixture
def cluster(tmp_path):
    """A scheduler and two workers (one thread each); yields the address and the worker processes."""
    for program in (SCHEDULER, WORKER):
        if not Path(program).exists():
            pytest.fail(f"{program} is missing: scripts/install-deps.sh installs python3-distributed")
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = open(tmp_path / "cluster.log", "w", encoding="utf-8")
    processes = [start([SCHEDULER, "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], log)]
    try:
        for name in ("worker-0", "worker-1"):
            processes.append(start([WORKER, address, "--name", name, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                                    "--host", "127.0.0.1", "--local-directory", str(tmp_path)], log))
        from distributed import Client
        with Client(address, timeout="20s") as client:  # the test's eye on the scheduler
            wait_until(lambda: len(client.scheduler_info()["workers"]) == 2, "two workers")
            yield {"address": address, "workers": processes[1:], "client": client}
    finally:
        for process in reversed(processes):
            kill_group(process)
        log.close()


def dask_run(suite, out, address, *extra, prunebench=PRUNEBENCH):
    """The driver, in its own process group; on the cluster at `address` with a task per position and depth."""
    command = [sys.executable, str(DASK_RUN), "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
               "--out", str(out), "--prunebench", str(prunebench), *extra]
    if address:
        command += ["--scheduler", address, "--depths-per-task", "1"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def finish(process):
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        kill_group(process)
        pytest.fail("scripts/dask_run.py did not finish in time")
    return process.returncode, err


def journal_lines(out):
    path = Path(f"{out}.journal")
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
            if line.endswith("\n")]


def complete_tasks(out, depths, modes):
    """Tasks (position, depth) whose records, and for the deepest depth the position's facts, are journalled."""
    lines = journal_lines(out)
    records = {(l["record"]["position_id"], l["record"]["depth"], l["record"]["mode"]) for l in lines if "record" in l}
    facts = {l["position"]["id"] for l in lines if "position" in l}
    positions = {key[0] for key in records}
    return sum(1 for p in positions for d in depths
               if all((p, d, m) in records for m in modes) and (d != depths[-1] or p in facts))


def test_a_killed_worker_loses_nothing(cluster, gate, tmp_path):
    suite = small_suite(tmp_path, positions=12)
    single_run(suite, tmp_path / "single.json")
    out = tmp_path / "dask.json"
    driver = dask_run(suite, out, cluster["address"], prunebench=gate.wrapper(PRUNEBENCH))
    try:
        victim = cluster["workers"][0]
        gate.release(3)
        # Three tasks journalled, and one held at the gate on the worker to kill: it dies mid-task.
        wait_until(lambda: driver.poll() is not None or (complete_tasks(out, range(1, 5), MODES.split(",")) == 3 and
                                                         victim.pid in gate.waiting().values()),
                   "three journalled tasks and a task held on the worker to kill")
        assert driver.poll() is None, finish(driver)
        kill_group(victim)
        gate.open()
        code, err = finish(driver)
    finally:
        kill_group(driver)
    assert code == 0, err
    document = assert_same_run(tmp_path / "single.json", out)
    assert document["context"]["dask"]["scheduler"] == cluster["address"]
    assert not Path(f"{out}.journal").exists()


def test_ctrl_c_then_resume_submits_only_what_the_journal_lacks(cluster, gate, tmp_path):
    suite = small_suite(tmp_path)
    single_run(suite, tmp_path / "single.json")
    out = tmp_path / "dask.json"
    depths, modes = list(range(1, 5)), MODES.split(",")
    wrapper = gate.wrapper(PRUNEBENCH)
    driver = dask_run(suite, out, cluster["address"], prunebench=wrapper)
    try:
        gate.release(3)
        # Three tasks journalled and the others held: the run cannot end before the signal.
        wait_until(lambda: driver.poll() is not None or (complete_tasks(out, depths, modes) == 3 and
                                                         len(gate.waiting()) == 2),
                   "three journalled tasks and one held on each worker")
        assert driver.poll() is None, finish(driver)
        driver.send_signal(signal.SIGINT)
        code, err = finish(driver)
    finally:
        kill_group(driver)
    assert code == 130, err
    assert "interrupted" in err and "--resume" in err
    assert "Traceback" not in err
    assert not out.exists()
    assert complete_tasks(out, depths, modes) == 3
    gate.open()  # the held tasks of the interrupted run end too, and free their workers
    resumed = dask_run(suite, out, cluster["address"], "--resume", prunebench=wrapper)
    try:
        code, err = finish(resumed)
    finally:
        kill_group(resumed)
    assert code == 0, err
    document = assert_same_run(tmp_path / "single.json", out)
    positions = len(document["positions"])
    assert document["context"]["dask"]["tasks"] == positions * len(depths) - 3


def test_a_failing_task_fails_the_run_with_its_error(cluster, tmp_path):
    # A published perft count that the position contradicts: the binary's check fails in the task.
    suite = tmp_path / "wrong.epd"
    suite.write_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D3 9000\n", encoding="utf-8")
    driver = dask_run(suite, tmp_path / "wrong.json", cluster["address"])
    try:
        code, err = finish(driver)
    finally:
        kill_group(driver)
    assert code == 1, err
    assert "perft(3) is 8902 but the suite says 9000" in err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("error: ")


def test_a_local_cluster_without_scheduler(tmp_path):
    suite = small_suite(tmp_path, positions=3)
    single_run(suite, tmp_path / "single.json")
    out = tmp_path / "local.json"
    driver = dask_run(suite, out, None, "--workers", "2")  # the cluster's processes are in the driver's group
    try:
        code, err = finish(driver)
    finally:
        kill_group(driver)
    assert code == 0, err
    document = assert_same_run(tmp_path / "single.json", out)
    assert document["context"]["dask"] == {"scheduler": "local", "workers": 2, "tasks": 3, "depths_per_task": 4}
