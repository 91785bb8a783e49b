"""The minimal-tree tables (prunebench.minimal) on committed runs.

fixtures/run_minimal.json is `prunebench run --suite positions/seed.epd
--depths 1-3 --modes minimax,unordered,mvv-lva,mtdf,oracle,minimal`. The
start position's first two minimal trees are worked out by hand below; the
other expected values are the fixture's numbers, written out.
"""

import pandas as pd
import pytest

from prunebench import frames, load, minimal
from prunebench.pages import readme
from conftest import FIXTURES, RUN_SMALL, one_row

RUN_FILE = FIXTURES / "run_minimal.json"  # the `run` and `records` fixtures (conftest.py)


@pytest.fixture(scope="module")
def table(run, records):
    return minimal.minimal_tree_table(records, frames.position_depths_frame(run))


def test_the_start_positions_minimal_trees_by_hand(records):
    # Depth 1: every move scores 0, so all 20 leaves prove the value: 21 nodes, 20 leaves.
    one = one_row(records, "start", 1, mode="minimal")
    assert (one["nodes"], one["leaves"]) == (21, 20)
    # Depth 2: one root move proved exactly (its 20 replies), the other 19 each
    # shown to be worth at most 0 by one reply: 1 + 21 + 19 * 2 nodes, 20 + 19 leaves.
    two = one_row(records, "start", 2, mode="minimal")
    assert (two["nodes"], two["leaves"]) == (60, 39)


def test_every_search_against_the_exact_minimal_tree(table):
    assert "minimal" not in set(table["mode"]) and "minimax" not in set(table["mode"])
    row = one_row(table, "start", 3, mode="unordered")
    assert (row["minimal_nodes"], row["minimal_leaves"], row["knuth_moore"]) == (516, 456, 449)
    assert row["nodes_ratio"] == pytest.approx(586 / 516)
    assert row["leaves_ratio"] == pytest.approx(524 / 456)
    assert row["knuth_moore_ratio"] == pytest.approx(524 / 449)
    assert row["tt"] == "no"
    assert one_row(table, "start", 3, mode="mtdf")["tt"] == "yes"


def test_only_modes_with_a_table_fall_below_the_minimal_tree(table):
    without_table = table[table["tt"] == "no"]
    assert (without_table["nodes_ratio"] >= 1).all()
    assert (without_table["leaves_ratio"] >= 1).all()


def test_summary_names_the_closest_searches(run, records):
    summary = minimal.estimate_table(records, frames.position_depths_frame(run))
    row = one_row(summary, "start", 3)
    assert row["estimate_ratio"] == pytest.approx(449 / 456)
    assert (row["best_mode"], row["best_mode_nodes"]) == ("unordered", 586)  # oracle is not a candidate
    assert (row["best_tt_mode"], row["best_tt_mode_nodes"]) == ("mtdf", 532)
    assert row["oracle_ratio"] == pytest.approx(523 / 516)


def test_without_minimal_records_only_the_estimate_remains():
    run = load.load_run(RUN_SMALL)
    records = frames.records_frame(run)
    assert not minimal.has_minimal(records)
    table = minimal.minimal_tree_table(records, frames.position_depths_frame(run))
    row = one_row(table, "start", 3, mode="unordered")
    assert pd.isna(row["minimal_nodes"]) and pd.isna(row["nodes_ratio"])
    assert row["knuth_moore_ratio"] == pytest.approx(500 / 449)
    assert minimal.estimate_table(records, frames.position_depths_frame(run)).empty


def test_census_shows_the_proofs_node_types(records):
    census = minimal.census_table(records)
    proof = one_row(census, "start", 2, mode="minimal")
    # The root and its exactly proved move are PV; the other 19 moves are CUT.
    assert (proof["expected_pv"], proof["expected_cut"], proof["expected_all"]) == (2, 19, 0)
    assert (proof["behaved_pv"], proof["behaved_cut"]) == (2, 19)
    assert "minimax" not in set(census["mode"])


def test_per_ply_against_the_minimal_tree(run):
    per_ply = minimal.per_ply_table(run, "start", 2, ["unordered", "oracle"])
    assert list(per_ply["minimal"]) == [1, 20, 39]
    assert list(per_ply["unordered"]) == [1, 20, 39]
    assert minimal.per_ply_table(load.load_run(RUN_SMALL), "start", 2, ["unordered"]).empty


def test_depth_six_answer_says_what_is_missing(run):
    assert "lacks" in readme.depth_six_answer(run)
