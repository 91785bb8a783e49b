#!/usr/bin/python3
"""Writes results/README.md: the suite study's answer first, then the
regenerated tables beside the reference articles' figures, with the notes on
where and why they differ, and the long per-position tables last.

Every figure in the page comes from the files in the results directory (made
by scripts/reproduce.sh: study/run.json, reproduction.json, the tables) or
from scripts/reference_figures.json; the prose only explains, and where it
draws a conclusion it picks its words by comparing those numbers.
Usage: scripts/results_readme.py RESULTS_DIR
"""
import argparse
import sys
from pathlib import Path

from prunebench import cli, output
from prunebench.pages.readme import build_page


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="the results directory")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    return cli.run_and_report(lambda: ([output.write_text(args.results / "README.md", build_page(args.results))], []),
                              args.results)


if __name__ == "__main__":
    sys.exit(main())
