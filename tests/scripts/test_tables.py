"""Tables computed by prunebench.tables (and .frames, .theory) from the committed fixtures.

Expected values are written out from the fixture's numbers by hand, so a
change in what a table divides by, or which modes it keeps, fails here.
"""

import math

import pandas as pd
import pytest

from prunebench import frames, load, tables, theory
from conftest import RUN_SMALL, TREE_DIR

RUN_FILE = RUN_SMALL  # the `run` and `records` fixtures (conftest.py)


@pytest.fixture(scope="module")
def reference():
    return load.load_reference()


def _row(table, position, depth, mode):
    rows = table[(table["position"] == position) & (table["depth"] == depth)
                 & (table["mode"] == mode)]
    assert len(rows) == 1, f"expected one row for {position} d{depth} {mode}"
    return rows.iloc[0]


# ---- frames -----------------------------------------------------------------


def test_records_frame_has_one_row_per_record_with_counters(records):
    assert len(records) == 2 * 3 * 4
    assert list(records["position"].cat.categories) == ["start", "middlegame"]
    assert list(records["mode"].cat.categories) == ["minimax", "unordered", "mvv-lva", "pvs"]
    row = _row(records, "middlegame", 3, "mvv-lva")
    assert (row["nodes"], row["leaves"], row["cutoffs"], row["first_move_cutoffs"]) == (1211, 1058, 140, 128)
    assert row["algorithm"] == "alphabeta"
    assert "nodes_per_ply" not in records.columns  # arrays are not flattened into columns


def test_fixture_minimax_obeys_the_perft_identity(run, records):
    # Reference 000: full-width nodes = perft(0) + ... + perft(d).
    for position in run["positions"]:
        for depth in (1, 2, 3):
            nodes = _row(records, position["id"], depth, "minimax")["nodes"]
            assert nodes == sum(position["perft"][: depth + 1])


def test_position_depths_uses_the_file_values(run):
    depths = frames.position_depths_frame(run)
    start3 = depths[(depths["position"] == "start") & (depths["depth"] == 3)].iloc[0]
    assert start3["perft"] == 8902
    assert start3["effective_branching_factor"] == pytest.approx(20.7251)
    assert start3["minimal_tree"] == 449


def test_position_depths_recomputes_from_perft_when_fields_are_absent(run_document):
    for position in run_document["positions"]:
        del position["effective_branching_factor"]
        del position["minimal_tree"]
    depths = frames.position_depths_frame(run_document)
    by_key = {(p, d): (b, m) for p, d, b, m in zip(depths["position"], depths["depth"],
                                                  depths["effective_branching_factor"],
                                                  depths["minimal_tree"])}
    assert by_key[("start", 1)] == (pytest.approx(20.0), 20)
    assert by_key[("start", 2)] == (pytest.approx(20.0), 39)                 # 20 + 20 - 1
    assert by_key[("start", 3)][0] == pytest.approx(8902 ** (1 / 3))
    assert by_key[("start", 3)][1] == 449                                   # 20.725^2 + 20.725 - 1
    assert by_key[("middlegame", 2)] == (pytest.approx(959 ** 0.5), 61)     # 2 * 30.97 - 1
    assert by_key[("middlegame", 3)][1] == 1037


# ---- Knuth-Moore ------------------------------------------------------------


@pytest.mark.parametrize("branching, depth, leaves", [
    (6, 6, 431),            # reference 001: 216 + 216 - 1
    (30, 10, 48_599_999),   # reference 002: 2 * 30^5 - 1
    (3, 4, 17), (3, 6, 53), (30, 4, 1799), (30, 6, 53_999),
    (6, 5, 251),            # odd depth: 6^3 + 6^2 - 1
    (20, 1, 20),            # one ply: every move is a leaf
])
def test_minimal_tree_leaves(branching, depth, leaves):
    assert theory.minimal_tree_leaves(branching, depth) == leaves


def test_effective_branching_factor_is_the_dth_root_of_perft():
    assert theory.effective_branching_factor([1, 20, 400, 8902], 2) == pytest.approx(20.0)
    assert theory.effective_branching_factor([1, 20, 400, 8000], 3) == pytest.approx(20.0)


# ---- reduction and ordering gain ----------------------------------------------


