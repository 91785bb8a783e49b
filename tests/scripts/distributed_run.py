"""Helpers for the tests of distributed runs (test_shard_merge.py, test_dask_run.py):
the Release binary, a small suite, and a single-process run to hold results against."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PRUNEBENCH = Path(os.environ.get("PRUNEBENCH", REPO / "build" / "harness" / "prunebench")).resolve()
BENCH_SUITE = REPO / "positions" / "stockfish-bench.epd"  # no ids: they are "<file name>:<line>"
# A guard against a hang, not a speed check: a driver that works finishes in
# seconds on a quiet machine, but a machine that builds or tests in parallel
# (a developer's, a shared CI runner) can take minutes, and a tighter guard
# turns that into a false failure.
TIMEOUT = 240
DEPTHS = "1-4"
MODES = "minimax,pvs,mtdf"


def prunebench(*args, timeout=TIMEOUT):
    """Runs the binary; returns the finished process (not checked)."""
    if not PRUNEBENCH.exists():
        pytest.fail(f"{PRUNEBENCH} is missing: build first (scripts/build.sh build)")
    return subprocess.run([str(PRUNEBENCH), *map(str, args)], capture_output=True, text=True, timeout=timeout,
                          check=False)


def small_suite(directory, positions=6):
    """The first `positions` lines of positions/stockfish-bench.epd, as directory/bench-small.epd."""
    lines = BENCH_SUITE.read_text(encoding="utf-8").splitlines()[:positions]
    path = Path(directory) / "bench-small.epd"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def single_run(suite, out, depths=DEPTHS, modes=MODES):
    """`prunebench run` of the whole suite in one process; returns its document."""
    done = prunebench("run", "--suite", suite, "--depths", depths, "--modes", modes, "--out", out)
    assert done.returncode == 0, done.stderr
    return json.loads(Path(out).read_text(encoding="utf-8"))


def record_keys(document):
    return [(r["position_id"], r["depth"], r["mode"]) for r in document["records"]]


def assert_same_run(single_path, other_path):
    """`prunebench compare` finds no difference, and records and positions come in the same order."""
    compared = prunebench("compare", single_path, other_path)
    assert compared.returncode == 0, compared.stdout + compared.stderr
    single = json.loads(Path(single_path).read_text(encoding="utf-8"))
    other = json.loads(Path(other_path).read_text(encoding="utf-8"))
    assert record_keys(other) == record_keys(single)
    assert other["positions"] == single["positions"]
    assert other["skipped"] == single["skipped"]
    return other


PROVENANCE = {"context": ("command_line", "started_at", "dask"), "record": ("seconds", "nodes_per_second")}


def without_provenance(document):
    """`document` without what differs between two runs of one plan: when and how it ran, and timings."""
    context = {k: v for k, v in document["context"].items() if k not in PROVENANCE["context"]}
    records = [{k: v for k, v in r.items() if k not in PROVENANCE["record"]} for r in document["records"]]
    return dict(document, context=context, records=records)


def assert_same_document(single_path, other_path):
    """The whole document is the single run's, byte for byte in every field but the provenance."""
    single = json.loads(Path(single_path).read_text(encoding="utf-8"))
    other = json.loads(Path(other_path).read_text(encoding="utf-8"))
    assert without_provenance(other) == without_provenance(single)
    return other
