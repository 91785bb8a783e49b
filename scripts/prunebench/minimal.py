"""Tables that compare searches with the exact minimal tree (mode `minimal`).

A run that includes the `minimal` mode has, per position and depth, the exact
minimal nodes and minimal leaves (README glossary: the cheapest proof of the
value). These tables put every other mode beside them, with the Knuth-Moore
estimate b^ceil(d/2) + b^floor(d/2) - 1 kept as a second, labelled column so
that a reader sees how far the estimate is from the truth; break the distance
down by ply; and tabulate the PV/CUT/ALL census. Computing only: rendering is
prunebench.render's.
"""

from __future__ import annotations

import pandas as pd

from prunebench import graph_yardstick, tables
from prunebench.load import MINIMAL
ORACLE = "oracle"       # the mode that orders children by exact value

KEYS = ["position", "depth"]


def _is_minimal(records: pd.DataFrame) -> pd.Series:
    return records["algorithm"] == MINIMAL


def _searches(records: pd.DataFrame) -> pd.DataFrame:
    """The records of real searches: not full width, not the minimal tree itself."""
    return records.loc[~tables.is_full_width(records) & ~_is_minimal(records)]


def _minimal_counts(records: pd.DataFrame) -> pd.DataFrame:
    minimal = records.loc[_is_minimal(records), KEYS + ["nodes", "leaves"]]
    minimal = minimal.drop_duplicates(KEYS)
    return minimal.rename(columns={"nodes": "minimal_nodes", "leaves": "minimal_leaves"})


def has_minimal(records: pd.DataFrame) -> bool:
    return bool(_is_minimal(records).any())


def minimal_tree_table(records: pd.DataFrame, position_depths: pd.DataFrame,
                       graph: pd.DataFrame | None = None, distinct: pd.DataFrame | None = None) -> pd.DataFrame:
    """Every search against the exact minimal tree, with the Knuth-Moore estimate beside it.

    nodes_ratio = nodes / minimal nodes and leaves_ratio = leaves / minimal
    leaves (empty when the run has no `minimal` records);
    knuth_moore_ratio = leaves / the estimate. `tt` ("yes"/"no") marks modes
    with a transposition table: they merge transpositions, which the tree-minimal
    proof counts again, so only they can fall below 1.0. With `graph` (bounds
    per position and depth, prunebench.graph_yardstick) and `distinct` (table
    modes' distinct_nodes), a table mode also has its distinct nodes against
    the minimal graph: graph_low = distinct ÷ graph upper, graph_high =
    distinct ÷ graph lower, and where it sits (above, within, below).
    """
    rows = _searches(records)[KEYS + ["mode", "tt", "nodes", "leaves"]]
    table = rows.merge(_minimal_counts(records), on=KEYS, how="left")
    estimate = position_depths[KEYS + ["minimal_tree"]].rename(columns={"minimal_tree": "knuth_moore"})
    table = table.merge(estimate, on=KEYS, how="left")
    table["minimal_nodes"] = table["minimal_nodes"].astype("Int64")
    table["minimal_leaves"] = table["minimal_leaves"].astype("Int64")
    table["nodes_ratio"] = table["nodes"] / table["minimal_nodes"].astype("float64")
    table["leaves_ratio"] = table["leaves"] / table["minimal_leaves"].astype("float64")
    # A root with no move (or no leaf at depth d) has an estimate of 0 leaves:
    # no ratio to it, rather than inf.
    estimate_leaves = table["knuth_moore"].astype("float64").replace(0.0, float("nan"))
    table["knuth_moore_ratio"] = table["leaves"] / estimate_leaves
    columns = KEYS + ["mode", "tt", "minimal_nodes", "nodes", "nodes_ratio", "minimal_leaves", "leaves",
                      "leaves_ratio", "knuth_moore", "knuth_moore_ratio"]
    if graph is not None and not graph.empty:
        table = _graph_columns(table, graph, distinct)
        columns += ["graph_lower", "graph_upper", "distinct_nodes", "left_first_graph", "mode_graph_low",
                    "mode_graph_high", "mode_against_graph"]
    table["tt"] = table["tt"].map({True: "yes", False: "no"})
    table = table[columns].sort_values(KEYS + ["mode"], kind="stable")
    return table.reset_index(drop=True)


