"""The price of pruning, on a hand-made run whose ratios, shares and intervals are worked out here.

Four positions at depth 3, an exact reference (`pvs+qsearch`) and three
selective modes over it. Nodes are main + quiescence, so the fixture splits
each count between `nodes` and `qnodes`; the Clopper–Pearson bounds are
solved below by bisection on the binomial distribution, not by SciPy.
"""

import json
import math

import pandas as pd
import pytest

from conftest import RUN_CONTEXT
from prunebench import deeper, pruning as pr, study
from prunebench.pages import pruning as page
import pruning as pruning_cli

REFERENCE = "pvs+qsearch"
POSITIONS = ("P1", "P2", "P3", "P4")
# (nodes, qnodes) per position; value and best move changes; |Δ value|.
REFERENCE_NODES = {"P1": (80, 20), "P2": (150, 50), "P3": (300, 100), "P4": (700, 100)}   # 100, 200, 400, 800
SELECTIVE = {
    # lmr: ratios 0.5, 1, 0.25, 0.5 (geometric mean 0.5); value changed at P3 (by 30), best move at P3 and P4
    "lmr": {"nodes": {"P1": (40, 10), "P2": (150, 50), "P3": (80, 20), "P4": (300, 100)},
            "value": {"P3"}, "best_move": {"P3", "P4"}, "delta": {"P3": 30}},
    # futility: the reference's nodes everywhere, no change
    "futility=100": {"nodes": REFERENCE_NODES, "value": set(), "best_move": set(), "delta": {}},
    # nullmove: the reference's nodes, the best move changed at P1 (dominated by futility)
    "nullmove=2": {"nodes": REFERENCE_NODES, "value": set(), "best_move": {"P1"}, "delta": {}},
}
SPEC = {"algorithm": "pvs", "qsearch": True}


def record(position, mode, nodes, qnodes, **extra):
    return {"position_id": position, "depth": 3, "mode": mode, "spec": SPEC,
            "counters": {"nodes": nodes, "leaves": 1, "cutoffs": 0, "first_move_cutoffs": 0, "qnodes": qnodes},
            **extra}


def selective_records(technique, facts):
    mode = f"{REFERENCE}+{technique}"
    return [record(p, mode, *facts["nodes"][p], reference={"mode": REFERENCE, "score": 0, "best_move": "e2e4"},
                   value_differs=p in facts["value"], best_move_differs=p in facts["best_move"],
                   abs_value_difference=facts["delta"].get(p, 0))
            for p in POSITIONS]


def run(with_reference=True):
    records = [record(p, REFERENCE, *REFERENCE_NODES[p]) for p in POSITIONS] if with_reference else []
    for technique, facts in SELECTIVE.items():
        records += selective_records(technique, facts)
    positions = [{"id": p, "fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "perft": [1]} for p in POSITIONS]
    return {"schema_version": 1, "kind": "run", "context": RUN_CONTEXT, "positions": positions, "records": records}


def binomial_cdf(k, n, p):
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k + 1))


def solve(f, target):
    """The p in [0, 1] with f(p) = target, f increasing, by bisection."""
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if f(middle) < target else (low, middle)
    return (low + high) / 2


def clopper_pearson(k, n, tail=0.025):
    low = 0.0 if k == 0 else solve(lambda p: 1 - binomial_cdf(k - 1, n, p), tail)
    high = 1.0 if k == n else solve(lambda p: 1 - binomial_cdf(k, n, p), 1 - tail)
    return low, high


@pytest.fixture(scope="module")
def table():
    return pr.pruning(run(), resamples=500).table.set_index("technique")


def test_a_technique_is_the_items_its_reference_lacks():
    assert pr.technique("pvs-id-tt-killers+qsearch+nullmove=2+lmr", "pvs-id-tt-killers+qsearch") == "nullmove=2+lmr"
    assert list(pr.pruning(run(), resamples=10).table["technique"]) == list(SELECTIVE)


def test_the_ratio_counts_main_and_quiescence_nodes_averaged_geometrically(table):
    assert table.at["lmr", "ratio"] == pytest.approx(0.5)
    assert table.at["futility=100", "ratio"] == pytest.approx(1.0)
    assert table.at["lmr", "positions"] == 4


