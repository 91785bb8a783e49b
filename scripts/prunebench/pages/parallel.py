"""Parallel alpha-beta in words, tables and one figure, written to a directory.

prunebench.parallel computes; this module words it:

  parallel.md          what the data shows, then the model's table, the published
                       figures, and (given real runs) the model beside them
  parallel.csv         the model's table, unformatted
  parallel_real.csv    the real runs beside the model, unformatted (given real runs)
  parallel.png / .svg  speed-up and search overhead against the processors

and gives results/README.md its section, read back from parallel.md.
Sentences choose words by comparing numbers; they never type one.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from prunebench import plots, render, style
from prunebench import parallel as pa
# After prunebench.plots, which chooses the headless backend.
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import FixedLocator, NullLocator  # noqa: E402
from prunebench.pages.study import MISSING, interval_text, markdown_table, ratio_text, write_texts

FILES = {"page": "parallel", "table": "parallel", "real": "parallel_real", "figure": "parallel"}
TITLE = "Parallel alpha-beta: speed-up and search overhead on P processors"
TABLE_HEADING = "The parallel model: YBWC on P virtual processors"
PUBLISHED_HEADING = "Published figures (theirs: real machines, real time)"
REAL_HEADING = "The model beside real threads on this machine"


def _percent(value) -> str:
    return MISSING if pd.isna(value) else f"{value:.0%}"


# --------------------------------------------------------------------------
# what the data shows
# --------------------------------------------------------------------------


def _deepest(table: pd.DataFrame, mode: str) -> pd.DataFrame:
    rows = table.loc[table["mode"] == mode]
    return rows.loc[rows["depth"] == rows["depth"].max()]


def _row_phrase(row) -> str:
    return (f"on {row['processors']} processors {ratio_text(row['speedup'])}× "
            f"({interval_text(row['speedup_low'], row['speedup_high'], int(row['positions']))}), "
            f"efficiency {_percent(row['efficiency'])}, with {ratio_text(row['overhead'])}× the serial nodes")


def claim_sentence(table: pd.DataFrame) -> str:
    """Reference 001's 'speed-up well below the thread count', answered from every row with P > 1."""
    many = table.loc[table["processors"] > 1]
    below = many.loc[many["speedup"] < many["processors"]]
    verdict = ("holds at every depth and processor count measured" if len(below) == len(many)
               else f"holds in {len(below)} of {len(many)} rows")
    half = many.loc[many["efficiency"] < 0.5]
    return (f"Reference 001's \"expect speed-up well below the thread count\" {verdict}: the model's speed-up "
            f"is below P in {len(below)} of {len(many)} rows with P > 1, and under half of P (efficiency below "
            f"50 %) in {len(half)} of them.")


def mode_sentence(table: pd.DataFrame, mode: str) -> str:
    rows = _deepest(table, mode)
    largest = rows.loc[rows["processors"] == rows["processors"].max()].iloc[0]
    two = rows.loc[rows["processors"] == 2]
    parts = [f"`{mode}` at depth {largest['depth']}:"]
    if not two.empty:
        parts.append(_row_phrase(two.iloc[0]) + ";")
    parts.append(_row_phrase(largest) + ".")
    parts.append(f"The work/critical-path estimate from the serial search alone, which has no search overhead, "
                 f"would be {ratio_text(largest['estimate'])}× there.")
    return " ".join(parts)


def published_sentence(table: pd.DataFrame, published: list[dict]) -> str | None:
    dts = next((s for s in published if s["scheme"].startswith("DTS")), None)
    if dts is None or "16" not in dts["speedup"]:
        return None
    rows = table.loc[table["processors"] == 16]
    if rows.empty:
        return None
    best = rows.loc[rows["speedup"].idxmax()]
    than = "below" if best["speedup"] < dts["speedup"]["16"] else "at or above"
    return (f"On 16 processors the model's best row (`{best['mode']}`, depth {best['depth']}: "
            f"{ratio_text(best['speedup'])}×) is {than} Hyatt's DTS ({ratio_text(dts['speedup']['16'])}×, "
            f"searched far deeper on a Cray): shallow trees leave YBWC little to share.")


