#!/usr/bin/python3
"""Tables (Markdown, CSV) and plots (PNG, SVG) from a prunebench run file.

    make_tables.py RUN.json [--tree-dir DIR] [--out DIR] [--reference] [--distinct RUN.json [--graph FILE]...]

Prints the files written, one per line. The ordering-gain table needs
`unordered` in the run (else it is skipped with a note on stderr); the
reduction needs no minimax search: minimax's nodes are Σ perft(0..d), which
every run holds. With --distinct (a run of `minimal` and table modes
with --distinct-nodes) the minimal-tree tables also put table modes against
the minimal graph's bounds, tightened by --graph (minimal_graph.py's JSON).
Exit status: 0 success, 2 unusable input or output.
"""

from __future__ import annotations

import argparse
import sys

from prunebench import cli
from prunebench.pages import tables as tables_page


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Write reduction, ordering-gain, minimal-tree and cut-off tables "
                    "(.md, .csv) and plots (.png, .svg) for a prunebench run.")
    parser.add_argument("run", metavar="RUN.json", help="output of 'prunebench run'")
    parser.add_argument("--tree-dir", metavar="DIR",
                        help="directory of 'prunebench tree' JSON files "
                             "(random, standing, theory) to tabulate as well")
    parser.add_argument("--out", metavar="DIR", default=".",
                        help="directory to write into, created if needed (default: .)")
    parser.add_argument("--reference", action="store_true",
                        help="add the reference articles' figures beside ours "
                             "(scripts/reference_figures.json)")
    parser.add_argument("--distinct", metavar="RUN.json",
                        help="a run of 'minimal' and table modes with --distinct-nodes: table modes are "
                             "then measured against the minimal graph's bounds")
    parser.add_argument("--graph", metavar="FILE", action="append", default=[],
                        help="minimal_graph.py's minimal_graph.json: the exact minimal graph or its LP bound "
                             "where solved (with --distinct; may be given again, the first file wins)")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    return cli.run_and_report(
        lambda: tables_page.write_report(args.run, tree_dir=args.tree_dir, out_dir=args.out,
                                         use_reference=args.reference, distinct_path=args.distinct,
                                         graph_paths=args.graph),
        args.out, [args.run] + ([args.distinct] if args.distinct else []) + list(args.graph or []))


if __name__ == "__main__":
    sys.exit(main())
