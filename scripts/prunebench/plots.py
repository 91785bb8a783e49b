"""Figures of the computed tables (prunebench.tables, .minimal, .study), saved as PNG and SVG.

Each `*_figure` function takes a table (a DataFrame with `position`, `depth`,
`mode` and one value column) and returns a matplotlib Figure, one panel per
position; `save` writes it. Figures are built without pyplot, so nothing is
ever shown and no global figure state accumulates; this also lets the notebook
display the very same figures inline.
"""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # headless: figures are only ever written to files

from matplotlib.figure import Figure  # noqa: E402  (after choosing the backend)
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter  # noqa: E402

import pandas as pd  # noqa: E402

# Colours and markers come from prunebench.style: a mode's own, whatever the run
# (mode_colours is offered here too, for a figure's caller to colour its own marks).
from prunebench import output  # noqa: E402
from prunebench.style import mode_colours, mode_style  # noqa: E402, F401

PANEL_COLUMNS = 3                 # position panels per row before wrapping
PANEL_SIZE = (5.0, 3.6)           # inches per panel
MAX_MODES_PER_PANEL = 6           # beyond this, modes are split over rows of panels (small multiples)
LEGEND_WIDTH = 2.3                # inches beside each row for its legend, outside the data
ODD_DEPTH_HATCH = "///"           # reference 000: odd and even depths behave differently
ODD_DEPTH_ALPHA = 0.55
# Stable ids and no timestamp or software version, so that re-running on the
# same data gives byte-identical files.
matplotlib.rcParams["svg.hashsalt"] = "prunebench"
SVG_METADATA = {"Date": None}
PNG_METADATA = {"Software": None}


def _modes(table: pd.DataFrame) -> list:
    """The table's modes in run order (categorical order when the table has it)."""
    column = table["mode"]
    if isinstance(column.dtype, pd.CategoricalDtype):
        present = set(column)
        return [m for m in column.cat.categories if m in present]
    return list(dict.fromkeys(column))


def _positions(table: pd.DataFrame) -> list:
    column = table["position"]
    present = set(column)
    if isinstance(column.dtype, pd.CategoricalDtype):
        return [p for p in column.cat.categories if p in present]
    return list(dict.fromkeys(column))


def literal(name) -> str:
    """A mode, engine or position name as matplotlib shows it, character for character.

    Text with two "$" is mathtext to matplotlib: "a$b$c" would show an italic
    b, and a name that is no valid formula fails the whole figure. An escaped
    "\\$" is shown as "$".
    """
    return str(name).replace("$", r"\$")


def mode_groups(modes: list) -> list[list]:
    """Modes in run order cut into as few rows as keep each at most MAX_MODES_PER_PANEL, sizes balanced."""
    rows = max(1, math.ceil(len(modes) / MAX_MODES_PER_PANEL))
    size, longer = divmod(len(modes), rows)  # the first `longer` rows take one mode more
    groups, start = [], 0
    for row in range(rows):
        end = start + size + (1 if row < longer else 0)
        groups.append(modes[start:end])
        start = end
    return groups


def _panels(positions: list, groups: list, title: str):
    """Panels for every (position, mode group): a row of positions per group, wrapped PANEL_COLUMNS wide.

    Returns the figure and {(position, group index): axes}. Panels of one
    position share their y axis, so that the rows compare at a glance.
    """
    columns = max(1, min(len(positions), PANEL_COLUMNS))
    position_rows = [positions[i:i + columns] for i in range(0, len(positions), columns)] or [[]]
    rows = len(position_rows) * len(groups)
    fig = Figure(figsize=(PANEL_SIZE[0] * columns + LEGEND_WIDTH, PANEL_SIZE[1] * rows), layout="constrained")
    grid = fig.subplots(rows, columns, squeeze=False)
    axes = {}
    for block, row_positions in enumerate(position_rows):
        for group_index in range(len(groups)):
            row = block * len(groups) + group_index
            for column in range(columns):
                ax = grid[row][column]
                if column >= len(row_positions):
                    ax.set_visible(False)
                    continue
                position = row_positions[column]
                axes[(position, group_index)] = ax
                ax.set_title(literal(position))
                ax.set_xlabel("depth (plies)")
                if group_index > 0:
                    ax.sharey(axes[(position, 0)])
    fig.suptitle(title)
    return fig, axes


def _row_legend(ax, handles: list) -> None:
    """The legend of a row of panels, beside its last panel, outside the data."""
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0,
              fontsize="small", frameon=False)


