"""Shared pytest fixtures for the Python scripts (run with /usr/bin/python3 -m pytest tests/scripts)."""

import copy
import json
import os
from pathlib import Path

import pytest

from prunebench import frames, load

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "scripts"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
RUN_SMALL = FIXTURES / "run_small.json"
TREE_DIR = FIXTURES / "trees"

# The binary the tests that run prunebench use (build it first: scripts/build.sh build).
PRUNEBENCH = Path(os.environ.get("PRUNEBENCH", REPO / "build" / "harness" / "prunebench")).resolve()


def require_prunebench() -> str:
    """The binary's path, or the test fails saying how to build it."""
    if not PRUNEBENCH.exists():
        pytest.fail(f"{PRUNEBENCH} is missing: build first (scripts/build.sh build)")
    return str(PRUNEBENCH)


# The context block of a run made up by a test (docs/schema/run.json requires it).
RUN_CONTEXT = {"prunebench_version": "0.1.0", "compiler": "GNU 12.2.0", "build_type": "Release",
               "compile_flags": "-O3", "command_line": ["prunebench", "run"], "threads": 1, "tt_megabytes": 0,
               "suites": []}


@pytest.fixture
def run_document():
    """A fresh, mutable copy of the small run fixture."""
    return copy.deepcopy(json.loads(RUN_SMALL.read_text(encoding="utf-8")))


@pytest.fixture
def write_json(tmp_path):
    """Write an object as JSON under tmp_path and return the path."""
    def write(document, name="run.json"):
        path = tmp_path / name
        path.write_text(json.dumps(document), encoding="utf-8")
        return path
    return write


@pytest.fixture(scope="module")
def run(request):
    """The run file named by the test module's RUN_FILE, loaded once per module."""
    return load.load_run(request.module.RUN_FILE)


@pytest.fixture(scope="module")
def records(run):
    """The records of `run` as a DataFrame."""
    return frames.records_frame(run)


def one_row(frame, position, depth, **columns):
    """The single row of `frame` at (position, depth) with the given column values; fails unless exactly one."""
    rows = frame[(frame["position"] == position) & (frame["depth"] == depth)]
    for column, value in columns.items():
        rows = rows[rows[column] == value]
    assert len(rows) == 1, (position, depth, columns)
    return rows.iloc[0]
