"""The check of Ebeling's factor of 1.5 (prunebench.study.closest_to_minimal, pages/ebeling).

Hand-built per-position ratios, so that each geometric mean is known."""

import pandas as pd
import pytest

from prunebench import study
from prunebench.pages import ebeling


def _result(rows):
    detail = pd.DataFrame(rows, columns=["position", "depth", "mode", "minimal_ratio"])
    return study.Study("unordered", sorted(set(detail["mode"])), pd.DataFrame(), detail, pd.DataFrame(),
                       pd.DataFrame())


def test_the_mode_nearest_the_minimal_tree_and_its_interval():
    result = _result([("p", 5, "a", 2.0), ("q", 5, "a", 8.0),        # geometric mean 4
                      ("p", 5, "b", 3.0), ("q", 5, "b", 3.0),        # 3, at every resample
                      ("p", 5, "c", 1.0), ("q", 5, "c", None),       # not at every position: left out
                      ("p", 5, "oracle", 1.0), ("q", 5, "oracle", 1.0)])
    best = study.closest_to_minimal(result, 5)
    assert (best["mode"], best["positions"]) == ("b", 2)
    assert best["ratio"] == pytest.approx(3.0)
    assert (best["ci_low"], best["ci_high"]) == (pytest.approx(3.0), pytest.approx(3.0))
    assert study.closest_to_minimal(result, 6) is None


def test_the_verdict_compares_the_interval_with_one_and_a_half():
    assert ebeling._verdict(2.12, 2.99) == "the whole interval lies above 1.5"
    assert ebeling._verdict(1.2, 1.4) == "the whole interval lies within 1.5"
    assert ebeling._verdict(1.4, 1.6) == "the interval holds 1.5"


def test_without_the_study_the_section_says_so(tmp_path):
    assert "(not generated: study/run.json is missing)" in ebeling.section(tmp_path, None)


def _summary_row(**overrides):
    row = {"position": "start", "depth": 5, "best_tt_mode": "mtdf", "best_tt_distinct": 300, "graph_upper": 100,
           "minimal_nodes": 150, "graph_lower_from": "root bound", "best_tt_graph_low": 3.0,
           "best_tt_graph_high": float("nan")}
    return pd.Series({**row, **overrides})


def test_the_graph_sentence_says_what_the_bounds_decide():
    beyond = ebeling._graph_sentence(_summary_row())
    assert "at least 3.00× the minimal graph" in beyond and "0.67× the minimal tree's 150" in beyond
    assert beyond.endswith("beyond 1.5 even against the graph")
    undecided = ebeling._graph_sentence(_summary_row(best_tt_distinct=120, best_tt_graph_low=1.2, best_tt_graph_high=2.4,
                                                     graph_lower_from="LP relaxation"))
    assert "at most 2.40× (LP relaxation lower bound)" in undecided
    assert undecided.endswith("the bounds cannot say whether it is within 1.5")
