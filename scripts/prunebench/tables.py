"""Tables computed from runs and tree-lab files, each a DataFrame, optionally
with the reference articles' figures (scripts/reference_figures.json) beside ours:
reductions, ordering gains, cut-off rates (the minimal-tree tables are
prunebench.minimal's), random-tree, standing-tree and theory tables.

Computing is kept apart from printing: these functions never format numbers;
prunebench.render does.
"""

from __future__ import annotations

import math

import pandas as pd

# Modes the comparison tables are measured against (names given to `prunebench run`).
MINIMAX = "minimax"
UNORDERED = "unordered"
# spec.algorithm values that search the full tree: they prune nothing, so they
# are baselines, never entries of the ordering, minimal-tree or cut-off tables.
# ("minimal", the exact minimal tree, is a denominator: see prunebench.minimal.)
FULL_WIDTH_ALGORITHMS = ("minimax", "negamax")


# --------------------------------------------------------------------------
# chess tables
# --------------------------------------------------------------------------


def is_full_width(records: pd.DataFrame) -> pd.Series:
    """Which records are full-width searches (baselines that prune nothing)."""
    return (records["mode"] == MINIMAX) | records["algorithm"].isin(FULL_WIDTH_ALGORITHMS)


def _against_baseline(records: pd.DataFrame, baseline: str, compared: pd.Series,
                      ratio: str) -> pd.DataFrame:
    """Compared records beside the baseline mode's nodes at the same position and depth.

    `ratio` = baseline nodes / nodes, so larger means the mode searched less.
    Empty when the run has no baseline records.
    """
    base_column = f"{baseline}_nodes"
    base = records.loc[records["mode"] == baseline, ["position", "depth", "nodes"]]
    base = base.rename(columns={"nodes": base_column})
    rows = records.loc[compared & (records["mode"] != baseline),
                       ["position", "depth", "mode", "nodes"]]
    table = rows.merge(base, on=["position", "depth"], how="inner")
    table = table[["position", "depth", "mode", base_column, "nodes"]]
    table[ratio] = table[base_column] / table["nodes"]
    return table.sort_values(["position", "depth", "mode"], kind="stable").reset_index(drop=True)


def reduction_table(records: pd.DataFrame, full_width: pd.DataFrame,
                    reference: dict | None = None) -> pd.DataFrame:
    """Minimax against every other mode: reduction = minimax nodes / mode nodes.

    Minimax's nodes are Σ perft(0..d) (`full_width`: frames.full_width_frame),
    so the table needs no minimax search in the run.
    """
    rows = records.loc[records["mode"] != MINIMAX, ["position", "depth", "mode", "nodes"]]
    table = rows.merge(full_width, on=["position", "depth"], how="inner")
    table = table[["position", "depth", "mode", "minimax_nodes", "nodes"]]
    table["reduction"] = table["minimax_nodes"] / table["nodes"]
    table = table.sort_values(["position", "depth", "mode"], kind="stable").reset_index(drop=True)
    if reference is not None:
        table = _with_article_ratio(table, reference, MINIMAX, "reduction")
    return table


def nodes_with_full_width(records: pd.DataFrame, full_width: pd.DataFrame) -> pd.DataFrame:
    """Each record's nodes, and minimax's Σ perft(0..d) at each position and depth
    the run has records of but did not search with minimax (minimax first)."""
    nodes = records[["position", "depth", "mode", "nodes"]]
    unsearched = nodes[["position", "depth"]].drop_duplicates().merge(
        nodes.loc[nodes["mode"] == MINIMAX, ["position", "depth"]], how="left", indicator=True)
    unsearched = unsearched.loc[unsearched["_merge"] == "left_only", ["position", "depth"]]
    derived = unsearched.merge(full_width, on=["position", "depth"]).rename(columns={"minimax_nodes": "nodes"})
    every = pd.concat([derived.assign(mode=MINIMAX), nodes.astype({"mode": str})], ignore_index=True)
    modes = [MINIMAX] + [m for m in records["mode"].cat.categories if m != MINIMAX]
    every["mode"] = pd.Categorical(every["mode"], categories=modes, ordered=True)
    return every.sort_values(["position", "depth", "mode"], kind="stable").reset_index(drop=True)


