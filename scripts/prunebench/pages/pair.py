"""One mode against another, alone: the pairwise table of `study.py --pair A,B`.

The whole study compares every mode with one baseline; a pair is the same
paired comparison (prunebench.study with A as the baseline and B the only
compared mode) shown as one table per depth and one row per position, for the
question "is B better than A on these positions?" without the other modes.

  pair_A_B.md / .csv    per depth: both modes' geometric-mean nodes, B ÷ A
                        with its interval, wins / ties / losses, p, verdict;
                        then every position
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from prunebench import output, render, study as st
from prunebench.pages import study as study_page

UNSAFE = re.compile(r"[^A-Za-z0-9.+=-]")  # mode names may hold ':' or ','; file names do not


def pair_stem(first: str, second: str) -> str:
    return "pair_" + UNSAFE.sub("_", first) + "_" + UNSAFE.sub("_", second)


def depth_rows(study: st.Study) -> list[list[str]]:
    """One row per depth at which B was compared with A."""
    summary, base = study.summary, study.baseline
    rows = []
    for _, row in summary[(summary["mode"] != base) & summary["ratio"].notna()].iterrows():
        at_depth = summary[(summary["depth"] == row["depth"]) & (summary["mode"] == base)]
        base_nodes = at_depth["nodes"].iloc[0] if not at_depth.empty else None
        rows.append([str(int(row["depth"])), str(int(row["positions"])), study_page.count_text(base_nodes),
                     study_page.count_text(row["nodes"]), study_page.ratio_text(row["ratio"]),
                     study_page.interval_text(row["ci_low"], row["ci_high"], int(row["positions"])),
                     f"{row['wins']} / {row['ties']} / {row['losses']}", study_page.p_text(row["p_value"]),
                     study_page.verdict(row)])
    return rows


def position_rows(study: st.Study) -> list[list[str]]:
    detail = study.detail
    compared = detail[(detail["mode"] != study.baseline) & detail["ratio"].notna()]
    return [[str(r["position"]), str(int(r["depth"])), study_page.count_text(r["baseline_nodes"]),
             study_page.count_text(r["nodes"]), study_page.ratio_text(r["ratio"])]
            for _, r in compared.sort_values(["depth", "position"], kind="stable").iterrows()]


def pair_page(study: st.Study, second: str, source: str) -> str:
    first = study.baseline
    by_depth = study_page.markdown_table(
        ["depth", "positions", f"`{first}` nodes", f"`{second}` nodes", f"`{second}` ÷ `{first}`", "95 % CI",
         "wins / ties / losses", "Wilcoxon p", "verdict"], depth_rows(study), {0, 1, 2, 3, 4, 7})
    by_position = study_page.markdown_table(
        ["position", "depth", f"`{first}` nodes", f"`{second}` nodes", f"`{second}` ÷ `{first}`"],
        position_rows(study), {1, 2, 3, 4})
    parts = [f"# `{second}` against `{first}`\n",
             f"Run: `{source}`. The ratio is `{second}`'s nodes ÷ `{first}`'s at the same position and depth "
             "(below 1: fewer nodes), averaged geometrically over the positions both have; nodes are geometric "
             f"means; the 95 % interval is a percentile bootstrap over positions ({study.resamples:,} resamples, "
             f"seed {study.seed}); wins / ties / losses count positions where `{second}` searches fewer, as "
             "many, more nodes; the Wilcoxon signed-rank test is on the log ratios.\n",
             "## Per depth\n", by_depth, "## Per position\n", by_position]
    parts += render.notes_section(study.notes)
    return "\n".join(parts)


def write_pair(study: st.Study, second: str, out_dir, source: str) -> list[Path]:
    """Write pair_A_B.md and .csv (the per-position detail) into out_dir; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    stem = out / pair_stem(study.baseline, second)
    markdown, csv = stem.with_suffix(".md"), stem.with_suffix(".csv")
    output.write_text(markdown, pair_page(study, second, source))
    detail = study.detail[study.detail["mode"] != study.baseline]
    output.write_text(csv, pd.DataFrame(detail).to_csv(index=False, float_format="%.10g", lineterminator="\n"))
    return [markdown, csv]