def _on_keys(frame: pd.DataFrame, like: pd.DataFrame) -> pd.DataFrame:
    """`frame` with its position column of `like`'s type, so that the two merge."""
    frame = frame.copy()
    frame["position"] = frame["position"].astype(str).astype(like["position"].dtype)
    return frame


def _graph_columns(table: pd.DataFrame, graph: pd.DataFrame, distinct: pd.DataFrame | None) -> pd.DataFrame:
    """Table modes' distinct nodes against the graph bounds; plain modes keep the tree only."""
    table = table.merge(_on_keys(graph, table), on=KEYS, how="left")
    if distinct is None or distinct.empty:
        table["distinct_nodes"] = table["left_first_graph"] = pd.NA
    else:
        distinct = _on_keys(distinct, table)
        distinct["mode"] = distinct["mode"].astype(str)
        table["mode_name"] = table["mode"].astype(str)
        table = table.merge(distinct.rename(columns={"mode": "mode_name"}), on=KEYS + ["mode_name"], how="left")
        table = table.drop(columns="mode_name")
    for column in ("distinct_nodes", "left_first_graph"):
        table[column] = table[column].astype("Int64")
    plain = ~table["tt"].astype(bool)
    table.loc[plain, ["graph_lower", "graph_upper", "graph_lower_from"]] = pd.NA
    return graph_yardstick.with_graph(table, "distinct_nodes", "mode")


def estimate_table(records: pd.DataFrame, position_depths: pd.DataFrame,
                   graph: pd.DataFrame | None = None, distinct: pd.DataFrame | None = None) -> pd.DataFrame:
    """Per position and depth: the exact minimal tree, the estimate, and the closest searches.

    `best_mode` is the search with the fewest nodes among those without a
    table (ties: the first in the run's order); `best_tt_mode` the same among
    table modes, which may fall below the tree-minimal proof. `oracle` is not
    a candidate: it orders by values it searched for, so it has a column of
    its own. With `graph` and `distinct` (as for minimal_tree_table), the
    minimal graph's bounds and the best table mode's distinct nodes against
    them.
    """
    minimal = _minimal_counts(records)
    if minimal.empty:
        return pd.DataFrame()
    estimate = position_depths[KEYS + ["effective_branching_factor", "minimal_tree"]]
    table = minimal.merge(estimate.rename(columns={"minimal_tree": "knuth_moore"}), on=KEYS, how="left")
    table["estimate_ratio"] = table["knuth_moore"].astype("float64") / table["minimal_leaves"]
    searches = _searches(records)
    candidates = searches.loc[searches["mode"] != ORACLE]
    for column, tt in (("best_mode", False), ("best_tt_mode", True)):
        best = _fewest_nodes(candidates.loc[candidates["tt"] == tt])
        table = table.merge(best.rename(columns={"mode": column, "nodes": f"{column}_nodes"}),
                            on=KEYS, how="left")
        table[f"{column}_ratio"] = table[f"{column}_nodes"] / table["minimal_nodes"]
        table[f"{column}_nodes"] = table[f"{column}_nodes"].astype("Int64")
    oracle = searches.loc[searches["mode"] == ORACLE, KEYS + ["nodes"]]
    table = table.merge(oracle.rename(columns={"nodes": "oracle_nodes"}), on=KEYS, how="left")
    table["oracle_ratio"] = table["oracle_nodes"] / table["minimal_nodes"]
    table["oracle_nodes"] = table["oracle_nodes"].astype("Int64")
    table["knuth_moore"] = table["knuth_moore"].astype("Int64")
    columns = KEYS + ["effective_branching_factor", "minimal_nodes", "minimal_leaves", "knuth_moore",
                      "estimate_ratio", "oracle_nodes", "oracle_ratio", "best_mode", "best_mode_nodes",
                      "best_mode_ratio", "best_tt_mode", "best_tt_mode_nodes", "best_tt_mode_ratio"]
    if graph is not None and not graph.empty:
        table = _best_tt_against_graph(table, graph, distinct)
        columns += ["graph_lower", "graph_upper", "graph_lower_from", "best_tt_distinct", "best_tt_left_first",
                    "best_tt_graph_low", "best_tt_graph_high", "best_tt_against_graph"]
    table["position"] = table["position"].astype(records["position"].dtype)
    return table[columns].sort_values(KEYS, kind="stable").reset_index(drop=True)