def test_reduction_is_minimax_nodes_over_mode_nodes(run, records):
    table = tables.reduction_table(records, frames.full_width_frame(run))
    assert len(table) == 2 * 3 * 3
    assert "minimax" not in set(table["mode"])
    assert _row(table, "start", 3, "unordered")["reduction"] == pytest.approx(9323 / 581)
    assert _row(table, "start", 2, "pvs")["reduction"] == pytest.approx(421 / 60)
    assert _row(table, "middlegame", 2, "mvv-lva")["reduction"] == pytest.approx(992 / 96)
    assert _row(table, "middlegame", 3, "pvs")["reduction"] == pytest.approx(32924 / 1190)
    assert _row(table, "middlegame", 3, "pvs")["minimax_nodes"] == 32924
    assert _row(table, "middlegame", 1, "unordered")["reduction"] == 1.0


def test_reduction_rows_follow_suite_then_depth_then_mode_order(run, records):
    table = tables.reduction_table(records, frames.full_width_frame(run))
    assert list(table["position"].astype(str)[:3]) == ["start"] * 3
    assert list(table["depth"][:6]) == [1, 1, 1, 2, 2, 2]
    assert list(table["mode"].astype(str)[:3]) == ["unordered", "mvv-lva", "pvs"]


def test_ordering_gain_is_unordered_nodes_over_mode_nodes(records):
    table = tables.ordering_gain_table(records)
    assert set(table["mode"]) == {"mvv-lva", "pvs"}   # neither minimax nor the baseline
    assert len(table) == 2 * 3 * 2
    assert _row(table, "middlegame", 2, "mvv-lva")["gain"] == pytest.approx(495 / 96)
    assert _row(table, "middlegame", 3, "mvv-lva")["gain"] == pytest.approx(4698 / 1211)
    assert _row(table, "middlegame", 3, "pvs")["gain"] == pytest.approx(4698 / 1190)
    # Reference 000: at depth 3 from the start capture ordering changed nothing.
    assert _row(table, "start", 3, "mvv-lva")["gain"] == 1.0


def test_ordering_gain_leaves_out_full_width_algorithms_whatever_their_name(run_document):
    for record in run_document["records"]:
        if record["mode"] == "minimax":
            record["mode"] = "full"   # a custom name; spec.algorithm still says minimax
    table = tables.ordering_gain_table(frames.records_frame(run_document))
    assert "full" not in set(table["mode"])


def test_ordering_gain_without_unordered_is_empty(run_document):
    run_document["records"] = [r for r in run_document["records"] if r["mode"] != "unordered"]
    assert tables.ordering_gain_table(frames.records_frame(run_document)).empty


def test_reduction_needs_no_minimax_search(run_document):
    """Its baseline is Σ perft(0..d): the fixture's perft, published for the start position."""
    full_width = frames.full_width_frame(run_document)
    with_minimax = tables.reduction_table(frames.records_frame(run_document), full_width)
    run_document["records"] = [r for r in run_document["records"] if r["mode"] != "minimax"]
    without = tables.reduction_table(frames.records_frame(run_document), full_width)
    pd.testing.assert_frame_equal(without, with_minimax, check_categorical=False)
    assert _row(without, "start", 3, "pvs")["minimax_nodes"] == 1 + 20 + 400 + 8902


def test_reduction_leaves_out_depths_beyond_the_perft():
    run = {"positions": [{"id": "p", "perft": [1, 20, 400]}]}
    records = pd.DataFrame({"position": pd.Categorical(["p", "p"], categories=["p"], ordered=True),
                            "depth": [2, 3], "mode": ["pvs", "pvs"], "nodes": [60, 500]})
    table = tables.reduction_table(records, frames.full_width_frame(run))
    assert list(table["depth"]) == [2]
    assert table["reduction"][0] == pytest.approx(421 / 60)


def test_reference_columns_hold_the_article_figures(run, records, reference):
    table = tables.reduction_table(records, frames.full_width_frame(run), reference)
    row = _row(table, "start", 3, "unordered")
    assert row["article_nodes"] == 581
    assert row["article_reduction"] == pytest.approx(9323 / 581)
    assert pd.isna(_row(table, "start", 3, "pvs")["article_nodes"])     # the article has no PVS
    gain = tables.ordering_gain_table(records, reference)
    assert _row(gain, "middlegame", 2, "mvv-lva")["article_gain"] == pytest.approx(495 / 96)
    assert math.isnan(_row(gain, "start", 1, "mvv-lva")["article_gain"])  # MVV-LVA table starts at 2


# ---- cut-off rates (the minimal-tree tables: test_minimal.py) -----