def _last_in_row(position, positions: list) -> bool:
    """Whether the panel is the rightmost of its row (the last position of its PANEL_COLUMNS chunk)."""
    index = positions.index(position)
    return index % PANEL_COLUMNS == PANEL_COLUMNS - 1 or index == len(positions) - 1


def tick_label(value: float, _position=None) -> str:
    """Counts with thousands separators (1,000,000), ratios as written (0.5, 2, 10)."""
    if value >= 1000:
        return f"{value:,.0f}"
    return f"{value:g}"


def _log_y(ax) -> None:
    """Log y axis labelled 2, 5, 10 or 1,000, 10,000: one format in every figure.

    Axes spanning under two decades (ratios) get ticks at 1, 2 and 5 of each
    decade, wider ones (node counts) at each decade only.
    """
    ax.set_yscale("log")
    log_ticks(ax.yaxis, *ax.get_ylim())


def log_ticks(axis, low: float, high: float) -> None:
    """Ticks at 1, 2 and 5 of each decade on a log axis spanning under two decades, else at decades only."""
    subs = (1.0, 2.0, 5.0) if high / low < 100 else (1.0,)
    axis.set_major_locator(LogLocator(subs=subs))
    axis.set_major_formatter(FuncFormatter(tick_label))
    axis.set_minor_formatter(NullFormatter())


def _integer_depth_axis(ax, depths) -> None:
    depths = sorted(set(int(d) for d in depths))
    ax.set_xticks(depths)


def identical_series(table: pd.DataFrame, column: str) -> dict:
    """{mode: the first mode in run order whose series it repeats} for modes drawn exactly on another.

    A series repeats another when both have the same (position, depth) points
    with equal values: in a line plot it hides the other (unordered under
    fail-hard), so the legend says "fail-hard = unordered".
    """
    series = {}
    for mode in _modes(table):
        rows = table[table["mode"] == mode]
        series[mode] = frozenset(zip(rows["position"].astype(str), rows["depth"].astype(int), rows[column]))
    twins, seen = {}, {}
    for mode, points in series.items():
        if points and points in seen:
            twins[mode] = seen[points]
        else:
            seen.setdefault(points, mode)
    return twins


def _line_handle(mode, twin=None) -> Line2D:
    style = mode_style(mode)
    label = literal(mode) + ("" if twin is None else f" = {literal(twin)}")
    return Line2D([], [], color=style.colour, marker=style.marker, linestyle=style.linestyle,
                  markerfacecolor="none", label=label)


CONTEXT_GREY = "0.85"


def _context_lines(ax, rows: pd.DataFrame, column: str, exclude: list) -> None:
    """The modes of the other rows as thin grey lines behind this row's, so that each row still reads against all."""
    for mode in _modes(rows):
        if mode in exclude:
            continue
        series = rows[rows["mode"] == mode].sort_values("depth")
        ax.plot(series["depth"], series[column], color=CONTEXT_GREY, linewidth=0.8, zorder=0)


def _lines_figure(table: pd.DataFrame, column: str, title: str, ylabel: str,
                  unity_line: bool = False, overlay=None) -> Figure:
    """One line per mode per position panel, log y; more than MAX_MODES_PER_PANEL modes in rows of panels.

    `overlay(ax, position)`, if given, draws more on each panel and returns
    the legend handles for it."""
    positions, groups = _positions(table), mode_groups(_modes(table))
    twins = identical_series(table, column)
    fig, axes = _panels(positions, groups, title)
    for (position, group_index), ax in axes.items():
        rows = table[table["position"] == position]
        if len(groups) > 1:
            _context_lines(ax, rows, column, exclude=groups[group_index])
        for mode in groups[group_index]:
            series = rows[rows["mode"] == mode].sort_values("depth")
            if series.empty:
                continue
            style = mode_style(mode)
            ax.plot(series["depth"], series[column], marker=style.marker, color=style.colour,
                    linestyle=style.linestyle, markerfacecolor="none", label=literal(mode))
        if unity_line:
            ax.axhline(1.0, color="grey", linewidth=0.8, linestyle="--")
        extra = overlay(ax, position) if overlay is not None else []
        ax.set_yscale("log")
        ax.set_ylabel(ylabel)
        _integer_depth_axis(ax, rows["depth"])
        if _last_in_row(position, positions):
            _row_legend(ax, [_line_handle(m, twins.get(m)) for m in groups[group_index]] + extra)
    for ax in axes.values():  # after every panel is drawn: shared axes have their final range
        _log_y(ax)
    return fig