def real_sentence(real: pd.DataFrame) -> str:
    parts = []
    for _, row in real.iterrows():
        model = row["model_overhead"]
        whose = "the model's" if row["scheme"] == "ybwc" else "YBWC's model:"
        agree = ("no model row" if pd.isna(model) else
                 f"{whose} {ratio_text(model)}× overhead and {ratio_text(row['model_speedup'])}× speed-up")
        parts.append(f"`{row['scheme']}` `{row['mode']}` depth {row['depth']} on {row['threads']} threads: "
                     f"{ratio_text(row['overhead'])}× the serial nodes and a speed-up of {ratio_text(row['speedup'])}× "
                     f"(medians of {row['repeats']} repeats, geometric mean over {row['positions']} positions), "
                     f"against {agree}")
    return "; ".join(parts) + "."


def answers(result: pa.Parallel) -> list[str]:
    lines = [claim_sentence(result.table)]
    lines += [mode_sentence(result.table, mode) for mode in dict.fromkeys(result.table["mode"])]
    if (line := published_sentence(result.table, result.published)) is not None:
        lines.append(line)
    return lines


# --------------------------------------------------------------------------
# the tables and the page
# --------------------------------------------------------------------------


def table_markdown(table: pd.DataFrame) -> str:
    header = ["mode", "depth", "P", "positions", "speed-up", "95 % CI", "efficiency", "overhead", "95 % CI",
              "work/critical-path estimate", "pooled speed-up"]
    body = [[f"`{r['mode']}`", str(r["depth"]), str(r["processors"]), str(r["positions"]),
             ratio_text(r["speedup"]), interval_text(r["speedup_low"], r["speedup_high"], int(r["positions"])),
             _percent(r["efficiency"]), ratio_text(r["overhead"]),
             interval_text(r["overhead_low"], r["overhead_high"], int(r["positions"])),
             ratio_text(r["estimate"]), ratio_text(r["pooled_speedup"])] for _, r in table.iterrows()]
    return markdown_table(header, body, {1, 2, 3, 4, 6, 7, 9, 10})


def published_markdown(published: list[dict]) -> str:
    counts = sorted({int(p) for s in published for p in s["speedup"]})
    header = ["scheme", *[f"speed-up on {p}" for p in counts], "note"]
    body = []
    for scheme in published:
        cells = [scheme["scheme"]]
        for p in counts:
            speedup = scheme["speedup"].get(str(p))
            overhead = scheme.get("overhead", {}).get(str(p))
            cell = MISSING if speedup is None else ratio_text(speedup)
            cells.append(cell if overhead is None else f"{cell} (overhead {ratio_text(overhead)})")
        cells.append(scheme.get("note", ""))
        body.append(cells)
    return markdown_table(header, body, set(range(1, len(counts) + 1)))


def real_markdown(real: pd.DataFrame) -> str:
    header = ["scheme", "mode", "depth", "threads", "positions", "repeats", "overhead", "speed-up",
              "model overhead", "model speed-up"]
    body = [[f"`{r['scheme']}`", f"`{r['mode']}`", str(r["depth"]), str(r["threads"]), str(r["positions"]),
             str(r["repeats"]), ratio_text(r["overhead"]), ratio_text(r["speedup"]), ratio_text(r["model_overhead"]),
             ratio_text(r["model_speedup"])] for _, r in real.iterrows()]
    return markdown_table(header, body, set(range(2, 10)))


def definitions(result: pa.Parallel) -> str:
    return ("YBWC (`smp=ybwc`'s code) on P virtual processors in virtual time (README glossary: parallel model): "
            "each round, every processor enters one node or idles, so every figure is exact and repeats. "
            "**Speed-up**: serial nodes ÷ virtual time; **overhead**: the processors' nodes ÷ serial nodes; both "
            "the geometric mean over positions with the study's 95 % percentile bootstrap interval "
            f"({result.resamples:,} resamples, seed {result.seed}). **Efficiency**: speed-up ÷ P. "
            "**Work/critical-path estimate**: the geometric mean of serial nodes ÷ (serial nodes ÷ P + C), C the "
            "serial search's critical path: what YBWC would reach if it searched only the serial tree. "
            "**Pooled speed-up**: Σ serial nodes ÷ Σ virtual time, the suite searched as one job.\n")