def test_cutoff_rates_are_recomputed_from_counts(records):
    table = tables.cutoff_rate_table(records)
    assert "minimax" not in set(table["mode"])
    assert _row(table, "middlegame", 3, "unordered")["first_move_cutoff_rate"] == pytest.approx(310 / 380)
    # No cut-off at depth 1: no rate, rather than a misleading 0 %.
    assert pd.isna(_row(table, "start", 1, "pvs")["first_move_cutoff_rate"])


def test_pooled_cutoff_rates_sum_counts_over_positions(records):
    pooled = tables.pooled_cutoff_rates(records)
    row = pooled[(pooled["mode"] == "unordered") & (pooled["depth"] == 3)].iloc[0]
    assert row["cutoffs"] == 58 + 380
    assert row["first_move_cutoff_rate"] == pytest.approx((50 + 310) / (58 + 380))


def test_geometric_mean_over_positions():
    table = pd.DataFrame({"position": ["a", "b", "a", "b"], "depth": [2, 2, 2, 2],
                          "mode": ["x", "x", "y", "y"], "gain": [2.0, 8.0, 1.0, 1.0]})
    summary = tables.geometric_mean_over_positions(table, "gain")
    assert list(summary["gain"]) == pytest.approx([4.0, 1.0])
    assert summary["position"].iloc[0] == "geometric mean of 2 positions"


# ---- tree lab -----------------------------------------------------------------


@pytest.fixture(scope="module")
def lab():
    return load.load_tree_lab(TREE_DIR)


def test_random_tree_table_summarises_each_file(lab, reference):
    table = tables.random_tree_table(lab["tree"], reference).set_index("experiment")
    assert list(table.index) == ["best-first alphabeta", "natural alphabeta", "random mtdf guess=0"]
    natural = table.loc["natural alphabeta"]
    assert (natural["mean_leaves"], natural["min_leaves"], natural["max_leaves"]) == (5531, 5000, 6000)
    assert natural["ratio_to_minimal"] == pytest.approx(5531 / 431)
    assert math.isnan(natural["mean_passes"])
    assert table.loc["random mtdf guess=0", "mean_passes"] == pytest.approx((45 + 41 + 50) / 3)
    # Article figures: natural order 5,531; best first is the minimal tree; no MTD(f) figure.
    assert natural["article_mean_leaves"] == 5531
    assert table.loc["best-first alphabeta", "article_ratio"] == pytest.approx(1.0)
    assert math.isnan(table.loc["random mtdf guess=0", "article_mean_leaves"])


def test_standing_table(lab, reference):
    table = tables.standing_table(lab["standing"], reference).set_index("order")
    assert table.loc["ABC", "leaves_examined"] == 7
    assert table.loc["BAC", "leaves_examined"] == 9
    assert set(table["value"]) == {3}
    assert table.loc["BAC", "article_leaves_examined"] == 9


def test_theory_table(lab, reference):
    table = tables.theory_table(lab["theory"], reference).set_index(["branching", "depth"])
    assert table.loc[(30, 10), "best_case_leaves"] == 48_599_999
    assert table.loc[(30, 10), "article_minimax_leaves"] == 590_490_000_000_000
    assert table.loc[(3, 4), "article_best_case_leaves"] == 17


def test_nodes_fill_in_minimax_from_perft_where_the_run_did_not_search_it(run_document):
    run_document["records"] = [r for r in run_document["records"]
                               if not (r["mode"] == "minimax" and r["depth"] == 3)]
    records = frames.records_frame(run_document)
    nodes = tables.nodes_with_full_width(records, frames.full_width_frame(run_document))
    minimax = nodes[nodes["mode"] == "minimax"]
    assert len(minimax) == 2 * 3  # both positions, depths 1-3: two searched, one from perft each
    assert _row(nodes, "start", 3, "minimax")["nodes"] == 1 + 20 + 400 + 8902
    assert _row(nodes, "middlegame", 3, "minimax")["nodes"] == 32924
    assert list(nodes["mode"].cat.categories)[0] == "minimax"
    assert len(nodes) == len(records) + 2


def test_nodes_without_a_minimax_search_get_one_line_from_perft(run_document):
    run_document["records"] = [r for r in run_document["records"] if r["mode"] != "minimax"]
    nodes = tables.nodes_with_full_width(frames.records_frame(run_document), frames.full_width_frame(run_document))
    assert list(nodes.loc[(nodes["position"] == "start") & (nodes["mode"] == "minimax"), "nodes"]) == [21, 421, 9323]