def test_the_ratio_interval_is_the_studys_bootstrap(table):
    logs = [math.log(r) for r in (0.5, 1.0, 0.25, 0.5)]
    expected = study.bootstrap_interval(logs, study.depth_rng(study.DEFAULT_SEED, 3), 500)
    assert (table.at["lmr", "ci_low"], table.at["lmr", "ci_high"]) == pytest.approx(expected)
    assert (table.at["futility=100", "ci_low"], table.at["futility=100", "ci_high"]) == pytest.approx((1.0, 1.0))


def test_shares_of_changed_values_and_best_moves_with_clopper_pearson_intervals(table):
    lmr = table.loc["lmr"]
    assert (lmr["value_changed"], lmr["value_share"]) == (1, 0.25)
    assert (lmr["best_move_changed"], lmr["best_move_share"]) == (2, 0.5)
    assert (lmr["value_low"], lmr["value_high"]) == pytest.approx(clopper_pearson(1, 4), abs=1e-9)
    assert (lmr["best_move_low"], lmr["best_move_high"]) == pytest.approx(clopper_pearson(2, 4), abs=1e-9)
    # none of 4 changed: from 0 to 1 − 0.025^(1/4)
    futility = table.loc["futility=100"]
    assert (futility["value_low"], futility["value_high"]) == pytest.approx((0.0, 1 - 0.025 ** 0.25))


def test_mean_value_difference_and_nodes_saved_per_changed_best_move(table):
    assert table.at["lmr", "mean_abs_value_difference"] == pytest.approx(30 / 4)
    assert table.at["lmr", "saved_per_changed_best_move"] == pytest.approx((1500 - 750) / 2)
    assert math.isnan(table.at["futility=100", "saved_per_changed_best_move"])
    assert page.saved_text(table.at["futility=100", "saved_per_changed_best_move"]) == "—"


def test_the_pareto_front_leaves_out_a_dominated_technique(table):
    assert table["pareto"].to_dict() == {"lmr": True, "futility=100": True, "nullmove=2": False}