def nodes_figure(records: pd.DataFrame) -> Figure:
    """Nodes searched against depth, per mode: the growth that pruning bends."""
    return _lines_figure(records, "nodes", "Nodes searched", "nodes (log scale)")


def reduction_figure(reduction: pd.DataFrame) -> Figure:
    return _lines_figure(reduction, "reduction", "Reduction against minimax",
                         "minimax nodes ÷ mode nodes", unity_line=True)


GRAPH_COLOUR = "black"


def _graph_overlay(graph: pd.DataFrame):
    """Draws the minimal graph's bounds ÷ the minimal tree on a panel: the upper
    bound as a dotted line, the lower where integer programming gave it (exact
    or LP) as a dash-dotted one; the root bound is too far below to show."""
    def draw(ax, position) -> list:
        rows = graph[graph["position"] == position].sort_values("depth")
        if rows.empty:
            return []
        ax.plot(rows["depth"], rows["upper_ratio"], color=GRAPH_COLOUR, linestyle=":", linewidth=1.2)
        solved = rows.dropna(subset=["lower_ratio"])
        ax.plot(solved["depth"], solved["lower_ratio"], color=GRAPH_COLOUR, linestyle="-.", linewidth=1.0,
                marker="_")
        return [Line2D([], [], color=GRAPH_COLOUR, linestyle=":", label="minimal graph, upper bound"),
                Line2D([], [], color=GRAPH_COLOUR, linestyle="-.", marker="_",
                       label="minimal graph, lower bound\n(exact or LP)")]
    return draw


def minimal_ratio_figure(minimal: pd.DataFrame, column: str = "nodes_ratio", exact: bool = True,
                         graph: pd.DataFrame | None = None) -> Figure:
    """Distance from the minimal tree: 1 is the cheapest proof of the value.

    With the exact minimal tree (`minimal` mode) the ratio is nodes ÷ minimal
    nodes; without it, leaves ÷ the Knuth-Moore estimate, labelled as such.
    `graph` (position, depth, upper_ratio, lower_ratio: the minimal graph's
    bounds ÷ minimal nodes, lower_ratio empty where only the root bound is
    known) adds the yardstick of table modes.
    """
    if exact:
        overlay = _graph_overlay(graph) if graph is not None and not graph.empty else None
        return _lines_figure(minimal, column, "Nodes against the exact minimal tree",
                             "nodes ÷ minimal nodes", unity_line=True, overlay=overlay)
    return _lines_figure(minimal, column, "Leaves against the Knuth–Moore estimate",
                         "leaves ÷ estimate", unity_line=True)


MAX_LABELLED_MODES = 2  # value labels beside more bars than this overlap


def _gain_bars(ax, rows: pd.DataFrame, modes: list) -> None:
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
            ax.bar(x, series[depth] - 1.0, bottom=1.0, width=width, color=mode_style(mode).colour,
                   alpha=ODD_DEPTH_ALPHA if odd else 1.0, hatch=ODD_DEPTH_HATCH if odd else None,
                   edgecolor="black", linewidth=0.5)
            # The value on top, so that a gain of exactly 1 (no bar) still shows;
            # beyond a few modes the labels would overlap, and the CSV has them.
            if len(modes) <= MAX_LABELLED_MODES:
                ax.text(x, series[depth], f"{series[depth]:.3g}", ha="center", va="bottom",
                        fontsize="x-small")
    ax.set_xticks(depths, [f"{d}\n{'odd' if d % 2 else 'even'}" for d in depths])


