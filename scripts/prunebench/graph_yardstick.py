"""The minimal graph as the yardstick of modes with a transposition table.

A table mode merges transpositions, so it is measured on the graph's footing
(README glossary: proof graph, minimal graph; graph yardstick): its
`distinct_nodes` against the minimal graph's nodes measure, known per
position and depth as an interval [graph_lower, graph_upper]:

- graph_upper: the exact minimum where the integer program solved it
  (minimal_graph.py's files), else the `minimal` record's `graph_upper`;
- graph_lower: that exact minimum, else the LP relaxation's bound, else the
  root bound 1 + perft(1): an Exact root needs every child in the graph.

A search's own distinct_nodes is no lower bound: where the nodes it entered
hold a proof graph it is an upper bound, and they need not hold one, since
a table entry of greater draft answers a shallower request and a bound from
an earlier pass or iteration settles a node without its subgraph at this
remaining depth. Computing only.
"""

from __future__ import annotations

import pandas as pd

from prunebench.load import MINIMAL

KEYS = ["position", "depth"]

FROM_EXACT = "exact"
FROM_LP = "LP relaxation"
FROM_ROOT = "root bound"

ABOVE, WITHIN, BELOW = "above", "within", "below"


def _upper_bounds(distinct_run: dict) -> pd.DataFrame:
    rows = [{"position": r["position_id"], "depth": r["depth"], "graph_upper": r["graph_upper"]["nodes"]}
            for r in distinct_run["records"] if r["spec"].get("algorithm") == MINIMAL and "graph_upper" in r]
    return pd.DataFrame(rows, columns=KEYS + ["graph_upper"])


def _solved(graphs: list[dict]) -> pd.DataFrame:
    """The integer program's figure per position and depth: exact, or the LP bound
    (the first file that has one, for a position and depth in several)."""
    rows = []
    for row in [r for graph in graphs for r in graph["rows"]]:
        solution = row["graph_exact"]["nodes"]
        if solution["value"] is not None:
            rows.append({"position": row["position"], "depth": row["depth"], "solved": solution["value"],
                         "solved_from": FROM_EXACT})
        elif solution["lower_bound"] is not None:
            rows.append({"position": row["position"], "depth": row["depth"], "solved": solution["lower_bound"],
                         "solved_from": FROM_LP})
    return pd.DataFrame(rows, columns=KEYS + ["solved", "solved_from"]).drop_duplicates(KEYS)


def _root_bounds(position_depths: pd.DataFrame) -> pd.DataFrame:
    first = position_depths.loc[position_depths["depth"] == 1, ["position", "perft"]]
    return first.assign(root_bound=lambda f: 1 + f["perft"].astype("int64"))[["position", "root_bound"]]


def bounds(distinct_run: dict | None, graphs: list[dict], position_depths: pd.DataFrame) -> pd.DataFrame:
    """Per position and depth: graph_lower, graph_upper and graph_lower_from (which bound)."""
    if distinct_run is None:
        return pd.DataFrame(columns=KEYS + ["graph_lower", "graph_upper", "graph_lower_from"])
    table = _upper_bounds(distinct_run).merge(_solved(graphs), on=KEYS, how="left")
    table["position"] = table["position"].astype(str)
    roots = _root_bounds(position_depths)
    roots["position"] = roots["position"].astype(str)
    table = table.merge(roots, on="position", how="left")
    exact = table["solved_from"] == FROM_EXACT
    table["graph_upper"] = table["solved"].where(exact, table["graph_upper"])
    table["graph_lower"] = table["solved"].fillna(table["root_bound"])
    table["graph_lower_from"] = table["solved_from"].fillna(FROM_ROOT)
    for column in ("graph_lower", "graph_upper"):
        table[column] = table[column].astype("Int64")
    return table[KEYS + ["graph_lower", "graph_upper", "graph_lower_from"]]


def distinct_nodes(distinct_run: dict | None) -> pd.DataFrame:
    """Each table mode's distinct_nodes per position and depth (the graph's footing), and its
    left-first minimal graph (README glossary) where the record has one."""
    rows = [] if distinct_run is None else [
        {"position": r["position_id"], "depth": r["depth"], "mode": r["mode"],
         "distinct_nodes": r["counters"]["distinct_nodes"],
         "left_first_graph": r.get("left_first_graph", {}).get("nodes", pd.NA)}
        for r in distinct_run["records"]
        if r["spec"].get("tt") and "distinct_nodes" in r["counters"]]
    return pd.DataFrame(rows, columns=KEYS + ["mode", "distinct_nodes", "left_first_graph"])


def against(distinct: pd.Series, lower: pd.Series, upper: pd.Series) -> pd.Series:
    """Where each count sits against the interval: above, within or below it (empty when unknown)."""
    distinct, lower, upper = (pd.to_numeric(s, errors="coerce").astype("float64") for s in (distinct, lower, upper))
    verdict = pd.Series(pd.NA, index=distinct.index, dtype="object")
    known = distinct.notna() & lower.notna() & upper.notna()
    verdict[known & (distinct > upper)] = ABOVE
    verdict[known & (distinct <= upper) & (distinct >= lower)] = WITHIN
    verdict[known & (distinct < lower)] = BELOW
    return verdict


def with_graph(table: pd.DataFrame, count: str, prefix: str) -> pd.DataFrame:
    """`table` (with graph_lower, graph_upper, graph_lower_from and a `count` column) gains
    <prefix>_graph_low = count ÷ graph_upper, <prefix>_graph_high = count ÷ graph_lower
    (empty over the root bound: hundreds, which says nothing), and <prefix>_against_graph."""
    values = table[count].astype("float64")
    table[f"{prefix}_graph_low"] = values / table["graph_upper"].astype("float64")
    high = values / table["graph_lower"].astype("float64")
    table[f"{prefix}_graph_high"] = high.where(table["graph_lower_from"] != FROM_ROOT)
    table[f"{prefix}_against_graph"] = against(table[count], table["graph_lower"], table["graph_upper"])
    return table