def test_the_page_writes_its_files_the_same_twice(tmp_path):
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run()), encoding="utf-8")
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        assert pruning_cli.main([str(path), "--out", str(out), "--resamples", "200"]) == 0
    names = sorted(p.name for p in first.iterdir())
    assert names == ["pruning.csv", "pruning.md", "pruning.png", "pruning.svg", "pruning_deeper.csv"]
    assert all((first / n).read_bytes() == (second / n).read_bytes() for n in names)
    assert "| 3 | `lmr` | `pvs+qsearch` | 4 | 0.500 |" in (first / "pruning.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("content", [json.dumps(run(with_reference=False)), "not json {"])
def test_bad_input_is_one_error_line_and_exit_2(tmp_path, capsys, content):
    path = tmp_path / "run.json"
    path.write_text(content, encoding="utf-8")
    assert pruning_cli.main([str(path), "--out", str(tmp_path / "out")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and captured.err.startswith("error: ")


def test_one_technique_over_two_value_functions_is_compared():
    rows = pr.pruning(run(), resamples=10).table
    other = rows.loc[rows["technique"] == "lmr"].assign(reference="pvs", best_move_share=0.0,
                                                        best_move_low=0.0, best_move_high=0.6)
    sentence = page.value_function_sentence(pd.concat([rows, other], ignore_index=True))
    assert sentence == ("At depth 3, `lmr` changes the best move of 50.0% of positions over `pvs+qsearch` "
                        "against 0.0% over `pvs` (the intervals overlap).")
    assert page.value_function_sentence(rows) is None   # no technique over two references


def test_the_results_readme_section_opens_with_the_table_and_the_plot(tmp_path):
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run()), encoding="utf-8")
    assert page.section(tmp_path).endswith("(not generated: study/pruning.md is missing)\n")
    assert pruning_cli.main([str(path), "--out", str(tmp_path / "study"), "--resamples", "200"]) == 0
    text = page.section(tmp_path)
    title, table = text.split("\n\n")[:2]
    assert title == f"## {page.TITLE}" and table.startswith("| depth | technique |")
    assert "![node ratio against best moves changed](study/pruning.png)" in text
    assert text.index("study/pruning.png") < text.index("- At depth 3 the Pareto front is")


# One ply deeper for the same nodes: four positions, the exact reference `pvs`
# at depths 1-3 and `pvs+lmr` at depth 2, worked out by hand. A fifth position
# lacks the depth-3 answer, so it is left out.
#                      P1  P2  P3  P4
#   nodes  pvs d1      10  20  40  80
#          pvs+lmr d2  20  20  80  80   ratios 2, 1, 2, 1: geometric mean √2
#   moves  pvs d1       a   a   b   b   agrees with d3 at P1 only: 1 of 4
#          pvs+lmr d2   a   b   a   b   agrees at P1, P2, P3: 3 of 4
#          pvs d2       a   a   a   a   agrees at P1, P3, P4: 3 of 4
#          pvs d3       a   b   a   a   (the answer)
# Discordant pairs: lmr alone agrees at P2 and P3, pvs d1 alone nowhere, so
# the exact McNemar p is 2 × (1/2)² = 0.5.
def deeper_frames():
    every, selective = [], []
    table = {1: ([10, 20, 40, 80], "aabb"), 3: ([1, 1, 1, 1], "abaa"), 2: ([1, 1, 1, 1], "aaaa")}
    for depth, (nodes, moves) in table.items():
        every += [{"position": p, "depth": depth, "mode": "pvs", "nodes": n, "best_move": m}
                  for p, n, m in zip(POSITIONS, nodes, moves)]
    every += [{"position": "P5", "depth": 1, "mode": "pvs", "nodes": 10, "best_move": "a"}]
    for p, n, m in zip(POSITIONS + ("P5",), [20, 20, 80, 80, 20], "ababb"):
        row = {"position": p, "depth": 2, "mode": "pvs+lmr", "nodes": n, "best_move": m}
        selective.append({**row, "reference": "pvs", "technique": "lmr"})
        every.append(row)
    return pd.DataFrame(selective), pd.DataFrame(every)


def test_one_ply_deeper_counts_agreement_with_the_exact_move_two_plies_deeper():
    selective, every = deeper_frames()
    interval = lambda count, positions: (count - 0.5, count + 0.5)  # noqa: E731 (marks which count it got)
    table = deeper.one_ply_deeper(selective, every, seed=1, resamples=200, interval=interval)
    assert len(table) == 1
    row = table.iloc[0]
    assert (row["technique"], row["reference"], row["depth"], row["positions"]) == ("lmr", "pvs", 1, 4)
    assert row["budget"] == pytest.approx(math.sqrt(2))
    assert row["budget_low"] <= row["budget"] <= row["budget_high"]
    assert (row["pruned_agrees"], row["pruned_share"], row["pruned_low"], row["pruned_high"]) == (3, 0.75, 2.5, 3.5)
    assert (row["exact_agrees"], row["exact_share"], row["exact_low"]) == (1, 0.25, 0.5)
    assert (row["deeper_agrees"], row["deeper_share"]) == (3, 0.75)
    assert row["mcnemar_p"] == pytest.approx(0.5)


def test_mcnemar_exact_is_the_two_sided_binomial_over_discordant_pairs():
    assert deeper.mcnemar_exact(0, 0) == 1.0
    assert deeper.mcnemar_exact(2, 0) == pytest.approx(0.5)
    # 5 against 1: 2 × P(X ≤ 1) for X ~ Binomial(6, 1/2) = 2 × 7/64
    assert deeper.mcnemar_exact(5, 1) == pytest.approx(14 / 64)


def test_a_run_of_one_depth_says_the_question_cannot_be_asked(tmp_path):
    result = pr.pruning(run(), 1, 100)
    assert result.deeper.empty
    assert "The runs hold no depth *d* with a technique at *d* + 1" in page.page(result, "run.json")


def test_the_deeper_sentence_names_significant_techniques():
    selective, every = deeper_frames()
    table = deeper.one_ply_deeper(selective, every, seed=1, resamples=200, interval=pr.binomial_interval)
    text = page.deeper_sentence(table)
    assert text.startswith("At depth 1 over `pvs`, the exact search finds the depth-3 best move in 25.0% of "
                           "positions (at depth 2, at its full cost: 75.0%); one ply deeper, `lmr` finds it most "
                           "often, 75.0%, at 1.41× the exact search's nodes. None costs as few nodes")
    assert text.endswith("no difference in agreement is significant (the smallest exact McNemar p: 0.5).")
