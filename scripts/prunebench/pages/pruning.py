"""The price of pruning in words, one table and one figure, written to a directory.

prunebench.pruning computes; this module words it:

  pruning.md          what the data shows, then every technique at every depth
  pruning.csv         the same table, unformatted
  pruning_deeper.csv  one ply deeper for the same nodes (prunebench.deeper), unformatted
  pruning.png / .svg  the Pareto plot: node ratio against best moves changed (drawn
                      here, not in prunebench.plots: one figure of one page)

and gives results/README.md its section, read back from pruning.md (so the
README shows the very table and sentences the page has). Sentences choose
words by comparing numbers; they never type one.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from prunebench import plots, pruning as pr, render, style
# After prunebench.plots, which chooses the headless backend.
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402
from prunebench.pages.study import MISSING, interval_text, markdown_table, p_text, ratio_text, write_texts

FILES = {"page": "pruning", "table": "pruning", "deeper": "pruning_deeper", "figure": "pruning"}
QSEARCH = "qsearch"      # the item that makes the reference's value function the Q-value
TITLE = "The price of pruning: what each selective technique saves, and how often it changes the answer"
TABLE_HEADING = "Every technique at every depth"
DEEPER_HEADING = "One ply deeper for the same nodes?"
SIGNIFICANCE = 0.05      # the McNemar p-value below which a difference in agreement is called one


def _percent(value) -> str:
    return MISSING if pd.isna(value) else f"{value:.1%}"


def share_text(changed: int, positions: int, share: float, low: float, high: float) -> str:
    """'3 of 64, 4.7 % (0.98–13.1 %)'."""
    return f"{changed} of {positions}, {_percent(share)} ({_percent(low)}–{_percent(high)})"


def saved_text(value) -> str:
    return MISSING if pd.isna(value) else f"{value:,.0f}"


# --------------------------------------------------------------------------
# what the data shows
# --------------------------------------------------------------------------


def _point(row) -> str:
    return (f"`{row['technique']}` over `{row['reference']}` ({ratio_text(row['ratio'])}× the nodes, "
            f"{_percent(row['best_move_share'])} of best moves changed)")


def front_sentence(rows: pd.DataFrame) -> str:
    """The Pareto front of one depth, cheapest first, and the techniques it leaves out."""
    depth = int(rows["depth"].iloc[0])
    front = rows.loc[rows["pareto"]].sort_values("ratio", kind="stable")
    off = rows.loc[~rows["pareto"]]
    sentence = f"At depth {depth} the Pareto front is {'; '.join(_point(r) for _, r in front.iterrows())}."
    if not off.empty:
        sentence += (" Off it (another technique at that depth costs no more nodes and changes no more best moves, "
                     "and does better in one): "
                     + "; ".join(_point(r) for _, r in off.iterrows()) + ".")
    return sentence


def exact_sentence(rows: pd.DataFrame) -> str | None:
    """The techniques that changed no root value at one depth, if any."""
    exact = rows.loc[rows["value_changed"] == 0]
    if exact.empty:
        return None
    named = ", ".join(f"`{r['technique']}` over `{r['reference']}` ({ratio_text(r['ratio'])}× the nodes)"
                      for _, r in exact.iterrows())
    return (f"At depth {int(rows['depth'].iloc[0])} no root value changed with {named}: "
            f"at most {_percent(exact['value_high'].max())} of such positions by the interval.")


def value_function_sentence(rows: pd.DataFrame) -> str | None:
    """One technique over two references at one depth: which value function it changes more often."""
    for name, same in rows.groupby("technique", sort=False):
        if len(same) < 2:
            continue
        ranked = same.sort_values("best_move_share", kind="stable")
        least, most = ranked.iloc[0], ranked.iloc[-1]
        overlap = least["best_move_high"] >= most["best_move_low"]
        return (f"At depth {int(least['depth'])}, `{name}` changes the best move of "
                f"{_percent(most['best_move_share'])} of positions over `{most['reference']}` against "
                f"{_percent(least['best_move_share'])} over `{least['reference']}`"
                + (" (the intervals overlap)." if overlap else " (the intervals do not overlap)."))
    return None


def answers(table: pd.DataFrame) -> list[str]:
    lines = []
    for _, rows in table.groupby("depth"):
        lines += [line for line in (front_sentence(rows), exact_sentence(rows), value_function_sentence(rows))
                  if line is not None]
    return lines


# --------------------------------------------------------------------------
# one ply deeper for the same nodes
# --------------------------------------------------------------------------


def deeper_sentence(rows: pd.DataFrame) -> str:
    """One depth d and one reference: the exact search's agreement at d and d + 1, then the
    technique that agrees most, the cheapest one, and whether any difference is significant."""
    first = rows.iloc[0]
    depth, answer = int(first["depth"]), int(first["depth"]) + 2
    most = rows.sort_values("pruned_share", ascending=False, kind="stable").iloc[0]
    cheapest = rows.sort_values("budget", kind="stable").iloc[0]
    sentence = (f"At depth {depth} over `{first['reference']}`, the exact search finds the depth-{answer} best move "
                f"in {_percent(first['exact_share'])} of positions (at depth {depth + 1}, at its full cost: "
                f"{_percent(first['deeper_share'])}); one ply deeper, `{most['technique']}` finds it most often, "
                f"{_percent(most['pruned_share'])}, at {ratio_text(most['budget'])}× the exact search's nodes")
    if cheapest["mode"] != most["mode"]:
        sentence += (f", and `{cheapest['technique']}` costs least, {ratio_text(cheapest['budget'])}×, "
                     f"for {_percent(cheapest['pruned_share'])}")
    within = rows.loc[rows["budget"] <= 1]
    sentence += (". At no more nodes than the exact search: " + ", ".join(f"`{t}`" for t in within["technique"])
                 if not within.empty else ". None costs as few nodes as the exact search at that depth")
    significant = rows.loc[rows["mcnemar_p"] < SIGNIFICANCE]
    if significant.empty:
        return sentence + (f"; no difference in agreement is significant (the smallest exact McNemar p: "
                           f"{p_text(rows['mcnemar_p'].min())}).")
    return sentence + f"; significant (exact McNemar p < {SIGNIFICANCE:g}): " + ", ".join(
        f"`{r['technique']}` ({_p_phrase(r['mcnemar_p'])})" for _, r in significant.iterrows()) + "."


def _p_phrase(p: float) -> str:
    """'p = 0.002', or 'p < 0.0001' below the floor p_text rounds to."""
    text = p_text(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def deeper_answers(deeper: pd.DataFrame) -> list[str]:
    return [deeper_sentence(rows) for _, rows in deeper.groupby(["depth", "reference"], sort=False)]


def deeper_markdown(deeper: pd.DataFrame) -> str:
    header = ["depth d", "technique at d + 1", "over (exact reference)", "positions",
              "nodes ÷ exact at d", "95 % CI", "pruned at d + 1 agrees (95 % CI)", "exact at d agrees (95 % CI)",
              "exact at d + 1 agrees", "McNemar p"]
    body = [[str(r["depth"]), f"`{r['technique']}`", f"`{r['reference']}`", str(r["positions"]),
             ratio_text(r["budget"]), interval_text(r["budget_low"], r["budget_high"], int(r["positions"])),
             share_text(r["pruned_agrees"], r["positions"], r["pruned_share"], r["pruned_low"], r["pruned_high"]),
             share_text(r["exact_agrees"], r["positions"], r["exact_share"], r["exact_low"], r["exact_high"]),
             f"{r['deeper_agrees']} of {r['positions']}, {_percent(r['deeper_share'])}",
             p_text(r["mcnemar_p"])] for _, r in deeper.iterrows()]
    return markdown_table(header, body, {0, 3, 4, 9})


DEEPER_DEFINITIONS = (
    "Per technique and depth *d*, over the positions that have the four records: the technique's mode at depth "
    "*d* + 1 against its exact reference at depth *d*, each judged by whether its best move is the exact "
    "reference's best move at depth *d* + 2. **Nodes ÷ exact at d**: the geometric mean of the technique's "
    "nodes at *d* + 1 ÷ the reference's at *d* (1: the same budget), with the bootstrap interval. **Agrees**: "
    "the positions whose best move is the depth-(*d* + 2) exact one, with the Clopper–Pearson interval; "
    "**exact at d + 1** is what the exact search achieves one ply deeper at its full cost. **McNemar p**: the "
    "exact two-sided McNemar test of the technique at *d* + 1 against the exact search at *d* (a binomial test "
    "over the positions where just one of the two agrees). The depths are those whose records the runs hold.\n")


def deeper_chapter(deeper: pd.DataFrame) -> list[str]:
    if deeper is None or deeper.empty:
        return [f"## {DEEPER_HEADING}\n", "The runs hold no depth *d* with a technique at *d* + 1 and its exact "
                "reference at *d* and *d* + 2.\n"]
    return [f"## {DEEPER_HEADING}\n", DEEPER_DEFINITIONS, "\n".join(f"- {line}" for line in deeper_answers(deeper))
            + "\n", deeper_markdown(deeper)]


# --------------------------------------------------------------------------
# the table, the page and its files
# --------------------------------------------------------------------------


def table_markdown(table: pd.DataFrame) -> str:
    header = ["depth", "technique", "over (exact reference)", "positions", "nodes ÷ reference", "95 % CI",
              "value changed (95 % CI)", "best move changed (95 % CI)", "mean \\|Δ value\\|",
              "nodes saved per changed best move", "Pareto front"]
    body = [[str(r["depth"]), f"`{r['technique']}`", f"`{r['reference']}`", str(r["positions"]),
             ratio_text(r["ratio"]), interval_text(r["ci_low"], r["ci_high"], int(r["positions"])),
             share_text(r["value_changed"], r["positions"], r["value_share"], r["value_low"], r["value_high"]),
             share_text(r["best_move_changed"], r["positions"], r["best_move_share"], r["best_move_low"],
                        r["best_move_high"]),
             f"{r['mean_abs_value_difference']:,.1f}", saved_text(r["saved_per_changed_best_move"]),
             "yes" if r["pareto"] else ""] for _, r in table.iterrows()]
    return markdown_table(header, body, {0, 3, 4, 8, 9})


def definitions(result: pr.Pruning) -> str:
    return ("Each selective mode (README glossary: selective options) against its exact reference, the same mode "
            "without `nullmove`, `lmr` and `futility` (`qsearch` kept: the reference then computes the Q-value), "
            "at the same position and depth. Nodes are `nodes` + `qnodes`, the main and the quiescence search. "
            "**Node ratio**: the geometric mean over positions of the mode's nodes ÷ the reference's, with the "
            f"study's 95 % percentile bootstrap interval over positions ({result.resamples:,} resamples, seed "
            f"{result.seed}). **Changed value / best move**: the positions whose root value (`value_differs`) or "
            "best move (`best_move_differs`) differs from the reference's, with a 95 % Clopper–Pearson (exact "
            "binomial) interval. **Mean |Δ value|**: the mean of `abs_value_difference` in centipawns (a mate "
            "score found or lost counts its whole difference). **Nodes saved per changed best move**: (Σ "
            "reference nodes − Σ mode nodes) ÷ the number of changed best moves, — when none changed. "
            "**Pareto front**: no other technique at that depth has a ratio and a changed-best-move share both "
            "at most its own, one smaller. The definitions are in `scripts/prunebench/pruning.py` and the README "
            "glossary.\n")


def page(result: pr.Pruning, source: str) -> str:
    parts = [f"# {TITLE}\n", f"Run: `{source}`. " + definitions(result),
             "\n".join(f"- {line}" for line in answers(result.table)) + "\n",
             f"## {TABLE_HEADING}\n", table_markdown(result.table),
             f"![node ratio against best moves changed]({FILES['figure']}.png)\n",
             *deeper_chapter(result.deeper)]
    parts += render.notes_section(result.notes)
    return "\n".join(parts)


def write(result: pr.Pruning, out_dir, source: str) -> list[Path]:
    texts = {f"{FILES['page']}.md": page(result, source), f"{FILES['table']}.csv": render.csv_text(result.table)}
    if result.deeper is not None:
        texts[f"{FILES['deeper']}.csv"] = render.csv_text(result.deeper)
    out, written = write_texts(out_dir, texts)
    return written + plots.save(pareto_figure(result.table, QSEARCH), out / FILES["figure"])


# --------------------------------------------------------------------------
# the Pareto plot
# --------------------------------------------------------------------------


PARETO_SIZE = (8.0, 7.0)          # inches, the legend below the axes included
FRONT_GREYS = (0.15, 0.75)        # the shallowest depth's front line and the deepest's, between them evenly


def _front_lines(ax, table: pd.DataFrame) -> list:
    """One dashed line per depth through its Pareto front, cheapest first; their legend handles."""
    handles = []
    depths = table.groupby("depth")
    darkest, lightest = FRONT_GREYS
    for i, (depth, rows) in enumerate(depths):
        front = rows.loc[rows["pareto"]].sort_values("ratio")
        grey = str(round(darkest + (lightest - darkest) * i / max(len(depths) - 1, 1), 3))
        ax.plot(front["ratio"], front["best_move_share"], linestyle="--", color=grey, zorder=1)
        handles.append(Line2D([], [], linestyle="--", color=grey, label=f"Pareto front, depth {depth}"))
    return handles


def _technique_marks(technique: str, reference: str, exact_label: str) -> dict:
    """A technique's marker options: its name's style, hollow when its reference lacks `exact_label`."""
    look = style.mode_style(technique)
    filled = exact_label in reference.split("+")
    return {"marker": look.marker, "color": look.colour, "markerfacecolor": look.colour if filled else "none",
            "markeredgewidth": 1.5, "markersize": 8, "linestyle": "none"}


def pareto_figure(table: pd.DataFrame, exact_label: str) -> Figure:
    """Cost (node ratio, log) against error (share of best moves changed), one point per
    technique and depth: prunebench.pruning's table. A technique's colour and marker are
    its name's (prunebench.style), whatever the run; hollow when its reference has no
    `exact_label` item (another value function)."""
    fig = Figure(figsize=PARETO_SIZE, layout="constrained")
    ax = fig.add_subplot()
    handles = _front_lines(ax, table)
    for _, row in table.iterrows():
        point = (row["ratio"], row["best_move_share"])
        ax.plot(*point, zorder=2, **_technique_marks(row["technique"], row["reference"], exact_label))
        ax.annotate(f"d{row['depth']}", point, textcoords="offset points", xytext=(5, 4), fontsize="small")
    handles += [Line2D([], [], label=f"{t} over {r}", **_technique_marks(t, r, exact_label))
                for t, r in dict.fromkeys(zip(table["technique"], table["reference"]))]
    ax.set_xscale("log")
    plots.log_ticks(ax.xaxis, *ax.get_xlim())
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _position: f"{value:.0%}"))
    ax.set_xlabel("nodes (main + quiescence) ÷ the exact reference's, geometric mean")
    ax.set_ylabel("positions whose best move changed")
    # Below the axes, so the long mode names never squeeze the data.
    ax.legend(handles=handles, fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    ax.set_title("The price of pruning: nodes saved against best moves changed")
    return fig


# --------------------------------------------------------------------------
# results/README.md's section
# --------------------------------------------------------------------------


def section(results: Path) -> str:
    """The table and the plot first, then what they show, read back from study/pruning.md."""
    parts = render.study_page_parts(results, FILES["page"], TABLE_HEADING, FILES["figure"])
    if parts is None:
        return render.missing_study_page(TITLE, FILES["page"])
    answers_, table, chapters = parts
    title, name = f"## {TITLE}\n", f"{FILES['page']}.md"
    deeper = next((c.strip() for c in chapters if c.startswith(DEEPER_HEADING)), "")
    return "\n".join([title, table + "\n", "What the data shows:\n", "\n".join(answers_) + "\n",
                      *([f"### {deeper}\n"] if deeper else []),
                      f"The definitions, and the notes on what was left out: [study/{name}](study/{name}).\n"])
