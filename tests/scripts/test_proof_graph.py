"""The exact minimal graph by integer programming (prunebench.proof_graph).

The oracle is the definition read literally: every subset of the (node,
role) pairs whose role holds is tried, the valid proof graphs kept, the least
cost taken. It shares nothing with the integer program but the instance.
"""

import itertools
import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from prunebench import proof_graph
from prunebench.proof_graph import EXACT, GE, LE, holding_roles
from conftest import SCRIPTS, require_prunebench


def node(order, children=(), leaf=None):
    return {"leaf": (not children) if leaf is None else leaf, "order": order, "children": list(children)}


def brute_force(instance: dict, measure: str) -> int:
    nodes = instance["nodes"]
    pairs = [(i, r) for i, n in enumerate(nodes) for r in holding_roles(n["order"])]
    assert len(pairs) <= 13, "too large for the oracle"
    best = None
    for size in range(1, len(pairs) + 1):
        for chosen in itertools.combinations(pairs, size):
            s = set(chosen)
            if (0, EXACT) not in s or not all(_justified(nodes, i, r, s) for i, r in s):
                continue
            held = {i for i, _ in s}
            cost = len(held) if measure == "nodes" else sum(1 for i in held if nodes[i]["leaf"])
            best = cost if best is None else min(best, cost)
    return best


def _justified(nodes, i, role, s) -> bool:
    n = nodes[i]
    if n["leaf"]:
        return True  # only roles that hold are pairs
    kids = n["children"]
    either = lambda c, a: (c, a) in s or (c, EXACT) in s  # noqa: E731
    if role == GE:
        return any(either(c, LE) for c in kids)
    every = all(either(c, GE) for c in kids)
    return every if role == LE else every and any((c, EXACT) in s for c in kids)


# The root R (value 0) proves Exact through C, a leaf at its threshold, and
# needs A and B at least (both above it: Ge only). A may take the leaf X or
# the node Y, whose Le holds its two leaves; B can take only Y. Alone, A's
# cheapest proof is X (one node against three), which is what the minimal
# tree's proof takes; in the graph Y is there anyway for B, so taking it for A
# costs nothing: 7 nodes and 3 leaves, not 8 and 4.
SHARED = {"nodes": [
    node(0, [1, 2, 3]),        # 0 R
    node(1, [4, 5]),           # 1 A: above its threshold, X and Y both refute it
    node(1, [5]),              # 2 B: only Y refutes it
    node(0),                   # 3 C: a leaf at the threshold
    node(-1),                  # 4 X: a leaf below
    node(-1, [6, 7]),          # 5 Y
    node(1), node(1),          # 6, 7: Y's leaves
]}


def test_sharing_beats_the_trees_own_choice():
    assert brute_force(SHARED, "nodes") == 7
    assert brute_force(SHARED, "leaves") == 3
    for measure, expected in (("nodes", 7), ("leaves", 3)):
        solution = proof_graph.solve(SHARED, measure)
        assert solution.status == proof_graph.SOLVED
        assert solution.value == expected


def _random_dag(rng: random.Random) -> dict:
    """A layered DAG with negamax values, at most 13 (node, role) pairs."""
    while True:
        widths = [1] + [rng.randint(1, 3) for _ in range(rng.randint(1, 3))]
        layers, first = [], 0
        for width in widths:
            layers.append(list(range(first, first + width)))
            first += width
        children = {i: [] for layer in layers for i in layer}
        for upper, lower in zip(layers, layers[1:]):
            for i in upper:
                if rng.random() < 0.8:
                    children[i] = sorted(rng.sample(lower, rng.randint(1, len(lower))))
        value = {}
        for layer in reversed(layers):
            for i in layer:
                value[i] = max(-value[c] for c in children[i]) if children[i] else rng.randint(-1, 1)
        ply = {i: p for p, layer in enumerate(layers) for i in layer}
        order = {i: (value[i] > t) - (value[i] < t)
                 for i in value for t in [value[0] if ply[i] % 2 == 0 else -value[0]]}
        nodes = [node(order[i], children[i]) for i in range(first)]
        if sum(len(holding_roles(n["order"])) for n in nodes) <= 13:
            return {"nodes": nodes}


def test_random_dags_meet_the_oracle():
    rng = random.Random(25)
    for _ in range(10):
        instance = _random_dag(rng)
        for measure in proof_graph.MEASURES:
            solution = proof_graph.solve(instance, measure)
            assert solution.status == proof_graph.SOLVED, solution.detail
            assert solution.value == brute_force(instance, measure), json.dumps(instance)


def test_a_missing_solver_is_a_status_not_a_number(monkeypatch):
    monkeypatch.setattr(proof_graph.shutil, "which", lambda _name: None)
    solution = proof_graph.solve(SHARED, "nodes")
    assert solution.status == proof_graph.SOLVER_MISSING
    assert solution.value is None and solution.lower_bound is None
    assert "coinor-cbc" in solution.detail


