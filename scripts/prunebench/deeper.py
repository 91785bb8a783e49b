"""One ply deeper for the same nodes: does a pruned search at depth d + 1 find
the exact best move of depth d + 2 more often than the exact search at depth d?

A selective technique saves nodes; an engine spends them on depth. So the
fair question is not only how often the technique changes the answer at one
depth, but whether, one ply deeper at about the exact search's cost, it
comes closer to the answer a deeper exact search gives. Per selective mode M
(with its exact reference R, `reference.mode`) and depth d, over the
positions that have all four records R(d), R(d + 1), M(d + 1) and R(d + 2):

  budget           the geometric mean over positions of nodes(M, d + 1) ÷
                   nodes(R, d) (nodes + qnodes), with the study's percentile
                   bootstrap interval: "the same nodes" when it is near 1
  pruned agrees    the share of positions where M(d + 1)'s best move is
                   R(d + 2)'s, with its Clopper–Pearson interval
  exact agrees     the same share for R(d), and for R(d + 1) (what the exact
                   search one ply deeper, at its full cost, achieves)
  McNemar p        the exact two-sided McNemar test of pruned against exact
                   at d: a binomial test with p = 1/2 over the positions where
                   exactly one of the two agrees (1 when there are none)

Computing only: the wording is prunebench.pages.pruning's.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from prunebench.study import bootstrap_interval, depth_rng

COLUMNS = ["mode", "reference", "technique", "depth", "positions", "budget", "budget_low", "budget_high",
           "pruned_agrees", "pruned_share", "pruned_low", "pruned_high",
           "exact_agrees", "exact_share", "exact_low", "exact_high",
           "deeper_agrees", "deeper_share", "mcnemar_p"]


def mcnemar_exact(only_first: int, only_second: int) -> float:
    """Two-sided exact McNemar p-value from the two discordant counts."""
    discordant = only_first + only_second
    return 1.0 if discordant == 0 else float(stats.binomtest(only_first, discordant, 0.5).pvalue)


def _share(agrees: np.ndarray, prefix: str, interval) -> dict:
    count = int(agrees.sum())
    low, high = interval(count, len(agrees))
    return {f"{prefix}_agrees": count, f"{prefix}_share": count / len(agrees),
            f"{prefix}_low": low, f"{prefix}_high": high}


def _cell(pairs: pd.DataFrame, depth: int, seed: int, resamples: int, interval) -> dict:
    """One (mode, depth) row from its positions' four records, already side by side."""
    logs = np.log(pairs["pruned_nodes"].to_numpy(float) / pairs["exact_nodes"].to_numpy(float))
    low, high = bootstrap_interval(logs, depth_rng(seed, depth), resamples)
    truth = pairs["answer"].to_numpy()
    pruned, exact = pairs["pruned_move"].to_numpy() == truth, pairs["exact_move"].to_numpy() == truth
    deeper = pairs["deeper_move"].to_numpy() == truth
    return {"positions": len(pairs), "budget": float(np.exp(logs.mean())), "budget_low": low, "budget_high": high,
            **_share(pruned, "pruned", interval), **_share(exact, "exact", interval),
            "deeper_agrees": int(deeper.sum()), "deeper_share": float(deeper.mean()),
            "mcnemar_p": mcnemar_exact(int((pruned & ~exact).sum()), int((exact & ~pruned).sum()))}


def one_ply_deeper(selective: pd.DataFrame, every: pd.DataFrame, seed: int, resamples: int,
                   interval) -> pd.DataFrame:
    """COLUMNS, one row per selective mode and depth d that has its four records somewhere.

    `selective` has a row per selective record (position, depth, mode, reference,
    technique, nodes); `every` a row per record (position, depth, mode, nodes,
    best_move); `interval(count, positions)` is the share's interval.
    """
    moves = every.set_index(["position", "depth", "mode"])
    rows = []
    for (mode, reference, name), records in selective.groupby(["mode", "reference", "technique"], sort=False):
        for deeper_depth in sorted(records["depth"].unique()):
            depth = int(deeper_depth) - 1
            pairs = _four_records(records.loc[records["depth"] == deeper_depth], moves, reference, depth)
            if depth >= 1 and not pairs.empty:
                rows.append({"mode": mode, "reference": reference, "technique": name, "depth": depth,
                             **_cell(pairs, depth, seed, resamples, interval)})
    # By depth, then in the run's order of modes, as the price-of-pruning table reads.
    return pd.DataFrame(rows, columns=COLUMNS).sort_values("depth", kind="stable", ignore_index=True)


def _four_records(pruned: pd.DataFrame, moves: pd.DataFrame, reference: str, depth: int) -> pd.DataFrame:
    """Per position: M(d + 1)'s nodes and move beside R(d)'s, R(d + 1)'s and R(d + 2)'s; complete rows only."""
    def lookup(position, at_depth, field):
        key = (position, at_depth, reference)
        return moves.at[key, field] if key in moves.index else None

    rows = [{"position": row.position, "pruned_nodes": row.nodes, "pruned_move": row.best_move,
             "exact_nodes": lookup(row.position, depth, "nodes"),
             "exact_move": lookup(row.position, depth, "best_move"),
             "deeper_move": lookup(row.position, depth + 1, "best_move"),
             "answer": lookup(row.position, depth + 2, "best_move")}
            for row in pruned.itertuples()]
    frame = pd.DataFrame(rows, columns=["position", "pruned_nodes", "pruned_move", "exact_nodes", "exact_move",
                                        "deeper_move", "answer"])
    return frame.dropna()
