#!/usr/bin/python3
"""The price of pruning: what each selective technique (nullmove, lmr,
futility) saves against its exact reference, and how often it changes the
root value and best move, from prunebench runs.

    pruning.py RUN.json [RUN.json ...] [--out DIR] [--seed N] [--resamples N]

The runs' records are read together (say, depths 3-4 in one file and depth 5
in another); every selective mode's reference mode (its record's
`reference.mode`) must be in them too. Writes pruning.md (what the data
shows, then the table), pruning.csv and pruning.png/.svg (the Pareto plot)
into DIR and prints the files written, one per line; notes on what was left
out go to stderr. Exit status: 0 success, 2 unusable input or output.
"""

from __future__ import annotations

import argparse
import sys

from prunebench import cli, pruning, study
from prunebench.pages import pruning as page


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Each selective technique's nodes against its exact reference, the share of root values "
                    "and best moves it changes, and the Pareto front of the two.")
    cli.add_run_report_arguments(parser, study.DEFAULT_SEED, study.DEFAULT_RESAMPLES)
    return parser.parse_args(argv)


def main(argv=None) -> int:
    return cli.report_on_runs(parse_args(argv), pruning.pruning, page.write)


if __name__ == "__main__":
    sys.exit(main())
