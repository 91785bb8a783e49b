"""scripts/dask_run.py on a real cluster: a dask-scheduler and two dask-worker
processes on 127.0.0.1, speaking TLS. One worker is killed while tasks run, and
the result still equals a single-process `prunebench run` in every field but
when and how it ran; a run stopped by
Ctrl-C resumes from its journal, submitting only what the journal lacks. The
driver's own local cluster takes no client without its credentials and
listens on loopback only. Every test that interrupts or kills something holds
the tasks at a gate (task_gate.py) and decides itself when they run, so that
no machine is too fast or too slow for it. Every process runs in its own
process group, which the fixtures kill at the end."""

import asyncio
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

from distributed_run import (DEPTHS, MODES, PRUNEBENCH, REPO, TIMEOUT, assert_same_document, assert_same_run,
                             single_run, small_suite)
from task_gate import Gate, alive

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


def write_credentials(directory):
    """A self-signed certificate and its key, as PEM files: the CA and every role's certificate at once."""
    from distributed.security import Security
    made = Security.temporary()
    cert, key = Path(directory) / "cluster.pem", Path(directory) / "cluster.key"
    cert.write_text(made.tls_ca_file, encoding="utf-8")
    key.write_text(made.tls_client_key, encoding="utf-8")
    key.chmod(0o600)
    return {"ca": cert, "cert": cert, "key": key}


def tls_options(credentials):
    return ["--tls-ca-file", str(credentials["ca"]), "--tls-cert", str(credentials["cert"]),
            "--tls-key", str(credentials["key"])]


@pytest.fixture
def gate(tmp_path):
    """A gate for the tasks' binary; whatever a failing test left waiting at it is killed."""
    made = Gate(tmp_path / "gate")
    yield made
    made.kill_stragglers()


@pytest.fixture
def cluster(tmp_path):
    """A TLS scheduler and two workers (one thread each), all on 127.0.0.1 only, as docs/scaling.md
    says to start them; yields the address, the worker processes, a client of the test's own and the
    driver's --tls-* options."""
    for program in (SCHEDULER, WORKER):
        if not Path(program).exists():
            pytest.fail(f"{program} is missing: scripts/install-deps.sh installs python3-distributed")
    from distributed import Client
    from distributed.security import Security
    credentials = write_credentials(tmp_path)
    tls = tls_options(credentials)
    port = free_port()
    address = f"tls://127.0.0.1:{port}"
    log = open(tmp_path / "cluster.log", "w", encoding="utf-8")
    # --no-dashboard leaves the HTTP server on 0.0.0.0:8787 (and a worker's on 0.0.0.0): bind them to loopback.
    loopback_http = ["--no-dashboard", "--dashboard-address", "127.0.0.1:0"]
    processes = [start([SCHEDULER, "--protocol", "tls", "--host", "127.0.0.1", "--port", str(port),
                        *loopback_http, *tls], log)]
    try:
        for name in ("worker-0", "worker-1"):
            processes.append(start([WORKER, address, "--name", name, "--nthreads", "1", "--no-nanny", *loopback_http,
                                    "--protocol", "tls", "--host", "127.0.0.1", *tls,
                                    "--local-directory", str(tmp_path)], log))
        security = Security(tls_ca_file=str(credentials["ca"]), tls_client_cert=str(credentials["cert"]),
                            tls_client_key=str(credentials["key"]), require_encryption=True)
        with Client(address, security=security, timeout="20s") as client:  # the test's eye on the scheduler
            wait_until(lambda: len(client.scheduler_info()["workers"]) == 2, "two workers")
            public = [(process.args[0], address) for process in processes
                      for address in listening_sockets(process.pid) if address[0] != "127.0.0.1"]
            assert public == [], "the documented cluster listens beyond loopback"
            yield {"address": address, "workers": processes[1:], "client": client, "tls": tls}
    finally:
        for process in reversed(processes):
            kill_group(process)
        log.close()


def dask_run(suite, out, cluster, *extra, prunebench=PRUNEBENCH):
    """The driver, in its own process group; on `cluster` (None: a local one) with a task per position and depth."""
    command = [sys.executable, str(DASK_RUN), "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
               "--out", str(out), "--prunebench", str(prunebench), *extra]
    if cluster:
        command += ["--scheduler", cluster["address"], *cluster["tls"], "--depths-per-task", "1"]
    # SIGINT back to its default: started in the background by a non-interactive shell (a CI
    # loop), pytest ignores SIGINT, and a driver inheriting that would never see the tests' Ctrl-C.
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def finish(process):
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        kill_group(process)
        pytest.fail("scripts/dask_run.py did not finish in time")
    return process.returncode, err


