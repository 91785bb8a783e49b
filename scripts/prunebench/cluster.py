"""A run's searches as Dask tasks (scripts/dask_run.py).

Each task is one position x a range of depths x every mode: the task runs the
prunebench binary on that position alone (`run --position=ID`) on a worker,
so every count, check and position fact is the binary's own. Each finished
task's output goes to `run --records-from -` on the driver's machine
(prunebench.intake), which owns OUT.journal and OUT: this module schedules,
and touches no file.
"""

import logging
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from prunebench.intake import (EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_IO_ERROR, Failure, Intake, die_with_parent,
                               last_line, list_plan)

TASK_ERROR = "prunebench exit "  # how a failed task's exception starts: "prunebench exit 2: <line>"


# ---- the task, run on a worker --------------------------------------------

def run_task(prunebench, suite_name, suite_bytes, position_id, depths, modes):
    """Searches one position at `depths` with `modes`; returns the run JSON text.

    The suite is written under its own file name (ids of entries without an
    id are "<file name>:<line>") into a fresh directory on the worker. The id
    goes in as --position=ID, so that an id beginning with "-" is not read as
    an option. The binary is killed if the worker thread that waits for it
    ends (a killed worker, a closed cluster), so that no search outlives them.
    """
    with tempfile.TemporaryDirectory(prefix="prunebench-task-") as directory:
        suite = os.path.join(directory, suite_name)
        with open(suite, "wb") as file:
            file.write(suite_bytes)
        command = [prunebench, "run", "--suite", suite, "--depths", ",".join(map(str, depths)),
                   "--modes", modes, f"--position={position_id}"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False, preexec_fn=die_with_parent)
        except OSError as error:
            raise RuntimeError(f"{TASK_ERROR}{EXIT_BAD_INPUT}: cannot run {prunebench}: {error.strerror}") from None
        if done.returncode != 0:
            message = last_line(done.stderr) or f"exited with {done.returncode}"
            raise RuntimeError(f"{TASK_ERROR}{done.returncode}: {message}")
        return done.stdout


# ---- the plan of tasks ----------------------------------------------------

def make_tasks(plan, depths, modes, depths_per_task, intake):
    """(position, depth range, cost) of every task whose records or facts the journal lacks."""
    chunk = depths_per_task or len(depths)
    tasks = []
    for position in plan["positions"]:
        for start in range(0, len(depths), chunk):
            span = depths[start:start + chunk]
            lacks_records = any((position["id"], d, m) not in intake.records for d in span for m in modes)
            # The facts come from the task that searches the deepest depth (perft up to it).
            lacks_facts = span[-1] == depths[-1] and position["id"] not in intake.positions
            if lacks_records or lacks_facts:
                share = position["estimated_cost"] * len(span) / len(depths)
                tasks.append({"position": position, "depths": span, "cost": share})
    return tasks


# ---- the cluster ----------------------------------------------------------

def shown(text, limit=64):
    """`text` for a one-line message: bytes that are not UTF-8 and control characters escaped, cut at `limit`."""
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[:limit] + "..."


def scheduler_security(args):
    """The TLS settings for --scheduler, checked before the journal is touched.

    Only tls:// is accepted: a scheduler that takes unauthenticated clients
    lets any of them run code on every worker. The CA and the client
    certificate come from --tls-* or else the dask configuration.
    """
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.security import Security
    address = args.scheduler
    bad = Failure(EXIT_BAD_INPUT, f"bad --scheduler address '{shown(address)}': expected tls://HOST:PORT")
    try:
        scheme, location = parse_address(address, strict=True)
        host, port = parse_host_port(location)
    except (ValueError, TypeError):
        raise bad from None
    if scheme == "tcp":
        raise Failure(EXIT_BAD_INPUT, f"refusing the unencrypted scheduler '{shown(address)}': start it with TLS "
                                      "and give tls://HOST:PORT with --tls-ca-file and --tls-cert (docs/scaling.md)")
    if scheme != "tls" or not host or not 0 < port < 65536:
        raise bad
    settings = {}
    for option, field, path in (("--tls-ca-file", "tls_ca_file", args.tls_ca_file),
                                ("--tls-cert", "tls_client_cert", args.tls_cert),
                                ("--tls-key", "tls_client_key", args.tls_key)):
        if path is None:
            continue
        try:
            with open(path, "rb"):
                pass
        except OSError as error:
            raise Failure(EXIT_BAD_INPUT, f"{option} {shown(path)}: {error.strerror}") from None
        settings[field] = path
    security = Security(require_encryption=True, **settings)
    if not security.tls_ca_file or not security.tls_client_cert:
        raise Failure(EXIT_BAD_INPUT, "a tls:// scheduler needs --tls-ca-file and --tls-cert (or "
                                      "distributed.comm.tls.ca-file and .client.cert in the dask configuration)")
    try:
        security.get_connection_args("client")  # loads the files: a certificate that is not one is bad input
    except (OSError, ValueError) as error:  # ssl.SSLError is an OSError
        raise Failure(EXIT_BAD_INPUT, f"cannot use the TLS certificate or key: {shown(str(error), 200)}") from None
    return security


