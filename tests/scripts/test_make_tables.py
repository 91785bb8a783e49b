"""The make_tables.py command line, run as a subprocess the way users run it."""

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, RUN_SMALL, SCRIPTS, TREE_DIR

MAKE_TABLES = SCRIPTS / "make_tables.py"

ALL_TABLES = ["reduction", "ordering_gain", "minimal_tree", "node_types", "cutoff_rates",
              "random_trees", "standing_tree", "theory"]
ALL_FIGURES = ["nodes_vs_depth", "reduction_vs_depth", "ordering_gain", "minimal_tree_ratio"]


def make_tables(*args):
    return subprocess.run([sys.executable, str(MAKE_TABLES), *map(str, args)],
                          capture_output=True, text=True, timeout=300)


def _expected_files(out, tables, figures):
    return ({out / f"{name}{suffix}" for name in tables for suffix in (".md", ".csv")}
            | {out / f"{name}{suffix}" for name in figures for suffix in (".png", ".svg")})


def test_writes_every_table_and_figure_and_lists_them(tmp_path):
    out = tmp_path / "out"
    result = make_tables(RUN_SMALL, "--tree-dir", TREE_DIR, "--out", out, "--reference")
    assert result.returncode == 0, result.stderr
    expected = _expected_files(out, ALL_TABLES, ALL_FIGURES)
    assert {Path(line) for line in result.stdout.splitlines()} == expected
    assert set(out.iterdir()) == expected
    for path in expected:
        assert path.stat().st_size > 0, path
    assert (out / "nodes_vs_depth.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert "<svg" in (out / "nodes_vs_depth.svg").read_text(encoding="utf-8")
    assert "article reduction" in (out / "reduction.md").read_text(encoding="utf-8")
    assert result.stderr == "note: no 'minimal' mode in the run: ratios against the Knuth–Moore estimate only\n"


def test_a_run_with_the_minimal_mode_gets_the_exact_summary(tmp_path):
    result = make_tables(FIXTURES / "run_minimal.json", "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    summary = (tmp_path / "minimal_tree_summary.md").read_text(encoding="utf-8")
    assert "| start | 2 | 20.00 | 60 | 39 | 39 |" in summary
    assert "nodes ÷ minimal nodes" not in summary
    assert (tmp_path / "minimal_tree_ratio.png").stat().st_size > 0


def test_without_reference_there_is_no_article_column(tmp_path):
    result = make_tables(RUN_SMALL, "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "article" not in (tmp_path / "reduction.csv").read_text(encoding="utf-8")
    assert not (tmp_path / "random_trees.md").exists()   # no --tree-dir, no tree tables


def test_missing_baseline_skips_its_table_with_a_note(tmp_path, run_document, write_json):
    run_document["records"] = [r for r in run_document["records"] if r["mode"] != "unordered"]
    out = tmp_path / "out"
    result = make_tables(write_json(run_document), "--out", out)
    assert result.returncode == 0, result.stderr
    assert "note: no 'unordered' mode in the run: ordering-gain table skipped\n" in result.stderr
    written = {path.name for path in out.iterdir()}
    assert not any(name.startswith("ordering_gain.") for name in written)
    assert "minimal_tree.md" in written


def test_a_run_without_minimax_still_gets_its_reduction_from_perft(tmp_path, run_document, write_json):
    run_document["records"] = [r for r in run_document["records"] if r["mode"] != "minimax"]
    out = tmp_path / "out"
    result = make_tables(write_json(run_document), "--out", out)
    assert result.returncode == 0, result.stderr
    assert "minimax" not in result.stderr
    assert {"reduction.md", "reduction.csv", "reduction_vs_depth.png"} <= {path.name for path in out.iterdir()}
    # start depth 3: Σ perft(0..3) = 1 + 20 + 400 + 8902 over unordered's 581 nodes (reference 000)
    assert "start,3,unordered,9323,581," in (out / "reduction.csv").read_text(encoding="utf-8")


@pytest.mark.parametrize("arguments, words", [
    ([FIXTURES / "truncated.json"], "truncated JSON"),
    ([FIXTURES / "corrupt.json"], "not valid JSON"),
    ([FIXTURES / "wrong_schema.json"], "schema_version 2 is not supported"),
    ([FIXTURES / "absent.json"], "no such file"),
    ([RUN_SMALL, "--tree-dir", FIXTURES / "absent"], "no such directory"),
    ([RUN_SMALL, "--tree-dir", TREE_DIR / "theory.json"], "no such directory"),
])
def test_bad_input_is_one_error_line_and_exit_2(tmp_path, arguments, words):
    result = make_tables(*arguments, "--out", tmp_path / "out")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and words in lines[0]


def test_a_run_file_in_the_tree_dir_is_an_error(tmp_path):
    lab = tmp_path / "lab"
    lab.mkdir()
    (lab / "run.json").write_text(RUN_SMALL.read_text(encoding="utf-8"), encoding="utf-8")
    result = make_tables(RUN_SMALL, "--tree-dir", lab, "--out", tmp_path / "out")
    assert result.returncode == 2
    assert result.stderr == (f"error: {lab / 'run.json'}: kind is 'run', "
                             "expected 'tree' or 'standing' or 'theory'\n")


def test_unwritable_output_is_an_error_too(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    result = make_tables(RUN_SMALL, "--out", blocker / "out")
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")


def test_usage_errors_exit_2():
    result = make_tables()
    assert result.returncode == 2
    assert "usage: make_tables.py" in result.stderr


def test_a_run_of_full_width_modes_only_still_gets_its_node_plot(tmp_path, run_document, write_json):
    run_document["records"] = [r for r in run_document["records"] if r["mode"] == "minimax"]
    out = tmp_path / "out"
    result = make_tables(write_json(run_document), "--out", out)
    assert result.returncode == 0, result.stderr
    assert {path.name for path in out.iterdir()} == {"nodes_vs_depth.png", "nodes_vs_depth.svg"}
    assert "reduction table skipped: no rows for this run" in result.stderr
