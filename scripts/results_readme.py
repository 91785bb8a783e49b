#!/usr/bin/python3
"""Writes results/README.md: the regenerated tables beside the reference
articles' figures, with the notes on where and why they differ.

Every figure in the page comes from the files in the results directory (made
by scripts/reproduce.sh) or from scripts/reference_figures.json; the prose
only explains. Usage: scripts/results_readme.py RESULTS_DIR
"""
import argparse
import sys
from pathlib import Path

import prunebench_data as data

ARTICLES = """\
The reference articles:
[000] "Minimax to Alpha-Beta: Measuring the Actual Node Reduction" (a bitboard engine's blog post);
[001] "Alpha-Beta Pruning, in depth" (fail-soft contract, minimal tree, PVS, MTD(f));
[002] a textbook chapter on alpha-beta (the standing tree, the theory table);
[003] a tutorial on iterative deepening and transposition tables."""

NOTES = {
    "minimax": "Full-width minimax is fixed by the position and the rules alone, so "
               "every engine must reproduce it exactly.",
    "unordered": "Unordered alpha-beta searches moves in generator order, which differs "
                 "between engines: [000]'s generator emits knights before pawns and quiet "
                 "moves before captures; ours emits knights, bishops, rooks, queens, king, "
                 "castling, then pawn captures and pushes (engine/movegen.h). Equal material "
                 "scores make the first move searched decide most cut-offs, so the counts "
                 "move with the order while the scores do not.",
    "mvv-lva": "MVV-LVA sorts captures only (stably); quiet moves keep generator order, "
               "so the same generator difference shows, less strongly. Where no capture "
               "exists (start position, depth 3 and below) the count equals unordered.",
}


def chess_rows(run: dict, reference: dict) -> list[dict]:
    """Our node count beside the article's for every (position, mode, depth) it gives."""
    ours = {(r["position_id"], r["mode"], r["depth"]): r["counters"]["nodes"] for r in run["records"]}
    rows = []
    for position, modes in reference["chess"]["nodes"].items():
        for mode, by_depth in modes.items():
            for depth, article in sorted(by_depth.items(), key=lambda item: int(item[0])):
                measured = ours.get((position, mode, int(depth)))
                rows.append({"position": position, "mode": mode, "depth": int(depth),
                             "article": article, "ours": measured})
    return rows


def format_chess(rows: list[dict]) -> str:
    lines = ["| position | mode | depth | article | prunebench | prunebench ÷ article |",
             "|---|---|---:|---:|---:|---:|"]
    for r in rows:
        ours = "not run" if r["ours"] is None else f"{r['ours']:,}"
        ratio = "—" if r["ours"] is None else f"{r['ours'] / r['article']:.2f}"
        lines.append(f"| {r['position']} | {r['mode']} | {r['depth']} | {r['article']:,} | {ours} | {ratio} |")
    return "\n".join(lines)


def agreement(rows: list[dict], mode: str) -> str:
    mine = [r for r in rows if r["mode"] == mode and r["ours"] is not None]
    equal = sum(r["ours"] == r["article"] for r in mine)
    return f"{equal} of {len(mine)} {mode} figures equal the article's."


def section(title: str, path: Path) -> str:
    if not path.exists():
        return f"## {title}\n\n(not generated: {path.name} is missing)\n"
    body = path.read_text().split("\n", 1)[1].lstrip("\n")  # drop the table's own heading
    return f"## {title}\n\n{body}\n"


def build_page(results: Path) -> str:
    run = data.load_run(results / "reproduction.json")
    reference = data.load_reference()
    rows = chess_rows(run, reference)
    parts = [
        "# Results: the reference articles' tables, regenerated\n",
        "Made by `scripts/reproduce.sh` (README command 1); do not edit by hand. "
        "Raw data: `reproduction.json` (chess, kind \"run\") and `trees/*.json` (synthetic trees). "
        "Tables exist as Markdown and CSV; plots as PNG and SVG.\n",
        ARTICLES + "\n",
        "## Chess node counts beside reference 000\n",
        format_chess(rows) + "\n",
        "\n".join(f"- **{mode}**: {agreement(rows, mode)} {note}" for mode, note in NOTES.items()) + "\n",
        section("Reduction against minimax (every mode)", results / "reduction.md"),
        section("Ordering gain against unordered alpha-beta", results / "ordering_gain.md"),
        section("Nodes against the Knuth-Moore minimal tree", results / "minimal_tree.md"),
        section("First-move cut-off rates", results / "cutoff_rates.md"),
        section("Random trees (reference 001)", results / "random_trees.md"),
        "Reference 001 does not state its leaf-value distribution; ours is uniform integers in "
        "[-100, 100] from a hash of (seed, tree, path), so only the exact results (best-first "
        "reaches the 431-leaf minimal tree on every tree) must match; the statistical ones "
        "(natural and random order, PVS against alpha-beta, MTD(f) passes) are comparable in size.\n",
        section("The standing tree (reference 002)", results / "standing_tree.md"),
        section("Full tree against the best case (reference 002)", results / "theory.md"),
        "## Plots\n",
        "![nodes vs depth](nodes_vs_depth.png)\n![reduction vs depth](reduction_vs_depth.png)\n"
        "![ordering gain](ordering_gain.png)\n![ratio to the minimal tree](minimal_tree_ratio.png)\n",
    ]
    return "\n".join(parts)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="the results directory")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    try:
        page = build_page(args.results)
    except data.DataError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    (args.results / "README.md").write_text(page)
    print(args.results / "README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