def ordering_gain_table(records: pd.DataFrame, reference: dict | None = None) -> pd.DataFrame:
    """Unordered alpha-beta against every other pruning mode: gain = unordered / mode nodes."""
    table = _against_baseline(records, UNORDERED, ~is_full_width(records), "gain")
    if reference is not None:
        table = _with_article_ratio(table, reference, UNORDERED, "gain")
    return table


def cutoff_rate_table(records: pd.DataFrame) -> pd.DataFrame:
    """Cut-offs and the share caused by the first move searched (ordering quality).

    The rate is recomputed from the counts, and left empty when there was no
    cut-off, rather than reported as 0 %.
    """
    searches = ~is_full_width(records) & (records["algorithm"] != "minimal")
    table = records.loc[searches, ["position", "depth", "mode", "cutoffs", "first_move_cutoffs"]].copy()
    cutoffs = table["cutoffs"].astype("float64")
    table["first_move_cutoff_rate"] = (table["first_move_cutoffs"] / cutoffs).where(cutoffs > 0)
    return table.reset_index(drop=True)


def pooled_cutoff_rates(records: pd.DataFrame) -> pd.DataFrame:
    """Per mode and depth, the first-move cut-off rate over all positions' cut-offs.

    Pooling counts (not averaging rates) weights each position by its cut-offs,
    so a position with three cut-offs cannot swing the figure.
    """
    rates = cutoff_rate_table(records)
    grouped = rates.groupby(["mode", "depth"], observed=True)
    pooled = grouped[["cutoffs", "first_move_cutoffs"]].sum().reset_index()
    cutoffs = pooled["cutoffs"].astype("float64")
    pooled["first_move_cutoff_rate"] = (pooled["first_move_cutoffs"] / cutoffs).where(cutoffs > 0)
    return pooled


def geometric_mean_over_positions(table: pd.DataFrame, column: str) -> pd.DataFrame:
    """Per depth and mode, the geometric mean of a positive column over all positions.

    Ratios multiply, so their geometric mean is the honest average; used to
    summarise runs with too many positions for one panel each.
    """
    grouped = table.groupby(["depth", "mode"], observed=True)[column]
    summary = grouped.agg(lambda values: math.exp(values.map(math.log).mean()))
    summary = summary.reset_index()
    count = table["position"].nunique()
    summary.insert(0, "position", f"geometric mean of {count} positions")
    return summary


# --------------------------------------------------------------------------
# reference figures (scripts/reference_figures.json)
# --------------------------------------------------------------------------


def article_nodes(reference: dict, position: str, mode: str, depth: int) -> int | None:
    """Reference 000's node count for a position id, mode and depth, if it printed one."""
    by_mode = reference["chess"]["nodes"].get(str(position), {})
    return by_mode.get(str(mode), {}).get(str(depth))


def _with_article_ratio(table: pd.DataFrame, reference: dict, baseline: str,
                        ratio: str) -> pd.DataFrame:
    """Add the article's node count for each row and the ratio it implies."""
    keys = list(zip(table["position"], table["mode"], table["depth"]))
    mode_nodes = [article_nodes(reference, p, m, d) for p, m, d in keys]
    base_nodes = [article_nodes(reference, p, baseline, d) for p, _, d in keys]
    table = table.copy()
    table["article_nodes"] = pd.array(mode_nodes, dtype="Int64")
    table[f"article_{ratio}"] = [b / n if b is not None and n is not None else math.nan
                                 for b, n in zip(base_nodes, mode_nodes)]
    return table


def _order_key(order: str) -> str:
    """'best-first', 'BEST_FIRST' and 'best' name the same synthetic-tree order."""
    key = order.lower().replace("_", "-")
    return key[:-len("-first")] if key.endswith("-first") else key


