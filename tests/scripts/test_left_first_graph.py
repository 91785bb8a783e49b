"""The left-first minimal graph in the tracked results (README glossary).

Its pairs hold a proof graph of the value, so no record's left-first graph
may be smaller than the minimal graph where integer programming solved it
(CBC's figure: another program's) or bounded it from below (the LP
relaxation), nor than the root bound 1 + perft(1).
"""

import json
from pathlib import Path

import pandas as pd
import pytest

from prunebench import graph_yardstick

RESULTS = Path(__file__).resolve().parents[2] / "results"
DISTINCT_RUN = RESULTS / "reproduction-distinct.json"
GRAPH_FILES = [RESULTS / "minimal_graph.json", RESULTS / "deep" / "minimal_graph" / "minimal_graph.json"]


def _lower_bounds():
    bounds = {}
    for path in [p for p in GRAPH_FILES if p.exists()]:
        for row in json.loads(path.read_text())["rows"]:
            solution = row["graph_exact"]["nodes"]
            figure = solution["value"] if solution["value"] is not None else solution["lower_bound"]
            if figure is not None:
                key = (row["position"], row["depth"])
                bounds[key] = max(bounds.get(key, 0), figure)
    return bounds


@pytest.fixture(scope="module")
def run():
    return json.loads(DISTINCT_RUN.read_text())


def _left_first(run):
    return [r for r in run["records"] if "left_first_graph" in r]


def test_every_table_mode_has_one(run):
    table_records = [r for r in run["records"] if r["spec"].get("tt")]
    assert table_records
    assert len(_left_first(run)) == len(table_records)


def test_never_below_the_minimal_graph(run):
    bounds = _lower_bounds()
    checked = 0
    for record in _left_first(run):
        key = (record["position_id"], record["depth"])
        if key in bounds:
            assert record["left_first_graph"]["nodes"] >= bounds[key], (key, record["mode"])
            checked += 1
    assert checked >= 8  # depths 1-2 of both positions, every table mode


def test_never_below_the_root_bound(run):
    moves = {p["id"]: p["perft"][1] for p in run["positions"]}  # perft[d]: depth d
    for record in _left_first(run):
        assert record["left_first_graph"]["nodes"] >= 1 + moves[record["position_id"]]


def test_the_yardstick_reads_it():
    run = {"records": [
        {"position_id": "a", "depth": 2, "mode": "id-tt", "spec": {"tt": True},
         "counters": {"distinct_nodes": 70}, "left_first_graph": {"nodes": 61}},
        {"position_id": "a", "depth": 2, "mode": "mtdf", "spec": {"tt": True}, "counters": {"distinct_nodes": 63}}]}
    frame = graph_yardstick.distinct_nodes(run)
    assert frame["left_first_graph"].tolist()[0] == 61
    assert pd.isna(frame["left_first_graph"].tolist()[1])
