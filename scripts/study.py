#!/usr/bin/python3
"""The ordering study of a prunebench run: is each mode better than a baseline
on these positions, by how much, and how sure are we?

    study.py RUN.json [RUN.json ...] [--baseline MODE] [--modes LIST] [--suite FILE] [--out DIR] [--seed N] [--resamples N]
    study.py RUN.json [RUN.json ...] --pair A,B [--suite FILE] [--out DIR] [--seed N] [--resamples N]

Writes study.md (the answer and the summary table first), study.csv,
study_positions.md/.csv (per position), study_branching.csv and the forest and
per-position plots (.png, .svg) into DIR, and prints the files written, one per
line. With --pair A,B it writes only pair_A_B.md/.csv: B against A alone, per
depth and per position (the same paired comparison, A as the baseline). Notes
on what was left out (a mode missing at a depth, an interval that
one position cannot give) go to stderr. Exit status: 0 success, 2 unusable
input or output.
"""

from __future__ import annotations

import argparse
import sys

from prunebench import cli, load, study
from prunebench.pages import pair as pair_page
from prunebench.pages import study as study_page


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Paired comparison of every mode of a prunebench run against a baseline mode: "
                    "geometric-mean node ratio with a bootstrap interval, wins/ties/losses by position, "
                    "Wilcoxon p-value, growth per ply; Markdown, CSV and plots.")
    parser.add_argument("runs", metavar="RUN.json", nargs="+",
                        help="output of 'prunebench run'; several are read as one (the same positions, "
                             "say depths 1-5 in one file and depth 6 in another)")
    parser.add_argument("--baseline", default=study.DEFAULT_BASELINE, metavar="MODE",
                        help="the mode every other is compared with (default: %(default)s)")
    parser.add_argument("--modes", metavar="LIST",
                        help="comma-separated modes to compare (default: every pruning search in the run)")
    parser.add_argument("--pair", metavar="A,B",
                        help="only B against A: a pairwise table per depth and per position "
                             "(pair_A_B.md, .csv) instead of the whole study; --baseline and --modes are ignored")
    parser.add_argument("--suite", metavar="FILE",
                        help="only the positions of this suite file, named as in the run's positions[].suite")
    parser.add_argument("--out", metavar="DIR", default=".",
                        help="directory to write into, created if needed (default: .)")
    parser.add_argument("--seed", type=int, default=study.DEFAULT_SEED,
                        help="bootstrap seed, so that the report is reproducible (default: %(default)s)")
    parser.add_argument("--resamples", type=cli.positive_int, default=study.DEFAULT_RESAMPLES,
                        metavar="N", help="bootstrap resamples (default: %(default)s)")
    return parser.parse_args(argv)


def _study(args: argparse.Namespace):
    """Load, compute and write; return (paths written, notes)."""
    run = load.join_runs([(path, load.load_run(path)) for path in args.runs])
    if args.suite:
        run = study.select_suite(run, args.suite)
    source = ", ".join(args.runs) + (f", positions of {args.suite}" if args.suite else "")
    if args.pair is not None:
        first, second = _pair(args.pair)
        result = study.study(run, first, [second], args.seed, args.resamples)
        return pair_page.write_pair(result, second, args.out, source), result.notes
    modes = [m for m in args.modes.split(",") if m] if args.modes else None
    result = study.study(run, args.baseline, modes, args.seed, args.resamples)
    return study_page.write_study(result, run, args.out, source), result.notes


def _pair(text: str) -> tuple[str, str]:
    names = text.split(",")
    if len(names) != 2 or not all(names) or names[0] == names[1]:
        raise load.DataError(f"--pair takes two different modes, A,B (got {text!r})")
    return names[0], names[1]


def main(argv=None) -> int:
    args = parse_args(argv)
    return cli.run_and_report(lambda: _study(args), args.out, args.runs)


if __name__ == "__main__":
    sys.exit(main())