def _article_tree_experiment(reference: dict, experiment: dict) -> dict:
    section = reference["random_trees"]
    if (experiment["branching"], experiment["depth"]) != (section["branching"], section["depth"]):
        return {}
    for candidate in section["experiments"]:
        if (_order_key(candidate["order"]) == _order_key(experiment["order"])
                and candidate["algo"] == experiment["algo"]
                and candidate.get("guess") == experiment.get("guess")):
            return candidate
    return {}


# --------------------------------------------------------------------------
# tree-lab tables
# --------------------------------------------------------------------------


def experiment_label(experiment: dict) -> str:
    """'natural alphabeta', 'random pvs', 'natural mtdf guess=0'."""
    label = f"{experiment['order']} {experiment['algo']}"
    if experiment.get("guess") is not None:
        label += f" guess={experiment['guess']}"
    return label


def _random_tree_row(tree: dict) -> dict:
    leaves = [row["leaves"] for row in tree["trees"]]
    passes = [row["passes"] for row in tree["trees"] if row.get("passes") is not None]
    experiment = tree["experiment"]
    mean_leaves = sum(leaves) / len(leaves)
    return {"experiment": experiment_label(experiment), "branching": experiment["branching"],
            "depth": experiment["depth"], "trees": len(leaves), "mean_leaves": mean_leaves,
            "min_leaves": min(leaves), "max_leaves": max(leaves),
            "minimal_tree": tree["minimal_tree_leaves"],
            "ratio_to_minimal": mean_leaves / tree["minimal_tree_leaves"],
            "mean_passes": sum(passes) / len(passes) if passes else math.nan}


def _article_tree_columns(reference: dict, experiment: dict) -> dict:
    article = _article_tree_experiment(reference, experiment)
    mean = article.get("mean_leaves")
    ratio = article.get("ratio_to_minimal")
    if ratio is None and mean is not None:
        ratio = mean / reference["random_trees"]["minimal_tree_leaves"]
    return {"article_mean_leaves": math.nan if mean is None else float(mean),
            "article_ratio": math.nan if ratio is None else float(ratio)}


def random_tree_table(trees: list[dict], reference: dict | None = None) -> pd.DataFrame:
    """One row per experiment file: leaves read over its trees, against the minimal tree.

    Summaries are recomputed from the per-tree rows, the raw measurements.
    """
    rows = []
    for tree in trees:
        row = _random_tree_row(tree)
        if reference is not None:
            row.update(_article_tree_columns(reference, tree["experiment"]))
        rows.append(row)
    return pd.DataFrame(rows)


def standing_table(standings: list[dict], reference: dict | None = None) -> pd.DataFrame:
    """Reference 002's 3x3 tree searched in each branch order: value and leaves read."""
    rows = []
    for standing in sorted(standings, key=lambda s: s["order"]):
        row = {"order": standing["order"], "value": standing["value"],
               "leaves_examined": standing["leaves_examined"]}
        if reference is not None:
            article = reference["standing_tree"]
            row["article_value"] = article["value"]
            row["article_leaves_examined"] = article["leaves_examined"].get(standing["order"])
        rows.append(row)
    table = pd.DataFrame(rows)
    if "article_leaves_examined" in table:
        table["article_leaves_examined"] = table["article_leaves_examined"].astype("Int64")
    return table


def theory_table(theories: list[dict], reference: dict | None = None) -> pd.DataFrame:
    """b^d leaves for full minimax against the best case, per (b, d)."""
    rows = [dict(row) for theory in theories for row in theory["rows"]]
    columns = ["branching", "depth", "minimax_leaves", "best_case_leaves"]
    table = pd.DataFrame(rows, columns=columns).drop_duplicates(["branching", "depth"], keep="last")
    if reference is not None:
        article = {(r["branching"], r["depth"]): r for r in reference["theory"]["rows"]}
        for column in ("minimax_leaves", "best_case_leaves"):
            values = [article.get((b, d), {}).get(column)
                      for b, d in zip(table["branching"], table["depth"])]
            table[f"article_{column}"] = pd.array(values, dtype="Int64")
    return table.reset_index(drop=True)