def _best_tt_against_graph(table: pd.DataFrame, graph: pd.DataFrame, distinct: pd.DataFrame | None):
    table = table.merge(_on_keys(graph, table), on=KEYS, how="left")
    best = pd.DataFrame(columns=KEYS + ["best_tt_mode", "best_tt_distinct", "best_tt_left_first"])
    if distinct is not None and not distinct.empty:
        best = _on_keys(distinct, table).rename(columns={"mode": "best_tt_mode", "distinct_nodes": "best_tt_distinct",
                                                         "left_first_graph": "best_tt_left_first"})
        best["best_tt_mode"] = best["best_tt_mode"].astype(str)
    table = table.merge(best, on=KEYS + ["best_tt_mode"], how="left")
    for column in ("best_tt_distinct", "best_tt_left_first"):
        table[column] = table[column].astype("Int64")
    return graph_yardstick.with_graph(table, "best_tt_distinct", "best_tt")


def _fewest_nodes(searches: pd.DataFrame) -> pd.DataFrame:
    """Per position and depth, the mode with the fewest nodes (first in run order on ties)."""
    ordered = searches.sort_values(KEYS + ["nodes", "mode"], kind="stable")
    best = ordered.drop_duplicates(KEYS)[KEYS + ["mode", "nodes"]]
    best = best.copy()
    best["mode"] = best["mode"].astype(str)
    return best


def per_ply_table(run: dict, position: str, depth: int, modes: list[str]) -> pd.DataFrame:
    """Nodes per ply of each mode at one position and depth, and each ÷ the minimal tree's."""
    counts = {r["mode"]: r["counters"].get("nodes_per_ply", []) for r in run["records"]
              if r["position_id"] == position and r["depth"] == depth}
    if MINIMAL not in counts:
        return pd.DataFrame()
    minimal = counts[MINIMAL]
    rows = []
    for ply in range(depth + 1):
        row = {"ply": ply, "minimal": _at(minimal, ply)}
        for mode in [m for m in modes if m in counts and m != MINIMAL]:
            row[mode] = _at(counts[mode], ply)
            row[f"{mode} ÷ minimal"] = row[mode] / row["minimal"] if row["minimal"] else None
        rows.append(row)
    return pd.DataFrame(rows)


def _at(values: list, index: int) -> int:
    return values[index] if index < len(values) else 0


CENSUS_COUNTERS = ["expected_pv", "expected_cut", "expected_all", "behaved_pv", "behaved_cut",
                   "behaved_all", "expected_cut_behaved_all", "cutoffs", "first_move_cutoffs"]


def census_table(records: pd.DataFrame) -> pd.DataFrame:
    """The PV/CUT/ALL census of every search and of the minimal tree's proof.

    For `minimal`, expected = behaved = the proof's Exact (PV), Ge (CUT) and
    Le (ALL) interior nodes: what each count would be with perfect ordering.
    """
    wanted = ~tables.is_full_width(records)
    columns = [c for c in CENSUS_COUNTERS if c in records.columns]
    table = records.loc[wanted, KEYS + ["mode"] + columns].copy()
    for column in columns:
        table[column] = table[column].astype("Int64")
    return table.reset_index(drop=True)
