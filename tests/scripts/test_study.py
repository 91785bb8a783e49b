"""The ordering study (prunebench.study, prunebench.pages.study, study.py) on small runs with known answers.

Constructed runs: every position has the same perft, the baseline `unordered`
searches 1,000 nodes everywhere, and the compared mode's nodes are chosen so
that the true geometric-mean ratio is known exactly.
"""

import math
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from prunebench import load, study as study_module
from prunebench.pages import study as study_page
import study as study_cli
from conftest import FIXTURES, RUN_CONTEXT, RUN_SMALL, SCRIPTS

STUDY = SCRIPTS / "study.py"
RUN_MINIMAL = FIXTURES / "run_minimal.json"


def _record(position, depth, mode, nodes, algorithm="alphabeta", cutoffs=10, first=9):
    return {"position_id": position, "depth": depth, "mode": mode,
            "spec": {"algorithm": algorithm, "ordering": "natural", "tt": False},
            "counters": {"nodes": nodes, "leaves": nodes // 2, "cutoffs": cutoffs,
                         "first_move_cutoffs": first}}


def constructed_run(mode_nodes: list[int], depth: int = 2, baseline_nodes: int = 1000) -> dict:
    """One position per entry of mode_nodes; mode `b` against `unordered` at one depth."""
    positions = [{"id": f"P{i:02d}", "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "perft": [1, 20, 400],
                  "suite": "constructed.epd"} for i in range(len(mode_nodes))]
    records = []
    for position, nodes in zip(positions, mode_nodes):
        records.append(_record(position["id"], depth, "unordered", baseline_nodes, cutoffs=10, first=5))
        records.append(_record(position["id"], depth, "b", nodes))
    return {"schema_version": 1, "kind": "run", "context": RUN_CONTEXT, "positions": positions, "records": records}


def _row(summary, depth, mode):
    rows = summary[(summary["depth"] == depth) & (summary["mode"] == mode)]
    assert len(rows) == 1, (depth, mode)
    return rows.iloc[0]


# --------------------------------------------------------------------------
# statistics with known answers
# --------------------------------------------------------------------------


def test_geometric_mean_ratio_wins_ties_losses_of_a_constructed_example():
    # ten positions at 1/4 of the baseline, ten equal to it: geometric mean exactly 1/2
    result = study_module.study(constructed_run([250] * 10 + [1000] * 10))
    row = _row(result.summary, 2, "b")
    assert row["ratio"] == pytest.approx(0.5)
    assert (row["wins"], row["ties"], row["losses"]) == (10, 10, 0)
    assert row["positions"] == 20
    assert row["reduction"] == pytest.approx(421 / math.sqrt(250 * 1000))  # Σ perft(0..2) = 421
    assert row["first_move_cutoff_rate"] == pytest.approx(0.9)
    assert row["ci_low"] <= 0.5 <= row["ci_high"] < 1


def test_bootstrap_interval_contains_the_true_ratio_of_a_lognormal_sample():
    true_ratio = 0.3
    logs = np.random.default_rng(7).normal(math.log(true_ratio), 0.6, size=60)
    low, high = study_module.bootstrap_interval(logs, np.random.default_rng(1))
    assert low < true_ratio < high
    assert high / low < 1.6   # and says something: not the whole axis


def test_bootstrap_interval_is_reproducible_and_independent_of_other_modes():
    run = constructed_run([300, 800, 1200, 500, 700, 950, 400, 1000])
    first = _row(study_module.study(run).summary, 2, "b")
    for position in run["positions"]:  # a second compared mode must not move b's interval
        run["records"].append(_record(position["id"], 2, "a", 600))
    again = _row(study_module.study(run).summary, 2, "b")
    assert (first["ci_low"], first["ci_high"]) == (again["ci_low"], again["ci_high"])
    for position in run["positions"]:  # a mode with the same ratios gets the same interval
        nodes = next(r for r in run["records"] if r["position_id"] == position["id"] and r["mode"] == "b")
        run["records"].append(_record(position["id"], 2, "twin", nodes["counters"]["nodes"]))
    twin = _row(study_module.study(run).summary, 2, "twin")
    assert (twin["ci_low"], twin["ci_high"]) == (first["ci_low"], first["ci_high"])
    other_seed = _row(study_module.study(run, seed=2).summary, 2, "b")
    assert (first["ci_low"], first["ci_high"]) != (other_seed["ci_low"], other_seed["ci_high"])


