"""scripts/custom_set.sh end to end: the study and the tables on a user's own positions."""

import json
import os
import subprocess

from conftest import REPO, require_prunebench

SCRIPT = REPO / "scripts" / "custom_set.sh"
# The start position (perft 20, 400) and Kiwipete (48, 2039): published counts.
SUITE = ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "start";\n'
         'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - id "kiwipete";\n')


def custom_set(tmp_path, modes):
    suite = tmp_path / "mine.epd"
    suite.write_text(SUITE, encoding="utf-8")
    out = tmp_path / "out"
    result = subprocess.run([str(SCRIPT), str(suite), modes, "1-2", str(out)], capture_output=True, text=True,
                            env={**os.environ, "PRUNEBENCH": require_prunebench()}, timeout=300)
    assert result.returncode == 0, result.stderr
    return out


def test_minimax_is_not_searched_yet_every_reduction_is_there(tmp_path):
    out = custom_set(tmp_path, "mvv-lva")
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert {r["mode"] for r in run["records"]} == {"unordered", "minimal", "mvv-lva"}
    rows = (out / "reduction.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + 2 * 2 * 3  # header; two positions, two depths, three modes
    # Σ perft(0..2): 1 + 20 + 400 from the start, 1 + 48 + 2039 on Kiwipete
    assert any(row.startswith("start,2,unordered,421,") for row in rows)
    assert any(row.startswith("kiwipete,2,mvv-lva,2088,") for row in rows)
    assert (out / "study.md").exists() and (out / "reduction_vs_depth.png").exists()


def test_minimax_named_in_modes_is_searched(tmp_path):
    out = custom_set(tmp_path, "minimax,pvs")
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert {r["mode"] for r in run["records"]} == {"unordered", "minimal", "minimax", "pvs"}
    nodes = {(r["position_id"], r["depth"]): r["counters"]["nodes"] for r in run["records"] if r["mode"] == "minimax"}
    assert nodes[("kiwipete", 2)] == 1 + 48 + 2039
