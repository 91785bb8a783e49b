"""The exact minimal graph by integer programming (README glossary: minimal graph).

An instance (`prunebench proof-graph`, JSON kind "proof-graph") lists nodes,
each a distinct (position, remaining depth), with its leaf flag, its order
(sign of V minus its threshold) and its children. A proof graph S is a set of
(node, role) pairs, role Ge, Le or Exact, holding (root, Exact), where every
pair is justified: a leaf's role holds for its value; an interior Ge has a
child in S with Le or Exact; Le has every child in S with Ge or Exact; Exact
has every child in S with Ge or Exact and one with Exact. Its cost counts
distinct nodes (nodes measure) or distinct leaves (leaves measure).

The program: a binary x[n, r] per node and role that holds at it, a binary
y[n] per node ("n is in S"), x[n, r] <= y[n], x[root, Exact] = 1, and per
role the justification above as linear constraints; minimise the sum of y
over nodes, or over leaves. pulp writes the model (MPS) and CBC solves it
as a child process killed at a hard wall-clock limit (prunebench.child), so
that a solver that hangs or overruns is a status, never a partial number;
when the exact solve does not end in time, the LP relaxation, rounded up
(costs are integers), is the lower bound and the status says so. measure() gathers one
position's figures from the prunebench binary. Computing only: no printing.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from prunebench import child, load
from prunebench.intake import last_line

GE, LE, EXACT = "ge", "le", "exact"
MEASURES = ("nodes", "leaves")

SOLVED = "optimal"
LP_BOUND = "time limit: LP relaxation lower bound"
SOLVER_MISSING = "solver missing"
SOLVER_FAILED = "solver failed"
TIMED_OUT = "timed out"
TOO_LARGE = "instance too large: not solved"

DEFAULT_TIME_LIMIT = 10.0  # seconds of wall clock per solver run
# CBC honours its own time limit only between phases (on the start position's
# depth-3 instance, 8,023 nodes, it ran 5-9 times over), so the limit is
# enforced from outside: the solver is killed at it (prunebench.child).

@dataclass
class Node:
    leaf: bool
    order: int           # -1, 0, 1: V below, at, above the threshold
    children: list[int]


@dataclass
class Solution:
    status: str                  # SOLVED, LP_BOUND, TIMED_OUT, TOO_LARGE, SOLVER_MISSING or SOLVER_FAILED
    value: int | None = None     # the exact minimum (status SOLVED)
    lower_bound: int | None = None
    detail: str = ""             # why there is no figure

    def as_dict(self) -> dict:
        return {"status": self.status, "value": self.value, "lower_bound": self.lower_bound,
                "detail": self.detail}


def nodes_of(instance: dict) -> list[Node]:
    return [Node(bool(n["leaf"]), int(n["order"]), list(n["children"])) for n in instance["nodes"]]


def holding_roles(order: int) -> list[str]:
    """The roles whose claim holds for a node of this order against its threshold."""
    roles = []
    if order >= 0:
        roles.append(GE)
    if order <= 0:
        roles.append(LE)
    if order == 0:
        roles.append(EXACT)
    return roles


def _model(pulp, nodes: list[Node], measure: str):
    problem = pulp.LpProblem("minimal_graph", pulp.LpMinimize)
    x = {(i, r): pulp.LpVariable(f"x_{i}_{r}", cat="Binary")
         for i, n in enumerate(nodes) for r in holding_roles(n.order)}
    y = [pulp.LpVariable(f"y_{i}", cat="Binary") for i in range(len(nodes))]
    counted = range(len(nodes)) if measure == "nodes" else [i for i, n in enumerate(nodes) if n.leaf]
    problem += pulp.lpSum(y[i] for i in counted)
    problem += x[(0, EXACT)] == 1

    def roles(i, wanted):
        return [x[(i, r)] for r in wanted if (i, r) in x]

    for (i, r), var in x.items():
        problem += var <= y[i]
        node = nodes[i]
        if node.leaf:
            continue
        if r == GE:
            problem += var <= pulp.lpSum(v for c in node.children for v in roles(c, (LE, EXACT)))
            continue
        for c in node.children:
            problem += var <= pulp.lpSum(roles(c, (GE, EXACT)))
        if r == EXACT:
            problem += var <= pulp.lpSum(v for c in node.children for v in roles(c, (EXACT,)))
    return problem


def _first_line(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0].strip()
    except OSError:
        return ""


def _run_cbc(solver: str, model: Path, steps: list[str], time_limit: float) -> tuple[str, float | None] | Solution:
    """CBC on the model file, killed at `time_limit` s: (its status word, objective) or a failure.

    The status is the solution file's first words ("Optimal", "Stopped on
    time", "Infeasible", ...), or TIMED_OUT when it had to be killed."""
    solution = model.with_suffix(f".{steps[-1]}.sol")
    try:
        outcome = child.run_limited([solver, model.name, *steps, "solu", solution.name], time_limit, cwd=model.parent)
    except OSError as error:
        return Solution(SOLVER_MISSING, detail=f"cannot run {solver}: {error.strerror}")
    if outcome.timed_out:
        return TIMED_OUT, None
    if outcome.returncode != 0:
        how = (f"killed by signal {-outcome.returncode}" if outcome.returncode < 0
               else f"exit status {outcome.returncode}")
        said = last_line(outcome.stderr)
        return Solution(SOLVER_FAILED, detail=f"{Path(solver).name}: {how}" + (f": {said}" if said else ""))
    status, _, rest = _first_line(solution).partition(" - objective value ")
    try:
        return status, float(rest)
    except ValueError:
        return Solution(SOLVER_FAILED, detail=f"{Path(solver).name}: no solution file it could be read from")