def test_the_exported_start_position_solves_to_the_bounds():
    """Depth 2 from the start, both measures: the exact minimum lies at or below
    the greedy bound, which lies at or below the merged proof."""
    prunebench = require_prunebench()
    row = proof_graph.measure(prunebench, "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                              2, time_limit=30)
    for measure in proof_graph.MEASURES:
        exact = row["graph_exact"][measure]
        assert exact["status"] == proof_graph.SOLVED
        assert exact["value"] <= row["graph_upper"][measure] <= row["tree_proof_merged"][measure]
        assert row["tree_proof_merged"][measure] <= row["minimal_tree"][measure]


def test_proof_graph_rejects_bad_input():
    prunebench = require_prunebench()
    done = subprocess.run([prunebench, "proof-graph", "--fen", "startpos", "--depth", "99"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1


# --- a solver that hangs, crashes or is missing is bad input ---

def _fake_solver(tmp_path, body: str) -> str:
    path = tmp_path / "fake-cbc"
    path.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    path.chmod(0o755)
    return str(path)


def _alive(pid: int) -> bool:
    """Running or sleeping: a zombie (dead, waiting to be reaped) does not count."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _hanging_solver(tmp_path) -> tuple[str, Path]:
    """A solver that starts a grandchild and both sleep: their pids go to a file."""
    pids = tmp_path / "pids"
    return _fake_solver(tmp_path, f"sleep 300 &\necho $! >> {pids}\necho $$ >> {pids}\nwait"), pids


def test_a_hanging_solver_is_killed_at_the_limit_with_its_children(tmp_path):
    solver, pids = _hanging_solver(tmp_path)
    started = time.monotonic()
    solution = proof_graph.solve(SHARED, "nodes", time_limit=0.5, solver=solver)
    elapsed = time.monotonic() - started
    assert solution.status == proof_graph.TIMED_OUT
    assert solution.value is None and solution.lower_bound is None
    assert "0.5 s" in solution.detail
    assert elapsed < 3.0  # two runs (exact, LP) of 0.5 s each, and slack for a loaded machine
    written = [int(p) for p in pids.read_text().split()]
    assert len(written) == 4  # two runs, each a shell and its sleep
    assert not [pid for pid in written if _alive(pid)]


def test_a_crashing_solver_is_one_line(tmp_path):
    solver = _fake_solver(tmp_path, "echo 'Segmentation fault (core dumped)' >&2\nkill -SEGV $$")
    solution = proof_graph.solve(SHARED, "nodes", time_limit=30, solver=solver)
    assert solution.status == proof_graph.SOLVER_FAILED
    assert solution.value is None and solution.lower_bound is None
    assert solution.detail == "fake-cbc: killed by signal 11: Segmentation fault (core dumped)"


def test_a_solver_that_writes_no_solution_fails_cleanly(tmp_path):
    solver = _fake_solver(tmp_path, "exit 0")
    solution = proof_graph.solve(SHARED, "leaves", time_limit=30, solver=solver)
    assert solution.status == proof_graph.SOLVER_FAILED
    assert solution.detail == "fake-cbc: no solution file it could be read from"


def test_a_solver_path_that_does_not_exist_is_missing(tmp_path):
    solution = proof_graph.solve(SHARED, "nodes", solver=str(tmp_path / "no-such-cbc"))
    assert solution.status == proof_graph.SOLVER_MISSING
    assert solution.detail == f"cannot run {tmp_path / 'no-such-cbc'}: No such file or directory"


def test_an_overrun_exact_solve_falls_back_to_the_lp_bound(tmp_path):
    """A solver that hangs on the exact solve but answers the LP: the figure is
    the bound, rounded up, never the LP's value as if exact."""
    solver = _fake_solver(tmp_path, 'case "$*" in *barrier*) ;; *) exec sleep 300 ;; esac\n'
                                    'for last; do :; done\n'
                                    'echo "Optimal - objective value 5.25000000" > "$last"')
    solution = proof_graph.solve(SHARED, "nodes", time_limit=0.5, solver=solver)
    assert solution.status == proof_graph.LP_BOUND
    assert solution.lower_bound == 6 and solution.value is None
    assert solution.detail == "not solved within 0.5 s"


def _script(tmp_path, solver, *extra):
    prunebench = require_prunebench()
    return [sys.executable, str(SCRIPTS / "minimal_graph.py"), "--prunebench", prunebench, "--solver", solver,
            "--depths", "1-2", "--out", str(tmp_path / "out"), *extra]


def test_the_script_keeps_the_run_and_says_once_that_the_solver_crashed(tmp_path):
    solver = _fake_solver(tmp_path, "kill -SEGV $$")
    done = subprocess.run(_script(tmp_path, solver), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    notes = done.stderr.splitlines()
    assert len(notes) == 1
    assert notes[0].startswith("note: graph exact solver failed: fake-cbc: killed by signal 11 (start d1 nodes, ")
    document = json.loads((tmp_path / "out" / "minimal_graph.json").read_text())
    assert len(document["rows"]) == 4  # seed.epd's two positions, depths 1 and 2
    assert all(r["graph_exact"][m]["value"] is None for r in document["rows"] for m in proof_graph.MEASURES)
    assert document["rows"][1]["graph_upper"]["nodes"] == 60  # the bounds are kept (start, depth 2)


def test_the_script_says_once_that_the_solver_is_missing(tmp_path):
    done = subprocess.run(_script(tmp_path, str(tmp_path / "no-cbc")), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        f"note: graph exact solver missing: cannot run {tmp_path / 'no-cbc'}: No such file or directory "
        "(start d1 nodes, start d1 leaves, start d2 nodes, start d2 leaves, middlegame d1 nodes, "
        "middlegame d1 leaves, middlegame d2 nodes, middlegame d2 leaves)"]


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_script_leaves_no_solver_behind(tmp_path, stop):
    solver, pids = _hanging_solver(tmp_path)
    script = subprocess.Popen(_script(tmp_path, solver, "--time-limit", "300"), stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(pids.read_text().split() if pids.exists() else []) < 2:
        assert time.monotonic() < deadline and script.poll() is None
        time.sleep(0.05)
    script.send_signal(stop)
    assert script.wait(timeout=10) != 0  # SIGTERM: killed by it; SIGINT: KeyboardInterrupt
    script.stderr.close()
    time.sleep(0.2)
    assert not [pid for pid in map(int, pids.read_text().split()) if _alive(pid)]
