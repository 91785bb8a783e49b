"""scripts/baseline.sh: a baseline of any plan, and a check that runs every check before it fails."""

import json
import os
import subprocess

import pytest

from conftest import REPO, require_prunebench


def baseline_sh(*args) -> subprocess.CompletedProcess:
    return subprocess.run([str(REPO / "scripts" / "baseline.sh"), *map(str, args)], capture_output=True, text=True,
                          env=dict(os.environ, PRUNEBENCH=require_prunebench()), timeout=600, check=False)


def test_check_reports_every_failure_before_exiting(tmp_path):
    plan = ["--suite", "positions/seed.epd", "--depths", "1-2", "--modes", "mvv-lva,pvs",
            "--baseline", tmp_path / "baseline.json", "--bench-signature", tmp_path / "bench.txt",
            "--report-dir", tmp_path / "report"]
    recorded = baseline_sh("update", *plan)
    assert recorded.returncode == 0, recorded.stderr
    assert (tmp_path / "bench.txt").read_text(encoding="utf-8").startswith("Nodes searched: ")
    passed = baseline_sh("check", *plan)
    assert passed.returncode == 0, passed.stderr
    assert passed.stdout.splitlines()[0] == "compare: identical (8 records)"

    # Two things wrong at once: a count in the baseline and the bench signature.
    run = json.loads((tmp_path / "baseline.json").read_text(encoding="utf-8"))
    run["records"][-1]["counters"]["nodes"] -= 1
    (tmp_path / "baseline.json").write_text(json.dumps(run), encoding="utf-8")
    (tmp_path / "bench.txt").write_text("Nodes searched: 1\n", encoding="utf-8")
    failed = baseline_sh("check", *plan)
    assert failed.returncode == 1
    lines = failed.stderr.splitlines()
    assert lines[-3] == "baseline check failed (2 of its checks):"
    assert lines[-2] == ("  - compare: fail: 8 records: 1 regressed, 0 improved, 7 equal, "
                         "0 missing, 0 added; 1 fail")
    assert lines[-1].startswith("  - bench signature changed: expected 'Nodes searched: 1', got 'Nodes searched: ")
    assert (tmp_path / "report" / "compare.json").exists()

    # The regression alone is accepted by a tolerance; the bench signature still fails.
    tolerant = baseline_sh("check", *plan, "--max-increase", "any")
    assert tolerant.returncode == 1
    assert "baseline check failed (1 of its checks):" in tolerant.stderr


def test_usage():
    assert baseline_sh("--help").returncode == 0
    assert "--suite FILE" in baseline_sh("--help").stdout
    bad = baseline_sh("check", "--depths")
    assert bad.returncode == 2
    assert bad.stderr == "error: --depths needs a value (see scripts/baseline.sh --help)\n"
    assert baseline_sh("verify").returncode == 2
    assert baseline_sh("check", "--bogus", "1").stderr == \
        "error: unknown option '--bogus' (see scripts/baseline.sh --help)\n"


def test_an_engine_baseline_pins_its_options(tmp_path):
    """--engine-option reaches the run, and a check under other options is refused, naming the engine."""
    stockfish = "/usr/games/stockfish"
    if not os.access(stockfish, os.X_OK):
        pytest.skip("stockfish is not installed")
    plan = ["--suite", "positions/seed.epd", "--depths", "1-3", "--engine", f"sf={stockfish}",
            "--baseline", tmp_path / "baseline.json", "--report-dir", tmp_path / "report"]
    recorded = baseline_sh("update", *plan, "--engine-option", "sf:Hash=16")
    assert recorded.returncode == 0, recorded.stderr
    run = json.loads((tmp_path / "baseline.json").read_text(encoding="utf-8"))
    assert {r["spec"]["options"]["Hash"] for r in run["records"]} == {"16"}
    same = baseline_sh("check", *plan, "--engine-option", "sf:Hash=16")
    assert same.returncode == 0, same.stderr
    other = baseline_sh("check", *plan, "--engine-option", "sf:Hash=1")
    assert other.returncode == 1
    assert "measured different engines: `sf` is Stockfish" in other.stderr
    assert "Hash=16" in other.stderr and "Hash=1," in other.stderr
