#!/usr/bin/python3
"""Runs `prunebench run` on a Dask cluster and writes the same run JSON.

usage: scripts/dask_run.py --suite FILE [--suite FILE ...] --depths LIST --modes LIST --out FILE
                           [--scheduler tls://HOST:PORT --tls-ca-file CA --tls-cert CERT [--tls-key KEY]
                            | --workers N] [--resume] [options]

Each task is one position x a range of depths (--depths-per-task) x every
mode: the task runs the prunebench binary on that position alone
(`prunebench run --position=ID`) on a worker. The journal and the output are
the binary's: `prunebench run --records-from -` on this machine locks
OUT.journal, resumes it, journals each finished task and writes OUT, with
`run`'s records in `run`'s order, so `run --resume` and this script can
continue each other's journals.

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
import os
import sys
from pathlib import Path

from prunebench import cluster, intake

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PRUNEBENCH = os.environ.get("PRUNEBENCH", str(REPO / "build" / "harness" / "prunebench"))


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
                        help="the binary, at this path here and on every worker (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.depths_per_task < 0:
        parser.error("--workers must be at least 1 and --depths-per-task at least 0")
    if not args.scheduler and (args.tls_ca_file or args.tls_cert or args.tls_key):
        parser.error("--tls-ca-file, --tls-cert and --tls-key go with --scheduler (a local cluster makes its own)")
    return args


def main(argv=None):
    args = parse_arguments(argv)
    try:
        cluster.drive(args)
    except intake.Failure as failure:
        if str(failure):  # else the binary has printed it
            sys.stderr.write(f"error: {failure}\n")
        return failure.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
