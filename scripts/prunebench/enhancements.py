"""The enhancement experiments of Schaeffer (1989) and Plaat et al. (1996),
measured against the exact minimal tree.

The run holds `minimal` and the factorial over MVV-LVA alpha-beta
(`factorial:mvv-lva:tt,id,killers,history,pvs,aspiration=50`, README
"Factorials"), and MTD(f) with iterative deepening. A record belongs to the
factorial when its spec is MVV-LVA alpha-beta or PVS, fail-soft, generator
tie-break; its combination is read from the spec, not from the mode's name:

  tt          a transposition table, hash move first (spec tt, tt_move)
  id          iterative deepening, PV move first (iterative_deepening, pv_move)
  killers, history   the spec flags of those names
  pvs         algorithm pvs
  aspiration  iterative deepening with an aspiration window (aspiration > 0)

Per depth, over the positions that have every combination and the minimal tree:

  combinations  each combination's geometric-mean nodes ÷ minimal nodes, with
                the study's bootstrap interval over positions (same draws for
                every combination at a depth)
  effects       a factor's main effect: the geometric mean, over positions and
                over every pair of combinations (c, c + f) the run has, of
                nodes(c + f) ÷ nodes(c); below 1, the factor saves nodes
  interactions  two factors f, g: the geometric mean over positions and
                combinations c with neither of
                nodes(c + f + g) · nodes(c) ÷ (nodes(c + f) · nodes(c + g)),
                f's effect with g over its effect without g (1: independent,
                below 1: they save more together than apart)
  schaeffer     the share of the reduction from plain MVV-LVA alpha-beta to the
                best combination that the transposition table with the history
                heuristic gives: (N(base) − N(tt + history)) ÷ (N(base) − N(best)),
                N the geometric-mean nodes over positions, best the combination
                with the fewest at that depth
  plaat         MTD(f) with iterative deepening against aspiration PVS with
                iterative deepening, same ordering and table (with and without
                killers and history): paired nodes and leaves ratios, and the
                null-window passes per iteration.

Computing only: wording and Markdown are prunebench.pages.enhancements'.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from prunebench import load, minimal
from prunebench.study import (DEFAULT_RESAMPLES, DEFAULT_SEED, bootstrap_interval, depth_rng,
                              geometric_mean)

FACTORS = ("tt", "id", "killers", "history", "pvs", "aspiration")
BASE = "mvv-lva"           # the combination without factors
SCHAEFFER_PAIR = ("tt", "history")
MTDF = "mtdf"
# Plaat et al.'s comparison, each MTD(f) beside the aspiration PVS with the same extras.
PLAAT_EXTRAS = ((), ("killers", "history"))
PLAAT_RIVAL = ("tt", "id", "pvs", "aspiration")
PASSES_RANGE = (3, 6)      # Plaat et al.: "about 3 to 6" null-window searches per iteration


@dataclass
class Enhancements:
    combinations: pd.DataFrame   # depth, combination, factors, positions, nodes, minimal_ratio, ci
    effects: pd.DataFrame        # depth, factor, pairs, ratio, ci
    interactions: pd.DataFrame   # depth, factors, combinations, ratio, ci
    schaeffer: pd.DataFrame      # depth, base/tt+history/best nodes, best, share, ci
    plaat: pd.DataFrame          # depth, extras, measure, ratio, ci, wins/ties/losses
    passes: pd.DataFrame         # depth, extras, iterations, mean, median, min, max, share in range
    positions: int = 0
    seed: int = DEFAULT_SEED
    resamples: int = DEFAULT_RESAMPLES
    notes: list[str] = field(default_factory=list)


def label(factors) -> str:
    """A combination's readable name: its factors in FACTORS order, or the base."""
    ordered = [f for f in FACTORS if f in factors]
    return "+".join(ordered) if ordered else BASE


