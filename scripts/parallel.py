#!/usr/bin/python3
"""Parallel alpha-beta, measured: YBWC's speed-up, search overhead and
efficiency on P virtual processors (smp=model), over the positions of
prunebench runs, beside the published figures (Hyatt's DTS, Feldmann's YBWC);
with --real, real runs on threads (smp=ybwc, smp=lazy with --repeat) beside
the model on as many processors.

    parallel.py RUN.json [RUN.json ...] [--real REAL.json] [--out DIR] [--seed N] [--resamples N]

The runs' smp=model records are read together (say, depth 4 from one file and
depths 5-6 from others). Writes parallel.md (what the data shows, then the
tables), parallel.csv, parallel_real.csv (with --real) and parallel.png/.svg
(speed-up and overhead against P) into DIR and prints the files written, one
per line; notes go to stderr. Exit status: 0 success, 2 unusable input or output.
"""

from __future__ import annotations

import argparse
import sys

from prunebench import cli, load, parallel, study
from prunebench.pages import parallel as page


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="The parallel model's speed-up, overhead and efficiency against P, beside published "
                    "figures and, with --real, real threads.")
    cli.add_run_report_arguments(parser, study.DEFAULT_SEED, study.DEFAULT_RESAMPLES)
    parser.add_argument("--real", metavar="REAL.json",
                        help="a run of smp=ybwc / smp=lazy modes (with --repeat) to set beside the model")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)

    def work():
        run = load.join_runs([(path, load.load_run(path)) for path in args.runs])
        real = load.load_run(args.real) if args.real else None
        result = parallel.parallel(run, args.seed, args.resamples, real)
        sources = ", ".join(args.runs) + (f"; real threads: {args.real}" if args.real else "")
        return page.write(result, args.out, sources), result.notes

    return cli.run_and_report(work, args.out, [*args.runs, *([args.real] if args.real else [])])


if __name__ == "__main__":
    sys.exit(main())
