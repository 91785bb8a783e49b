"""What every results command does around its one domain function.

A command's main() parses its arguments and hands run_and_report() a function
that loads, computes and writes, returning (paths written, notes). Unusable
input (DataError) and an unwritable output (OSError) become one `error: …`
line and exit status 2, like the prunebench binary's; notes go to stderr and
the paths written to stdout, one per line. report_on_runs() is that function for a
report on several runs read as one (enhancements.py, pruning.py). A write that would replace one of
the command's `inputs` is refused the same way (prunebench.output).
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Iterable

from prunebench import load, output

EXIT_OK = 0
EXIT_BAD_INPUT = 2  # same meaning as the prunebench binary's exit status 2


def run_and_report(work: Callable[[], tuple[Iterable, Iterable[str]]], out_dir, inputs: Iterable = ()) -> int:
    try:
        with output.guarding(inputs):
            written, notes = work()
    except load.DataError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:  # the output side: unwritable directory, full disk
        print(f"error: cannot write to {out_dir}: {error.strerror}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    for path in written:
        print(path)
    return EXIT_OK


def add_run_report_arguments(parser: argparse.ArgumentParser, seed: int, resamples: int) -> None:
    """RUN.json ..., --out, and the bootstrap's --seed and --resamples (defaults given: this module
    imports no statistics), as every report on joined runs takes them."""
    parser.add_argument("runs", metavar="RUN.json", nargs="+", help="outputs of 'prunebench run'")
    parser.add_argument("--out", metavar="DIR", default=".",
                        help="directory to write into, created if needed (default: .)")
    parser.add_argument("--seed", type=int, default=seed,
                        help="bootstrap seed, so that the report is reproducible (default: %(default)s)")
    parser.add_argument("--resamples", type=positive_int, default=resamples, metavar="N",
                        help="bootstrap resamples (default: %(default)s)")


def add_minimal_from_argument(parser: argparse.ArgumentParser) -> None:
    """--minimal-from RUN.json, for a report measured against the exact minimal tree."""
    parser.add_argument("--minimal-from", metavar="RUN.json", action="append", default=[],
                        help="read the exact minimal tree (mode minimal) of the runs' positions and depths from this "
                             "run too, say the ordering study's of the same positions, so that it is computed once; "
                             "where both have it they must agree (repeatable)")


def report_on_runs(args: argparse.Namespace, compute: Callable, write: Callable) -> int:
    """Join args.runs (and the minimal trees of args.minimal_from, when the report takes it), compute(run,
    seed, resamples) a result with .notes, write(result, out, source)."""
    minimal_from = getattr(args, "minimal_from", [])

    def work():
        run = load.join_runs([(path, load.load_run(path)) for path in args.runs])
        run = load.join_yardstick(run, [(path, load.load_run(path)) for path in minimal_from], load.MINIMAL)
        result = compute(run, args.seed, args.resamples)
        source = ", ".join(args.runs) + (f"; the exact minimal tree also from {', '.join(minimal_from)}"
                                         if minimal_from else "")
        return write(result, args.out, source), result.notes
    return run_and_report(work, args.out, args.runs + minimal_from)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text}")
    return value
