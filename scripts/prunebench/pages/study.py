"""The ordering study in words, tables and figures, written to a directory.

prunebench.study computes; this module words the answer, renders Markdown and
CSV, draws the figures and writes the files:

  study.md / study.csv            the answer, then the summary of every depth and mode
  study_positions.md / .csv       per-position detail and the worst losses
  study_branching.csv             growth per ply transition (also in study.md)
  study_forest.png / .svg         ratio and interval per mode against the baseline, per depth
  study_positions.png / .svg      every position's ratio, per mode and depth

Every number comes from the Study; the sentences only choose words by
comparing numbers (an interval that excludes 1, a win count), never type them.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from prunebench import frames, output, plots, render, study as st

MISSING = render.MISSING
P_FLOOR = 1e-4          # smaller p-values print as "< 0.0001"
FILES = {"summary": "study", "positions": "study_positions", "branching": "study_branching",
         "forest": "study_forest", "strip": "study_positions"}


# --------------------------------------------------------------------------
# formatting one value
# --------------------------------------------------------------------------


def _missing(value) -> bool:
    return value is None or (not isinstance(value, str) and pd.isna(value))


def ratio_text(value) -> str:
    """Three significant digits, trailing zeros kept (1.00, 0.0520); whole numbers from 100."""
    if _missing(value):
        return MISSING
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:#.3g}"


def _positions(count: int) -> str:
    return f"{count} position{'s' if count != 1 else ''}"


def interval_text(low, high, positions: int) -> str:
    if _missing(low):
        return f"undefined ({_positions(positions)})"
    return f"{ratio_text(low)}–{ratio_text(high)}"


def p_text(p) -> str:
    if _missing(p):
        return MISSING
    return f"< {P_FLOOR:g}" if p < P_FLOOR else f"{p:.2g}"


def count_text(value) -> str:
    """A node count with separators; a geometric mean of counts rounded to a whole node."""
    return MISSING if _missing(value) else f"{round(float(value)):,}"


def _percent(value) -> str:
    return MISSING if _missing(value) else f"{value:.1%}"


def markdown_table(header: list[str], rows: list[list[str]], right: set[int]) -> str:
    """A GitHub-flavoured Markdown table of ready-made cells; `right` = right-aligned columns."""
    rule = "|" + "|".join("---:" if i in right else "---" for i in range(len(header))) + "|"
    lines = ["| " + " | ".join(header) + " |", rule]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# tables
# --------------------------------------------------------------------------


def _worst_text(losses: pd.DataFrame, depth: int, mode: str) -> str:
    rows = losses[(losses["depth"] == depth) & (losses["mode"] == mode)]
    if rows.empty:
        return "none"
    return ", ".join(f"{p} ({ratio_text(r)})" for p, r in zip(rows["position"], rows["ratio"]))


def summary_markdown(study: st.Study, rows: pd.DataFrame, with_depth: bool = True) -> str:
    """Summary rows as Markdown: the paired comparison first, then the descriptive columns.

    The '÷ minimal tree' column is left out when none of the rows has it.
    """
    base = study.baseline
    header = (["depth"] if with_depth else []) + [
        "mode", "positions", f"nodes ÷ {base}", "95 % CI", "wins / ties / losses", "Wilcoxon p",
        "loses most at (ratio)", "geo-mean nodes", "reduction vs minimax ×", "÷ minimal tree",
        "first-move cut-off rate"]
    body = []
    for _, row in rows.iterrows():
        compared = not _missing(row["ratio"])
        cells = ([str(int(row["depth"]))] if with_depth else []) + [
            f"`{row['mode']}`" + (" (baseline)" if row["mode"] == base else ""),
            str(int(row["positions"])),
            ratio_text(row["ratio"]) if compared else "1",
            interval_text(row["ci_low"], row["ci_high"], int(row["positions"])) if compared else MISSING,
            (f"{count_text(row['wins'])} / {count_text(row['ties'])} / {count_text(row['losses'])}"
             if compared else MISSING),
            p_text(row["p_value"]),
            _worst_text(study.losses, int(row["depth"]), row["mode"]) if compared else MISSING,
            f"{row['nodes']:,.0f}", ratio_text(row["reduction"]), ratio_text(row["minimal_ratio"]),
            _percent(row["first_move_cutoff_rate"])]
        body.append(cells)
    offset = 1 if with_depth else 0
    right = {0} if with_depth else set()
    right |= {offset + i for i in (1, 2, 5, 7, 8, 9, 10)}
    if rows["minimal_ratio"].isna().all():
        drop = offset + 9
        header, body = _without(header, drop), [_without(cells, drop) for cells in body]
        right = {i - (i > drop) for i in right if i != drop}
    return markdown_table(header, body, right)


def _without(cells: list, index: int) -> list:
    return cells[:index] + cells[index + 1:]


def branching_markdown(branching: pd.DataFrame) -> str:
    """One row per mode, one column per ply transition, and the odd/even geometric means.

    A transition measured on fewer positions than the others (a mode that
    --max-nodes stopped early on the large trees) shows its count, and stays
    out of the odd/even means: its positions are not the others'.
    """
    depths = sorted(set(int(d) for d in branching["depth"]))
    everywhere = int(branching["positions"].max()) if not branching.empty else 0
    header = ["mode"] + [f"{d - 1}→{d}" for d in depths] + ["into odd depths", "into even depths"]
    body = []
    for mode, rows in branching.groupby("mode", observed=True, sort=True):
        factors = {int(d): (f, int(n)) for d, f, n in zip(rows["depth"], rows["factor"], rows["positions"])}
        odd, even = st.parity_growth(branching, mode)
        cells = [ratio_text(factors[d][0]) + ("" if factors[d][1] == everywhere else f" ({_positions(factors[d][1])})")
                 if d in factors else MISSING for d in depths]
        body.append([f"`{mode}`"] + cells + [ratio_text(odd), ratio_text(even)])
    return markdown_table(header, body, set(range(1, len(header))))


def positions_markdown(study: st.Study) -> str:
    """Per position and depth: the baseline's nodes and every mode's ratio to them."""
    detail = study.detail
    modes = [m for m in study.modes if m != study.baseline]
    wide = detail.pivot_table(index=["position", "depth"], columns="mode", values="ratio",
                              observed=True, aggfunc="first")
    base = detail.loc[detail["mode"] == study.baseline].set_index(["position", "depth"])["nodes"]
    header = ["position", "depth", f"{study.baseline} nodes"] + [f"`{m}`" for m in modes]
    body = []
    for (position, depth), row in wide.sort_index().iterrows():
        body.append([str(position), str(depth), count_text(base.get((position, depth)))]
                    + [ratio_text(row.get(m)) for m in modes])
    return markdown_table(header, body, set(range(1, len(header))))


def losses_markdown(study: st.Study) -> str:
    header = ["depth", "mode", "position", "nodes", f"{study.baseline} nodes", "ratio"]
    body = [[str(r["depth"]), f"`{r['mode']}`", str(r["position"]), count_text(r["nodes"]),
             count_text(r["baseline_nodes"]), ratio_text(r["ratio"])] for _, r in study.losses.iterrows()]
    return markdown_table(header, body, {0, 3, 4, 5})


# --------------------------------------------------------------------------
# the answer in words
# --------------------------------------------------------------------------


SIGNIFICANCE = 0.05     # the Wilcoxon p-value below which a difference is called more than noise


def verdict(row) -> str:
    """What the interval and the signed-rank test together say about the choice of positions.

    Both must agree before a difference is called real: with a handful of
    positions the percentile bootstrap interval is too narrow (with two it is
    just their two ratios), while the exact signed-rank test cannot go below
    p = 0.5.
    """
    if _missing(row["ci_low"]):
        return "no interval from one position"
    direction = "fewer" if row["ci_high"] < 1 else "more" if row["ci_low"] > 1 else None
    if direction is None:
        return "the interval includes 1: not distinguishable from the choice of positions"
    if _missing(row["p_value"]) or row["p_value"] >= SIGNIFICANCE:
        return (f"the interval excludes 1 but the signed-rank test does not reach p < {SIGNIFICANCE}: "
                "too few positions to be sure")
    return f"{direction} nodes, beyond what the choice of positions explains"


def comparison_sentence(row, baseline: str) -> str:
    """`mode`: 0.41× the baseline's nodes (95 % CI …; fewer at W, more at L of N; p = …)."""
    return (f"`{row['mode']}` searches {ratio_text(row['ratio'])}× `{baseline}`'s nodes "
            f"(95 % CI {interval_text(row['ci_low'], row['ci_high'], int(row['positions']))}; "
            f"fewer at {row['wins']}, as many at {row['ties']}, more at {row['losses']} of "
            f"{int(row['positions'])} positions; Wilcoxon p {p_text(row['p_value'])}): {verdict(row)}")


