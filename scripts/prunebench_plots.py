#!/usr/bin/python3
"""Figures of the tables in prunebench_data, saved as PNG and SVG.

Each `*_figure` function takes a table (a DataFrame with `position`, `depth`,
`mode` and one value column) and returns a matplotlib Figure, one panel per
position; `save` writes it. Figures are built without pyplot, so nothing is
ever shown and no global figure state accumulates; this also lets the notebook
display the very same figures inline.
"""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # headless: figures are only ever written to files

from matplotlib.figure import Figure  # noqa: E402  (after choosing the backend)
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogFormatter, LogLocator, NullFormatter  # noqa: E402

import pandas as pd  # noqa: E402

PANEL_COLUMNS = 3                 # panels per row before wrapping
PANEL_SIZE = (5.0, 3.6)           # inches per panel
ODD_DEPTH_HATCH = "///"           # reference 000: odd and even depths behave differently
ODD_DEPTH_ALPHA = 0.55
# Stable ids and no timestamp, so that re-running on the same data gives the same SVG.
matplotlib.rcParams["svg.hashsalt"] = "prunebench"
SVG_METADATA = {"Date": None}
# Distinct markers too, so that modes with equal counts (common at shallow depths) stay visible.
MODE_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "*", "h", "p", "d", "8")


def mode_colours(modes) -> dict:
    """One colour per mode, fixed by the mode's place in the run, same in every figure."""
    # tab10 then Dark2: 18 distinct colours, enough for every built-in mode.
    palette = matplotlib.colormaps["tab10"].colors + matplotlib.colormaps["Dark2"].colors
    return {mode: palette[index % len(palette)] for index, mode in enumerate(modes)}


def mode_markers(modes) -> dict:
    return {mode: MODE_MARKERS[index % len(MODE_MARKERS)] for index, mode in enumerate(modes)}


def _modes(table: pd.DataFrame) -> list:
    """Modes in run order (categorical order when the table has it)."""
    column = table["mode"]
    if isinstance(column.dtype, pd.CategoricalDtype):
        return list(column.cat.categories)
    return list(dict.fromkeys(column))


def _positions(table: pd.DataFrame) -> list:
    column = table["position"]
    present = set(column)
    if isinstance(column.dtype, pd.CategoricalDtype):
        return [p for p in column.cat.categories if p in present]
    return list(dict.fromkeys(column))


def _panels(positions: list, title: str):
    """A figure with one axes per position, wrapped PANEL_COLUMNS to a row."""
    columns = max(1, min(len(positions), PANEL_COLUMNS))
    rows = max(1, math.ceil(len(positions) / columns))
    fig = Figure(figsize=(PANEL_SIZE[0] * columns, PANEL_SIZE[1] * rows), layout="constrained")
    grid = fig.subplots(rows, columns, squeeze=False)
    axes = dict(zip(positions, grid.flat))
    for unused in list(grid.flat)[len(positions):]:
        unused.set_visible(False)
    for position, ax in axes.items():
        ax.set_title(str(position))
        ax.set_xlabel("depth (plies)")
    fig.suptitle(title)
    return fig, axes


def _log_y(ax) -> None:
    """Log y axis labelled 2, 5, 10 rather than 2×10⁰: ratios often span under a decade."""
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(LogFormatter())
    ax.yaxis.set_minor_formatter(LogFormatter(labelOnlyBase=False, minor_thresholds=(2, 0.5)))


def _integer_depth_axis(ax, depths) -> None:
    depths = sorted(set(int(d) for d in depths))
    ax.set_xticks(depths)


def _lines_figure(table: pd.DataFrame, column: str, title: str, ylabel: str,
                  unity_line: bool = False) -> Figure:
    """One line per mode per position panel, log y."""
    colours, markers = mode_colours(_modes(table)), mode_markers(_modes(table))
    fig, axes = _panels(_positions(table), title)
    for position, ax in axes.items():
        rows = table[table["position"] == position]
        for mode in _modes(rows):
            series = rows[rows["mode"] == mode].sort_values("depth")
            if series.empty:
                continue
            ax.plot(series["depth"], series[column], marker=markers[mode], color=colours[mode],
                    markerfacecolor="none", label=str(mode))
        if unity_line:
            ax.axhline(1.0, color="grey", linewidth=0.8, linestyle="--")
        _log_y(ax)
        ax.set_ylabel(ylabel)
        _integer_depth_axis(ax, rows["depth"])
        ax.legend(fontsize="small")
    return fig


