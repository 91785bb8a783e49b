"""dask_run.py writes no file of its own: the binary owns OUT.journal and OUT, so a link
planted at either is met by the binary's rules (docs: README, "Never crash, never lie")."""

import json
import os
import subprocess
import sys

from distributed_run import DEPTHS, MODES, PRUNEBENCH, REPO, TIMEOUT, small_suite

DASK_RUN = REPO / "scripts" / "dask_run.py"


def dask_run(suite, out, *extra):
    command = [sys.executable, str(DASK_RUN), "--suite", str(suite), "--depths", DEPTHS, "--modes", MODES,
               "--out", str(out), "--prunebench", str(PRUNEBENCH), "--workers", "1", *extra]
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)


def test_a_dangling_link_planted_at_the_journal_is_refused_and_creates_nothing(tmp_path):
    suite = small_suite(tmp_path, positions=1)
    target = tmp_path / "created-through-the-link"
    os.symlink(target, tmp_path / "out.json.journal")
    done = dask_run(suite, tmp_path / "out.json")
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "is a symbolic link" in done.stderr, done.stderr
    assert not target.exists()


def test_an_out_that_is_a_link_is_replaced_and_its_target_left_alone(tmp_path):
    suite = small_suite(tmp_path, positions=1)
    target = tmp_path / "target.json"
    target.write_text("kept\n", encoding="utf-8")
    out = tmp_path / "out.json"
    os.symlink(target, out)
    done = dask_run(suite, out)
    assert done.returncode == 0, done.stderr
    assert not out.is_symlink()
    assert json.loads(out.read_text(encoding="utf-8"))["kind"] == "run"
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bench-small.epd", "out.json", "target.json"]


def test_an_out_that_is_the_suite_is_refused_before_anything_is_written(tmp_path):
    suite = small_suite(tmp_path, positions=1)
    before = suite.read_bytes()
    done = dask_run(suite, suite)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: "), done.stderr
    assert suite.read_bytes() == before
    assert not (tmp_path / "bench-small.epd.journal").exists()
