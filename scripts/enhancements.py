#!/usr/bin/python3
"""The enhancement experiments of Schaeffer (1989) and Plaat et al. (1996),
against the exact minimal tree, from one prunebench run.

    enhancements.py RUN.json [RUN.json ...] [--out DIR] [--seed N] [--resamples N]

The runs' records are read together (say, depths 4-5 of a suite in one file and
a deeper depth in another); together they hold `minimal`, the factorial
`factorial:mvv-lva:tt,id,killers,history,pvs,aspiration=50` and MTD(f) with
iterative deepening (`algo=mtdf+order=mvv-lva+tt+id+pv-move`, with and
without `+killers+history`). Writes enhancements.md (the answers first),
enhancements.csv, enhancements_effects.csv and enhancements.png/.svg into DIR
and prints the files written, one per line; notes on what was left out go to
stderr. Exit status: 0 success, 2 unusable input or output.
"""

from __future__ import annotations

import argparse
import sys

from prunebench import cli, enhancements, load, study
from prunebench.pages import enhancements as page


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Every combination of enhancements over MVV-LVA alpha-beta against the exact minimal tree, "
                    "their main effects and interactions, Schaeffer's and Plaat et al.'s claims checked.")
    parser.add_argument("runs", metavar="RUN.json", nargs="+", help="outputs of 'prunebench run'")
    parser.add_argument("--out", metavar="DIR", default=".",
                        help="directory to write into, created if needed (default: .)")
    parser.add_argument("--seed", type=int, default=study.DEFAULT_SEED,
                        help="bootstrap seed, so that the report is reproducible (default: %(default)s)")
    parser.add_argument("--resamples", type=cli.positive_int, default=study.DEFAULT_RESAMPLES, metavar="N",
                        help="bootstrap resamples (default: %(default)s)")
    return parser.parse_args(argv)


def _work(args: argparse.Namespace):
    run = load.join_runs([(path, load.load_run(path)) for path in args.runs])
    result = enhancements.enhancements(run, args.seed, args.resamples)
    return page.write(result, args.out, ", ".join(args.runs)), result.notes


def main(argv=None) -> int:
    args = parse_args(argv)
    return cli.run_and_report(lambda: _work(args), args.out, args.runs)


if __name__ == "__main__":
    sys.exit(main())
