"""results/README.md's check of Ebeling's factor of 1.5 against prunebench's best modes.

Ebeling (1987), cited by Plaat et al., reports that high-performance programs
search within a factor of 1.5 of the minimal tree. The check reads the suite
study (study/run.json and, when made, deep/study-d6.json) for the distance
from the minimal tree, and minimal_tree_summary.csv (reference 000's two
positions) for the distance from the minimal graph. Words only: every figure
comes from those files, and each verdict is picked by comparing them.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from prunebench import load, study
from prunebench.graph_yardstick import FROM_ROOT

EBELING = 1.5
DEPTHS = (5, 6)
TITLE = "### Ebeling's factor of 1.5 (Plaat et al.)\n"


def _study(results: Path, suite_run: dict) -> study.Study | None:
    """The study at DEPTHS, from study/run.json and deep/study-d6.json; None without records there."""
    deeper = results / "deep" / "study-d6.json"
    runs = [("study/run.json", suite_run)] + ([(deeper, load.load_run(deeper))] if deeper.exists() else [])
    run = load.join_runs(runs)
    # Only the depths checked: the study's statistics at the others cost seconds.
    records = [r for r in run["records"] if r["depth"] in DEPTHS]
    return study.study({**run, "records": records}) if records else None


def _verdict(low: float, high: float) -> str:
    if math.isnan(low):
        return "no interval"
    if low > EBELING:
        return f"the whole interval lies above {EBELING:g}"
    if high < EBELING:
        return f"the whole interval lies within {EBELING:g}"
    return f"the interval holds {EBELING:g}"


def _tree_sentence(best: dict | None, depth: int) -> str:
    if best is None:
        return f"depth {depth}: no mode has the minimal tree at every position of the study"
    return (f"depth {depth}: `{best['mode']}`, {best['ratio']:.2f}× the minimal tree's nodes "
            f"(95 % interval {best['ci_low']:.2f}–{best['ci_high']:.2f} over {best['positions']} positions: "
            f"{_verdict(best['ci_low'], best['ci_high'])})")


def _graph_sentence(row: pd.Series) -> str:
    head = (f"{row['position']} depth {row['depth']}: `{row['best_tt_mode']}` enters {int(row['best_tt_distinct']):,} "
            f"distinct nodes; the minimal graph is at most {int(row['graph_upper']):,} "
            f"({row['graph_upper'] / row['minimal_nodes']:.2f}× the minimal tree's {int(row['minimal_nodes']):,}), "
            f"so the mode is at least {row['best_tt_graph_low']:.2f}× the minimal graph")
    if row["graph_lower_from"] == FROM_ROOT:
        head += " (no useful lower bound on the graph here: only the root bound, so no upper figure)"
    else:
        head += f" and at most {row['best_tt_graph_high']:.2f}× ({row['graph_lower_from']} lower bound)"
    if row["best_tt_graph_low"] > EBELING:
        return head + f": beyond {EBELING:g} even against the graph"
    return head + f": the bounds cannot say whether it is within {EBELING:g}"


def _graph_rows(results: Path) -> pd.DataFrame | None:
    path = results / "minimal_tree_summary.csv"
    if not path.exists():
        return None
    table = pd.read_csv(path)
    if "best_tt_distinct" not in table:
        return None
    return table.loc[table["depth"].isin(DEPTHS) & table["best_tt_distinct"].notna()]


def section(results: Path, suite_run: dict | None) -> str:
    """The check, from `suite_run` (study/run.json, loaded; None when not made) and the files beside it."""
    if suite_run is None:
        return TITLE + "\n(not generated: study/run.json is missing)\n"
    result = _study(results, suite_run)
    if result is None:
        return TITLE + f"\n(not generated: the suite study has no records at depth {' or '.join(map(str, DEPTHS))})\n"
    positions = result.detail["position"].nunique()
    lines = [TITLE,
             f"Ebeling (1987), cited by Plaat et al., reports that high-performance programs search within a "
             f"factor of {EBELING:g} of the minimal tree. prunebench's mode nearest the exact minimal tree on the "
             f"study's {positions} positions ([study/study.md](study/study.md); `oracle` left out, it orders by "
             "exact values no real search has; geometric means, 95 % percentile bootstrap intervals over "
             "positions, the study's draws):\n"]
    lines += [f"- {_tree_sentence(study.closest_to_minimal(result, depth), depth)}" for depth in DEPTHS]
    graph = _graph_rows(results)
    lines.append("")
    if graph is None or graph.empty:
        lines.append("Against the minimal graph: not generated (minimal_tree_summary.csv has no graph bounds).")
        return "\n".join(lines) + "\n"
    lines.append("Against the minimal graph, the yardstick of a search with a transposition table (README "
                 "glossary: graph yardstick), the figure covers reference 000's two positions only "
                 "([minimal_tree_summary.md](minimal_tree_summary.md)): the bounds need a `minimal "
                 "--distinct-nodes` run, which the study's positions do not have. The best table mode there, "
                 "its distinct nodes against the graph's nodes measure:\n")
    lines += [f"- {_graph_sentence(row)}" for _, row in graph.iterrows()]
    return "\n".join(lines) + "\n"
