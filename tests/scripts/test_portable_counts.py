"""scripts/portable_counts.py: the table of docs/portable-counts.md is what the built engine counts."""

import os
from pathlib import Path

import pytest

from conftest import REPO

import portable_counts

PRUNEBENCH = Path(os.environ.get("PRUNEBENCH", REPO / "build" / "harness" / "prunebench"))


def small_run() -> dict:
    """Two depths of one position, in both modes, as `prunebench run` writes them (fields the table reads)."""
    records = []
    for depth, score, counts in ((1, 0, ((21, 20, 0, 0), (21, 20, 0, 0))), (2, 0, ((60, 39, 19, 19), (58, 38, 18, 17)))):
        for mode, (nodes, leaves, cutoffs, first) in zip(portable_counts.MODES, counts):
            records.append({"position_id": "start", "depth": depth, "mode": mode, "score": score,
                            "counters": {"nodes": nodes, "leaves": leaves, "cutoffs": cutoffs,
                                         "first_move_cutoffs": first}})
    return {"positions": [{"id": "start", "fen": "startpos-fen"}], "records": records}


def test_render_table_has_a_row_per_position_and_depth():
    table = portable_counts.render_table(small_run())
    assert "| `start` | `startpos-fen` |" in table
    assert "| position | depth | score | `canonical` nodes | `canonical` leaves | `canonical` cutoffs | " \
        "`canonical` first_move_cutoffs | `mvv-lva-canonical` nodes |" in table
    assert "| `start` | 1 | 0 | 21 | 20 | 0 | 0 | 21 | 20 | 0 | 0 |" in table
    assert "| `start` | 2 | 0 | 60 | 39 | 19 | 19 | 58 | 38 | 18 | 17 |" in table
    assert table.endswith("\n")


def test_render_table_refuses_modes_that_disagree_on_the_score():
    run = small_run()
    run["records"][-1]["score"] = 5
    with pytest.raises(portable_counts.TableError, match="disagree"):
        portable_counts.render_table(run)


def test_render_table_refuses_a_missing_record():
    run = small_run()
    del run["records"][-1]
    with pytest.raises(portable_counts.TableError, match="no record"):
        portable_counts.render_table(run)


def test_splice_replaces_only_between_the_markers():
    document = f"intro\n{portable_counts.BEGIN}\nold table\n{portable_counts.END}\nafter\n"
    spliced = portable_counts.splice(document, "new table\n")
    assert spliced == f"intro\n{portable_counts.BEGIN}\nnew table\n{portable_counts.END}\nafter\n"
    assert portable_counts.splice(spliced, "new table\n") == spliced


def test_splice_needs_the_markers():
    with pytest.raises(portable_counts.TableError, match="block"):
        portable_counts.splice("no markers here\n", "table\n")


def test_check_reports_a_stale_document(tmp_path, capsys):
    if not PRUNEBENCH.exists():
        pytest.fail(f"{PRUNEBENCH} is missing: build first (scripts/build.sh build)")
    stale = tmp_path / "portable-counts.md"
    stale.write_text(f"{portable_counts.BEGIN}\n| made up |\n{portable_counts.END}\n", encoding="utf-8")
    assert portable_counts.main(["--check", "--prunebench", str(PRUNEBENCH), "--doc", str(stale)]) == 1
    assert "-| made up |" in capsys.readouterr().out


def test_committed_table_matches_the_engine():
    """The test command's check: regenerate the table with the built binary and compare."""
    if not PRUNEBENCH.exists():
        pytest.fail(f"{PRUNEBENCH} is missing: build first (scripts/build.sh build)")
    assert portable_counts.main(["--check", "--prunebench", str(PRUNEBENCH)]) == 0