def nodes_figure(records: pd.DataFrame) -> Figure:
    """Nodes searched against depth, per mode: the growth that pruning bends."""
    return _lines_figure(records, "nodes", "Nodes searched", "nodes (log scale)")


def reduction_figure(reduction: pd.DataFrame) -> Figure:
    return _lines_figure(reduction, "reduction", "Reduction against minimax",
                         "minimax nodes ÷ mode nodes", unity_line=True)


def minimal_ratio_figure(minimal: pd.DataFrame, column: str = "nodes_ratio", exact: bool = True) -> Figure:
    """Distance from the minimal tree: 1 is the cheapest proof of the value.

    With the exact minimal tree (`minimal` mode) the ratio is nodes ÷ minimal
    nodes; without it, leaves ÷ the Knuth-Moore estimate, labelled as such.
    """
    if exact:
        return _lines_figure(minimal, column, "Nodes against the exact minimal tree",
                             "nodes ÷ minimal nodes", unity_line=True)
    return _lines_figure(minimal, column, "Leaves against the Knuth–Moore estimate",
                         "leaves ÷ estimate", unity_line=True)


MAX_LABELLED_MODES = 4


def _gain_bars(ax, rows: pd.DataFrame, modes: list, colours: dict) -> None:
    """Grouped bars per depth; odd depths hatched and paler than even ones."""
    depths = sorted(set(int(d) for d in rows["depth"]))
    width = 0.8 / max(1, len(modes))
    for index, mode in enumerate(modes):
        series = rows[rows["mode"] == mode].set_index("depth")["gain"]
        for depth in depths:
            if depth not in series.index:
                continue
            odd = depth % 2 == 1
            x = depth + (index - (len(modes) - 1) / 2) * width
            # Bars grow from 1 (no gain), up for gains and down for losses.
            ax.bar(x, series[depth] - 1.0, bottom=1.0, width=width, color=colours[mode],
                   alpha=ODD_DEPTH_ALPHA if odd else 1.0, hatch=ODD_DEPTH_HATCH if odd else None,
                   edgecolor="black", linewidth=0.5)
            # The value on top, so that a gain of exactly 1 (no bar) still shows;
            # beyond a few modes the labels would overlap, and the CSV has them.
            if len(modes) <= MAX_LABELLED_MODES:
                ax.text(x, series[depth], f"{series[depth]:.3g}", ha="center", va="bottom",
                        fontsize="x-small")
    ax.set_xticks(depths, [f"{d}\n{'odd' if d % 2 else 'even'}" for d in depths])


def ordering_gain_figure(gain: pd.DataFrame) -> Figure:
    """Unordered nodes ÷ mode nodes per depth, as bars."""
    colours = mode_colours(_modes(gain))
    fig, axes = _panels(_positions(gain), "Ordering gain against unordered alpha-beta")
    for position, ax in axes.items():
        rows = gain[gain["position"] == position]
        modes = [m for m in _modes(gain) if (rows["mode"] == m).any()]
        _gain_bars(ax, rows, modes, colours)
        ax.axhline(1.0, color="grey", linewidth=0.8)
        _log_y(ax)
        ax.set_ylabel("unordered nodes ÷ mode nodes")
        handles = [Patch(facecolor=colours[m], edgecolor="black", label=str(m)) for m in modes]
        handles += [Patch(facecolor="white", edgecolor="black", label="even depth"),
                    Patch(facecolor="white", edgecolor="black", hatch=ODD_DEPTH_HATCH,
                          label="odd depth")]
        ax.legend(handles=handles, fontsize="small")
    return fig


# The study's figures (prunebench_study): one panel per depth, one row per mode,
# so that a dozen modes stay legible; ratios on a log axis around 1 (no change).
STUDY_PANEL_COLUMNS = 5
STUDY_PANEL_WIDTH = 3.4           # inches per depth panel
STUDY_ROW_HEIGHT = 0.34           # inches per mode row
STUDY_POINT_SPREAD = 0.32         # vertical spread of one mode's per-position points