def test_wilcoxon_p_value_is_scipys_on_the_log_ratios():
    nodes = [300, 800, 1200, 500, 700, 950, 400, 1000, 260, 1500]
    row = _row(study_module.study(constructed_run(nodes)).summary, 2, "b")
    logs = np.log(np.array(nodes) / 1000)
    assert row["p_value"] == pytest.approx(stats.wilcoxon(logs[logs != 0]).pvalue)
    # the constructed example: ten losses dropped as ties, ten wins -> exact p = 2 / 2**10
    row = _row(study_module.study(constructed_run([250] * 10 + [1000] * 10)).summary, 2, "b")
    assert row["p_value"] == pytest.approx(2 / 2 ** 10)


def test_all_ties_have_no_p_value():
    assert math.isnan(study_module.wilcoxon_p([0.0, 0.0, 0.0]))


# --------------------------------------------------------------------------
# runs with holes
# --------------------------------------------------------------------------


def test_a_mode_missing_at_a_depth_is_left_out_with_a_note(run_document):
    run_document["records"] = [r for r in run_document["records"]
                               if not (r["mode"] == "pvs" and r["depth"] == 3)]
    result = study_module.study(run_document)
    assert "mode 'pvs' has no records at depth 3: left out at depth 3" in result.notes
    assert not ((result.summary["depth"] == 3) & (result.summary["mode"] == "pvs")).any()
    assert _row(result.summary, 2, "pvs")["positions"] == 2


def test_a_mode_missing_at_one_position_is_compared_on_the_others_with_a_note(run_document):
    run_document["records"] = [r for r in run_document["records"]
                               if not (r["mode"] == "pvs" and r["depth"] == 2
                                       and r["position_id"] == "middlegame")]
    result = study_module.study(run_document)
    assert ("mode 'pvs' at depth 2 lacks 1 of the baseline's 2 positions (middlegame): "
            "compared on the 1 both have") in result.notes
    assert _row(result.summary, 2, "pvs")["positions"] == 1


def test_one_position_still_gives_a_report_that_says_the_interval_is_undefined(run_document, tmp_path):
    run_document["positions"] = run_document["positions"][:1]
    run_document["records"] = [r for r in run_document["records"] if r["position_id"] == "start"]
    result = study_module.study(run_document)
    row = _row(result.summary, 3, "mvv-lva")
    assert row["positions"] == 1 and math.isnan(row["ci_low"]) and math.isnan(row["ci_high"])
    assert any("the bootstrap interval is undefined" in note for note in result.notes)
    page = study_page.study_page(result, "one.json")
    assert "undefined (1 position)" in page
    assert "no interval from one position" in page


def test_the_baseline_must_be_in_the_run(run_document):
    with pytest.raises(load.DataError, match="baseline mode 'id-tt' is not in the run"):
        study_module.study(run_document, baseline="id-tt")


# --------------------------------------------------------------------------
# the references: minimax from perft, the exact minimal tree, growth per ply
# --------------------------------------------------------------------------


def test_minimax_and_minimal_are_references_not_entries():
    result = study_module.study(load.load_run(RUN_MINIMAL))
    assert result.modes == ["unordered", "mvv-lva", "mtdf", "oracle"]
    detail = result.detail
    start = detail[(detail["position"] == "start") & (detail["depth"] == 3) & (detail["mode"] == "mvv-lva")].iloc[0]
    assert (start["nodes"], start["minimax_nodes"], start["minimal_nodes"]) == (586, 9323, 516)
    assert start["reduction"] == pytest.approx(9323 / 586)
    assert start["minimal_ratio"] == pytest.approx(586 / 516)


def test_growth_per_ply_transition():
    result = study_module.study(load.load_run(RUN_MINIMAL))
    growth = result.branching.set_index(["mode", "depth"])["factor"]
    # minimax: Σ perft; start 9323 / 421 and middlegame (from the fixture) geometric mean
    run = load.load_run(RUN_MINIMAL)
    sums = {p["id"]: [sum(p["perft"][:d + 1]) for d in range(4)] for p in run["positions"]}
    expected = math.sqrt(sums["start"][3] / sums["start"][2] * sums["middlegame"][3] / sums["middlegame"][2])
    assert growth[("minimax", 3)] == pytest.approx(expected)
    assert list(result.branching["mode"].cat.categories)[:2] == ["minimax", "minimal"]


def test_ranking_leaves_out_oracle_and_the_baseline():
    result = study_module.study(load.load_run(RUN_MINIMAL))
    ranked = study_module.ranking(result.summary, 3)
    assert list(ranked["mode"]) == ["mtdf", "mvv-lva"]
    assert study_module.deepest_depth(result.summary) == 3


