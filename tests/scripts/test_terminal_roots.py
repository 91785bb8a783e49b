"""Roots with no legal move, or with one, flow through every table and plot.

fixtures/run_terminal_roots.json is, run from tests/scripts/fixtures,
`prunebench run --suite terminal_roots.epd --depths 1-3
--modes minimax,unordered,minimal,mvv-lva,pvs --out run_terminal_roots.json`:
a stalemate, a checkmate and a root with one legal move. Their Knuth–Moore
estimate is 0 leaves (no leaf at depth d), not the -1 the formula gives.
"""

import json
import subprocess
import sys

from prunebench import load
from conftest import FIXTURES, SCRIPTS

RUN = FIXTURES / "run_terminal_roots.json"


def test_the_estimate_of_a_root_without_moves_is_zero_leaves():
    positions = {p["id"]: p for p in json.loads(RUN.read_text(encoding="utf-8"))["positions"]}
    assert positions["stalemate"]["minimal_tree"] == [0, 0, 0]
    assert positions["checkmate"]["minimal_tree"] == [0, 0, 0]
    assert positions["one-move"]["perft"][1] == 1
    assert load.load_run(RUN)  # the loader's checks accept the harness's own output


def test_every_table_and_plot_is_written_without_inf_or_nan(tmp_path):
    result = subprocess.run([sys.executable, str(SCRIPTS / "make_tables.py"), str(RUN), "--out", str(tmp_path)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    tables = sorted(tmp_path.glob("*.md"))
    assert {p.stem for p in tables} >= {"reduction", "ordering_gain", "minimal_tree", "minimal_tree_summary"}
    for table in tables:
        text = table.read_text(encoding="utf-8")
        assert "stalemate" in text or "checkmate" in text or "one-move" in text, table
        for word in ("| inf", "| nan", "| -inf"):
            assert word not in text, (table, word)
    assert sorted(p.stem for p in tmp_path.glob("*.png"))
