"""The price of pruning: what each selective technique saves against the exact
search, and how often it changes the answer.

A selective record (one with `nullmove`, `lmr` or `futility`) names its exact
reference, the same mode without those options, in `reference.mode`; that
mode's own record at the same position and depth must be in the run. A
technique is the items of the mode that its reference lacks (`nullmove=2+lmr`
over `pvs-id-tt-killers+qsearch`). Per reference, technique and depth, over
the positions that have both records:

  nodes            counters.nodes + counters.qnodes (main and quiescence
                   search: every node the search entered; qnodes is absent,
                   so 0, without qsearch)
  ratio            the geometric mean over positions of nodes ÷ the
                   reference's nodes, with the study's percentile bootstrap
                   interval (prunebench.study, the same draws for every
                   technique at a depth)
  value / best-move share   the share of positions whose root value
                   (`value_differs`) or best move (`best_move_differs`)
                   changed, with its Clopper–Pearson (exact binomial) interval
  mean |Δ value|   the mean of `abs_value_difference`, centipawns
  saved per changed best move   (Σ reference nodes − Σ technique nodes) ÷ the
                   number of changed best moves; NaN when none changed
  pareto           on the Pareto front of its depth: no other technique at
                   that depth has a ratio and a best-move share both at most
                   its own, one of them smaller

The second question, one ply deeper for the same nodes, is prunebench.deeper's;
pruning() computes both. Computing only: wording, tables and the figure are
prunebench.pages.pruning's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from prunebench import load
from prunebench.deeper import one_ply_deeper
from prunebench.study import CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, bootstrap_interval, depth_rng

KEYS = ["position", "depth"]
COLUMNS = ["mode", "reference", "technique", "depth", "positions", "ratio", "ci_low", "ci_high",
           "value_changed", "value_share", "value_low", "value_high",
           "best_move_changed", "best_move_share", "best_move_low", "best_move_high",
           "mean_abs_value_difference", "reference_nodes", "technique_nodes", "saved_per_changed_best_move",
           "pareto"]


@dataclass
class Pruning:
    table: pd.DataFrame            # one row per reference, technique and depth: COLUMNS
    deeper: pd.DataFrame = None    # one ply deeper for the same nodes: prunebench.deeper.COLUMNS
    seed: int = DEFAULT_SEED
    resamples: int = DEFAULT_RESAMPLES
    notes: list[str] = field(default_factory=list)


def technique(mode: str, reference: str) -> str:
    """The items of `mode` that `reference` lacks, in the mode's order."""
    base = set(reference.split("+"))
    return "+".join(item for item in mode.split("+") if item not in base)


def _nodes(record: dict) -> int:
    counters = record["counters"]
    return counters["nodes"] + counters.get("qnodes", 0)


