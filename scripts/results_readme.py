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

from prunebench import load
from prunebench.pages.readme import build_page


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="the results directory")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    try:
        page = build_page(args.results)
    except load.DataError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    (args.results / "README.md").write_text(page)
    print(args.results / "README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
