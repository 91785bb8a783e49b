"""The results page's section for `scripts/reproduce.sh --deep`: reference
000's chess tables one ply beyond the article (start position depth 7,
middlegame depth 6), and the exact minimal tree two plies beyond (made by
`--campaigns`), read from results/deep/*.json (kind "run").

One function renders the section; prunebench.pages.readme places it. Every figure
comes from the run files: nodes, the ratio to the exact minimal tree of the
same position and depth, and the growth from the depth before (read from the
deep rows or the main job's reproduction.json), which is where reference
000's odd/even question shows.
"""
from pathlib import Path

from prunebench import load

TITLE = "## Beyond the article: one ply deeper (`scripts/reproduce.sh --deep`)"
INTRO = ("Reference 000's tables stop at start depth 6 and middlegame depth 5. These rows go one "
         "ply further, and the exact minimal tree alone two plies further (`--campaigns`); the "
         "article has no figure for them. Minimax runs split across threads with the single-thread counts "
         "(engine/search/split.h). \"× minimal\" is nodes ÷ the exact minimal tree's nodes at the "
         "same position and depth; \"× depth − 1\" is nodes ÷ the same mode's nodes one ply "
         "shallower, from these rows or the main job's `reproduction.json`.")


def _nodes_by_key(runs: list[dict]) -> dict[tuple, int]:
    return {(r["position_id"], r["depth"], r["mode"]): r["counters"]["nodes"]
            for run in runs for r in run["records"]}


def _ratio(numerator: int, denominator: int | None) -> str:
    return f"{numerator / denominator:,.2f}" if denominator else "—"


def deep_rows(deep_runs: list[dict], main_run: dict | None) -> list[dict]:
    """One row per deep record, in file order."""
    deep_nodes = _nodes_by_key(deep_runs)
    shallower = _nodes_by_key(([main_run] if main_run else []) + deep_runs)
    rows = []
    for run in deep_runs:
        for r in run["records"]:
            position, depth, mode, nodes = r["position_id"], r["depth"], r["mode"], r["counters"]["nodes"]
            rows.append({"position": position, "depth": depth, "mode": mode, "nodes": nodes,
                         "score": r["score"], "best_move": r["best_move"],
                         "minimal": deep_nodes.get((position, depth, "minimal")),
                         "previous": shallower.get((position, depth - 1, mode))})
    return rows


def deep_section(deep_dir: Path, main_run: dict | None) -> str:
    """The Markdown section, or a line saying how to make it."""
    paths = sorted(Path(deep_dir).glob("*.json"))
    if not paths:
        return f"{TITLE}\n\n(not generated: run `scripts/reproduce.sh --deep`)\n"
    rows = deep_rows([load.load_run(path) for path in paths], main_run)
    lines = [TITLE, "", INTRO, "",
             "| position | depth | mode | nodes | × minimal | × depth − 1 | score | best move |",
             "|---|---:|---|---:|---:|---:|---:|---|"]
    for row in rows:
        lines.append(f"| {row['position']} | {row['depth']} | {row['mode']} | {row['nodes']:,} | "
                     f"{_ratio(row['nodes'], row['minimal'])} | {_ratio(row['nodes'], row['previous'])} | "
                     f"{row['score']} | {row['best_move'] or '—'} |")
    return "\n".join(lines) + "\n"
