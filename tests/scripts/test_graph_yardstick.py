"""Table modes against the minimal graph's bounds (prunebench.graph_yardstick).

fixtures/run_minimal_distinct.json is `prunebench run --suite positions/seed.epd
--depths 1-3 --modes mtdf,minimal --distinct-nodes --threads 1` (provenance
split off). The integer program's results are hand-built documents below, so
each bound's source is known; the other expected values are the fixture's
numbers, written out.
"""

import copy

import pandas as pd
import pytest

from prunebench import frames, graph_yardstick, load, minimal
from prunebench.graph_yardstick import ABOVE, BELOW, FROM_EXACT, FROM_LP, FROM_ROOT, WITHIN
from conftest import FIXTURES, one_row

RUN_FILE = FIXTURES / "run_minimal_distinct.json"


def _solution(value=None, lower=None):
    return {"status": "optimal" if value is not None else "time limit: LP relaxation lower bound",
            "value": value, "lower_bound": lower, "detail": ""}


def _graph(*rows):
    """A minimal-graph document: (position, depth, nodes solution) per row."""
    return {"rows": [{"position": p, "depth": d, "graph_exact": {"nodes": s, "leaves": s}} for p, d, s in rows]}


# Start depths 1-2 solved (21 and 60, the figures results/minimal_graph.md has),
# start depth 3 only bounded by a made-up LP figure, middlegame depth 3 nothing.
GRAPH = _graph(("start", 1, _solution(21)), ("start", 2, _solution(60)), ("start", 3, _solution(lower=123)))


@pytest.fixture(scope="module")
def bounds(run):
    return graph_yardstick.bounds(run, [GRAPH], frames.position_depths_frame(run))


def test_each_bound_names_its_source(bounds):
    assert tuple(one_row(bounds, "start", 2)[["graph_lower", "graph_upper", "graph_lower_from"]]) == (60, 60, FROM_EXACT)
    # the LP figure is a lower bound only; the upper bound is the record's graph_upper
    assert tuple(one_row(bounds, "start", 3)[["graph_lower", "graph_upper", "graph_lower_from"]]) == (123, 462, FROM_LP)
    # nothing solved: the root and its 32 children (seed.epd: 32 legal moves)
    assert tuple(one_row(bounds, "middlegame", 3)[["graph_lower", "graph_upper", "graph_lower_from"]]) == (
        33, 1011, FROM_ROOT)


def test_an_exact_figure_below_the_greedy_bound_is_both_ends(run):
    solved = _graph(("start", 3, _solution(450)))
    row = one_row(graph_yardstick.bounds(run, [solved], frames.position_depths_frame(run)), "start", 3)
    assert (row["graph_lower"], row["graph_upper"]) == (450, 450)


def test_the_first_file_wins_for_a_position_and_depth_in_two(run):
    first, second = _graph(("start", 3, _solution(lower=123))), _graph(("start", 3, _solution(lower=200)))
    row = one_row(graph_yardstick.bounds(run, [first, second], frames.position_depths_frame(run)), "start", 3)
    assert row["graph_lower"] == 123


def test_above_within_below():
    lower, upper = pd.Series([3, 3, 3, 3]), pd.Series([7, 7, 7, pd.NA])
    verdict = graph_yardstick.against(pd.Series([8, 5, 2, 5]), lower, upper)
    assert list(verdict[:3]) == [ABOVE, WITHIN, BELOW]
    assert pd.isna(verdict[3])


def test_table_modes_against_the_graph_plain_modes_against_the_tree(run, records, bounds):
    table = minimal.minimal_tree_table(records, frames.position_depths_frame(run), bounds,
                                       graph_yardstick.distinct_nodes(run))
    mtdf = one_row(table, "start", 3, mode="mtdf")
    assert mtdf["distinct_nodes"] == 474
    assert mtdf["mode_graph_low"] == pytest.approx(474 / 462)
    assert mtdf["mode_graph_high"] == pytest.approx(474 / 123)
    assert mtdf["mode_against_graph"] == ABOVE
    # middlegame depth 3: mtdf's 948 lies under the upper bound, and the root
    # bound is too weak to say more (no ratio to it)
    middle = one_row(table, "middlegame", 3, mode="mtdf")
    assert middle["mode_against_graph"] == WITHIN and pd.isna(middle["mode_graph_high"])


def test_a_mode_without_a_table_gets_no_graph_figures(run, bounds):
    document = copy.deepcopy(run)
    plain = copy.deepcopy(next(r for r in document["records"] if r["mode"] == "mtdf"))
    plain.update(mode="pvs", spec={**plain["spec"], "tt": False, "algorithm": "pvs"})
    document["records"].append(plain)
    table = minimal.minimal_tree_table(frames.records_frame(document), frames.position_depths_frame(run),
                                       bounds, graph_yardstick.distinct_nodes(document))
    row = one_row(table, plain["position_id"], plain["depth"], mode="pvs")
    assert pd.isna(row["graph_upper"]) and pd.isna(row["distinct_nodes"]) and pd.isna(row["mode_against_graph"])


def test_the_summary_puts_the_best_table_mode_against_the_graph(run, records, bounds):
    summary = minimal.estimate_table(records, frames.position_depths_frame(run), bounds,
                                     graph_yardstick.distinct_nodes(run))
    row = one_row(summary, "start", 2)
    assert (row["best_tt_mode"], row["best_tt_distinct"]) == ("mtdf", 60)
    assert (row["graph_lower"], row["graph_upper"], row["best_tt_against_graph"]) == (60, 60, WITHIN)


def test_the_fixture_is_a_valid_run():
    assert load.load_run(RUN_FILE)["records"]
