#!/usr/bin/python3
"""The packaged UCI engines' node counts beside prunebench's on the same positions.

    engine_table.py REPRODUCTION.json [--engines ENGINES.json] [--steps STEPS.json] [--missing NAME ...]
                    --out engines.md

REPRODUCTION.json is prunebench's own run (minimax, the searches, minimal);
ENGINES.json a `prunebench run --engine ...` of the same positions. One row per
(position, depth): minimax, the exact minimal tree, prunebench's cheapest
search (the mode with the fewest nodes, `minimal` and `oracle` left out: one
is not a search, the other orders by values it searches uncounted), then each
engine's own reported nodes. An engine named by --missing is listed as not
installed. STEPS.json, a run of the same positions whose modes add one
technique at a time (pvs-id-tt-killers, +qsearch, +nullmove=2, ...), adds a
second table: each step's nodes + qnodes, its best move marked where it
differs from the exact reference's, beside the engines. Exit status: 0
written, 2 unusable input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from prunebench import cli, load, output
from prunebench.pages.engines import engine_rows, format_steps, format_table, repeat_sentence, step_rows


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reproduction", type=Path, help="prunebench's run of the same positions")
    parser.add_argument("--engines", type=Path, help="the engines' run (prunebench run --engine ...)")
    parser.add_argument("--steps", type=Path,
                        help="prunebench's run of the same positions, one technique added per mode")
    parser.add_argument("--missing", action="append", default=[], metavar="NAME",
                        help="a packaged engine that is not installed (repeatable)")
    parser.add_argument("--out", type=Path, required=True, help="the Markdown file to write")
    return parser.parse_args(argv)


def _engine_table(args: argparse.Namespace):
    ours = load.load_run(args.reproduction)
    engines = load.load_run(args.engines) if args.engines else None
    labels, rows = engine_rows(ours, engines)
    text = format_table(labels, rows, args.missing, repeat_sentence(engines))
    if args.steps:
        text += "\n" + format_steps(*step_rows(load.load_run(args.steps), engines))
    return [output.write_text(args.out, text)], []


def main(argv=None) -> int:
    args = parse_args(argv)
    inputs = [args.reproduction] + [path for path in (args.engines, args.steps) if path]
    return cli.run_and_report(lambda: _engine_table(args), args.out, inputs)


if __name__ == "__main__":
    sys.exit(main())
