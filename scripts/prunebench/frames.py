"""Runs as pandas DataFrames: one row per record (with its counters), per
position, and per position and depth (perft, branching, minimal tree).
"""

from __future__ import annotations

import math
from typing import Iterable

import pandas as pd

from prunebench.load import COUNTER_FIELDS
from prunebench.theory import effective_branching_factor, minimal_tree_leaves


def _ordered(values: Iterable[str]) -> list[str]:
    """Distinct values in order of first appearance."""
    return list(dict.fromkeys(values))


def _record_row(record: dict) -> dict:
    spec = record["spec"]
    row = {"position": record["position_id"], "depth": record["depth"], "mode": record["mode"],
           "algorithm": spec.get("algorithm"), "ordering": spec.get("ordering"),
           "tt": bool(spec.get("tt", False)),
           "score": record.get("score"), "best_move": record.get("best_move")}
    # Scalar counters become columns; per-ply and per-index arrays stay out.
    row.update({name: value for name, value in record["counters"].items()
                if not isinstance(value, list)})
    row["seconds"] = record.get("seconds")
    row["nodes_per_second"] = record.get("nodes_per_second")
    return row


def records_frame(run: dict) -> pd.DataFrame:
    """One row per record: position, depth, mode, spec summary, every scalar counter.

    `position` and `mode` are ordered categoricals (suite order, command-line
    order) so that every table sorts the way the run was given.
    """
    frame = pd.DataFrame([_record_row(r) for r in run["records"]])
    for name in COUNTER_FIELDS:  # engine records have nodes only: their other counters are unknown
        if name not in frame:
            frame[name] = math.nan
    frame["position"] = pd.Categorical(frame["position"], ordered=True,
                                       categories=[p["id"] for p in run["positions"]])
    frame["mode"] = pd.Categorical(frame["mode"], ordered=True,
                                   categories=_ordered(r["mode"] for r in run["records"]))
    return frame.sort_values(["position", "depth", "mode"], kind="stable").reset_index(drop=True)


def positions_frame(run: dict) -> pd.DataFrame:
    """One row per position: id, suite, FEN, material balance, deepest perft."""
    rows = [{"position": p["id"], "suite": p.get("suite"), "fen": p["fen"],
             "material_balance": p.get("material", {}).get("balance"),
             "max_depth": len(p["perft"]) - 1} for p in run["positions"]]
    return pd.DataFrame(rows)


def _branching_at(position: dict, depth: int) -> float:
    given = position.get("effective_branching_factor", [])
    if len(given) >= depth:
        return float(given[depth - 1])
    return effective_branching_factor(position["perft"], depth)


def _minimal_tree_at(position: dict, depth: int, branching: float):
    given = position.get("minimal_tree", [])
    if len(given) >= depth:
        return given[depth - 1]
    if branching <= 0:
        return None  # no legal moves at this depth: no tree to prove
    return round(minimal_tree_leaves(branching, depth))


def full_width_frame(run: dict) -> pd.DataFrame:
    """Minimax's nodes at every position and depth the run's perft reaches: Σ perft(0..d).

    Full-width minimax to depth d visits exactly the perft(0..d) nodes (README
    glossary), so a run holds minimax's node counts whether or not it ran it.
    """
    rows = [{"position": p["id"], "depth": depth, "minimax_nodes": sum(p["perft"][:depth + 1])}
            for p in run["positions"] for depth in range(1, len(p["perft"]))]
    frame = pd.DataFrame(rows, columns=["position", "depth", "minimax_nodes"])
    frame["position"] = pd.Categorical(frame["position"], ordered=True,
                                       categories=[p["id"] for p in run["positions"]])
    return frame


def position_depths_frame(run: dict) -> pd.DataFrame:
    """One row per position and depth: perft, effective branching factor, minimal tree.

    Uses the file's effective_branching_factor and minimal_tree when present,
    and recomputes them from perft otherwise.
    """
    rows = []
    for position in run["positions"]:
        for depth in range(1, len(position["perft"])):
            branching = _branching_at(position, depth)
            rows.append({"position": position["id"], "depth": depth,
                         "perft": position["perft"][depth],
                         "effective_branching_factor": branching,
                         "minimal_tree": _minimal_tree_at(position, depth, branching)})
    frame = pd.DataFrame(rows, columns=["position", "depth", "perft", "effective_branching_factor",
                                        "minimal_tree"])
    frame["position"] = pd.Categorical(frame["position"], ordered=True,
                                       categories=[p["id"] for p in run["positions"]])
    frame["minimal_tree"] = frame["minimal_tree"].astype("Int64")
    return frame