def interrupt_when(driver, condition, what):
    """Ctrl-C for the driver once `condition()` holds, which it must not outrun; returns (exit code, stderr)."""
    try:
        wait_until(lambda: driver.poll() is not None or condition(), what)
        assert driver.poll() is None, finish(driver)
        driver.send_signal(signal.SIGINT)
        return finish(driver)
    finally:
        kill_group(driver)


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
    driver = dask_run(suite, out, cluster, prunebench=gate.wrapper(PRUNEBENCH))
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
    assert_same_run(tmp_path / "single.json", out)
    document = assert_same_document(tmp_path / "single.json", out)
    assert document["context"]["dask"]["scheduler"] == cluster["address"]
    assert not Path(f"{out}.journal").exists()


def test_ctrl_c_then_resume_submits_only_what_the_journal_lacks(cluster, gate, tmp_path):
    suite = small_suite(tmp_path)
    single_run(suite, tmp_path / "single.json")
    out = tmp_path / "dask.json"
    depths, modes = list(range(1, 5)), MODES.split(",")
    wrapper = gate.wrapper(PRUNEBENCH)
    driver = dask_run(suite, out, cluster, prunebench=wrapper)
    gate.release(3)
    # Three tasks journalled and the others held: the run cannot end before the signal.
    code, err = interrupt_when(driver, lambda: complete_tasks(out, depths, modes) == 3 and len(gate.waiting()) == 2,
                               "three journalled tasks and one held on each worker")
    assert code == 130, err
    assert "interrupted" in err and "--resume" in err
    assert "Traceback" not in err
    assert not out.exists()
    assert complete_tasks(out, depths, modes) == 3
    gate.open()  # the held tasks of the interrupted run end too, and free their workers
    resumed = dask_run(suite, out, cluster, "--resume", prunebench=wrapper)
    try:
        code, err = finish(resumed)
    finally:
        kill_group(resumed)
    assert code == 0, err
    assert_same_run(tmp_path / "single.json", out)
    document = assert_same_document(tmp_path / "single.json", out)
    positions = len(document["positions"])
    assert document["context"]["dask"]["tasks"] == positions * len(depths) - 3


def test_a_failing_task_fails_the_run_with_its_error(cluster, tmp_path):
    # A published perft count that the position contradicts: the binary's check fails in the task.
    suite = tmp_path / "wrong.epd"
    suite.write_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D3 9000\n", encoding="utf-8")
    driver = dask_run(suite, tmp_path / "wrong.json", cluster)
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
    assert_same_run(tmp_path / "single.json", out)
    document = assert_same_document(tmp_path / "single.json", out)  # all but when and how it ran
    assert document["context"]["dask"] == {"scheduler": "local", "workers": 2, "tasks": 3, "depths_per_task": 4}
    assert document["context"]["command_line"][0] == "scripts/dask_run.py"
    assert err.startswith("run: 36 records of 3 positions in "), err  # the binary's last word


def listening_sockets(pid):
    """(host, port) of every TCP socket listening in process `pid` and its descendants."""
    import psutil
    root = psutil.Process(pid)
    found = set()
    for process in [root, *root.children(recursive=True)]:
        try:
            connections = process.connections(kind="inet")
        except psutil.NoSuchProcess:
            continue
        found |= {(c.laddr.ip, c.laddr.port) for c in connections if c.status == psutil.CONN_LISTEN}
    return found


def journal_owners(pid):
    """The pids of the `prunebench run --records-from` processes the driver `pid` started."""
    import psutil
    return [child.pid for child in psutil.Process(pid).children() if "--records-from" in child.cmdline()]


async def answers(address, security):
    """Whether the server at `address` answers a dask 'identity' request made with `security`'s credentials."""
    from distributed.comm import connect
    try:
        comm = await connect(address, timeout="3s", **security.get_connection_args("client"))
    except (OSError, TimeoutError):
        return False
    try:
        await comm.write({"op": "identity", "reply": True})
        return isinstance(await asyncio.wait_for(comm.read(), 10), dict)
    except (OSError, TimeoutError, asyncio.TimeoutError):
        return False
    finally:
        comm.abort()


