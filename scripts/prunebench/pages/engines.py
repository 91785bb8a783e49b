"""results/engines.md: the packaged UCI engines' node counts beside prunebench's
on the same positions. One row per (position, depth): minimax, the exact minimal
tree, prunebench's cheapest search (the mode with the fewest nodes, `minimal`
and `oracle` left out: one is not a search, the other orders by values it
searches uncounted), then each engine's own reported nodes. Then, from a
run of prunebench's modes that add one technique at a time (quiescence, null
move, late move reductions, futility), the same positions step by step from
the exact search to the engines' counts.
"""

from __future__ import annotations

from prunebench.pruning import technique

NOT_A_SEARCH = {"minimal", "oracle"}
MISSING = "—"


def _nodes_by_key(run: dict) -> dict:
    return {(r["position_id"], r["depth"], r["mode"]): r["counters"]["nodes"] for r in run["records"]}


def _best_search(run: dict, position: str, depth: int):
    """(mode, nodes) of prunebench's cheapest search at (position, depth), or None."""
    candidates = [(r["counters"]["nodes"], r["mode"]) for r in run["records"]
                  if r["position_id"] == position and r["depth"] == depth
                  and r["mode"] not in NOT_A_SEARCH and r["spec"].get("algorithm") not in ("minimax", "negamax")]
    return min(candidates, key=lambda c: c[0], default=None)  # ties: the first in run order


def engine_rows(ours: dict, engines: dict | None) -> tuple[list[str], list[dict]]:
    """Engine names (with their id name) and one row per (position, depth) of the engine run."""
    if engines is None:
        return [], []
    names = list(dict.fromkeys(r["mode"] for r in engines["records"]))
    id_names = {r["mode"]: r["spec"].get("id_name", "") for r in engines["records"]}
    ours_nodes, theirs = _nodes_by_key(ours), _nodes_by_key(engines)
    disagreed = {(r["position_id"], r["depth"], r["mode"]) for r in engines["records"] if _disagreed(r)}
    keys = list(dict.fromkeys((r["position_id"], r["depth"]) for r in engines["records"]))
    rows = []
    for position, depth in keys:
        best = _best_search(ours, position, depth)
        rows.append({"position": position, "depth": depth,
                     "minimax": ours_nodes.get((position, depth, "minimax")),
                     "minimal": ours_nodes.get((position, depth, "minimal")),
                     "best": best,
                     "disagreed": {name for name in names if (position, depth, name) in disagreed},
                     **{name: theirs.get((position, depth, name)) for name in names}})
    return [f"{name} ({id_names[name]})" for name in names], rows


def _engine_columns(engines: dict | None) -> tuple[list[str], dict]:
    """Engine names in run order, and each (position, depth, name)'s reported nodes."""
    if engines is None:
        return [], {}
    return list(dict.fromkeys(r["mode"] for r in engines["records"])), _nodes_by_key(engines)


def step_rows(steps: dict, engines: dict | None) -> tuple[list[str], list[str], list[dict]]:
    """The step labels, the engine names and one row per (position, depth) of the steps run.

    A step is one mode of the run, in run order; its label is the mode itself
    for the first and the items it adds to the mode before it for the others
    (`+lmr`). A cell is the mode's nodes + qnodes, with whether its best move
    differs from its exact reference's.
    """
    modes = list(dict.fromkeys(r["mode"] for r in steps["records"]))
    labels = modes[:1] + ["+" + technique(mode, before) for before, mode in zip(modes, modes[1:])]
    names, theirs = _engine_columns(engines)
    cells = {(r["position_id"], r["depth"], r["mode"]):
             (r["counters"]["nodes"] + r["counters"].get("qnodes", 0), bool(r.get("best_move_differs")))
             for r in steps["records"]}
    rows = [{"position": position, "depth": depth,
             "steps": [cells.get((position, depth, mode)) for mode in modes],
             "engines": [theirs.get((position, depth, name)) for name in names]}
            for position, depth in dict.fromkeys((r["position_id"], r["depth"]) for r in steps["records"])]
    return labels, names, rows


