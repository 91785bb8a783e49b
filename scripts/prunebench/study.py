"""The ordering study: is mode B better than a baseline mode on these positions,
by how much, and how sure can we be?

Reference 000's lesson is that one position can mislead ("the start position
is pathological"); the answer is a paired comparison over a suite. For every
depth and compared mode, over the positions the run searched:

  summary    geometric-mean nodes, reduction against minimax and distance from
             the exact minimal tree, the pooled first-move cut-off rate, and the
             paired comparison with the baseline: geometric-mean node ratio
             (mode ÷ baseline, below 1 = fewer nodes) with a seeded percentile
             bootstrap interval over positions, wins / ties / losses by
             position, and a Wilcoxon signed-rank p-value on the log ratios;
  detail     the same per position;
  losses     the positions where each mode loses most against the baseline;
  branching  the growth nodes(d) ÷ nodes(d−1) per ply transition (the odd/even
             pattern of references 000 and 001).

Compared modes are the pruning searches: full-width modes (minimax's nodes are
Σ perft(0..d), read from the positions' perft) and `minimal` (the exact minimal
tree, a denominator) are references, not entries. Computing only: wording and
Markdown are prunebench.pages.study's, figures prunebench.plots'.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from prunebench import frames, load, minimal, tables

DEFAULT_BASELINE = tables.UNORDERED
DEFAULT_SEED = 1
DEFAULT_RESAMPLES = 10_000
CONFIDENCE = 0.95
WORST_POSITIONS = 3         # losses listed per depth and mode

KEYS = ["position", "depth"]
SUMMARY_COLUMNS = ["depth", "mode", "positions", "nodes", "reduction", "minimal_ratio",
                   "first_move_cutoff_rate", "ratio", "ci_low", "ci_high", "wins", "ties", "losses",
                   "p_value", "worst_position", "worst_ratio"]


@dataclass
class Study:
    baseline: str
    modes: list[str]             # the compared modes, in run order (the baseline among them)
    summary: pd.DataFrame        # one row per depth and compared mode
    detail: pd.DataFrame         # one row per position, depth and compared mode
    losses: pd.DataFrame         # up to WORST_POSITIONS rows per depth and mode
    branching: pd.DataFrame      # one row per mode and ply transition
    seed: int = DEFAULT_SEED
    resamples: int = DEFAULT_RESAMPLES
    notes: list[str] = field(default_factory=list)   # what was left out, and why


# --------------------------------------------------------------------------
# statistics
# --------------------------------------------------------------------------


def geometric_mean(values) -> float:
    """exp(mean(log v)) of positive values; NaN for none."""
    values = np.asarray(values, dtype="float64")
    return float(np.exp(np.log(values).mean())) if values.size else math.nan


def bootstrap_interval(log_ratios, rng: np.random.Generator, resamples: int = DEFAULT_RESAMPLES,
                       level: float = CONFIDENCE) -> tuple[float, float]:
    """Percentile bootstrap interval of the geometric-mean ratio, resampling positions.

    Undefined (NaN, NaN) for fewer than two positions: one position says
    nothing about which positions one might have picked instead.
    """
    logs = np.asarray(log_ratios, dtype="float64")
    if logs.size < 2:
        return math.nan, math.nan
    means = logs[rng.integers(0, logs.size, size=(resamples, logs.size))].mean(axis=1)
    tail = (1.0 - level) / 2.0
    low, high = np.quantile(means, [tail, 1.0 - tail])
    return float(np.exp(low)), float(np.exp(high))


def wilcoxon_p(log_ratios) -> float:
    """Two-sided Wilcoxon signed-rank p-value that the log ratios centre on 0.

    Zero differences (ties with the baseline) are dropped first, as in
    Wilcoxon's test, so that scipy can use the exact distribution for up to 50
    positions without tied magnitudes (the normal approximation otherwise);
    NaN when nothing is left.
    """
    logs = np.asarray(log_ratios, dtype="float64")
    logs = logs[logs != 0.0]
    if logs.size == 0:
        return math.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "switching to normal approximation"
        return float(stats.wilcoxon(logs).pvalue)


def depth_rng(seed: int, depth: int) -> np.random.Generator:
    """A fresh generator per depth, the same for every mode at that depth.

    Every mode is resampled with the same draws of positions (common random
    numbers): modes with equal ratios get equal intervals, and no interval
    depends on which other modes the run has or in which order.
    """
    return np.random.default_rng([seed, depth])


# --------------------------------------------------------------------------
# the per-position table
# --------------------------------------------------------------------------


def compared_modes(records: pd.DataFrame) -> list[str]:
    """The pruning searches in run order: not full width, not the minimal tree itself."""
    searches = records.loc[~tables.is_full_width(records) & (records["algorithm"] != minimal.MINIMAL)]
    present = set(searches["mode"])
    return [m for m in records["mode"].cat.categories if m in present]


def _detail(run: dict, records: pd.DataFrame, modes: list[str], baseline: str) -> pd.DataFrame:
    rows = records.loc[records["mode"].isin(modes),
                       KEYS + ["mode", "nodes", "cutoffs", "first_move_cutoffs"]].copy()
    rows["mode"] = rows["mode"].astype(str)
    base = records.loc[records["mode"] == baseline, KEYS + ["nodes"]]
    rows = rows.merge(base.rename(columns={"nodes": "baseline_nodes"}), on=KEYS, how="left")
    rows["ratio"] = rows["nodes"] / rows["baseline_nodes"]
    rows = rows.merge(frames.full_width_frame(run), on=KEYS, how="left")
    rows["reduction"] = rows["minimax_nodes"] / rows["nodes"]
    proof = records.loc[records["algorithm"] == minimal.MINIMAL, KEYS + ["nodes"]]
    rows = rows.merge(proof.rename(columns={"nodes": "minimal_nodes"}), on=KEYS, how="left")
    rows["minimal_ratio"] = rows["nodes"] / rows["minimal_nodes"]
    for column in ("baseline_nodes", "minimax_nodes", "minimal_nodes"):
        rows[column] = rows[column].astype("Int64")
    rows["mode"] = pd.Categorical(rows["mode"], categories=modes, ordered=True)
    columns = KEYS + ["mode", "nodes", "baseline_nodes", "ratio", "minimax_nodes", "reduction",
                      "minimal_nodes", "minimal_ratio", "cutoffs", "first_move_cutoffs"]
    return rows[columns].sort_values(["depth", "mode", "position"], kind="stable").reset_index(drop=True)


# --------------------------------------------------------------------------
# the summary
# --------------------------------------------------------------------------


def _summary_row(cell: pd.DataFrame, depth: int, mode: str, baseline: str, seed: int,
                 resamples: int) -> dict:
    """One depth and mode over its positions (those the baseline also has, when it has any)."""
    cutoffs = cell["cutoffs"].sum()
    with_minimal = cell.dropna(subset=["minimal_ratio"])
    row = {"depth": depth, "mode": mode, "positions": len(cell),
           "nodes": geometric_mean(cell["nodes"]),
           "reduction": geometric_mean(cell["reduction"].dropna()),
           # over every position or none: a subset (say, the small trees --max-nodes let
           # through) would not be comparable with the other columns
           "minimal_ratio": geometric_mean(with_minimal["minimal_ratio"])
           if len(with_minimal) == len(cell) else math.nan,
           "first_move_cutoff_rate": cell["first_move_cutoffs"].sum() / cutoffs if cutoffs else math.nan}
    paired = cell.dropna(subset=["ratio"])
    if mode == baseline or paired.empty:
        return row
    logs = np.log(paired["ratio"].to_numpy(dtype="float64"))
    low, high = bootstrap_interval(logs, depth_rng(seed, depth), resamples)
    worst = paired.loc[paired["ratio"].idxmax()]
    row.update({"ratio": float(np.exp(logs.mean())), "ci_low": low, "ci_high": high,
                "wins": int((logs < 0).sum()), "ties": int((logs == 0).sum()),
                "losses": int((logs > 0).sum()), "p_value": wilcoxon_p(logs),
                "worst_position": str(worst["position"]) if worst["ratio"] > 1 else None,
                "worst_ratio": float(worst["ratio"]) if worst["ratio"] > 1 else math.nan})
    return row


def _coverage_notes(detail: pd.DataFrame, modes: list[str], baseline: str, depths: list[int],
                    positions: list[str]) -> list[str]:
    """Say which depth and mode lack records, instead of comparing silently on fewer positions."""
    notes = []
    have = {(d, m): set(g["position"].astype(str)) for (d, m), g in
            detail.groupby(["depth", "mode"], observed=True)}
    for depth in depths:
        base = have.get((depth, baseline), set())
        if not base:
            notes.append(f"baseline '{baseline}' has no records at depth {depth}: "
                         f"no paired comparison at depth {depth}")
        for mode in modes:
            got = have.get((depth, mode), set())
            if not got:
                notes.append(f"mode '{mode}' has no records at depth {depth}: left out at depth {depth}")
            elif base and mode != baseline and got != base:
                missing = [p for p in positions if p in base and p not in got]
                shown = ", ".join(missing[:5]) + (", …" if len(missing) > 5 else "")
                notes.append(f"mode '{mode}' at depth {depth} lacks {len(missing)} of the baseline's "
                             f"{len(base)} positions ({shown}): compared on the {len(base & got)} both have")
        at_depth = detail.loc[detail["depth"] == depth]
        count = at_depth.dropna(subset=["minimal_nodes"])["position"].nunique()
        if 0 < count < at_depth["position"].nunique():
            notes.append(f"depth {depth}: the exact minimal tree exists for {count} of "
                         f"{at_depth['position'].nunique()} positions only: the summary's '÷ minimal' is "
                         "left empty, the per-position detail has them")
    return notes


def _losses(detail: pd.DataFrame, baseline: str) -> pd.DataFrame:
    lost = detail.loc[(detail["mode"] != baseline) & (detail["ratio"] > 1),
                      ["depth", "mode", "position", "nodes", "baseline_nodes", "ratio"]]
    lost = lost.sort_values(["depth", "mode", "ratio", "position"], ascending=[True, True, False, True],
                            kind="stable")
    lost = lost.groupby(["depth", "mode"], observed=True).head(WORST_POSITIONS)
    return lost.reset_index(drop=True)


def branching_table(detail: pd.DataFrame, run: dict, records: pd.DataFrame) -> pd.DataFrame:
    """Growth factor nodes(d) ÷ nodes(d−1) per mode, geometric mean over positions with both.

    Minimax (Σ perft) and the minimal tree come first, as the two ends every
    search lies between; alpha-beta's factor alternates with the parity of d.
    """
    counts = detail[KEYS + ["mode", "nodes"]].copy()
    counts["mode"] = counts["mode"].astype(str)
    full_width = frames.full_width_frame(run).rename(columns={"minimax_nodes": "nodes"})
    full_width["mode"] = tables.MINIMAX
    proof = records.loc[records["algorithm"] == minimal.MINIMAL, KEYS + ["mode", "nodes"]].copy()
    proof["mode"] = proof["mode"].astype(str)
    counts["position"] = counts["position"].astype(str)
    proof["position"] = proof["position"].astype(str)
    depths = set(counts["depth"])
    full_width = full_width.loc[full_width["depth"].isin(depths)]
    every = pd.concat([full_width, proof, counts], ignore_index=True)
    previous = every.assign(depth=every["depth"] + 1).rename(columns={"nodes": "previous"})
    pairs = every.merge(previous, on=KEYS + ["mode"], how="inner")
    order = list(dict.fromkeys(every["mode"]))
    rows = []
    for (mode, depth), group in pairs.groupby(["mode", "depth"]):
        rows.append({"mode": mode, "depth": depth, "positions": len(group),
                     "factor": geometric_mean(group["nodes"] / group["previous"])})
    table = pd.DataFrame(rows, columns=["mode", "depth", "positions", "factor"])
    table["mode"] = pd.Categorical(table["mode"], categories=order, ordered=True)
    return table.sort_values(["mode", "depth"], kind="stable").reset_index(drop=True)


def suites(run: dict) -> list[str]:
    """The suite files of a run's positions, in order of first appearance."""
    return list(dict.fromkeys(p.get("suite") for p in run["positions"] if p.get("suite")))