def start_client(args, security, session):
    """Puts a client of --scheduler, or of a local cluster, into `session` ("client", "cluster").

    The local cluster speaks TLS with a certificate made here and held in
    memory (Security.temporary), so only this driver and its workers hold the
    credentials; it listens on 127.0.0.1; its HTTP servers, which cannot be
    turned off, serve nothing (no routes) on a random loopback port, since the
    dashboard's JSON pages give out the scheduler's address.

    The local cluster's processes are started with SIGINT blocked, a mask they
    keep (and pass to the prunebench processes of their tasks): a Ctrl-C in the
    terminal reaches the whole process group, and only the driver must act on
    it. A Ctrl-C during the start is delivered to the driver once the cluster
    is in `session`, so that it is closed.
    """
    import dask
    from distributed import Client, LocalCluster
    from distributed.security import Security
    dask.config.set({"distributed.scheduler.allowed-failures": 3,
                     "distributed.scheduler.http.routes": [], "distributed.worker.http.routes": []})
    if args.scheduler:
        # A failed connection is reported below in one line; asyncio and distributed would add their own.
        for name in ("asyncio", "distributed"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
        try:
            session["client"] = Client(args.scheduler, security=security, timeout="20s")
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            raise Failure(EXIT_IO_ERROR,
                          f"cannot reach the scheduler {shown(args.scheduler)}: {shown(str(error), 200)}") from None
        return
    loopback = "127.0.0.1"
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        session["cluster"] = LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, protocol="tls", host=loopback,
            security=Security.temporary(), dashboard_address=f"{loopback}:0",
            worker_dashboard_address=f"{loopback}:0", scheduler_kwargs={"dashboard": False}, silence_logs=50)
        session["client"] = Client(session["cluster"])
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def task_failure(error):
    """The Failure for a task's exception: the binary's exit code and line, or a lost task."""
    text = str(error)
    if text.startswith(TASK_ERROR):
        code, _, message = text[len(TASK_ERROR):].partition(": ")
        return Failure(int(code) if code.isdigit() else EXIT_IO_ERROR, message)
    if type(error).__name__ == "KilledWorker":
        return Failure(EXIT_IO_ERROR, f"a task was lost with every worker that ran it: {text}")
    return Failure(EXIT_IO_ERROR, f"a task failed: {type(error).__name__}: {text}")


def run_tasks(client, args, tasks, intake):
    """Submits `tasks` (biggest first) and hands each finished one to `intake`; stops at the first failure."""
    import cloudpickle
    from distributed import as_completed
    # A worker need not have scripts/ on its path: the task's code travels with it.
    for module in (sys.modules[__name__], sys.modules[Intake.__module__]):
        cloudpickle.register_pickle_by_value(module)
    suite_bytes = {}
    for suite in args.suite:
        suite_bytes[suite] = client.scatter(Path(suite).read_bytes(), broadcast=True)
    futures = {}
    for task in tasks:
        suite = task["position"]["suite"]
        future = client.submit(run_task, args.prunebench, Path(suite).name, suite_bytes[suite],
                               task["position"]["id"], task["depths"], args.modes,
                               pure=False, priority=task["cost"], retries=0)
        futures[future] = task
    for future in as_completed(futures):
        futures.pop(future)
        if future.status != "finished":
            error = future.exception()
            client.cancel(list(futures))
            raise task_failure(error)
        intake.send_part(future.result())


# ---- the driver -----------------------------------------------------------

def drive(args):
    """The whole run; raises Failure with the exit code (and a line to print, unless the binary printed it)."""
    plan = list_plan(args)
    depths, modes = plan["plan"]["depths"], plan["plan"]["modes"]  # as the binary read them
    security = scheduler_security(args) if args.scheduler else None
    session, intake = {}, None
    try:
        if args.scheduler:  # reached before the journal exists: a cluster that cannot be reached leaves none behind
            start_client(args, security, session)
        intake = Intake(args)
        tasks = make_tasks(plan, depths, modes, args.depths_per_task, intake)
        if not args.scheduler:  # started once the journal is known good: a refused journal costs no cluster
            start_client(args, security, session)
        client = session["client"]
        cluster_facts = {"scheduler": args.scheduler or "local", "workers": len(client.scheduler_info()["workers"]),
                         "tasks": len(tasks), "depths_per_task": args.depths_per_task or len(depths)}
        run_tasks(client, args, tasks, intake)
    except KeyboardInterrupt:
        failure = Failure(EXIT_INTERRUPTED, "interrupted")
    except Failure as raised:
        failure = raised
    else:
        failure = None
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not interrupt the shutdown
        for part in ("client", "cluster"):
            if part in session:
                session[part].close()
    if failure and intake and str(failure):  # the binary says it, and what its journal keeps
        intake.stop(failure.code, str(failure))
    if failure:
        raise failure
    intake.end({"command_line": ["scripts/dask_run.py"] + sys.argv[1:], "dask": cluster_facts})