def factorial_factors(spec: dict) -> frozenset | None:
    """The factors of a factorial record's spec, None for a record outside the family."""
    if (spec.get("ordering") != "mvv-lva" or spec.get("fail", "soft") != "soft"
            or spec.get("tiebreak", "generator") != "generator"
            or spec.get("algorithm") not in ("alphabeta", "pvs")):
        return None
    tt, deepening = bool(spec.get("tt")), bool(spec.get("iterative_deepening"))
    if bool(spec.get("tt_move")) != tt or bool(spec.get("pv_move")) != deepening:
        return None  # a table without its hash move, or the PV move without iterations: not a factor
    present = {"tt": tt, "id": deepening, "killers": bool(spec.get("killers")),
               "history": bool(spec.get("history")), "pvs": spec.get("algorithm") == "pvs",
               "aspiration": (spec.get("aspiration") or 0) > 0}
    return frozenset(f for f, on in present.items() if on)


def mtdf_extras(spec: dict) -> tuple | None:
    """The extras of an MTD(f)-with-iterative-deepening record with MVV-LVA and a table, else None."""
    if (spec.get("algorithm") != MTDF or spec.get("ordering") != "mvv-lva" or not spec.get("tt")
            or not spec.get("iterative_deepening") or not spec.get("tt_move")
            or spec.get("tiebreak", "generator") != "generator"):
        return None
    return tuple(f for f in ("killers", "history") if spec.get(f))


def _frames(run: dict) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """(factorial rows, MTD(f) rows, minimal rows), one per record."""
    factorial, mtdf, proof = [], [], []
    for record in run["records"]:
        spec, counters = record["spec"], record["counters"]
        keys = {"position": record["position_id"], "depth": record["depth"],
                "nodes": counters["nodes"], "leaves": counters["leaves"]}
        if spec.get("algorithm") == minimal.MINIMAL:
            proof.append(keys)
        elif (factors := factorial_factors(spec)) is not None:
            factorial.append({**keys, "combination": label(factors), "factors": factors})
        elif (extras := mtdf_extras(spec)) is not None:
            mtdf.append({**keys, "extras": extras,
                         "passes": counters.get("mtdf_passes_per_iteration", [])})
    columns = ["position", "depth", "nodes", "leaves"]
    return (pd.DataFrame(factorial, columns=columns + ["combination", "factors"]),
            pd.DataFrame(mtdf, columns=columns + ["extras", "passes"]),
            pd.DataFrame(proof, columns=columns))


def _complete(factorial: pd.DataFrame, proof: pd.DataFrame, depth: int) -> tuple[pd.DataFrame, list[str]]:
    """Nodes by position (rows) and combination (columns) at one depth, with
    `minimal` as a column: only positions that have all of them."""
    rows = factorial.loc[factorial["depth"] == depth]
    table = rows.pivot_table(index="position", columns="combination", values="nodes", aggfunc="first")
    base = proof.loc[proof["depth"] == depth].set_index("position")["nodes"].rename(minimal.MINIMAL)
    table = table.join(base, how="inner").dropna()
    dropped = sorted(set(rows["position"]) - set(table.index))
    return table, dropped


def _interval(per_position_logs: np.ndarray, rng: np.random.Generator, resamples: int) -> tuple[float, float]:
    return bootstrap_interval(per_position_logs, rng, resamples)


def _combinations(table: pd.DataFrame, factors: dict, depth: int, seed: int, resamples: int) -> list[dict]:
    rows = []
    for name in [c for c in table.columns if c != minimal.MINIMAL]:
        logs = np.log(table[name].to_numpy(float) / table[minimal.MINIMAL].to_numpy(float))
        low, high = _interval(logs, depth_rng(seed, depth), resamples)
        rows.append({"depth": depth, "combination": name, "factors": len(factors[name]),
                     "positions": len(table), "nodes": geometric_mean(table[name]),
                     "minimal_ratio": float(np.exp(logs.mean())), "ci_low": low, "ci_high": high})
    return rows


def _by_factors(factors: dict) -> dict:
    return {frozenset(f): name for name, f in factors.items()}


