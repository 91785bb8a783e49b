"""The enhancement experiments in words, tables and one figure, written to a directory.

prunebench.enhancements computes; this module words the answers (Schaeffer's
99 %, Plaat et al.'s 5–10 % and 3–6 passes), renders Markdown and CSV and
draws the ranked combinations:

  enhancements.md                  the answers, then every table
  enhancements.csv                 every combination at every depth
  enhancements_effects.csv         main effects and two-way interactions
  enhancements.png / .svg          the combinations at the deepest depth, ranked, with intervals

Sentences choose words by comparing numbers (an interval against a published
figure); they never type one.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from prunebench import enhancements as en, output, plots, render
from prunebench.pages.study import MISSING, interval_text, markdown_table, ratio_text

FILES = {"page": "enhancements", "combinations": "enhancements", "effects": "enhancements_effects",
         "figure": "enhancements"}
SCHAEFFER_FIGURE = 0.99          # "about 99 %" of the possible reduction (Schaeffer 1989)
PLAAT_LEAVES = (0.90, 0.95)      # "5–10 % fewer leaves" than aspiration NegaScout (Plaat et al. 1996)
FACTOR_WORDS = {"tt": "transposition table (hash move first)", "id": "iterative deepening (PV move first)",
                "killers": "killer moves", "history": "history heuristic", "pvs": "PVS (NegaScout)",
                "aspiration": "aspiration window of ±50"}


def _percent(value) -> str:
    return MISSING if value is None or pd.isna(value) else f"{value:.1%}"


def _combination(name: str) -> str:
    return f"`{name}`"


# --------------------------------------------------------------------------
# the answers
# --------------------------------------------------------------------------


def schaeffer_sentence(row) -> str:
    low, high = row["ci_low"], row["ci_high"]
    if pd.isna(row["share"]):
        return (f"At depth {row['depth']} no combination searches fewer nodes than plain MVV-LVA alpha-beta: "
                "there is no reduction to share.")
    if pd.isna(low):
        judged = "one position gives no interval"
    elif low <= SCHAEFFER_FIGURE <= high:
        judged = f"consistent with Schaeffer's {SCHAEFFER_FIGURE:.0%}"
    elif high < SCHAEFFER_FIGURE:
        judged = f"less than Schaeffer's {SCHAEFFER_FIGURE:.0%}"
    else:
        judged = f"more than Schaeffer's {SCHAEFFER_FIGURE:.0%}"
    return (f"At depth {row['depth']}, the transposition table with the history heuristic "
            f"({row['pair_nodes']:,.0f} nodes, geometric mean over {row['positions']} positions) gives "
            f"{_percent(row['share'])} (95 % CI {_percent(low)}–{_percent(high)}) of the reduction from plain "
            f"MVV-LVA alpha-beta ({row['base_nodes']:,.0f}) to the best combination, "
            f"{_combination(row['best'])} ({row['best_nodes']:,.0f}): {judged}.")


def plaat_verdict(ratio: float, low: float, high: float) -> str:
    """The ratio and its interval against Plaat et al.'s 5–10 % fewer leaves (ratio 0.90–0.95)."""
    fewest, least = PLAAT_LEAVES
    if pd.isna(low):
        return "one position gives no interval"
    if fewest <= ratio <= least:
        return "within Plaat et al.'s 5–10 % fewer"
    if ratio > least:
        reach = ", though the interval reaches it" if low <= least else ""
        return f"a smaller saving than Plaat et al.'s 5–10 %{reach}"
    reach = ", though the interval reaches it" if high >= fewest else ""
    return f"a larger saving than Plaat et al.'s 5–10 %{reach}"


