#!/usr/bin/python3
"""Runs `prunebench run` on a Dask cluster and writes the same run JSON.

usage: scripts/dask_run.py --suite FILE [--suite FILE ...] --depths LIST --modes LIST --out FILE
                           [--scheduler tls://HOST:PORT --tls-ca-file CA --tls-cert CERT [--tls-key KEY]
                            | --workers N] [--resume] [options]

Each task is one position x a range of depths (--depths-per-task) x every
mode: the task runs the prunebench binary on that position alone
(`prunebench run --position=ID`), so every count, check and position fact is
the binary's own. The driver streams each finished task's records into
OUT.journal in the journal format of `prunebench run` (a {"plan": ...} header,
then {"record": ...} lines, plus {"position": facts} lines that `run` passes
over), so `run --resume` and this script can continue each other's journals.
At the end it writes OUT with the records of `prunebench run`, in its order.

Without --scheduler a local cluster of --workers processes is started: TLS
with a certificate made for the run and kept in memory, so that no other
client can join it (a client of a cluster can run any Python as its user),
listening on 127.0.0.1 only, with no dashboard. A --scheduler must be a tls://
address and the driver must be given the cluster's CA and a client
certificate (--tls-* or the dask configuration, docs/scaling.md). A
worker that dies mid-task loses only that task: the scheduler runs it again
elsewhere (up to distributed.scheduler.allowed-failures times). A task that
fails (bad input, a failed check) stops the run with the binary's one-line
error; finished records stay in the journal.

Exit codes: those of `prunebench run`: 0 done, 1 a check failed, 2 bad input,
3 an I/O error or a task lost on too many workers, 130 interrupted (rerun with
--resume).
"""

import argparse
import fcntl
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PRUNEBENCH = os.environ.get("PRUNEBENCH", str(REPO / "build" / "harness" / "prunebench"))
EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT, EXIT_IO_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
TASK_ERROR = "prunebench exit "  # how a failed task's exception starts: "prunebench exit 2: <line>"


class Failure(Exception):
    """Ends the run with `code` and the one-line `message`."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="scripts/dask_run.py",
        description="Run prunebench suites x depths x modes as Dask tasks (one position x a depth range "
                    "x every mode each) and write the run JSON of 'prunebench run'.")
    parser.add_argument("--suite", action="append", required=True, metavar="FILE", help="an EPD/FEN file (repeatable)")
    parser.add_argument("--depths", required=True, metavar="LIST", help="depths, e.g. 1-5 or 2,4,6")
    parser.add_argument("--modes", default="minimax,unordered,mvv-lva,pvs,mtdf", metavar="LIST",
                        help="comma-separated modes (default: %(default)s)")
    parser.add_argument("--out", required=True, metavar="FILE", help="the run JSON; the journal is FILE.journal")
    parser.add_argument("--resume", action="store_true", help="continue from OUT.journal (of this script or of run)")
    parser.add_argument("--scheduler", metavar="tls://HOST:PORT",
                        help="a running dask-scheduler started with TLS (docs/scaling.md); plain tcp:// is refused, "
                             "since any client of an unauthenticated scheduler can run code on every worker")
    parser.add_argument("--tls-ca-file", metavar="FILE",
                        help="with --scheduler: the CA certificate (PEM) the cluster's certificates are signed by "
                             "(default: the dask configuration's distributed.comm.tls.ca-file)")
    parser.add_argument("--tls-cert", metavar="FILE",
                        help="with --scheduler: this client's certificate (PEM), signed by that CA; it may also "
                             "hold the key (default: distributed.comm.tls.client.cert)")
    parser.add_argument("--tls-key", metavar="FILE",
                        help="with --scheduler: this client's private key (PEM), if not in --tls-cert "
                             "(default: distributed.comm.tls.client.key)")
    parser.add_argument("--workers", type=int, default=2, metavar="N",
                        help="without --scheduler: worker processes of the local cluster, which speaks TLS with a "
                             "certificate made for the run, on 127.0.0.1 only, with no dashboard "
                             "(default: %(default)s)")
    parser.add_argument("--depths-per-task", type=int, default=0, metavar="K",
                        help="depths per task (default 0: all depths of a position in one task)")
    parser.add_argument("--prunebench", default=DEFAULT_PRUNEBENCH, metavar="PATH",
                        help="the binary, at this path on every worker (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.depths_per_task < 0:
        parser.error("--workers must be at least 1 and --depths-per-task at least 0")
    if not args.scheduler and (args.tls_ca_file or args.tls_cert or args.tls_key):
        parser.error("--tls-ca-file, --tls-cert and --tls-key go with --scheduler (a local cluster makes its own)")
    return args


def list_plan(args):
    """The binary's plan: the journal signature, the context and the positions with their costs."""
    command = [args.prunebench, "run", "--depths", args.depths, "--modes", args.modes, "--list-plan"]
    for suite in args.suite:
        command += ["--suite", suite]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as error:
        raise Failure(EXIT_BAD_INPUT, f"cannot run {args.prunebench}: {error.strerror}") from None
    if done.returncode != 0:
        raise Failure(done.returncode, last_line(done.stderr) or f"{args.prunebench} exited with {done.returncode}")
    return json.loads(done.stdout)


