"""The parallel study, on a hand-made run whose ratios are worked out here,
and on a real run of the model made by the binary.

Hand-made: three positions at depth 5, one base mode on 1, 2 and 4 virtual
processors, serial nodes 1000, 2000 and 4000.
"""

import json
import math
import subprocess

import pytest

from conftest import REPO, RUN_CONTEXT, require_prunebench
from prunebench import parallel as pa, study
from prunebench.pages import parallel as page
import parallel as parallel_cli

POSITIONS = ("P1", "P2", "P3")
SERIAL = {"P1": 1000, "P2": 2000, "P3": 4000}
# processors -> per position (virtual time, nodes over the processors, critical path)
FIGURES = {
    1: {"P1": (1000, 1000, 100), "P2": (2000, 2000, 100), "P3": (4000, 4000, 400)},
    2: {"P1": (500, 1000, 100), "P2": (1600, 2400, 100), "P3": (2500, 4400, 400)},   # speed-ups 2, 1.25, 1.6
    4: {"P1": (400, 1400, 100), "P2": (1000, 3000, 100), "P3": (1000, 4800, 400)},   # speed-ups 2.5, 2, 4
}


def record(position, processors, time, nodes, span):
    serial = SERIAL[position]
    estimate_time = serial / processors + span
    return {"position_id": position, "depth": 5, "mode": f"pvs+smp=model+processors={processors}",
            "spec": {"algorithm": "pvs", "smp": "model", "processors": processors},
            "counters": {"nodes": nodes, "leaves": 1, "cutoffs": 0, "first_move_cutoffs": 0},
            "value_differs_from_serial": False, "best_move_differs_from_serial": False,
            "parallel": {"threads": processors, "serial_score": 0, "serial_best_move": "e2e4",
                         "serial_nodes": serial, "nodes": nodes, "overhead": nodes / serial,
                         "model": {"processors": processors, "time": time, "one_processor_time": serial,
                                   "speedup": serial / time, "efficiency": serial / time / processors,
                                   "span": span, "parallelism": serial / span, "work_span_time": estimate_time,
                                   "work_span_speedup": serial / estimate_time}}}


def run():
    records = [record(p, n, *FIGURES[n][p]) for n in FIGURES for p in POSITIONS]
    positions = [{"id": p, "fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "perft": [1]} for p in POSITIONS]
    return {"schema_version": 1, "kind": "run", "context": RUN_CONTEXT, "positions": positions, "records": records}


@pytest.fixture(scope="module")
def table():
    return pa.parallel(run(), seed=1, resamples=500).table.set_index("processors")


def test_speedup_and_overhead_are_geometric_means_over_positions(table):
    assert table.at[2, "speedup"] == pytest.approx((2 * 1.25 * 1.6) ** (1 / 3))
    assert table.at[4, "speedup"] == pytest.approx((2.5 * 2 * 4) ** (1 / 3))
    assert table.at[4, "overhead"] == pytest.approx((1.4 * 1.5 * 1.2) ** (1 / 3))
    assert table.at[4, "efficiency"] == pytest.approx(table.at[4, "speedup"] / 4)
    assert table.at[1, "speedup"] == pytest.approx(1.0)


def test_the_pooled_speedup_is_the_suite_as_one_job(table):
    assert table.at[2, "pooled_speedup"] == pytest.approx(7000 / (500 + 1600 + 2500))


def test_the_estimate_is_the_work_over_p_plus_the_critical_path(table):
    expected = [SERIAL[p] / (SERIAL[p] / 4 + FIGURES[1][p][2]) for p in POSITIONS]
    assert table.at[4, "estimate"] == pytest.approx(math.prod(expected) ** (1 / 3))


def test_the_interval_is_the_studys_bootstrap(table):
    logs = [math.log(s) for s in (2, 1.25, 1.6)]
    expected = study.bootstrap_interval(logs, study.depth_rng(1, 5), 500)
    assert (table.at[2, "speedup_low"], table.at[2, "speedup_high"]) == pytest.approx(expected)


def test_the_page_answers_the_claim_from_the_table():
    result = pa.parallel(run(), seed=1, resamples=100)
    text = page.page(result, "run.json")
    assert "below P in 2 of 2 rows with P > 1" in text
    assert "| `pvs` | 5 | 4 | 3 |" in text
    assert "Hyatt" in text   # the published figures, labelled as theirs


def test_a_run_without_model_records_is_one_line(tmp_path, capsys):
    document = run()
    for r in document["records"]:
        del r["parallel"]
    path = tmp_path / "run.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert parallel_cli.main([str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "no smp=model records" in err


def test_a_real_model_run_through_the_command(tmp_path):
    out = tmp_path / "model.json"
    modes = ",".join(f"pvs-id-tt-killers+smp=model+processors={p}" for p in (1, 2, 4))
    subprocess.run([require_prunebench(), "run", "--suite", "positions/seed.epd", "--depths", "3", "--modes", modes,
                    "--out", str(out)], check=True, capture_output=True, cwd=REPO, timeout=300)
    assert parallel_cli.main([str(out), "--out", str(tmp_path / "page"), "--resamples", "100"]) == 0
    table = (tmp_path / "page" / "parallel.csv").read_text(encoding="utf-8").splitlines()
    assert len(table) == 1 + 3
    records = json.loads(out.read_text(encoding="utf-8"))["records"]
    one = [r for r in records if r["parallel"]["model"]["processors"] == 1]
    assert all(r["parallel"]["model"]["time"] == r["parallel"]["serial_nodes"] for r in one)
