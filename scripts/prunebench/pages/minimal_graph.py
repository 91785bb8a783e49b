"""results/minimal_graph.md: the minimal graph of reference 000's positions
beside the minimal tree, from the rows of prunebench.proof_graph.measure().

Per measure (nodes, leaves) and per position and depth: the exact minimal
tree, its own proof with transpositions merged, the best upper bound and the
method that gave it, and the exact minimal graph, or, where the solver ran
out of time, the interval [LP lower bound, upper bound], or [—, upper bound]
with the reason. Rendering only.
"""

from __future__ import annotations

from prunebench import proof_graph

TITLE = "# The minimal graph (reference 000's positions)"


def _exact(row: dict, measure: str) -> str:
    solution = row["graph_exact"][measure]
    if solution["status"] == proof_graph.SOLVED:
        return f"{solution['value']:,}"
    if solution["status"] == proof_graph.LP_BOUND:
        return f"[{solution['lower_bound']:,}, {row['graph_upper'][measure]:,}] (LP bound)"
    return f"[—, {row['graph_upper'][measure]:,}] ({solution['status']})"


def _method(row: dict, measure: str) -> str:
    return row["graph_upper"]["method"][measure]


def _table(rows: list[dict], measure: str) -> list[str]:
    lines = [f"| position | depth | minimal tree | tree proof merged | graph upper | method | graph exact |",
             "|---|---:|---:|---:|---:|---|---:|"]
    for row in rows:
        lines.append(f"| {row['position']} | {row['depth']} | {row['minimal_tree'][measure]:,} | "
                     f"{row['tree_proof_merged'][measure]:,} | {row['graph_upper'][measure]:,} | "
                     f"{_method(row, measure)} | {_exact(row, measure)} |")
    return lines


def largest_solved(rows: list[dict]) -> dict[str, int | None]:
    """Per position, the largest depth at which both measures were solved exactly."""
    largest: dict[str, int | None] = {}
    for row in rows:
        solved = all(row["graph_exact"][m]["status"] == proof_graph.SOLVED for m in proof_graph.MEASURES)
        largest.setdefault(row["position"], None)
        if solved:
            largest[row["position"]] = max(largest[row["position"]] or 0, row["depth"])
    return largest


def render(rows: list[dict], command: str, time_limit: float, max_nodes: int | None = None) -> str:
    intro = (
        "A node of a proof graph is a distinct (position, remaining depth): a proof graph "
        "counts it once however many move orders reach it (README glossary: proof graph, "
        "minimal graph). The minimal tree counts every move sequence, so a search with a "
        "transposition table can sit below it but never below the minimal graph. "
        "*tree proof merged*: the minimal tree's own proof with transpositions merged; "
        "*graph upper*: the lesser of that and the greedy walk that reuses what the proof "
        "already holds (`greedy-shared`); *graph exact*: the least proof graph, by integer "
        f"programming (the model written by pulp, solved by CBC), each CBC run killed at {time_limit:g} s "
        "of wall clock; where the exact solve did not end in time, the interval [LP relaxation "
        "rounded up, graph upper], the relaxation also killed at the limit; where neither ended, "
        "[—, graph upper] (timed out).")
    if max_nodes is not None:
        intro += (f" An instance of more than {max_nodes:,} nodes is not attempted, to keep this page's "
                  "time small (the depth-3 instances take minutes): [—, graph upper].")
    lines = [TITLE, "", f"Made by `{command}`.", "", intro, ""]
    for measure in proof_graph.MEASURES:
        lines += [f"## {measure.capitalize()} measure", ""] + _table(rows, measure) + [""]
    lines += ["## Largest depth solved exactly (both measures)", ""]
    for position, depth in largest_solved(rows).items():
        lines.append(f"- {position}: {depth if depth is not None else 'none'}")
    return "\n".join(lines) + "\n"