def plaat_sentence(row) -> str:
    low, high = row["ci_low"], row["ci_high"]
    extras = "" if row["extras"] == "none" else f", both with {row['extras'].replace('+', ' and ')}"
    return (f"At depth {row['depth']}{extras}, MTD(f) with iterative deepening searches "
            f"{ratio_text(row['ratio'])}× the {row['measure']} of aspiration PVS with iterative deepening "
            f"(95 % CI {interval_text(low, high, int(row['positions']))}; fewer at {row['wins']}, "
            f"as many at {row['ties']}, more at {row['losses']} of {row['positions']} positions): "
            f"{plaat_verdict(row['ratio'], low, high)}.")


def passes_sentence(row) -> str:
    low, high = en.PASSES_RANGE
    extras = "" if row["extras"] == "none" else f" (with {row['extras'].replace('+', ' and ')})"
    return (f"At depth {row['depth']}{extras}, MTD(f) called its null-window search {row['mean']:.1f} times "
            f"per iteration on average (median {row['median']:g}, from {row['min']} to {row['max']}, over "
            f"{row['iterations']:,} iterations); {_percent(row['in_range'])} of iterations took {low} to {high} "
            "passes, the range Plaat et al. report.")


def answers(result: en.Enhancements) -> list[str]:
    lines = [schaeffer_sentence(r) for _, r in result.schaeffer.iterrows()]
    if not result.plaat.empty:
        leaves = result.plaat.loc[result.plaat["measure"] == "leaves"]
        lines += [plaat_sentence(r) for _, r in leaves.iterrows()]
    lines += [passes_sentence(r) for _, r in result.passes.iterrows()]
    return lines


# --------------------------------------------------------------------------
# tables
# --------------------------------------------------------------------------


def combinations_markdown(rows: pd.DataFrame) -> str:
    header = ["combination", "factors", "positions", "geo-mean nodes", "÷ minimal tree", "95 % CI"]
    body = [[_combination(r["combination"]), str(r["factors"]), str(r["positions"]), f"{r['nodes']:,.0f}",
             ratio_text(r["minimal_ratio"]), interval_text(r["ci_low"], r["ci_high"], int(r["positions"]))]
            for _, r in rows.iterrows()]
    return markdown_table(header, body, {1, 2, 3, 4})


def effects_markdown(effects: pd.DataFrame) -> str:
    depths = sorted(set(int(d) for d in effects["depth"]))
    counts = effects.groupby("depth")["positions"].max()
    header = ["factor", "pairs"] + [f"depth {d} ({counts[d]} positions)" for d in depths]
    body = []
    for factor in [f for f in en.FACTORS if f in set(effects["factor"])]:
        rows = effects.loc[effects["factor"] == factor].set_index("depth")
        cells = [f"{ratio_text(rows.at[d, 'ratio'])} ({interval_text(rows.at[d, 'ci_low'], rows.at[d, 'ci_high'], 2)})"
                 if d in rows.index else MISSING for d in depths]
        body.append([FACTOR_WORDS[factor], str(int(rows["pairs"].iloc[0]))] + cells)
    return markdown_table(header, body, set(range(1, len(header))))


def interactions_markdown(interactions: pd.DataFrame, depth: int) -> str:
    rows = interactions.loc[interactions["depth"] == depth].sort_values("ratio", kind="stable")
    header = ["factors", "combinations", "interaction", "95 % CI"]
    body = [[r["factors"], str(r["combinations"]), ratio_text(r["ratio"]),
             interval_text(r["ci_low"], r["ci_high"], 2)] for _, r in rows.iterrows()]
    return markdown_table(header, body, {1, 2})


def plaat_markdown(plaat: pd.DataFrame) -> str:
    header = ["depth", "extras", "measure", "MTD(f)+id ÷ aspiration PVS+id", "95 % CI", "wins / ties / losses"]
    body = [[str(r["depth"]), r["extras"], r["measure"], ratio_text(r["ratio"]),
             interval_text(r["ci_low"], r["ci_high"], int(r["positions"])),
             f"{r['wins']} / {r['ties']} / {r['losses']}"] for _, r in plaat.iterrows()]
    return markdown_table(header, body, {0, 3})