def _frames(run: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(selective rows, every record's nodes by mode), one row per record."""
    selective, every = [], []
    for record in run["records"]:
        keys = {"position": record["position_id"], "depth": record["depth"]}
        every.append({**keys, "mode": record["mode"], "nodes": _nodes(record), "best_move": record.get("best_move")})
        if "reference" in record:
            reference = record["reference"]["mode"]
            selective.append({**keys, "reference": reference, "technique": technique(record["mode"], reference),
                              "mode": record["mode"], "nodes": _nodes(record), "best_move": record.get("best_move"),
                              "value_differs": bool(record["value_differs"]),
                              "best_move_differs": bool(record["best_move_differs"]),
                              "abs_value_difference": record["abs_value_difference"]})
    return pd.DataFrame(selective), pd.DataFrame(every, columns=KEYS + ["mode", "nodes", "best_move"])


def _paired(selective: pd.DataFrame, every: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    """Each selective row beside its reference's nodes; the rows without one left out, and said."""
    references = every.drop(columns="best_move").rename(columns={"mode": "reference", "nodes": "reference_nodes"})
    missing = sorted(set(selective["reference"]) - set(references["reference"]))
    if missing:
        raise load.DataError(f"the run has no records of the reference mode(s) {', '.join(missing)}: "
                             "add each to the run's --modes")
    paired = selective.merge(references, on=KEYS + ["reference"], how="left")
    lacking = paired.loc[paired["reference_nodes"].isna()]
    notes = [f"{row.mode} at depth {row.depth}, {row.position}: no record of its reference mode, left out"
             for row in lacking.itertuples()]
    return paired.dropna(subset=["reference_nodes"]), notes


def binomial_interval(changed: int, positions: int, level: float = CONFIDENCE) -> tuple[float, float]:
    """Clopper–Pearson (exact) interval of a share of `changed` out of `positions`."""
    interval = stats.binomtest(changed, positions).proportion_ci(confidence_level=level, method="exact")
    return float(interval.low), float(interval.high)


def _share(flags: pd.Series, prefix: str) -> dict:
    changed, positions = int(flags.sum()), len(flags)
    low, high = binomial_interval(changed, positions)
    return {f"{prefix}_changed": changed, f"{prefix}_share": changed / positions,
            f"{prefix}_low": low, f"{prefix}_high": high}


def saved_per_changed(reference_nodes: float, technique_nodes: float, changed: int) -> float:
    """Nodes saved per changed best move; NaN when no best move changed."""
    return (reference_nodes - technique_nodes) / changed if changed else math.nan


def _row(cell: pd.DataFrame, seed: int, resamples: int) -> dict:
    mode, reference, name, depth = cell[["mode", "reference", "technique", "depth"]].iloc[0]
    logs = np.log(cell["nodes"].to_numpy(float) / cell["reference_nodes"].to_numpy(float))
    low, high = bootstrap_interval(logs, depth_rng(seed, int(depth)), resamples)
    sums = float(cell["reference_nodes"].sum()), float(cell["nodes"].sum())
    row = {"mode": mode, "reference": reference, "technique": name, "depth": int(depth), "positions": len(cell),
           "ratio": float(np.exp(logs.mean())), "ci_low": low, "ci_high": high,
           **_share(cell["value_differs"], "value"), **_share(cell["best_move_differs"], "best_move"),
           "mean_abs_value_difference": float(cell["abs_value_difference"].mean()),
           "reference_nodes": int(sums[0]), "technique_nodes": int(sums[1])}
    row["saved_per_changed_best_move"] = saved_per_changed(*sums, row["best_move_changed"])
    return row


def pareto_front(costs, errors) -> list[bool]:
    """True where no other point is at most as costly and as wrong, and better in one."""
    points = list(zip(costs, errors))
    return [not any(c <= cost and e <= error and (c < cost or e < error) for c, e in points)
            for cost, error in points]


def _with_front(table: pd.DataFrame) -> pd.DataFrame:
    table["pareto"] = False
    for _, rows in table.groupby("depth"):
        table.loc[rows.index, "pareto"] = pareto_front(rows["ratio"], rows["best_move_share"])
    return table


def pruning(run: dict, seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES) -> Pruning:
    selective, every = _frames(run)
    if selective.empty:
        raise load.DataError("the run has no selective record (a mode with nullmove, lmr or futility)")
    paired, notes = _paired(selective, every)
    # Modes in the run's order, so the table reads as the run was given.
    order = {mode: i for i, mode in enumerate(dict.fromkeys(paired["mode"]))}
    paired = paired.assign(order=paired["mode"].map(order)).sort_values(["depth", "order"], kind="stable")
    rows = [_row(cell, seed, resamples) for _, cell in paired.groupby(["depth", "order"], sort=False)]
    table = _with_front(pd.DataFrame(rows, columns=COLUMNS[:-1]))
    deeper = one_ply_deeper(selective, every, seed, resamples, binomial_interval)
    return Pruning(table[COLUMNS], deeper, seed, resamples, notes)