def last_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].removeprefix("error: ") if lines else ""


# ---- the task, run on a worker --------------------------------------------

def run_task(prunebench, suite_name, suite_bytes, position_id, depths, modes):
    """Searches one position at `depths` with `modes`; returns the run JSON text.

    The suite is written under its own file name (ids of entries without an
    id are "<file name>:<line>") into a fresh directory on the worker. The id
    goes in as --position=ID, so that an id beginning with "-" is not read as
    an option. The binary is killed if the worker thread that waits for it
    ends (a killed worker, a closed cluster), so that no search outlives them.
    """
    import ctypes
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
        pr_set_pdeathsig = 1
        die_with_worker = lambda: prctl(pr_set_pdeathsig, signal.SIGKILL)  # noqa: E731  (before exec, in the child)
    except (OSError, AttributeError):  # not Linux: no parent-death signal
        die_with_worker = None
    with tempfile.TemporaryDirectory(prefix="prunebench-task-") as directory:
        suite = os.path.join(directory, suite_name)
        with open(suite, "wb") as file:
            file.write(suite_bytes)
        command = [prunebench, "run", "--suite", suite, "--depths", ",".join(map(str, depths)),
                   "--modes", modes, f"--position={position_id}"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False, preexec_fn=die_with_worker)
        except OSError as error:
            raise RuntimeError(f"{TASK_ERROR}{EXIT_BAD_INPUT}: cannot run {prunebench}: {error.strerror}") from None
        if done.returncode != 0:
            message = last_line(done.stderr) or f"exited with {done.returncode}"
            raise RuntimeError(f"{TASK_ERROR}{done.returncode}: {message}")
        return done.stdout


# ---- the journal ----------------------------------------------------------

class Journal:
    """OUT.journal, locked (flock, as `run` does) for the life of the run."""

    def __init__(self, path, signature, resume):
        self.path = path
        self.records, self.facts = {}, {}
        unfinished = f"{path} holds an unfinished run: add --resume to continue it, or delete it"
        if not resume and os.path.exists(path):
            raise Failure(EXIT_BAD_INPUT, unfinished)
        if resume and not os.path.exists(path):
            raise Failure(EXIT_BAD_INPUT, f"nothing to resume: {path} does not exist")
        try:
            # O_NOFOLLOW: a link planted at OUT.journal is refused, never followed to create its target.
            flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC
            self.file = os.fdopen(os.open(path, flags, 0o666), "a+b")
        except OSError as error:
            raise Failure(EXIT_IO_ERROR, f"{shown(path, 200)}: cannot open the journal: {error.strerror}") from None
        try:
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Failure(EXIT_BAD_INPUT, f"another run is using {path}") from None
        if resume:
            self._load(signature)
        elif os.path.getsize(path) > 0:
            raise Failure(EXIT_BAD_INPUT, unfinished)
        else:
            self.append([{"plan": signature}])

    def _load(self, signature):
        self.file.seek(0)
        data = self.file.read()
        complete = data[:data.rfind(b"\n") + 1]  # a killed writer's partial last line is dropped
        # Lines end at "\n" only: a string in a record may hold U+2028, which splitlines() would cut at.
        lines = complete.decode("utf-8", errors="replace").split("\n")[:-1]
        if not lines:
            raise Failure(EXIT_BAD_INPUT, f"{self.path}: the journal has no plan header")
        for number, line in enumerate(lines, 1):
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
                raise Failure(EXIT_BAD_INPUT, f"{self.path}:{number}: not JSON") from None
            if number == 1:
                if not isinstance(entry, dict) or "plan" not in entry:
                    raise Failure(EXIT_BAD_INPUT, f"{self.path}:1: the first line is not a plan header")
                if entry["plan"] != signature:
                    raise Failure(EXIT_BAD_INPUT,
                                  f"{self.path} was written by a run with other suites, depths, modes or --max-nodes")
                continue
            problem = journal_line_problem(entry)
            if problem:
                raise Failure(EXIT_BAD_INPUT, f"{self.path}:{number}: {problem}")
            if "record" in entry:
                self.records[record_key(entry["record"])] = entry["record"]
            else:
                self.facts[entry["position"]["id"]] = entry["position"]
        self.file.truncate(len(complete))  # only once every line is known good: a refused journal stays as it was

    def append(self, entries):
        """Writes `entries` as lines with one write, then syncs them to the disk."""
        for entry in entries:
            if "record" in entry:
                self.records[record_key(entry["record"])] = entry["record"]
            if "position" in entry:
                self.facts[entry["position"]["id"]] = entry["position"]
        text = "".join(json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"
                       for entry in entries)
        try:
            self.file.write(text.encode("utf-8"))
            self.file.flush()
            os.fsync(self.file.fileno())
        except OSError as error:
            raise Failure(EXIT_IO_ERROR, f"{self.path}: cannot write the journal: {error.strerror}") from None

    def remove(self):
        os.remove(self.path)
        self.file.close()