def select_suite(run: dict, suite: str) -> dict:
    """The run restricted to the positions of one suite file (as the run names it)."""
    ids = {p["id"] for p in run["positions"] if p.get("suite") == suite}
    if not ids:
        raise load.DataError(f"no position of the run comes from suite '{suite}' "
                             f"(suites: {', '.join(suites(run)) or 'none named'})")
    return {**run, "positions": [p for p in run["positions"] if p["id"] in ids],
            "records": [r for r in run["records"] if r["position_id"] in ids]}


def select_depth(run: dict, depth: int) -> dict:
    """The run's records at one depth: enough for that depth's summary rows, which
    read no other depth (each depth draws its own bootstrap, depth_rng)."""
    return {**run, "records": [r for r in run["records"] if r["depth"] == depth]}


def parity_growth(branching: pd.DataFrame, mode: str) -> tuple[float, float]:
    """A mode's geometric-mean growth into odd depths and into even depths.

    Only transitions measured on every position count (one that --max-nodes
    cut to the small trees is not comparable); NaN where none is left.
    """
    everywhere = branching["positions"].max()
    rows = branching[(branching["mode"] == mode) & (branching["positions"] == everywhere)]
    odd, even = rows[rows["depth"] % 2 == 1], rows[rows["depth"] % 2 == 0]
    return geometric_mean(odd["factor"]), geometric_mean(even["factor"])