def _step_cell(cell) -> str:
    return MISSING if cell is None else f"{cell[0]:,}" + (" †" if cell[1] else "")


STEPS_NOTE = ("Each prunebench column adds its items to the column before it. Its count is `nodes` + "
              "`qnodes`: every node the main and the quiescence search entered (README glossary: qnode). A mode "
              "with `qsearch` computes the Q-value, not the fixed-depth value (README glossary: Q-value). † : the "
              "best move differs from the exact reference's, the same mode without `nullmove`, `lmr` and "
              "`futility` (README glossary: reference). The engine columns are those of the table above.")


def format_steps(labels: list[str], names: list[str], rows: list[dict]) -> str:
    """The step-by-step table under its own heading, and what its columns mean."""
    header = ["position", "depth", *(f"`{label}`" for label in labels), *names]
    lines = ["### From the exact search to what engines count, one technique at a time", "",
             "| " + " | ".join(header) + " |", "|---|---:|" + "---:|" * (len(header) - 2)]
    for row in rows:
        cells = [_step_cell(cell) for cell in row["steps"]] + [_count(value) for value in row["engines"]]
        lines.append(f"| {row['position']} | {row['depth']} | " + " | ".join(cells) + " |")
    return "\n".join(lines + ["", STEPS_NOTE]) + "\n"


def _count(value) -> str:
    return MISSING if value is None else f"{value:,}"


def _disagreed(record: dict) -> bool:
    """The record's repeated searches reported different node counts."""
    counts = record.get("engine", {}).get("nodes_per_search", [])
    return len(set(counts)) > 1


def repeat_sentence(engines: dict | None) -> str:
    """What the engine run shows about repeated searches: nothing is claimed that its records do not hold."""
    if engines is None or not engines["records"]:
        return ""
    records = engines["records"]
    searches = sorted({len(r.get("engine", {}).get("nodes_per_search", [])) for r in records})
    times = " or ".join(str(n) for n in searches)
    disagreed = [r for r in records if _disagreed(r)]
    if not disagreed:
        return f"each searched {times} times, with the same count every time in all {len(records)} records"
    where = ", ".join(f"{r['mode']} at {r['position_id']} depth {r['depth']}" for r in disagreed[:5])
    more = f" and {len(disagreed) - 5} more" if len(disagreed) > 5 else ""
    return (f"each searched {times} times; the counts differed in {len(disagreed)} of {len(records)} records "
            f"({where}{more}: marked *, the first search's count shown)")


def format_table(labels: list[str], rows: list[dict], missing: list[str], repeats: str = "") -> str:
    lines = ["## Packaged UCI engines against prunebench", ""]
    if rows:
        header = ["position", "depth", "minimax", "minimal tree", "prunebench's cheapest search", *labels]
        lines += ["| " + " | ".join(header) + " |", "|---|---:|" + "---:|" * (len(header) - 2)]
        for row in rows:
            best = MISSING if row["best"] is None else f"{row['best'][0]:,} ({row['best'][1]})"
            names = [label.split(" (")[0] for label in labels]
            engines = [_count(row[name]) + ("*" if name in row["disagreed"] else "") for name in names]
            lines.append(f"| {row['position']} | {row['depth']} | {_count(row['minimax'])} | "
                         f"{_count(row['minimal'])} | {best} | " + " | ".join(engines) + " |")
        lines.append("")
    else:
        lines += ["No packaged engine is installed.", ""]
    lines.append("Engine columns are the engines' own reported `nodes` for `go depth D` (Threads=1, "
                 f"a fresh `ucinewgame`{', ' + repeats if repeats else ''}): their node "
                 "includes quiescence search and their depth allows pruning, reductions and "
                 "extensions, so they are not fixed-depth searches and can fall below the minimal "
                 "tree, which bounds only searches that return the exact depth-D value (README "
                 "glossary, engine-reported nodes). — : not in prunebench's run (its --max-nodes "
                 "leaves out the middlegame's full-width depth 6).")
    for name in missing:
        lines.append(f"\n{name}: not installed, skipped (scripts/install-deps.sh installs it).")
    return "\n".join(lines) + "\n"