def ordering_gain_figure(gain: pd.DataFrame) -> Figure:
    """Unordered nodes ÷ mode nodes per depth, as bars; more than MAX_MODES_PER_PANEL modes in rows."""
    positions, groups = _positions(gain), mode_groups(_modes(gain))
    fig, axes = _panels(positions, groups, "Ordering gain against unordered alpha-beta")
    for (position, group_index), ax in axes.items():
        rows = gain[gain["position"] == position]
        modes = [m for m in groups[group_index] if (rows["mode"] == m).any()]
        _gain_bars(ax, rows, modes)
        ax.axhline(1.0, color="grey", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_ylabel("unordered nodes ÷ mode nodes")
        if _last_in_row(position, positions):
            handles = [Patch(facecolor=mode_style(m).colour, edgecolor="black", label=literal(m))
                       for m in groups[group_index]]
            handles += [Patch(facecolor="white", edgecolor="black", label="even depth"),
                        Patch(facecolor="white", edgecolor="black", hatch=ODD_DEPTH_HATCH, label="odd depth")]
            _row_legend(ax, handles)
    for ax in axes.values():
        _log_y(ax)
    return fig


# The study's figures (prunebench.study): one panel per depth, one row per mode,
# so that a dozen modes stay legible; ratios on a log axis around 1 (no change).
# Two panels a row keep four depths near square (five side by side made a 7.7:1
# strip whose text shrank to nothing on a page); the text is a size larger than
# matplotlib's default for the same reason.
STUDY_PANEL_COLUMNS = 2
STUDY_PANEL_WIDTH = 4.6           # inches per depth panel
STUDY_ROW_HEIGHT = 0.36           # inches per mode row
STUDY_POINT_SPREAD = 0.32         # vertical spread of one mode's per-position points
STUDY_FONT_SIZE = 11              # points, every text of the figure (matplotlib's default is 10)


def _study_panels(depths: list, modes: list, title: str, xlabel: str):
    """Depth panels, two a row, sharing the mode axis, modes top to bottom in run order."""
    columns = max(1, min(len(depths), STUDY_PANEL_COLUMNS))
    rows = max(1, math.ceil(len(depths) / columns))
    height = 1.5 + STUDY_ROW_HEIGHT * max(1, len(modes))
    fig = Figure(figsize=(1.8 + STUDY_PANEL_WIDTH * columns, height * rows), layout="constrained")
    # One x scale for every depth, so that the panels compare at a glance.
    grid = fig.subplots(rows, columns, squeeze=False, sharex=True, sharey=True)
    for unused in list(grid.flat)[len(depths):]:
        unused.set_visible(False)
    axes = dict(zip(depths, grid.flat))
    for depth, ax in axes.items():
        ax.set_title(f"depth {depth}", fontsize=STUDY_FONT_SIZE)
        ax.set_xlabel(xlabel, fontsize=STUDY_FONT_SIZE)
        ax.axvline(1.0, color="grey", linewidth=0.8, linestyle="--")
        ax.set_xscale("log")
        ax.tick_params(axis="both", labelsize=STUDY_FONT_SIZE)
        ax.tick_params(axis="x", labelbottom=True)
        ax.grid(axis="y", color="0.92")
    first = next(iter(axes.values()))
    first.set_yticks(range(len(modes)), [literal(m) for m in modes])
    first.set_ylim(len(modes) - 0.5, -0.5)
    fig.suptitle(title, fontsize=STUDY_FONT_SIZE + 2)
    return fig, axes


def _study_ticks(axes: dict) -> None:
    """Log x ticks of the shared ratio axis, once its range is known."""
    first = next(iter(axes.values()))
    log_ticks(first.xaxis, *first.get_xlim())


def _shown_depths(table: pd.DataFrame, depths) -> list[int]:
    """The depths to draw: the table's, or those of `depths` the table has (prunebench.study.figure_depths)."""
    present = sorted(set(int(d) for d in table["depth"]))
    return present if depths is None else [d for d in present if d in set(depths)]


def forest_figure(summary: pd.DataFrame, baseline: str, colours: dict, depths=None) -> Figure:
    """Geometric-mean node ratio against the baseline and its interval, per mode and depth.

    `summary` is prunebench.study's: depth, mode, ratio, ci_low, ci_high,
    positions. A point without a bar has no interval (fewer than two positions).
    `depths` limits the panels (default: every depth compared).
    """
    compared = summary.dropna(subset=["ratio"])
    modes = list(dict.fromkeys(compared["mode"]))
    depths = _shown_depths(compared, depths)
    fig, axes = _study_panels(depths, modes, f"Nodes against {literal(baseline)}: geometric mean and 95 % "
                              "bootstrap interval over positions", f"mode nodes ÷ {literal(baseline)} nodes")
    for depth, ax in axes.items():
        rows = compared[compared["depth"] == depth]
        for _, row in rows.iterrows():
            y = modes.index(row["mode"])
            colour = colours.get(row["mode"], "black")
            if pd.notna(row["ci_low"]):
                ax.plot([row["ci_low"], row["ci_high"]], [y, y], color=colour, linewidth=2.2)
            ax.plot(row["ratio"], y, marker=mode_style(row["mode"]).marker, color=colour,
                    markeredgecolor="black", markersize=6)
        counts = sorted(set(int(n) for n in rows["positions"]))
        ax.set_title(f"depth {depth} ({'/'.join(map(str, counts))} positions)", fontsize=STUDY_FONT_SIZE)
    _study_ticks(axes)
    return fig


def strip_figure(detail: pd.DataFrame, baseline: str, colours: dict, depths=None) -> Figure:
    """Every position's node ratio against the baseline, per mode and depth; a bar at the geometric mean.

    `detail` is prunebench.study's per-position table (depth, mode, position,
    ratio). Points of one mode are spread vertically by position, in a fixed
    order, so that the figure is the same on every run of the same data.
    """
    compared = detail.loc[(detail["mode"] != baseline)].dropna(subset=["ratio"])
    modes = [m for m in dict.fromkeys(compared["mode"].astype(str))]
    depths = _shown_depths(compared, depths)
    fig, axes = _study_panels(depths, modes, f"Per position: nodes against {literal(baseline)}",
                              f"mode nodes ÷ {literal(baseline)} nodes")
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
        ax.set_title(f"depth {depth} ({rows['position'].nunique()} positions)", fontsize=STUDY_FONT_SIZE)
    _study_ticks(axes)
    return fig


def ranked_dots_figure(combinations: pd.DataFrame, depth: int, factors: tuple) -> Figure:
    """Every combination's nodes ÷ the minimal tree with its interval, fewest first,
    and beside it a grid that marks which enhancements each combination has.

    `combinations` is prunebench.enhancements' table at one depth: combination,
    minimal_ratio, ci_low, ci_high, positions; a combination's name is its
    factors joined by '+'.
    """
    rows = combinations.sort_values(["minimal_ratio", "combination"], kind="stable").reset_index(drop=True)
    height = 1.6 + 0.19 * len(rows)
    fig = Figure(figsize=(8.5, height), layout="constrained")
    ratio_ax, grid_ax = fig.subplots(1, 2, sharey=True, gridspec_kw={"width_ratios": [4, 1.3]})
    ys = range(len(rows))
    ratio_ax.hlines(list(ys), rows["ci_low"], rows["ci_high"], color="tab:blue", linewidth=2)
    ratio_ax.plot(rows["minimal_ratio"], list(ys), "o", color="tab:blue", markeredgecolor="black", markersize=4)
    ratio_ax.set_xscale("log")
    log_ticks(ratio_ax.xaxis, *ratio_ax.get_xlim())
    ratio_ax.set_xlabel("nodes ÷ exact minimal tree (geometric mean, 95 % interval)")
    ratio_ax.set_yticks(list(ys), [str(c) for c in rows["combination"]], fontsize="x-small")
    ratio_ax.set_ylim(len(rows) - 0.5, -0.5)
    ratio_ax.grid(axis="x", color="0.9")
    for x, factor in enumerate(factors):
        has = [y for y, name in zip(ys, rows["combination"]) if factor in str(name).split("+")]
        grid_ax.plot([x] * len(has), has, "s", color="black", markersize=4)
        grid_ax.plot([x] * len(rows), list(ys), "s", color="0.88", markersize=4, zorder=0)
    grid_ax.set_xticks(range(len(factors)), factors, rotation=60, fontsize="small")
    grid_ax.set_xlim(-0.6, len(factors) - 0.4)
    grid_ax.tick_params(axis="y", left=False)
    counts = sorted(set(int(n) for n in rows["positions"]))
    fig.suptitle(f"Enhancements over MVV-LVA alpha-beta at depth {depth} ({'/'.join(map(str, counts))} positions)")
    return fig


CLIP_ID = re.compile(r'(?<=clipPath id=")p[0-9a-f]+(?=")|(?<=url\(#)p[0-9a-f]+(?=\))')


def stable_clip_ids(svg_text: str) -> str:
    """Clip-path ids numbered in order of first appearance.

    matplotlib derives some clip ids from the memory address of a transform,
    which the hash salt does not fix, so a figure of the same data got new
    ids on every run; numbering them makes the file depend on its content only.
    """
    numbers: dict[str, str] = {}
    return CLIP_ID.sub(lambda m: numbers.setdefault(m.group(0), f"clip{len(numbers) + 1}"), svg_text)


def save(fig: Figure, stem) -> list[Path]:
    """Write <stem>.png and <stem>.svg; return both paths."""
    stem = Path(stem)
    png, svg = stem.with_suffix(".png"), stem.with_suffix(".svg")
    output.save_figure(fig, png, dpi=120, metadata=PNG_METADATA)
    svg_text = io.StringIO()
    fig.savefig(svg_text, format="svg", metadata=SVG_METADATA)
    output.write_text(svg, stable_clip_ids(svg_text.getvalue()))
    return [png, svg]