def study(run: dict, baseline: str = DEFAULT_BASELINE, modes: list[str] | None = None,
          seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES) -> Study:
    """The whole study of one run. Raises DataError for a baseline or mode the run lacks."""
    records = frames.records_frame(run)
    present = list(records["mode"].cat.categories)
    if baseline not in present:
        raise load.DataError(f"baseline mode '{baseline}' is not in the run (modes: {', '.join(present)})")
    compared = compared_modes(records)
    if modes is not None:
        unknown = [m for m in modes if m not in present]
        if unknown:
            raise load.DataError(f"mode '{unknown[0]}' is not in the run (modes: {', '.join(present)})")
        compared = [m for m in compared if m in modes or m == baseline]
    if baseline not in compared:
        compared.insert(0, baseline)
    detail = _detail(run, records, compared, baseline)
    depths = sorted(set(int(d) for d in records["depth"]))
    positions = [str(p) for p in records["position"].cat.categories]
    notes = _coverage_notes(detail, compared, baseline, depths, positions)
    rows = []
    for (depth, mode), cell in detail.groupby(["depth", "mode"], observed=True, sort=True):
        base_positions = set(detail.loc[(detail["depth"] == depth) & (detail["mode"] == baseline), "position"])
        if base_positions and mode != baseline:
            cell = cell.loc[cell["position"].isin(base_positions)]
        if not cell.empty:
            rows.append(_summary_row(cell, int(depth), str(mode), baseline, seed, resamples))
    summary = pd.DataFrame(rows).reindex(columns=SUMMARY_COLUMNS)
    for column in ("wins", "ties", "losses"):
        summary[column] = summary[column].astype("Int64")
    if (summary["ratio"].notna() & (summary["positions"] < 2)).any():
        notes.append("fewer than two positions: the bootstrap interval is undefined, "
                     "and one position cannot show that a difference is more than the choice of position")
    return Study(baseline, compared, summary, detail, _losses(detail, baseline),
                 branching_table(detail, run, records), seed, resamples, notes)