def solve(instance: dict, measure: str, time_limit: float = DEFAULT_TIME_LIMIT, solver: str | None = None,
          max_nodes: int | None = None) -> Solution:
    """The least cost of a proof graph of `instance` under `measure`.

    CBC runs twice at most, each run killed at `time_limit` seconds of wall
    clock: the exact solve, then, if it did not prove its optimum, the LP
    relaxation for a lower bound. `solver` is the CBC binary (default: cbc
    on PATH). An instance of more than `max_nodes` nodes is not attempted: a
    budget, since the limit alone keeps every run bounded."""
    try:
        import pulp
    except ImportError:
        return Solution(SOLVER_MISSING, detail="python3-pulp is not installed")
    solver = solver or shutil.which("cbc")
    if solver is None:
        return Solution(SOLVER_MISSING, detail="CBC is not installed (Debian package coinor-cbc)")
    nodes = nodes_of(instance)
    if max_nodes is not None and len(nodes) > max_nodes:
        return Solution(TOO_LARGE, detail=f"{len(nodes):,} nodes, more than --max-instance-nodes {max_nodes:,}")
    with tempfile.TemporaryDirectory(prefix="prunebench-graph-") as work:
        model = Path(work) / "model.mps"
        _model(pulp, nodes, measure).writeMPS(str(model))
        exact = _run_cbc(solver, model, ["sec", f"{time_limit:g}", "solve"], time_limit)
        if isinstance(exact, Solution):
            return exact
        if exact[0] == "Optimal":
            return Solution(SOLVED, value=round(exact[1]))
        # The interior-point method: on the depth-3 instances it solves the
        # relaxation several times faster than simplex.
        relaxed = _run_cbc(solver, model, ["barrier"], time_limit)
    if isinstance(relaxed, Solution):
        return relaxed
    if relaxed[0] == TIMED_OUT:
        return Solution(TIMED_OUT, detail=f"the exact solve and its LP relaxation each killed after {time_limit:g} s")
    if relaxed[0] != "Optimal":
        return Solution(SOLVER_FAILED, detail=f"LP relaxation: {relaxed[0]}")
    bound = math.ceil(relaxed[1] - 1e-6)  # costs are whole numbers
    return Solution(LP_BOUND, lower_bound=bound, detail=f"not solved within {time_limit:g} s")


# --- one position and depth, measured with the prunebench binary ---

def _run_json(command: list[str]) -> dict:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        line = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit status {done.returncode}"
        raise load.DataError(f"{' '.join(command[:2])}: {line}")
    return json.loads(done.stdout)


def measure(prunebench: str, position: str, fen: str, depth: int, time_limit: float, solver: str | None = None,
            max_nodes: int | None = None) -> dict:
    """Every figure of the minimal graph at one position and depth: the minimal
    tree, its proof merged, the greedy upper bound (from `search --mode minimal`)
    and the exact minimum or its LP lower bound per measure (from the instance)."""
    record = _run_json([prunebench, "search", "--fen", fen, "--depth", str(depth), "--mode", "minimal", "--distinct-nodes",
                       "--json"])
    instance = _run_json([prunebench, "proof-graph", "--fen", fen, "--depth", str(depth)])
    row = {"position": position, "depth": depth, "value": record["score"],
           "minimal_tree": {m: record["counters"][m] for m in MEASURES},
           "tree_proof_merged": record.get("tree_proof_merged"),
           "graph_upper": record.get("graph_upper"),
           "instance_nodes": len(instance["nodes"]),
           "time_limit_seconds": time_limit,
           "graph_exact": {}}
    for m in MEASURES:
        row["graph_exact"][m] = solve(instance, m, time_limit, solver, max_nodes).as_dict()
    return row