def test_select_suite(run_document):
    assert study_module.suites(run_document) == ["positions/seed.epd"]
    with pytest.raises(load.DataError, match="no position of the run comes from suite 'x.epd'"):
        study_module.select_suite(run_document, "x.epd")


@pytest.mark.parametrize("path", [RUN_SMALL, RUN_MINIMAL])
def test_one_depths_records_give_that_depths_summary_rows(path):
    run = load.load_run(path)
    whole = study_module.study(run).summary
    depths = sorted(set(whole["depth"]))
    assert len(depths) > 1  # else the test would compare a run with itself
    for depth in depths:
        alone = study_module.study(study_module.select_depth(run, depth)).summary
        assert set(alone["depth"]) == {depth}
        expected = whole.loc[whole["depth"] == depth].reset_index(drop=True)
        pd.testing.assert_frame_equal(alone.reset_index(drop=True), expected, check_categorical=False,
                                      check_dtype=False)  # a column of NaN only may come out float


# --------------------------------------------------------------------------
# words and files
# --------------------------------------------------------------------------


def test_verdict_needs_the_interval_and_the_test_to_agree():
    base = {"ci_low": 0.2, "ci_high": 0.9, "p_value": 0.01}
    assert study_page.verdict(base).startswith("fewer nodes, beyond")
    assert study_page.verdict({**base, "p_value": 0.5}).endswith("too few positions to be sure")
    assert study_page.verdict({**base, "ci_high": 1.1}).startswith("the interval includes 1")
    assert study_page.verdict({"ci_low": 1.2, "ci_high": 1.5, "p_value": 0.001}).startswith("more nodes")


def test_figures_leave_out_the_depths_where_no_mode_saves_a_node():
    summary = pd.DataFrame({"depth": [1, 1, 2, 2, 3], "mode": ["pvs", "mtdf", "pvs", "mtdf", "pvs"],
                            "ratio": [1.0, 1.1, 0.5, 1.2, 0.9],
                            "wins": pd.array([0, 0, 3, 0, 1], dtype="Int64")})
    assert study_module.figure_depths(summary) == ([2, 3], [1])
    # no depth gains anything (a baseline better than every mode): every depth is kept
    assert study_module.figure_depths(summary.assign(wins=0)) == ([1, 2, 3], [])


def test_the_answer_names_ranks_not_verdicts():
    summary = pd.DataFrame([{"depth": 2, "mode": m, "positions": 4, "ratio": r, "ci_low": r * 0.9,
                             "ci_high": r * 1.1, "wins": 4, "ties": 0, "losses": 0, "p_value": 0.01}
                            for m, r in (("pvs", 0.5), ("mtdf", 0.6), ("mvv-lva", 0.8))])
    result = study_module.Study("unordered", ["unordered", "pvs", "mtdf", "mvv-lva"], summary,
                                pd.DataFrame(), pd.DataFrame(), pd.DataFrame())
    lines = study_page.answer(result)
    assert [line.split(":")[0] for line in lines] == ["Fewest nodes at depth 2", "Second fewest", "Most nodes"]
    # the mode with the most nodes still searches fewer than the baseline, and says so
    assert lines[2].startswith("Most nodes: `mvv-lva` searches 0.800×") and "fewer nodes" in lines[2]


def test_number_formats():
    assert study_page.ratio_text(0.05201) == "0.0520"
    assert study_page.ratio_text(1.0) == "1.00"
    assert study_page.ratio_text(1440.2) == "1,440"
    assert study_page.p_text(3e-7) == "< 0.0001"
    assert study_page.interval_text(0.1, 0.25, 9) == "0.100–0.250"


def run_study(*args):
    return subprocess.run([sys.executable, str(STUDY), *map(str, args)],
                          capture_output=True, text=True, timeout=300)