def test_the_local_cluster_takes_no_other_client_and_listens_on_loopback_only(gate, tmp_path):
    from distributed.security import Security
    suite = small_suite(tmp_path, positions=3)
    single_run(suite, tmp_path / "single.json")
    out = tmp_path / "local.json"
    driver = dask_run(suite, out, None, "--workers", "2", prunebench=gate.wrapper(PRUNEBENCH))
    try:
        # Both workers hold a task: the whole cluster is up, and stays up until the gate opens.
        wait_until(lambda: driver.poll() is not None or len(gate.waiting()) == 2, "a task held on each worker")
        assert driver.poll() is None, finish(driver)
        sockets = listening_sockets(driver.pid)
        assert sockets, "the driver's cluster listens nowhere?"
        assert all(host == "127.0.0.1" for host, _ in sockets), sockets
        assert all(port != 8787 for _, port in sockets), sockets
        # Another local process, without the driver's certificate: plain TCP, or TLS with a certificate of its own.
        strangers = [(f"{scheme}://127.0.0.1:{port}", security) for _, port in sorted(sockets)
                     for scheme, security in (("tcp", Security()), ("tls", Security.temporary()))]

        async def probe_all():
            return await asyncio.gather(*(answers(address, security) for address, security in strangers))
        answered = [address for (address, _), yes in zip(strangers, asyncio.run(probe_all())) if yes]
        assert answered == [], f"served a client without the driver's credentials: {answered}"
        gate.open()
        code, err = finish(driver)
    finally:
        kill_group(driver)
    assert code == 0, err
    assert_same_run(tmp_path / "single.json", out)


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "kill-9"])
def test_an_interrupted_or_killed_local_run_leaves_no_process_behind(gate, tmp_path, how):
    suite = small_suite(tmp_path, positions=3)
    out = tmp_path / "local.json"
    driver = dask_run(suite, out, None, "--workers", "2", prunebench=gate.wrapper(PRUNEBENCH))
    try:
        wait_until(lambda: driver.poll() is not None or len(gate.waiting()) == 2, "a task held on each worker")
        assert driver.poll() is None, finish(driver)
        held = gate.waiting()  # the held searches and their workers
        owners = journal_owners(driver.pid)
        assert len(owners) == 1, owners
        driver.send_signal(how)
        code, err = finish(driver)
    finally:
        kill_group(driver)
    if how == signal.SIGINT:
        assert code == 130, err
        assert "Traceback" not in err
    left = lambda: [pid for pid in [*held, *held.values(), *owners] if alive(pid)]  # noqa: E731
    wait_until(lambda: not left(), "the workers and their searches to end with the driver")


def test_a_position_id_beginning_with_a_dash(tmp_path):
    suite = tmp_path / "dash.epd"
    suite.write_text('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "-start";\n'
                     'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - id "--kiwipete";\n',
                     encoding="utf-8")
    single_run(suite, tmp_path / "single.json")
    out = tmp_path / "dash.json"
    driver = dask_run(suite, out, None, "--workers", "1")
    try:
        code, err = finish(driver)
    finally:
        kill_group(driver)
    assert code == 0, err
    document = assert_same_run(tmp_path / "single.json", out)
    assert [p["id"] for p in document["positions"]] == ["-start", "--kiwipete"]


def plan_header(suite):
    """The journal's first line for `suite` at DEPTHS and MODES, as `run --list-plan` gives the signature."""
    listed = subprocess.run([str(PRUNEBENCH), "run", "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
                             "--list-plan"], capture_output=True, text=True, check=True, timeout=TIMEOUT)
    return json.dumps({"plan": json.loads(listed.stdout)["plan"]})


def test_a_journal_run_started_is_finished_by_the_driver(tmp_path):
    suite = small_suite(tmp_path, positions=2)
    single = single_run(suite, tmp_path / "single.json")
    out = tmp_path / "resumed.json"
    journal = Path(f"{out}.journal")
    journal.write_text("\n".join([plan_header(suite), json.dumps({"record": single["records"][0]}), ""]),
                       encoding="utf-8")
    driver = dask_run(suite, out, None, "--resume", "--workers", "1")
    try:
        code, err = finish(driver)
    finally:
        kill_group(driver)
    assert code == 0, err
    assert "(1 from the journal)" in err
    document = assert_same_document(tmp_path / "single.json", out)
    assert document["records"][0]["seconds"] == single["records"][0]["seconds"]  # taken, not searched again
    assert not journal.exists()


def test_a_journal_the_driver_started_is_finished_by_run(gate, tmp_path):
    suite = small_suite(tmp_path, positions=3)
    single_run(suite, tmp_path / "single.json")
    out = tmp_path / "dask.json"
    driver = dask_run(suite, out, None, "--workers", "1", prunebench=gate.wrapper(PRUNEBENCH))
    gate.release(1)
    code, err = interrupt_when(driver, lambda: complete_tasks(out, range(1, 5), MODES.split(",")) == 4 and
                               len(gate.waiting()) == 1, "one journalled task (a position's 4 depths) and the next held")
    assert code == 130, err
    resumed = subprocess.run([str(PRUNEBENCH), "run", "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
                              "--out", str(out), "--resume"], capture_output=True, text=True, timeout=TIMEOUT)
    assert resumed.returncode == 0, resumed.stderr
    assert "(12 from the journal)" in resumed.stderr
    assert_same_document(tmp_path / "single.json", out)


