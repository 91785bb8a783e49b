#!/usr/bin/python3
"""The minimal graph of a suite's positions, beside the minimal tree.

    minimal_graph.py [--suite FILE] [--depths 1-4] [--time-limit S] [--max-instance-nodes N] [--solver PATH]
                     [--prunebench PATH] [--out DIR]

For each position (EPD: FEN and id) and depth: `prunebench search --mode
minimal --json` gives the minimal tree, its proof merged and the greedy upper
bound; `prunebench proof-graph` the instance, solved exactly for both
measures by CBC (the model written by pulp) within --time-limit seconds of
wall clock per solver run (else the LP lower bound, within as long). CBC
runs in a process group of its own, killed at the limit, on SIGINT or
SIGTERM and when this script exits. Writes minimal_graph.json (kind "minimal-graph") and
minimal_graph.md into DIR, and prints the files written, one per line. A
solver missing, crashing or timing out is one note on stderr per reason, the
figure is marked lacking, and the other figures are kept. Exit status: 0 success, 2 unusable input or output.
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
                        help="seconds of wall clock each solver run may take: CBC is killed then, and the exact "
                             "solve's place taken by the LP relaxation's bound, itself limited so (default: %(default)s)")
    parser.add_argument("--max-instance-nodes", type=cli.positive_int, metavar="N", default=None,
                        help="solve no instance of more than N nodes, a time budget (default: every instance)")
    parser.add_argument("--solver", metavar="PATH", default=None,
                        help="the CBC binary (default: cbc on PATH, Debian package coinor-cbc)")
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


def _notes(rows: list[dict]) -> list[str]:
    """One line per reason a figure is lacking, naming where: a missing solver is one line, not one a solve."""
    where: dict[str, list[str]] = {}
    for row in rows:
        for m in proof_graph.MEASURES:
            solution = row["graph_exact"][m]
            if solution["status"] != proof_graph.SOLVED:
                reason = f"{solution['status']}: {solution['detail']}"
                where.setdefault(reason, []).append(f"{row['position']} d{row['depth']} {m}")
    return [f"graph exact {reason} ({', '.join(places)})" for reason, places in where.items()]


def _minimal_graph(args: argparse.Namespace):
    rows = [proof_graph.measure(args.prunebench, ident, fen, depth, args.time_limit, args.solver,
                                args.max_instance_nodes)
            for ident, fen in _positions(args.suite) for depth in _depths(args.depths)]
    notes = _notes(rows)
    command = f"scripts/minimal_graph.py --depths {args.depths} --time-limit {args.time_limit:g}"
    if args.max_instance_nodes is not None:
        command += f" --max-instance-nodes {args.max_instance_nodes}"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    document = {"schema_version": SCHEMA_VERSION, "kind": "minimal-graph", "command": command,
                "time_limit_seconds": args.time_limit, "rows": rows}
    output.write_text(out / "minimal_graph.json", json.dumps(document, indent=2) + "\n")
    output.write_text(out / "minimal_graph.md", page.render(rows, command, args.time_limit, args.max_instance_nodes))
    return [out / "minimal_graph.json", out / "minimal_graph.md"], notes


def main(argv=None) -> int:
    args = parse_args(argv)
    return cli.run_and_report(lambda: _minimal_graph(args), args.out, [args.suite])


if __name__ == "__main__":
    sys.exit(main())
