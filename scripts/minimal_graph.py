#!/usr/bin/python3
"""The minimal graph of a suite's positions, beside the minimal tree.

    minimal_graph.py [--suite FILE] [--depths 1-4] [--time-limit S] [--prunebench PATH] [--out DIR]

For each position (EPD: FEN and id) and depth: `prunebench search --mode
minimal --json` gives the minimal tree, its proof merged and the greedy upper
bound; `prunebench proof-graph` the instance, solved exactly for both
measures by CBC through pulp within --time-limit seconds per solve (else the
LP lower bound). Writes minimal_graph.json (kind "minimal-graph") and
minimal_graph.md into DIR, and prints the files written, one per line. A
solver missing or failing is a note on stderr, and the figure is marked
lacking. Exit status: 0 success, 2 unusable input or output.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from prunebench import cli, load, output, proof_graph
from prunebench.pages import minimal_graph as page

REPO = Path(__file__).resolve().parent.parent
SCHEMA_VERSION = 1


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="The minimal graph (README glossary) of each position of a suite: bounds from the "
                    "minimal tree's proof and the exact minimum by integer programming.")
    parser.add_argument("--suite", default=str(REPO / "positions" / "seed.epd"), metavar="FILE",
                        help="EPD file: a FEN and an id per line (default: positions/seed.epd)")
    parser.add_argument("--depths", default="1-4", metavar="A-B", help="depths to measure (default: %(default)s)")
    parser.add_argument("--time-limit", type=float, default=proof_graph.DEFAULT_TIME_LIMIT, metavar="S",
                        help="seconds each exact solve may take before its LP bound is used (default: %(default)s)")
    parser.add_argument("--prunebench", default=os.environ.get("PRUNEBENCH", str(REPO / "build" / "harness" / "prunebench")),
                        metavar="PATH", help="the binary (default: $PRUNEBENCH or build/harness/prunebench)")
    parser.add_argument("--out", metavar="DIR", default=".", help="directory to write into (default: .)")
    return parser.parse_args(argv)


def _depths(text: str) -> range:
    first, _, last = text.partition("-")
    try:
        return range(int(first), int(last or first) + 1)
    except ValueError:
        raise load.DataError(f"--depths: {text!r} is not A-B") from None


def _positions(path: str) -> list[tuple[str, str]]:
    """(id, FEN) per line of an EPD file; the FEN's move counters are added."""
    positions = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise load.DataError(f"cannot read {path}: {error.strerror}") from None
    for line in lines:
        fields = line.split()
        if len(fields) < 4 or line.startswith("#"):
            continue
        ident = line.split('id "', 1)[1].split('"', 1)[0] if 'id "' in line else str(len(positions) + 1)
        positions.append((ident, " ".join(fields[:4]) + " 0 1"))
    return positions


def _minimal_graph(args: argparse.Namespace):
    rows = [proof_graph.measure(args.prunebench, ident, fen, depth, args.time_limit)
            for ident, fen in _positions(args.suite) for depth in _depths(args.depths)]
    notes = [f"{r['position']} depth {r['depth']} {m}: {r['graph_exact'][m]['status']} {r['graph_exact'][m]['detail']}"
             for r in rows for m in proof_graph.MEASURES if r["graph_exact"][m]["status"] != proof_graph.SOLVED]
    command = f"scripts/minimal_graph.py --depths {args.depths} --time-limit {args.time_limit:g}"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    document = {"schema_version": SCHEMA_VERSION, "kind": "minimal-graph", "command": command,
                "time_limit_seconds": args.time_limit, "rows": rows}
    output.write_text(out / "minimal_graph.json", json.dumps(document, indent=2) + "\n")
    output.write_text(out / "minimal_graph.md", page.render(rows, command, args.time_limit))
    return [out / "minimal_graph.json", out / "minimal_graph.md"], notes


def main(argv=None) -> int:
    args = parse_args(argv)
    return cli.run_and_report(lambda: _minimal_graph(args), args.out, [args.suite])


if __name__ == "__main__":
    sys.exit(main())