def _effects(table: pd.DataFrame, factors: dict, depth: int, seed: int, resamples: int) -> list[dict]:
    named = _by_factors(factors)
    logs = np.log(table.drop(columns=minimal.MINIMAL).to_numpy(float))
    index = {name: i for i, name in enumerate(c for c in table.columns if c != minimal.MINIMAL)}
    rows = []
    for factor in FACTORS:
        pairs = [(index[named[c]], index[named[c | {factor}]]) for c in named
                 if factor not in c and (c | {factor}) in named]
        if not pairs:
            continue
        without, with_ = zip(*pairs)
        per_position = (logs[:, list(with_)] - logs[:, list(without)]).mean(axis=1)
        low, high = _interval(per_position, depth_rng(seed, depth), resamples)
        rows.append({"depth": depth, "factor": factor, "pairs": len(pairs), "positions": len(table),
                     "ratio": float(np.exp(per_position.mean())), "ci_low": low, "ci_high": high})
    return rows


def _interactions(table: pd.DataFrame, factors: dict, depth: int, seed: int, resamples: int) -> list[dict]:
    named = _by_factors(factors)
    columns = [c for c in table.columns if c != minimal.MINIMAL]
    logs = np.log(table[columns].to_numpy(float))
    index = {name: i for i, name in enumerate(columns)}
    rows = []
    for f, g in itertools.combinations(FACTORS, 2):
        quads = [tuple(index[named[s]] for s in (c | {f, g}, c, c | {f}, c | {g})) for c in named
                 if f not in c and g not in c and all(s in named for s in (c | {f}, c | {g}, c | {f, g}))]
        if not quads:
            continue
        both, neither, only_f, only_g = (list(q) for q in zip(*quads))
        per_position = (logs[:, both] + logs[:, neither] - logs[:, only_f] - logs[:, only_g]).mean(axis=1)
        low, high = _interval(per_position, depth_rng(seed, depth), resamples)
        rows.append({"depth": depth, "factors": f"{f} × {g}", "combinations": len(quads),
                     "ratio": float(np.exp(per_position.mean())), "ci_low": low, "ci_high": high})
    return rows


def schaeffer_share(base: float, pair: float, best: float) -> float:
    """The share of the reduction base → best that base → pair achieves (NaN when best saves nothing)."""
    return (base - pair) / (base - best) if base > best else math.nan


def _schaeffer(table: pd.DataFrame, factors: dict, depth: int, seed: int, resamples: int) -> list[dict]:
    named = _by_factors(factors)
    base, pair = named.get(frozenset()), named.get(frozenset(SCHAEFFER_PAIR))
    if base is None or pair is None:
        return []
    columns = [c for c in table.columns if c != minimal.MINIMAL]
    logs = np.log(table[columns].to_numpy(float))
    means = logs.mean(axis=0)
    best = columns[int(np.argmin(means))]
    i_base, i_pair, i_best = columns.index(base), columns.index(pair), columns.index(best)
    share = schaeffer_share(*np.exp(means[[i_base, i_pair, i_best]]))
    rng = depth_rng(seed, depth)
    draws = rng.integers(0, len(table), size=(resamples, len(table)))
    resampled = np.exp(logs[draws][:, :, [i_base, i_pair, i_best]].mean(axis=1))
    shares = np.array([schaeffer_share(*row) for row in resampled])
    shares = shares[~np.isnan(shares)]
    low, high = (np.quantile(shares, [0.025, 0.975]) if len(table) > 1 and shares.size else (math.nan,) * 2)
    return [{"depth": depth, "positions": len(table), "base_nodes": float(np.exp(means[i_base])),
             "pair_nodes": float(np.exp(means[i_pair])), "best": best,
             "best_nodes": float(np.exp(means[i_best])), "share": share,
             "ci_low": float(low), "ci_high": float(high)}]


