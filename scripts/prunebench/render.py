"""Any computed table as Markdown or CSV text: the one place numbers are formatted."""

from __future__ import annotations

from pathlib import Path

import numbers
from dataclasses import dataclass

import numpy as np
import pandas as pd


@dataclass
class Table:
    """A computed table and the words that go with it."""

    name: str                    # file stem: <name>.md, <name>.csv
    title: str
    frame: pd.DataFrame
    notes: tuple[str, ...] = ()  # one paragraph each, printed under the table


# Headers where replacing "_" with a space is not enough.
COLUMN_LABELS = {
    "reduction": "reduction ×", "article_reduction": "article reduction ×",
    "gain": "gain ×", "article_gain": "article gain ×",
    "branching": "b", "effective_branching_factor": "b_d",
    "nodes_ratio": "nodes ÷ minimal", "leaves_ratio": "leaves ÷ minimal",
    "knuth_moore": "Knuth–Moore estimate", "knuth_moore_ratio": "leaves ÷ estimate",
    "estimate_ratio": "estimate ÷ minimal leaves", "oracle_ratio": "oracle ÷ minimal",
    "best_mode": "best search, no tt", "best_mode_nodes": "its nodes", "best_mode_ratio": "its ÷ minimal",
    "best_tt_mode": "best search, tt", "best_tt_mode_nodes": "tt nodes", "best_tt_mode_ratio": "tt ÷ minimal",
    "expected_cut_behaved_all": "expected CUT behaved ALL", "tt": "merges transpositions (tt)",
    "ratio_to_minimal": "mean ÷ minimal", "article_ratio": "article mean ÷ minimal",
    "first_move_cutoff_rate": "first-move cut-off rate", "nodes_saved": "nodes saved by ge",
    "graph_lower_from": "graph lower from", "best_tt_distinct": "tt distinct nodes",
    "best_tt_left_first": "tt left-first graph", "left_first_graph": "left-first graph",
    "best_tt_graph_low": "tt distinct ÷ graph upper", "best_tt_graph_high": "tt distinct ÷ graph lower",
    "best_tt_against_graph": "tt against graph", "mode_graph_low": "distinct ÷ graph upper",
    "mode_graph_high": "distinct ÷ graph lower", "mode_against_graph": "against graph",
}
def signed_percent(fraction: float) -> str:
    """A share saved (negative: spent) as "+0.022 %", "-1.2 %", or "0" when exactly none.

    Two significant digits rather than fixed decimals: a fraction of
    -0.00014 must not print as "-0.00".
    """
    if fraction == 0:
        return "0"
    percent = np.format_float_positional(100 * fraction, precision=2, unique=False, fractional=False,
                                         trim="-", sign=True)  # never "1e-05"
    return f"{percent} %"


# Number formats by column (a format string or a function); other floats get
# two decimals, integers thousands separators.
COLUMN_FORMATS = {"first_move_cutoff_rate": "{:.1%}", "mean_leaves": "{:,.1f}",
                  "article_mean_leaves": "{:,.0f}", "mean_passes": "{:.1f}", "nodes_saved": signed_percent}
MISSING = "—"


def column_label(column: str) -> str:
    return COLUMN_LABELS.get(column, column.replace("_", " "))


def _format_cell(value, column: str) -> str:
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return MISSING
    if column in COLUMN_FORMATS:
        form = COLUMN_FORMATS[column]
        return form(value) if callable(form) else form.format(value)
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return f"{int(value):,}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value).replace("|", "\\|")


def _is_numeric_column(frame: pd.DataFrame, column: str) -> bool:
    return pd.api.types.is_numeric_dtype(frame[column].dtype)


def to_markdown(table: Table) -> str:
    """A titled GitHub-flavoured Markdown table, numbers right-aligned."""
    frame = table.frame
    header = "| " + " | ".join(column_label(c) for c in frame.columns) + " |"
    rule = "|" + "|".join("---:" if _is_numeric_column(frame, c) else "---"
                          for c in frame.columns) + "|"
    body = ["| " + " | ".join(_format_cell(value, column) for column, value in row.items()) + " |"
            for _, row in frame.astype(object).iterrows()]
    parts = [f"## {table.title}", "", header, rule, *body]
    for note in table.notes:
        parts += ["", note]
    return "\n".join(parts) + "\n"


def study_page_parts(results, page: str, table_heading: str, figure: str):
    """results/study/<page>.md read back for results/README.md: its answer bullets
    (the lines starting "- " before the first "## " heading), the body of the
    chapter `table_heading` with its figure `figure`.png linked from results/,
    and every chapter (split at "\n## "); None when the page is missing."""
    path = Path(results) / "study" / f"{page}.md"
    if not path.exists():
        return None
    chapters = path.read_text(encoding="utf-8").split("\n## ")
    answers = [line for line in chapters[0].splitlines() if line.startswith("- ")]
    table = next((c.split("\n", 1)[1].strip() for c in chapters if c.startswith(table_heading)), "")
    return answers, table.replace(f"]({figure}.png)", f"](study/{figure}.png)"), chapters


def missing_study_page(title: str, page: str) -> str:
    return f"## {title}\n\n(not generated: study/{page}.md is missing)\n"


def notes_section(notes: list[str]) -> list[str]:
    """A page's closing "Notes" section (heading and bullet list), or nothing when there are none."""
    if not notes:
        return []
    return ["## Notes\n", "\n".join(f"- {note}" for note in notes) + "\n"]


def csv_text(frame: pd.DataFrame) -> str:
    """A frame's raw values: machine column names, no thousands separators."""
    return frame.to_csv(index=False, float_format="%.10g", lineterminator="\n")


def to_csv(table: Table) -> str:
    return csv_text(table.frame)