def passes_markdown(passes: pd.DataFrame) -> str:
    low, high = en.PASSES_RANGE
    header = ["depth", "extras", "iterations", "mean passes", "median", "min", "max", f"{low}–{high} passes"]
    body = [[str(r["depth"]), r["extras"], f"{r['iterations']:,}", f"{r['mean']:.1f}", f"{r['median']:g}",
             str(r["min"]), str(r["max"]), _percent(r["in_range"])] for _, r in passes.iterrows()]
    return markdown_table(header, body, {0, 2, 3, 4, 5, 6, 7})


# --------------------------------------------------------------------------
# the page and files
# --------------------------------------------------------------------------


def deepest(result: en.Enhancements) -> int | None:
    depths = result.combinations["depth"] if not result.combinations.empty else []
    return int(max(depths)) if len(depths) else None


def page(result: en.Enhancements, source: str) -> str:
    depth = deepest(result)
    parts = ["# The enhancement experiments of Schaeffer (1989) and Plaat et al. (1996), against the exact "
             "minimal tree\n",
             f"Run: `{source}`. Every combination of {', '.join(FACTOR_WORDS[f] for f in en.FACTORS)} over "
             "MVV-LVA alpha-beta (fail-soft), each measured as its nodes ÷ the exact minimal tree's nodes at the "
             "same position and depth, averaged geometrically over positions; 95 % intervals are percentile "
             f"bootstraps over positions ({result.resamples:,} resamples, seed {result.seed}). The definitions "
             "are in `scripts/prunebench/enhancements.py` and the README glossary. A combination is named by its "
             "factors (`tt+history+pvs`); in the run its mode is `mvv-lva+` the factors' options "
             "(`mvv-lva+tt+history+algo=pvs`).\n",
             "\n".join(f"- {line}" for line in answers(result)) + "\n"]
    if depth is not None:
        rows = result.combinations.loc[result.combinations["depth"] == depth]
        parts += [f"## Depth {depth}: every combination, fewest nodes first\n", combinations_markdown(rows),
                  f"![the combinations, ranked]({FILES['figure']}.png)\n"]
    if not result.effects.empty:
        parts += ["## Main effects: nodes with the factor ÷ nodes without it\n", effects_markdown(result.effects),
                  "Geometric mean over positions and over every pair of combinations that differ by the factor "
                  "alone (below 1: the factor saves nodes), with its 95 % interval.\n"]
    if depth is not None and not result.interactions.empty:
        parts += [f"## Two-way interactions at depth {depth}\n", interactions_markdown(result.interactions, depth),
                  "nodes(c + f + g) · nodes(c) ÷ (nodes(c + f) · nodes(c + g)), geometric mean over positions and "
                  "over the combinations c with neither factor: below 1, the two save more together than their "
                  "separate effects predict; above 1, they overlap.\n"]
    if not result.plaat.empty:
        parts += ["## MTD(f) with iterative deepening against aspiration PVS\n", plaat_markdown(result.plaat)]
    if not result.passes.empty:
        parts += ["## Null-window passes per iteration\n", passes_markdown(result.passes)]
    if depth is not None:
        parts += ["## Every depth\n", combinations_markdown(result.combinations)]
    parts += render.notes_section(result.notes)
    return "\n".join(parts)


def write(result: en.Enhancements, out_dir, source: str) -> list[Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    effects = pd.concat([result.effects.assign(kind="main effect").rename(columns={"factor": "factors"}),
                         result.interactions.assign(kind="interaction")], ignore_index=True)
    texts = {f"{FILES['page']}.md": page(result, source),
             f"{FILES['combinations']}.csv": render.csv_text(result.combinations),
             f"{FILES['effects']}.csv": render.csv_text(effects)}
    written = []
    for name, text in texts.items():
        output.write_text(out / name, text)
        written.append(out / name)
    depth = deepest(result)
    if depth is not None:
        rows = result.combinations.loc[result.combinations["depth"] == depth]
        written += plots.save(plots.ranked_dots_figure(rows, depth, en.FACTORS), out / FILES["figure"])
    return written