def journal_line_problem(entry):
    """Why a journal line after the header is neither a record `run` could have written nor position facts, or "".

    The record checks are those of `run --resume` (harness/journal_check.cpp),
    so that a line one of them takes the other takes too; every field used as
    a key is checked before it is used.
    """
    if isinstance(entry, dict) and len(entry) == 1 and "position" in entry:
        facts = entry["position"]
        if not isinstance(facts, dict) or not isinstance(facts.get("id"), str):
            return "position facts without an id string"
        return ""
    if not isinstance(entry, dict) or "record" not in entry:
        return 'not a journal record (expected {"record": {...}})'
    record = entry["record"]
    if not isinstance(record, dict):
        return "the record is not a JSON object"
    integer = lambda value: isinstance(value, int) and not isinstance(value, bool)  # noqa: E731
    if not isinstance(record.get("position_id"), str):
        return "the record has no position_id string"
    if not integer(record.get("depth")):
        return "the record has no integer depth"
    if not isinstance(record.get("mode"), str):
        return "the record has no mode string"
    if not integer(record.get("score")):
        return "the record has no integer score"
    counters = record.get("counters")
    if not isinstance(counters, dict) or not integer(counters.get("nodes")) or counters["nodes"] < 0:
        return "the record has no counters.nodes count"
    return ""


def record_key(record):
    return (record.get("position_id"), record.get("depth"), record.get("mode"))


# ---- the plan of tasks ----------------------------------------------------

def make_tasks(plan, depths, modes, depths_per_task, journal):
    """(position, depth range, cost) of every task whose records or facts the journal lacks."""
    chunk = depths_per_task or len(depths)
    tasks = []
    for position in plan["positions"]:
        for start in range(0, len(depths), chunk):
            span = depths[start:start + chunk]
            lacks_records = any((position["id"], d, m) not in journal.records for d in span for m in modes)
            # The facts come from the task that searches the deepest depth (perft up to it).
            lacks_facts = span[-1] == depths[-1] and position["id"] not in journal.facts
            if lacks_records or lacks_facts:
                share = position["estimated_cost"] * len(span) / len(depths)
                tasks.append({"position": position, "depths": span, "cost": share, "with_facts": span[-1] == depths[-1]})
    return tasks


# ---- the driver -----------------------------------------------------------

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


class Progress:
    """A plain-text progress line on stderr: redrawn on a terminal, one line per second otherwise."""

    def __init__(self, total):
        self.total, self.done, self.started, self.shown = total, 0, time.monotonic(), 0.0
        self.terminal = sys.stderr.isatty()

    def advance(self, label):
        self.done += 1
        now = time.monotonic()
        if self.done < self.total and now - self.shown < (0.1 if self.terminal else 1.0):
            return
        self.shown = now
        width = 20
        filled = width * self.done // max(self.total, 1)
        line = (f"[{'#' * filled}{'-' * (width - filled)}] {self.done}/{self.total} tasks  "
                f"{now - self.started:.0f}s  {label}")
        sys.stderr.write(("\r" + line + "\033[K") if self.terminal else line + "\n")
        if self.terminal and self.done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def task_failure(error):
    """The Failure for a task's exception: the binary's exit code and line, or a lost task."""
    text = str(error)
    if text.startswith(TASK_ERROR):
        code, _, message = text[len(TASK_ERROR):].partition(": ")
        return Failure(int(code) if code.isdigit() else EXIT_IO_ERROR, message)
    if type(error).__name__ == "KilledWorker":
        return Failure(EXIT_IO_ERROR, f"a task was lost with every worker that ran it: {text}")
    return Failure(EXIT_IO_ERROR, f"a task failed: {type(error).__name__}: {text}")