def answer(study: st.Study, depth: int | None = None) -> list[str]:
    """Bullet sentences: the fewest and most nodes at the deepest complete depth, and oracle.

    The modes are named by their rank in nodes, not "best" and "worst": the
    mode with the most nodes may still search fewer than the baseline, and
    "Worst: … fewer nodes" would contradict its own ratio.
    """
    summary = study.summary
    if summary["ratio"].notna().sum() == 0:
        return [f"No mode could be compared with `{study.baseline}` (see the notes)."]
    depth = st.deepest_depth(summary) if depth is None else depth
    ranked = st.ranking(summary, depth)
    lines = []
    if not ranked.empty:
        lines.append(f"Fewest nodes at depth {depth}: " + comparison_sentence(ranked.iloc[0], study.baseline)
                     + ".")
        if len(ranked) > 1:
            lines.append("Second fewest: " + comparison_sentence(ranked.iloc[1], study.baseline) + ".")
        if len(ranked) > 2:
            lines.append("Most nodes: " + comparison_sentence(ranked.iloc[-1], study.baseline) + ".")
    oracle = summary[(summary["depth"] == depth) & (summary["mode"] == "oracle")].dropna(subset=["ratio"])
    if not oracle.empty:
        lines.append("The bound, ordering by exact value: " + comparison_sentence(oracle.iloc[0], study.baseline) + ".")
    return lines