def page(result: pa.Parallel, source: str) -> str:
    parts = [f"# {TITLE}\n", f"Runs: `{source}`. " + definitions(result),
             "\n".join(f"- {line}" for line in answers(result)) + "\n",
             f"## {TABLE_HEADING}\n", table_markdown(result.table),
             f"![speed-up and overhead against P]({FILES['figure']}.png)\n"]
    if result.published:
        parts += [f"## {PUBLISHED_HEADING}\n", published_markdown(result.published)]
    if result.real is None:
        parts.append("Real threads (`smp=ybwc`, `smp=lazy`) beside the model: `results/provenance/parallel/"
                     "parallel.md`, which every reproduction writes on its own machine and git does not keep "
                     "(`scripts/parallel.py --real`).\n")
    elif not result.real.empty:
        parts += [f"## {REAL_HEADING}\n",
                  "Real threads' figures depend on this machine and its load; they are measured by every "
                  "reproduction and never kept in a tracked file.\n",
                  "- " + real_sentence(result.real) + "\n", real_markdown(result.real)]
    parts += render.notes_section(result.notes)
    return "\n".join(parts)


def write(result: pa.Parallel, out_dir, source: str) -> list[Path]:
    texts = {f"{FILES['page']}.md": page(result, source), f"{FILES['table']}.csv": render.csv_text(result.table)}
    if result.real is not None and not result.real.empty:
        texts[f"{FILES['real']}.csv"] = render.csv_text(result.real)
    out, written = write_texts(out_dir, texts)
    return written + plots.save(figure(result), out / FILES["figure"])


# --------------------------------------------------------------------------
# the figure
# --------------------------------------------------------------------------


FIGURE_SIZE = (11.0, 5.0)
# The published schemes, told apart without colour: dashed with crosses, dotted with pluses, a lone square.
PUBLISHED_LOOKS = ({"linestyle": "--", "marker": "x"}, {"linestyle": ":", "marker": "+"},
                   {"linestyle": "none", "marker": "s", "markerfacecolor": "none"})


def _processor_axis(ax, counts: list[int]) -> None:
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(FixedLocator(counts))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([str(p) for p in counts])
    ax.set_xlabel("processors P")


def figure(result: pa.Parallel) -> Figure:
    """Left: speed-up against P (log-log), the ideal P, the model per mode and depth, the published
    points. Right: search overhead against P."""
    table = result.table
    counts = sorted(table["processors"].unique())
    fig = Figure(figsize=FIGURE_SIZE, layout="constrained")
    speed, over = fig.subplots(1, 2)
    speed.plot(counts, counts, color="0.6", linestyle=":", label="ideal: P")
    depths = sorted(table["depth"].unique())
    for mode in dict.fromkeys(table["mode"]):
        look = style.mode_style(mode)
        for i, depth in enumerate(depths):
            rows = table.loc[(table["mode"] == mode) & (table["depth"] == depth)]
            if rows.empty:
                continue
            line = {"color": look.colour, "marker": look.marker, "alpha": 0.4 + 0.6 * (i + 1) / len(depths)}
            label = f"{mode}, depth {depth}"
            speed.plot(rows["processors"], rows["speedup"], label=label, **line)
            over.plot(rows["processors"], rows["overhead"], label=label, **line)
    for scheme, look in zip(result.published, PUBLISHED_LOOKS):
        for ax, figures in ((speed, scheme["speedup"]), (over, scheme.get("overhead", {}))):
            points = sorted((int(p), value) for p, value in figures.items())
            if points:
                ax.plot([p for p, _ in points], [v for _, v in points], color="0.25", markersize=8,
                        label=f"{scheme['scheme']} (published)", **look)
    for ax in (speed, over):
        _processor_axis(ax, counts)
    speed.set_yscale("log", base=2)
    speed.yaxis.set_major_locator(FixedLocator(counts))
    speed.yaxis.set_minor_locator(NullLocator())
    speed.set_yticklabels([str(p) for p in counts])
    speed.set_ylabel("speed-up (serial nodes ÷ virtual time)")
    speed.set_title("Speed-up: below the processor count")
    over.set_ylabel("search overhead (nodes ÷ serial nodes)")
    over.set_title("Search overhead: the extra nodes")
    speed.legend(fontsize="x-small", loc="upper left")
    return fig


def section(results: Path) -> str:
    """results/README.md's section: what the data shows, then the table, read back from study/parallel.md."""
    parts = render.study_page_parts(results, FILES["page"], TABLE_HEADING, FILES["figure"])
    if parts is None:
        return render.missing_study_page(TITLE, FILES["page"])
    answers_, table, _ = parts
    name = f"{FILES['page']}.md"
    return "\n".join([f"## {TITLE}\n", "What the data shows:\n", "\n".join(answers_) + "\n", table + "\n",
                      f"The definitions, the published figures and the notes: [study/{name}](study/{name}).\n"])