def run_tasks(client, args, plan, tasks, journal):
    """Submits `tasks` (biggest first) and journals each finished one; stops at the first failure."""
    from distributed import as_completed
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
    progress = Progress(len(tasks))
    for future in as_completed(futures):
        task = futures.pop(future)
        if future.status != "finished":
            error = future.exception()
            client.cancel(list(futures))
            raise task_failure(error)
        journal.append(journal_entries(task, json.loads(future.result())))
        progress.advance(f"{task['position']['id']} d{task['depths'][0]}-{task['depths'][-1]}")


def journal_entries(task, document):
    """The task's records, and its position's facts (with the suite's real path) from the deepest task."""
    entries = [{"record": record} for record in document["records"]]
    if task["with_facts"]:
        facts = dict(document["positions"][0], suite=task["position"]["suite"])
        entries.append({"position": facts})
    return entries


def assemble(plan, journal, depths, modes, cluster_facts):
    """The run document: positions in suite order, records in position, depth, mode order."""
    positions, records = [], []
    for position in plan["positions"]:
        positions.append(journal.facts[position["id"]])
        for depth in depths:
            for mode in modes:
                records.append(journal.records[(position["id"], depth, mode)])
    context = dict(plan["context"], command_line=["scripts/dask_run.py"] + sys.argv[1:], dask=cluster_facts)
    return {"schema_version": 1, "kind": "run", "context": context,
            "positions": positions, "records": records, "skipped": []}


def write_atomically(path, document):
    """Writes a temporary file of a fresh name beside `path`, then renames it over `path`.

    mkstemp creates the temporary exclusively, so a link planted at a guessable
    name (OUT.tmp) is never followed; if `path` itself is a link, the link is
    replaced and its target left alone, as the binary does.
    """
    directory, name = os.path.split(os.path.abspath(path))
    temporary = None
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(descriptor, 0o666 & ~umask)  # the permissions open() would give, not mkstemp's 0600
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as error:
        if temporary is not None and os.path.lexists(temporary):
            os.unlink(temporary)
        raise Failure(EXIT_IO_ERROR, f"{path}: cannot write: {error.strerror}") from None


def drive(args):
    plan = list_plan(args)
    depths, modes = plan["plan"]["depths"], plan["plan"]["modes"]  # as the binary read them
    security = scheduler_security(args) if args.scheduler else None
    session, journal = {}, None
    try:
        if args.scheduler:  # reached before the journal exists: a cluster that cannot be reached leaves none behind
            start_client(args, security, session)
        journal = Journal(args.out + ".journal", plan["plan"], args.resume)
        tasks = make_tasks(plan, depths, modes, args.depths_per_task, journal)
        if not args.scheduler:  # started once the journal is known good: a refused journal costs no cluster
            start_client(args, security, session)
        client = session["client"]
        cluster_facts = {"scheduler": args.scheduler or "local", "workers": len(client.scheduler_info()["workers"]),
                         "tasks": len(tasks), "depths_per_task": args.depths_per_task or len(depths)}
        run_tasks(client, args, plan, tasks, journal)
    except KeyboardInterrupt:
        raise Failure(EXIT_INTERRUPTED, "interrupted" + kept_in(journal)) from None
    except Failure as failure:
        raise Failure(failure.code, str(failure) + kept_in(journal)) from None
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not interrupt the shutdown
        for part in ("client", "cluster"):
            if part in session:
                session[part].close()
    write_atomically(args.out, assemble(plan, journal, depths, modes, cluster_facts))
    journal.remove()


def kept_in(journal):
    """What a failure message adds once the journal exists."""
    return f" (finished records are kept in {journal.path}; rerun with --resume)" if journal else ""


def main(argv=None):
    args = parse_arguments(argv)
    try:
        drive(args)
    except Failure as failure:
        sys.stderr.write(f"error: {failure}\n")
        return failure.code
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
