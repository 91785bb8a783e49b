#!/usr/bin/python3
"""The enhancement experiments of Schaeffer (1989) and Plaat et al. (1996),
against the exact minimal tree, from one prunebench run.

    enhancements.py RUN.json [RUN.json ...] [--minimal-from RUN.json ...] [--out DIR] [--seed N] [--resamples N]

The runs' records are read together (say, depths 4-5 of a suite in one file and
a deeper depth in another); together they hold the factorial
`factorial:mvv-lva:tt,id,killers,history,pvs,aspiration=50` and MTD(f) with
iterative deepening (`algo=mtdf+order=mvv-lva+tt+id+pv-move`, with and
without `+killers+history`). They, or the runs of --minimal-from (say, the
ordering study's run of the same positions), hold `minimal`, the exact
minimal tree of those positions and depths. Writes enhancements.md (the
answers first), enhancements.csv, enhancements_effects.csv and
enhancements.png/.svg into DIR and prints the files written, one per line;
notes on what was left out go to stderr. Exit status: 0 success, 2 unusable
input or output.
"""

from __future__ import annotations

import argparse
import sys

from prunebench import cli, enhancements, study
from prunebench.pages import enhancements as page


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Every combination of enhancements over MVV-LVA alpha-beta against the exact minimal tree, "
                    "their main effects and interactions, Schaeffer's and Plaat et al.'s claims checked.")
    cli.add_run_report_arguments(parser, study.DEFAULT_SEED, study.DEFAULT_RESAMPLES)
    cli.add_minimal_from_argument(parser)
    return parser.parse_args(argv)


def main(argv=None) -> int:
    return cli.report_on_runs(parse_args(argv), enhancements.enhancements, page.write)


if __name__ == "__main__":
    sys.exit(main())