# --------------------------------------------------------------------------
# findings: the numbers a one-paragraph answer needs
# --------------------------------------------------------------------------


def deepest_depth(summary: pd.DataFrame) -> int:
    """The deepest depth at which every compared mode has a paired comparison."""
    compared = summary.dropna(subset=["ratio"])
    counts = compared.groupby("depth")["mode"].nunique()
    complete = counts[counts == counts.max()]
    return int(complete.index.max())


def figure_depths(summary: pd.DataFrame) -> tuple[list[int], list[int]]:
    """The depths worth a figure panel, and those left out.

    A depth at which no compared mode searches fewer nodes than the baseline
    at any position (depth 1 against `unordered`: the root, searched with the
    full window, cuts nothing, so only the extra passes of PVS and MTD(f)
    show) has no gain to show; its panel would be a column of ones. Every
    depth is kept when that would leave none.
    """
    compared = summary.dropna(subset=["ratio"])
    depths = sorted(set(int(d) for d in compared["depth"]))
    gaining = sorted(set(int(d) for d in compared.loc[compared["wins"].fillna(0) > 0, "depth"]))
    if not gaining:
        return depths, []
    return gaining, [d for d in depths if d not in gaining]


def ranking(summary: pd.DataFrame, depth: int, exclude: tuple[str, ...] = (minimal.ORACLE,)) -> pd.DataFrame:
    """The compared modes at one depth, fewest nodes against the baseline first.

    `oracle` is left out by default: it orders by exact values that no real
    search has, so it bounds what ordering can do rather than competing.
    """
    rows = summary.loc[(summary["depth"] == depth) & summary["ratio"].notna()
                       & ~summary["mode"].isin(exclude)]
    return rows.sort_values(["ratio", "mode"], kind="stable").reset_index(drop=True)


def closest_to_minimal(result: Study, depth: int, exclude: tuple[str, ...] = (minimal.ORACLE,)) -> dict | None:
    """The mode nearest the exact minimal tree at `depth`: the least geometric mean of
    nodes ÷ minimal nodes over positions, among modes that have it at every position,
    with its percentile bootstrap interval (the study's draws: depth_rng). None
    when no mode qualifies."""
    at_depth = result.detail.loc[(result.detail["depth"] == depth) & ~result.detail["mode"].isin(exclude)]
    best = None
    for mode, cell in at_depth.groupby("mode", observed=True, sort=True):
        if cell.empty or cell["minimal_ratio"].isna().any():
            continue
        logs = np.log(cell["minimal_ratio"].to_numpy(dtype="float64"))
        if best is None or logs.mean() < best["log_mean"]:
            best = {"mode": str(mode), "log_mean": logs.mean(), "logs": logs, "positions": len(cell)}
    if best is None:
        return None
    low, high = bootstrap_interval(best["logs"], depth_rng(result.seed, depth), result.resamples)
    return {"depth": depth, "mode": best["mode"], "positions": best["positions"],
            "ratio": float(np.exp(best["log_mean"])), "ci_low": low, "ci_high": high}
