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
over nodes, or over leaves. Solved with CBC through pulp within a time limit;
when the limit passes, the LP relaxation, rounded up, is the lower bound
(costs are integers) and the status says so. measure() gathers one
position's figures from the prunebench binary. Computing only: no printing.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from dataclasses import dataclass

from prunebench import load

GE, LE, EXACT = "ge", "le", "exact"
MEASURES = ("nodes", "leaves")

SOLVED = "optimal"
LP_BOUND = "time limit: LP relaxation lower bound"
SOLVER_MISSING = "solver missing"
SOLVER_FAILED = "solver failed"
TOO_LARGE = "instance too large: not solved"

DEFAULT_TIME_LIMIT = 10.0  # seconds per measure's solve
# CBC honours its time limit only between phases: on the start position's
# depth-3 instance (8,023 nodes) its root LP alone took over a minute here.
# Larger instances are not attempted: the figure is marked lacking.
MAX_INSTANCE_NODES = 2000


@dataclass
class Node:
    leaf: bool
    order: int           # -1, 0, 1: V below, at, above the threshold
    children: list[int]


@dataclass
class Solution:
    status: str                  # SOLVED, LP_BOUND, SOLVER_MISSING or SOLVER_FAILED
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


def _cbc(pulp, time_limit: float | None):
    """Debian's CBC (coinor-cbc): pulp's bundled binary is not packaged."""
    path = shutil.which("cbc")
    if path is None:
        raise FileNotFoundError("CBC is not installed (Debian package coinor-cbc)")
    return pulp.COIN_CMD(path=path, msg=False, timeLimit=time_limit)


def solve(instance: dict, measure: str, time_limit: float = DEFAULT_TIME_LIMIT) -> Solution:
    """The least cost of a proof graph of `instance` under `measure`."""
    try:
        import pulp
    except ImportError:
        return Solution(SOLVER_MISSING, detail="python3-pulp is not installed")
    nodes = nodes_of(instance)
    if len(nodes) > MAX_INSTANCE_NODES:
        return Solution(TOO_LARGE, detail=f"{len(nodes):,} nodes, more than {MAX_INSTANCE_NODES:,}")
    try:
        problem = _model(pulp, nodes, measure)
        problem.solve(_cbc(pulp, time_limit))
        if pulp.LpStatus[problem.status] == "Optimal" and problem.sol_status == pulp.LpSolutionOptimal:
            return Solution(SOLVED, value=round(pulp.value(problem.objective)))
        relaxed = _model(pulp, nodes, measure)
        for var in relaxed.variables():
            var.cat = pulp.LpContinuous
        relaxed.solve(_cbc(pulp, None))
        if pulp.LpStatus[relaxed.status] != "Optimal":
            return Solution(SOLVER_FAILED, detail=f"LP relaxation: {pulp.LpStatus[relaxed.status]}")
        bound = math.ceil(pulp.value(relaxed.objective) - 1e-6)
        return Solution(LP_BOUND, lower_bound=bound, detail=f"not solved within {time_limit:g} s")
    except FileNotFoundError as error:
        return Solution(SOLVER_MISSING, detail=str(error))
    except pulp.PulpSolverError as error:
        return Solution(SOLVER_FAILED, detail=str(error).splitlines()[0] if str(error) else "CBC failed")


# --- one position and depth, measured with the prunebench binary ---

def _run_json(command: list[str]) -> dict:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        line = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit status {done.returncode}"
        raise load.DataError(f"{' '.join(command[:2])}: {line}")
    return json.loads(done.stdout)


def measure(prunebench: str, position: str, fen: str, depth: int, time_limit: float) -> dict:
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
        row["graph_exact"][m] = solve(instance, m, time_limit).as_dict()
    return row