# --------------------------------------------------------------------------
# pages and files
# --------------------------------------------------------------------------


def study_page(study: st.Study, source: str) -> str:
    depth = st.deepest_depth(study.summary) if study.summary["ratio"].notna().any() else None
    parts = [f"# Ordering study: every mode against `{study.baseline}`\n",
             f"Run: `{source}`. Ratios are mode nodes ÷ `{study.baseline}` nodes at the same position "
             "and depth (below 1: fewer nodes), averaged geometrically over positions; the 95 % interval "
             f"is a percentile bootstrap over positions ({study.resamples:,} resamples, seed {study.seed}); "
             "wins / ties / losses count positions; the Wilcoxon signed-rank test is on the log ratios.\n",
             "\n".join(f"- {line}" for line in answer(study)) + "\n"]
    if depth is not None:
        ranked = st.ranking(study.summary, depth, exclude=())
        parts += [f"## Depth {depth}, fewest nodes first\n", summary_markdown(study, ranked, with_depth=False)]
    parts += ["## Every depth and mode\n", summary_markdown(study, study.summary),
              "reduction = minimax nodes (Σ perft(0..d)) ÷ mode nodes; ÷ minimal tree = mode nodes ÷ the "
              "exact minimal tree's nodes (mode `minimal`, when the run has it); the first-move cut-off rate "
              "is pooled: first-move cut-offs ÷ cut-offs summed over positions.\n",
              "## Growth per ply transition: nodes(d) ÷ nodes(d−1)\n", branching_markdown(study.branching),
              "Geometric mean over the positions with both depths; a transition measured on fewer positions "
              "says how many, and stays out of the odd/even means. Alpha-beta's growth alternates with the "
              "parity of the depth (the minimal tree's leaves are b^⌈d/2⌉ + b^⌊d/2⌋ − 1); minimax's is the "
              "branching factor.\n",
              "## Figures\n", f"![forest plot]({FILES['forest']}.png)\n\n![per position]({FILES['strip']}.png)\n",
              figures_note(study),
              f"Per-position detail: [{FILES['positions']}.md]({FILES['positions']}.md).\n"]
    parts += render.notes_section(study.notes)
    return "\n".join(parts)


def figures_note(study: st.Study) -> str:
    """Which depths the figures leave out, and why; empty when they show every depth."""
    if not study.summary["ratio"].notna().any():
        return ""
    _, left_out = st.figure_depths(study.summary)
    if not left_out:
        return ""
    depths = ", ".join(map(str, left_out))
    return (f"The figures leave out depth{'s' if len(left_out) > 1 else ''} {depths}: there no mode searches "
            f"fewer nodes than `{study.baseline}` at any position (the tables above have every depth).\n")


def positions_page(study: st.Study) -> str:
    return "\n".join([
        f"# Ordering study, per position: nodes ÷ `{study.baseline}` nodes\n",
        f"## Where each mode loses most (up to {st.WORST_POSITIONS} positions per depth and mode)\n",
        losses_markdown(study),
        "## Every position\n", positions_markdown(study)])


def write_texts(out_dir, texts: dict[str, str]) -> tuple[Path, list[Path]]:
    """Each name -> text into out_dir (created if needed); the folder and the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    return out, [output.write_text(out / name, text) for name, text in texts.items()]


def write_study(study: st.Study, run: dict, out_dir, source: str) -> list[Path]:
    """Write every file of the study into out_dir; return the paths."""
    texts = {f"{FILES['summary']}.md": study_page(study, source),
             f"{FILES['summary']}.csv": render.csv_text(study.summary),
             f"{FILES['positions']}.md": positions_page(study),
             f"{FILES['positions']}.csv": render.csv_text(study.detail),
             f"{FILES['branching']}.csv": render.csv_text(study.branching)}
    out, written = write_texts(out_dir, texts)
    colours = plots.mode_colours(frames.records_frame(run)["mode"].cat.categories)
    if study.summary["ratio"].notna().any():
        shown, _ = st.figure_depths(study.summary)
        written += plots.save(plots.forest_figure(study.summary, study.baseline, colours, shown),
                              out / FILES["forest"])
        written += plots.save(plots.strip_figure(study.detail, study.baseline, colours, shown),
                              out / FILES["strip"])
    return written