@pytest.mark.parametrize("line", [
    '{"record": {"position_id": ["a", "list"], "depth": 1, "mode": "pvs", "score": 0, "counters": {"nodes": 1}}}',
    '{"record": {"position_id": "p", "depth": "1", "mode": "pvs", "score": 0, "counters": {"nodes": 1}}}',
    '{"record": {"position_id": "p", "depth": 1, "mode": "pvs"}}',
    '{"position": {"id": {"not": "a string"}}}',
    '{"position": ["facts"]}',
    '[' * 100000 + ']' * 100000,
    '"\udcff"',
], ids=["list-id", "string-depth", "no-counters", "object-fact-id", "facts-not-object", "deep-nesting", "not-utf8"])
def test_a_malformed_journal_line_is_refused_by_its_number_and_kept(tmp_path, line):
    suite = small_suite(tmp_path, positions=2)
    single = single_run(suite, tmp_path / "single.json")
    out = tmp_path / "resumed.json"
    journal = Path(f"{out}.journal")
    good = json.dumps({"record": single["records"][0]})
    journal.write_bytes("\n".join([plan_header(suite), good, line, ""]).encode("utf-8", "surrogateescape"))
    before = journal.read_bytes()
    driver = dask_run(suite, out, None, "--resume")
    try:
        code, err = finish(driver)
    finally:
        kill_group(driver)
    assert code == 2, err
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith(f"error: {journal}:3: "), err
    assert journal.read_bytes() == before  # nothing journalled is lost
    assert not out.exists()


@pytest.mark.parametrize("address, why", [
    ("nonsense", "expected tls://HOST:PORT"),
    ("tls://", "expected tls://HOST:PORT"),
    ("tls://127.0.0.1:port", "expected tls://HOST:PORT"),
    ("tls://127.0.0.1:99999", "expected tls://HOST:PORT"),
    ("tls://127.0.0.1", "expected tls://HOST:PORT"),
    ("ucx://127.0.0.1:8786", "expected tls://HOST:PORT"),
    ("tls://127.0.0.1:8786\nerror: forged", "expected tls://HOST:PORT"),
    ("tcp://127.0.0.1:8786", "refusing the unencrypted scheduler"),
    ("tls://127.0.0.1:8786", "needs --tls-ca-file and --tls-cert"),
])
def test_a_bad_scheduler_address_is_refused_before_the_journal(tmp_path, address, why):
    suite = small_suite(tmp_path, positions=1)
    out = tmp_path / "never.json"
    command = [sys.executable, str(DASK_RUN), "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
               "--out", str(out), "--prunebench", str(PRUNEBENCH), "--scheduler", address]
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False,
                          env=dict(os.environ, DASK_CONFIG=str(tmp_path / "no-dask-config")))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ") and why in done.stderr, done.stderr
    assert not Path(f"{out}.journal").exists()


def test_tls_files_that_are_missing_or_not_certificates_are_bad_input(tmp_path):
    suite = small_suite(tmp_path, positions=1)
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n", encoding="utf-8")
    for files, why in (([str(tmp_path / "missing.pem")] * 2, "--tls-ca-file"), ([str(junk)] * 2, "cannot use the TLS")):
        command = [sys.executable, str(DASK_RUN), "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
                   "--out", str(tmp_path / "never.json"), "--prunebench", str(PRUNEBENCH),
                   "--scheduler", "tls://127.0.0.1:8786", "--tls-ca-file", files[0], "--tls-cert", files[1]]
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ") and why in done.stderr, done.stderr


def test_an_out_in_a_missing_folder_is_the_binarys_error_line(tmp_path):
    suite = small_suite(tmp_path, positions=1)
    command = [sys.executable, str(DASK_RUN), "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
               "--out", str(tmp_path / "missing" / "run.json"), "--prunebench", str(PRUNEBENCH)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: --out ") and "does not exist" in done.stderr


def test_a_certificate_the_cluster_does_not_trust_is_refused_in_one_line_leaving_no_journal(cluster, tmp_path):
    suite = small_suite(tmp_path, positions=1)
    (tmp_path / "stranger").mkdir()
    stranger = write_credentials(tmp_path / "stranger")  # a CA of its own: not the cluster's
    out = tmp_path / "never.json"
    command = [sys.executable, str(DASK_RUN), "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
               "--out", str(out), "--prunebench", str(PRUNEBENCH), "--scheduler", cluster["address"],
               *tls_options(stranger)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 3, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"error: cannot reach the scheduler {cluster['address']}: "), done.stderr
    assert not Path(f"{out}.journal").exists()
