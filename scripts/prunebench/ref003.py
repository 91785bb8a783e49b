"""Reference 003's three claims, measured on a run (computing only).

The tutorial on alpha-beta, iterative deepening and transposition tables says:
  1. with perfect move ordering alpha-beta cuts the effective branching
     factor from b to roughly sqrt(b): branching_table();
  2. iterative deepening's shallower searches fill the table and the move
     ordering, paying for themselves: iterative_deepening_table();
  3. a cached score may be used when "the cached depth is greater than or
     equal to your current search depth" (tt-draft=ge), which in a
     fixed-depth search returns values of deeper searches: draft_rule_table().

Each function takes a records frame (frames.records_frame) and
returns a DataFrame; rows the run cannot support are left out.
"""

from __future__ import annotations

import math

import pandas as pd

from prunebench import minimal, tables

KEYS = ["position", "depth"]
ID_MODE = "id-tt"                 # iterative deepening over alpha-beta with a table, MVV-LVA
SAME_ORDERING = "mvv-lva"         # plain alpha-beta with id-tt's base ordering
SAME_ORDERING_TT = "mvv-lva+tt"   # the same with the table but no shallower iterations
GE_SUFFIX = "+tt-draft=ge"        # a mode with reference 003's table rule


def _nodes_of(records: pd.DataFrame, mode: str) -> pd.DataFrame:
    rows = records.loc[records["mode"] == mode, KEYS + ["nodes"]]
    return rows.rename(columns={"nodes": mode})


def branching_table(records: pd.DataFrame, position_depths: pd.DataFrame) -> pd.DataFrame:
    """Effective branching factors nodes^(1/d) against b and sqrt(b), per position and depth.

    b is the tree's own, perft(d)^(1/d). `best search` is the search (no
    table: tables merge transpositions) with the fewest nodes; `minimal` the
    exact minimal tree, i.e. perfect ordering's bound.
    """
    table = position_depths[KEYS + ["effective_branching_factor"]].rename(
        columns={"effective_branching_factor": "b"})
    table["sqrt_b"] = table["b"] ** 0.5
    searches = records.loc[~tables.is_full_width(records) & (records["algorithm"] != minimal.MINIMAL)
                           & ~records["tt"]]
    best = searches.sort_values(KEYS + ["nodes"], kind="stable").drop_duplicates(KEYS)
    columns = {"minimax": _nodes_of(records, tables.MINIMAX),
               "minimal": records.loc[records["algorithm"] == minimal.MINIMAL, KEYS + ["nodes"]]
                                 .rename(columns={"nodes": "minimal"}),
               "best search": best[KEYS + ["nodes"]].rename(columns={"nodes": "best search"})}
    for name, frame in columns.items():
        table = table.merge(frame, on=KEYS, how="left")
        table[f"{name} ebf"] = [_ebf(n, d) for n, d in zip(table[name], table["depth"])]
    table["best_search_mode"] = table.merge(best[KEYS + ["mode"]], on=KEYS, how="left")["mode"].astype(str)
    table["minimal ebf ÷ sqrt b"] = table["minimal ebf"] / table["sqrt_b"]
    keep = KEYS + ["b", "sqrt_b", "minimax ebf", "minimal ebf", "minimal ebf ÷ sqrt b",
                   "best search ebf", "best_search_mode"]
    return table[keep].dropna(subset=["minimal ebf"]).reset_index(drop=True)


def _ebf(nodes, depth: int):
    if pd.isna(nodes) or depth <= 0 or nodes <= 0:
        return math.nan
    return float(nodes) ** (1.0 / depth)


def iterative_deepening_table(records: pd.DataFrame) -> pd.DataFrame:
    """id-tt's total nodes against its last iteration alone and against plain alpha-beta.

    An id-tt search to depth d runs iterations 1..d with one table; its first
    d-1 iterations are exactly the id-tt search to depth d-1 (same code, same
    table state), so the last iteration alone costs nodes(d) - nodes(d-1).
    The shallower iterations pay for themselves when the total is below the
    same ordering without them (mvv-lva+tt, and mvv-lva without a table).
    """
    ids = _nodes_of(records, ID_MODE).rename(columns={ID_MODE: "id_total"})
    if ids.empty:
        return pd.DataFrame()
    previous = ids.assign(depth=ids["depth"] + 1).rename(columns={"id_total": "id_previous"})
    table = ids.merge(previous, on=KEYS, how="left")
    table.loc[table["depth"] == 1, "id_previous"] = 0
    table["last_iteration"] = (table["id_total"] - table["id_previous"]).astype("Int64")
    table["shallower_share"] = table["id_previous"] / table["id_total"]
    for mode in (SAME_ORDERING_TT, SAME_ORDERING):
        table = table.merge(_nodes_of(records, mode), on=KEYS, how="left")
        table[f"{mode}_ratio"] = table[mode] / table["id_total"]
        table[mode] = table[mode].astype("Int64")
    table = table.drop(columns=["id_previous"]).dropna(subset=["last_iteration"])
    return table.sort_values(KEYS, kind="stable").reset_index(drop=True)


def draft_rule_table(records: pd.DataFrame) -> pd.DataFrame:
    """Each table mode with the exact rule beside the same mode with tt-draft=ge."""
    rows = []
    ge_modes = [m for m in records["mode"].astype(str).unique() if m.endswith(GE_SUFFIX)]
    for ge_mode in ge_modes:
        exact_mode = ge_mode[: -len(GE_SUFFIX)]
        exact = records.loc[records["mode"] == exact_mode, KEYS + ["nodes", "score"]]
        ge = records.loc[records["mode"] == ge_mode, KEYS + ["nodes", "score"]]
        pair = exact.merge(ge, on=KEYS, suffixes=("_exact", "_ge"))
        pair.insert(2, "mode", exact_mode)
        rows.append(pair)
    if not rows:
        return pd.DataFrame()
    table = pd.concat(rows, ignore_index=True)
    table["nodes_saved"] = 1 - table["nodes_ge"] / table["nodes_exact"]
    table["score_differs"] = table["score_ge"] != table["score_exact"]
    return table.sort_values(KEYS + ["mode"], kind="stable").reset_index(drop=True)


def draft_rule_summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per mode and depth: positions, total nodes under each rule, positions whose score differs."""
    if table.empty:
        return pd.DataFrame()
    grouped = table.groupby(["mode", "depth"], observed=True)
    summary = grouped.agg(positions=("position", "size"), nodes_exact=("nodes_exact", "sum"),
                          nodes_ge=("nodes_ge", "sum"), scores_differ=("score_differs", "sum"))
    summary = summary.reset_index()
    summary["nodes_saved"] = 1 - summary["nodes_ge"] / summary["nodes_exact"]
    summary["scores_differ"] = summary["scores_differ"].astype(int)
    return summary