def _paired(rival: pd.DataFrame, mtdf: pd.DataFrame, measure: str, rng, resamples: int) -> dict:
    joined = mtdf.merge(rival, on="position", suffixes=("", "_rival"))
    logs = np.log(joined[measure].to_numpy(float) / joined[f"{measure}_rival"].to_numpy(float))
    low, high = bootstrap_interval(logs, rng, resamples) if logs.size else (math.nan, math.nan)
    return {"measure": measure, "positions": int(logs.size),
            "ratio": float(np.exp(logs.mean())) if logs.size else math.nan, "ci_low": low, "ci_high": high,
            "wins": int((logs < 0).sum()), "ties": int((logs == 0).sum()), "losses": int((logs > 0).sum())}


def _plaat(factorial: pd.DataFrame, mtdf: pd.DataFrame, depth: int, seed: int,
           resamples: int) -> tuple[list, list]:
    comparisons, passes = [], []
    for extras in PLAAT_EXTRAS:
        name = label(set(PLAAT_RIVAL) | set(extras))
        rival = factorial.loc[(factorial["depth"] == depth) & (factorial["combination"] == name)]
        ours = mtdf.loc[(mtdf["depth"] == depth) & (mtdf["extras"] == extras)]
        if rival.empty or ours.empty:
            continue
        extra = "+".join(extras) or "none"
        for measure in ("nodes", "leaves"):
            comparisons.append({"depth": depth, "extras": extra, "rival": name,
                                **_paired(rival, ours, measure, depth_rng(seed, depth), resamples)})
        counts = np.array([n for line in ours["passes"] for n in line], dtype=float)
        if counts.size:
            low, high = PASSES_RANGE
            passes.append({"depth": depth, "extras": extra, "iterations": int(counts.size),
                           "mean": float(counts.mean()), "median": float(np.median(counts)),
                           "min": int(counts.min()), "max": int(counts.max()),
                           "in_range": float(((counts >= low) & (counts <= high)).mean())})
    return comparisons, passes


def enhancements(run: dict, seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES) -> Enhancements:
    """Every table of the experiments. Raises DataError when the run has no factorial or no minimal tree."""
    factorial, mtdf, proof = _frames(run)
    if factorial.empty:
        raise load.DataError("the run has no combination of the MVV-LVA factorial "
                             "(run it with --modes 'minimal,factorial:mvv-lva:tt,id,killers,history,pvs,aspiration=50')")
    if proof.empty:
        raise load.DataError("the run has no exact minimal tree (mode 'minimal'): nothing to measure against")
    factors = dict(zip(factorial["combination"], factorial["factors"]))
    notes, parts = [], {k: [] for k in ("combinations", "effects", "interactions", "schaeffer", "plaat", "passes")}
    positions = 0
    for depth in sorted(set(int(d) for d in factorial["depth"])):
        table, dropped = _complete(factorial, proof, depth)
        if dropped:
            notes.append(f"depth {depth}: {len(dropped)} position(s) lack a combination or the minimal tree "
                         f"and are left out ({', '.join(dropped[:5])}{', …' if len(dropped) > 5 else ''})")
        if table.empty:
            continue
        positions = max(positions, len(table))
        parts["combinations"] += _combinations(table, factors, depth, seed, resamples)
        parts["effects"] += _effects(table, factors, depth, seed, resamples)
        parts["interactions"] += _interactions(table, factors, depth, seed, resamples)
        parts["schaeffer"] += _schaeffer(table, factors, depth, seed, resamples)
        comparisons, passes = _plaat(factorial.loc[factorial["position"].isin(table.index)], mtdf, depth, seed,
                                      resamples)
        parts["plaat"] += comparisons
        parts["passes"] += passes
    frames = {k: pd.DataFrame(v) for k, v in parts.items()}
    if not frames["combinations"].empty:
        frames["combinations"] = frames["combinations"].sort_values(
            ["depth", "minimal_ratio", "combination"], kind="stable").reset_index(drop=True)
    return Enhancements(**frames, positions=positions, seed=seed, resamples=resamples, notes=notes)