def _study_panels(depths: list, modes: list, title: str, xlabel: str):
    """Depth panels side by side sharing the mode axis, modes top to bottom in run order."""
    columns = max(1, min(len(depths), STUDY_PANEL_COLUMNS))
    rows = max(1, math.ceil(len(depths) / columns))
    height = 1.4 + STUDY_ROW_HEIGHT * max(1, len(modes))
    fig = Figure(figsize=(1.6 + STUDY_PANEL_WIDTH * columns, height * rows), layout="constrained")
    # One x scale for every depth, so that the panels compare at a glance.
    grid = fig.subplots(rows, columns, squeeze=False, sharex=True, sharey=True)
    for unused in list(grid.flat)[len(depths):]:
        unused.set_visible(False)
    axes = dict(zip(depths, grid.flat))
    for depth, ax in axes.items():
        ax.set_title(f"depth {depth}")
        ax.set_xlabel(xlabel)
        ax.axvline(1.0, color="grey", linewidth=0.8, linestyle="--")
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.tick_params(axis="x", labelsize="small", labelbottom=True)
        ax.grid(axis="y", color="0.92")
    first = next(iter(axes.values()))
    first.set_yticks(range(len(modes)), [str(m) for m in modes])
    first.set_ylim(len(modes) - 0.5, -0.5)
    fig.suptitle(title)
    return fig, axes


def forest_figure(summary: pd.DataFrame, baseline: str, colours: dict) -> Figure:
    """Geometric-mean node ratio against the baseline and its interval, per mode and depth.

    `summary` is prunebench_study's: depth, mode, ratio, ci_low, ci_high,
    positions. A point without a bar has no interval (fewer than two positions).
    """
    compared = summary.dropna(subset=["ratio"])
    modes = list(dict.fromkeys(compared["mode"]))
    depths = sorted(set(int(d) for d in compared["depth"]))
    fig, axes = _study_panels(depths, modes, f"Nodes against {baseline}: geometric mean and 95 % "
                              "bootstrap interval over positions", f"mode nodes ÷ {baseline} nodes")
    for depth, ax in axes.items():
        rows = compared[compared["depth"] == depth]
        for _, row in rows.iterrows():
            y = modes.index(row["mode"])
            colour = colours.get(row["mode"], "black")
            if pd.notna(row["ci_low"]):
                ax.plot([row["ci_low"], row["ci_high"]], [y, y], color=colour, linewidth=2.2)
            ax.plot(row["ratio"], y, marker="o", color=colour, markeredgecolor="black", markersize=6)
        counts = sorted(set(int(n) for n in rows["positions"]))
        ax.set_title(f"depth {depth} ({'/'.join(map(str, counts))} positions)", fontsize="medium")
    return fig


def strip_figure(detail: pd.DataFrame, baseline: str, colours: dict) -> Figure:
    """Every position's node ratio against the baseline, per mode and depth; a bar at the geometric mean.

    `detail` is prunebench_study's per-position table (depth, mode, position,
    ratio). Points of one mode are spread vertically by position, in a fixed
    order, so that the figure is the same on every run of the same data.
    """
    compared = detail.loc[(detail["mode"] != baseline)].dropna(subset=["ratio"])
    modes = [m for m in dict.fromkeys(compared["mode"].astype(str))]
    depths = sorted(set(int(d) for d in compared["depth"]))
    fig, axes = _study_panels(depths, modes, f"Per position: nodes against {baseline}",
                              f"mode nodes ÷ {baseline} nodes")
    positions = list(dict.fromkeys(compared["position"].astype(str)))
    offsets = {p: STUDY_POINT_SPREAD * ((i + 0.5) / len(positions) - 0.5) for i, p in enumerate(positions)}
    for depth, ax in axes.items():
        rows = compared[compared["depth"] == depth]
        for mode, group in rows.groupby(rows["mode"].astype(str), sort=False):
            y = modes.index(mode)
            ys = [y + offsets[str(p)] for p in group["position"]]
            ax.scatter(group["ratio"], ys, s=9, color=colours.get(mode, "black"), alpha=0.6, linewidths=0)
            mean = math.exp(group["ratio"].map(math.log).mean())
            ax.plot([mean, mean], [y - 0.4, y + 0.4], color="black", linewidth=1.5)
        ax.set_title(f"depth {depth} ({rows['position'].nunique()} positions)", fontsize="medium")
    return fig


def save(fig: Figure, stem) -> list[Path]:
    """Write <stem>.png and <stem>.svg; return both paths."""
    stem = Path(stem)
    png, svg = stem.with_suffix(".png"), stem.with_suffix(".svg")
    fig.savefig(png, dpi=120)
    fig.savefig(svg, metadata=SVG_METADATA)
    return [png, svg]
