"""results_readme.py: our counts beside the article's, and the page it writes."""

import shutil

import prunebench_data as data
import results_readme
from conftest import FIXTURES, RUN_SMALL


def test_chess_rows_pair_each_article_figure_with_our_count(run_document):
    run_document["records"][0]["counters"]["nodes"] += 1  # start, depth 1, minimax: 21 -> 22
    first = run_document["records"][0]
    assert (first["position_id"], first["depth"], first["mode"]) == ("start", 1, "minimax")
    rows = results_readme.chess_rows(run_document, data.load_reference())
    start_minimax = {r["depth"]: r for r in rows if r["position"] == "start" and r["mode"] == "minimax"}
    assert start_minimax[1]["article"] == 21 and start_minimax[1]["ours"] == 22
    assert start_minimax[2]["ours"] == 421
    assert start_minimax[6]["ours"] is None  # the fixture stops at depth 3
    assert results_readme.agreement(rows, "minimax").startswith("5 of 6 minimax figures")


def test_page_is_written_from_the_results_directory(tmp_path):
    shutil.copy(RUN_SMALL, tmp_path / "reproduction.json")
    (tmp_path / "reduction.md").write_text("## heading\n\n| a |\n|---|\n| 1 |\n")
    page = results_readme.build_page(tmp_path)
    assert "| start | minimax | 1 | 21 | 21 | 1.00 | — | — |" in page
    assert "| a |" in page
    assert "(not generated: theory.md is missing)" in page


def test_portable_counts_stand_beside_the_generator_dependent_ones():
    run = data.load_run(FIXTURES / "run_minimal.json")
    rows = results_readme.chess_rows(run, data.load_reference())
    unordered = {r["depth"]: r for r in rows if r["position"] == "start" and r["mode"] == "unordered"}
    assert unordered[2]["portable"] is None  # the fixture has no canonical mode
    run["records"].append({**run["records"][0], "mode": "canonical", "depth": 2,
                           "counters": {"nodes": 61, "leaves": 40, "cutoffs": 0, "first_move_cutoffs": 0}})
    rows = results_readme.chess_rows(run, data.load_reference())
    unordered = {r["depth"]: r for r in rows if r["position"] == "start" and r["mode"] == "unordered"}
    assert unordered[2]["portable"] == 61
    assert "| start | unordered | 2 | 60 | 60 | 1.00 | 61 | 1.02 |" in results_readme.format_chess(rows)