def test_the_command_writes_the_study_answer_first(tmp_path):
    out = tmp_path / "out"
    result = run_study(RUN_MINIMAL, "--out", out, "--resamples", "500")
    assert result.returncode == 0, result.stderr
    names = {line.rsplit("/", 1)[-1] for line in result.stdout.splitlines()}
    assert names == {"study.md", "study.csv", "study_positions.md", "study_positions.csv",
                     "study_branching.csv", "study_forest.png", "study_forest.svg",
                     "study_positions.png", "study_positions.svg"}
    page = (out / "study.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    assert lines[0] == "# Ordering study: every mode against `unordered`"
    assert lines[4].startswith("- Fewest nodes at depth 3: `mtdf` searches 0.427× `unordered`'s nodes")
    assert page.index("## Depth 3, fewest nodes first") < page.index("## Every depth and mode")
    csv = (out / "study.csv").read_text(encoding="utf-8").splitlines()
    assert csv[0].startswith("depth,mode,positions,nodes,reduction,minimal_ratio")
    assert (out / "study_forest.png").read_bytes().startswith(b"\x89PNG")


def test_the_command_compares_against_another_baseline_and_a_selection(tmp_path, capsys):
    assert study_cli.main([str(RUN_SMALL), "--baseline", "mvv-lva", "--modes", "pvs", "--out", str(tmp_path),
                           "--resamples", "200"]) == 0
    page = (tmp_path / "study.md").read_text(encoding="utf-8")
    assert "every mode against `mvv-lva`" in page and "`pvs`" in page and "`unordered`" not in page


@pytest.mark.parametrize("arguments, words", [
    ([RUN_SMALL, "--baseline", "nope"], "baseline mode 'nope' is not in the run"),
    ([RUN_SMALL, "--modes", "pvs,nope"], "mode 'nope' is not in the run"),
    ([RUN_SMALL, "--suite", "x.epd"], "no position of the run comes from suite 'x.epd'"),
    ([FIXTURES / "absent.json"], "no such file"),
    ([FIXTURES / "truncated.json"], "truncated JSON"),
])
def test_bad_input_is_one_error_line_and_exit_2(tmp_path, capsys, arguments, words):
    # in-process: the same main() the command runs, without a second interpreter start
    assert study_cli.main([*map(str, arguments), "--out", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == ""
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], captured.err


def test_unwritable_output_is_an_error_too(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    assert study_cli.main([str(RUN_SMALL), "--out", str(blocker / "out"), "--resamples", "10"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("error: cannot write to ")


def test_a_transition_on_fewer_positions_is_marked_and_kept_out_of_the_parity_means():
    run = load.load_run(RUN_MINIMAL)
    run["records"] = [r for r in run["records"]
                      if not (r["mode"] == "minimal" and r["depth"] == 3 and r["position_id"] == "middlegame")]
    result = study_module.study(run)
    growth = result.branching.set_index(["mode", "depth"])
    assert growth.loc[("minimal", 3), "positions"] == 1
    odd, even = study_module.parity_growth(result.branching, "minimal")
    assert math.isnan(odd) and even == pytest.approx(growth.loc[("minimal", 2), "factor"])
    table = study_page.branching_markdown(result.branching)
    assert f"| `minimal` | {study_page.ratio_text(even)} | " in table and " (1 position) | — |" in table


def test_pair_writes_one_mode_against_another_alone(tmp_path):
    assert study_cli.main([str(RUN_SMALL), "--pair", "unordered,pvs", "--out", str(tmp_path),
                           "--resamples", "200"]) == 0
    page = (tmp_path / "pair_unordered_pvs.md").read_text(encoding="utf-8")
    assert page.startswith("# `pvs` against `unordered`\n")
    assert "mvv-lva" not in page  # the other modes of the run stay out
    # the ratio per depth, from the raw records: the geometric mean of pvs ÷ unordered over positions
    import json
    records = json.loads(RUN_SMALL.read_text(encoding="utf-8"))["records"]
    nodes = {(r["position_id"], r["depth"], r["mode"]): r["counters"]["nodes"] for r in records}
    positions = sorted({p for p, _, _ in nodes})
    for depth in (2, 3):
        ratio = math.exp(sum(math.log(nodes[(p, depth, "pvs")] / nodes[(p, depth, "unordered")])
                             for p in positions) / len(positions))
        row = next(line for line in page.splitlines() if line.startswith(f"| {depth} | {len(positions)} |"))
        assert f"| {study_page.ratio_text(ratio)} |" in row
    rows = [line for line in page.split("## Per position")[1].splitlines() if line.startswith("| ")][1:]  # below the header
    assert len(rows) == len(positions) * 3  # every position at depths 1-3
    assert (tmp_path / "pair_unordered_pvs.csv").read_text(encoding="utf-8").startswith("position,depth,mode")


@pytest.mark.parametrize("pair, words", [("pvs", "--pair takes two different modes"),
                                         ("pvs,pvs", "--pair takes two different modes"),
                                         ("pvs,nope", "mode 'nope' is not in the run")])
def test_a_bad_pair_is_one_error_line(tmp_path, capsys, pair, words):
    assert study_cli.main([str(RUN_SMALL), "--pair", pair, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and words in err, err
