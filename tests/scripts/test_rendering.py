"""Markdown and CSV rendering: golden files for one table, structure for all.

To accept an intended change of format, regenerate the golden files with
PRUNEBENCH_UPDATE_GOLDEN=1 /usr/bin/python3 -m pytest tests/scripts -q
and review the diff before committing it.
"""

import io
import os

import pandas as pd
import pytest

from prunebench import load, render
from prunebench.pages import tables as tables_page
from conftest import FIXTURES, RUN_SMALL, TREE_DIR

GOLDEN = FIXTURES / "golden"


@pytest.fixture(scope="module")
def tables():
    run = load.load_run(RUN_SMALL)
    built = tables_page.build_tables(run, load.load_tree_lab(TREE_DIR), load.load_reference())
    return {table.name: table for table in built.tables}


def _check_golden(name, text):
    path = GOLDEN / name
    if os.environ.get("PRUNEBENCH_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_every_table_is_built(tables):
    assert set(tables) == {"reduction", "ordering_gain", "minimal_tree", "node_types", "cutoff_rates",
                           "random_trees", "standing_tree", "theory"}


@pytest.mark.parametrize("name", ["reduction", "ordering_gain"])
def test_golden_markdown(tables, name):
    _check_golden(f"{name}.md", render.to_markdown(tables[name]))


@pytest.mark.parametrize("name", ["reduction", "random_trees"])
def test_golden_csv(tables, name):
    _check_golden(f"{name}.csv", render.to_csv(tables[name]))


def _markdown_rows(text):
    return [line for line in text.splitlines() if line.startswith("|")]


def test_markdown_structure(tables):
    for table in tables.values():
        text = render.to_markdown(table)
        assert text.startswith(f"## {table.title}\n")
        header, rule, *body = _markdown_rows(text)
        columns = len(table.frame.columns)
        assert header.count("|") == rule.count("|") == columns + 1
        assert len(body) == len(table.frame)
        assert all(row.count("|") == columns + 1 for row in body)


def test_markdown_formats_numbers_for_reading(tables):
    text = render.to_markdown(tables["reduction"])
    assert "| middlegame | 3 | pvs | 32,924 | 1,190 | 27.67 | — | — |" in text
    assert "|---|---:|---|---:|---:|---:|---:|---:|" in text   # text left, numbers right
    rates = render.to_markdown(tables["cutoff_rates"])
    assert "| middlegame | 3 | unordered | 380 | 310 | 81.6% |" in rates


def test_csv_round_trips_the_values(tables):
    for table in tables.values():
        parsed = pd.read_csv(io.StringIO(render.to_csv(table)))
        assert list(parsed.columns) == list(table.frame.columns)
        for column in table.frame.columns:
            original = table.frame[column]
            if pd.api.types.is_numeric_dtype(original.dtype):
                assert parsed[column].to_numpy(dtype=float, na_value=float("nan")) == pytest.approx(
                    original.to_numpy(dtype=float, na_value=float("nan")), rel=1e-9, nan_ok=True)
            else:
                assert list(parsed[column].astype(str)) == list(original.astype(str))


def test_csv_keeps_large_counts_exact(tables):
    text = render.to_csv(tables["theory"])
    assert "30,10,590490000000000,48599999" in text


def test_notes_section_is_a_heading_and_bullets_or_nothing():
    assert render.notes_section([]) == []
    assert render.notes_section(["one", "two"]) == ["## Notes\n", "- one\n- two\n"]
