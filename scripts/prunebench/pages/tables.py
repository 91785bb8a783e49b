"""Every table and figure for one run (and optionally the tree lab), written to a directory.

build_tables() decides which tables a run supports and computes them;
build_figures() draws them; write_report() loads the inputs and writes
<name>.md, <name>.csv, <name>.png and <name>.svg files. Works with any set of
positions and modes: a table whose baseline mode is missing is skipped with a
note instead of failing (the reduction needs no minimax search: its baseline is
Σ perft).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from prunebench import frames, graph_yardstick, load, minimal, output, plots, render, tables

# More positions than this and each figure shows the geometric mean over all
# positions instead of one unreadable panel per position.
MAX_PLOT_PANELS = 6


@dataclass
class Graph:
    """The minimal graph's yardstick for table modes: bounds, and their distinct nodes."""
    bounds: object = None      # DataFrame: graph_yardstick.bounds()
    distinct: object = None    # DataFrame: graph_yardstick.distinct_nodes()


@dataclass
class Report:
    tables: list[render.Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)   # what was skipped, and why


def _chess_tables(run: dict, reference: dict | None, report: Report, graph: Graph) -> None:
    records = frames.records_frame(run)
    depths = frames.position_depths_frame(run)
    modes = set(records["mode"])
    report.tables.append(render.Table(
        "reduction", "Node reduction against full-width minimax",
        tables.reduction_table(records, frames.full_width_frame(run), reference),
        ("reduction = minimax nodes ÷ mode nodes at the same position and depth; minimax nodes = "
         "Σ perft(0..d), the full-width tree, whether or not the run searched it.",)))
    if tables.UNORDERED in modes:
        report.tables.append(render.Table(
            "ordering_gain", "Move-ordering gain against unordered alpha-beta",
            tables.ordering_gain_table(records, reference),
            ("gain = unordered nodes ÷ mode nodes; above 1 the ordering helped.",)))
    else:
        report.notes.append("no 'unordered' mode in the run: ordering-gain table skipped")
    _minimal_tree_tables(records, depths, report, graph)
    report.tables.append(render.Table(
        "cutoff_rates", "First-move cut-off rates",
        tables.cutoff_rate_table(records),
        ("rate = cut-offs caused by the first move searched ÷ all cut-offs; "
         "around 90 % or more means good ordering (reference 001).",)))


GRAPH_NOTE = (
    "A mode with a transposition table (tt) merges transpositions, which the minimal tree counts "
    "again, so it can come in below the tree; its yardstick is the minimal graph (README glossary: "
    "graph yardstick), on the same footing: its distinct nodes, the distinct (position, remaining "
    "depth) pairs it entered (`--distinct-nodes`), against the graph's nodes measure, an interval "
    "[graph lower, graph upper]. graph upper: the exact minimal graph where integer programming "
    "solved it (results/minimal_graph.md), else the `minimal` record's graph_upper; graph lower: "
    "that exact figure, else the LP relaxation's bound, else the root bound 1 + perft(1) (an Exact "
    "root needs every child in the graph; the ratio to it is left empty: hundreds, which says nothing). A search's own distinct nodes are no lower bound: they "
    "need not hold a proof graph at all, since a table entry of greater draft answers a shallower "
    "request. 'below' the graph would mean exactly that; 'within' means the bounds cannot tell. "
    "left-first graph: the table mode's left-first minimal graph (README glossary), the distinct "
    "pairs of two null-window searches at its value after its own iterations: what its order costs "
    "when the value is known in advance, another upper bound on the graph, never a lower one.")


def _minimal_tree_tables(records, depths, report: Report, graph: Graph) -> None:
    estimate_note = ("Knuth–Moore estimate = b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves with b = b_d = "
                     "perft(d)^(1/d): exact only for uniform trees with distinct leaf values.")
    with_graph = graph.bounds is not None and not graph.bounds.empty
    tt_note = GRAPH_NOTE if with_graph else (
        "A mode with a transposition table (tt) merges transpositions, which the proof counts "
        "again, so only such a mode can come in below 1.0.")
    if minimal.has_minimal(records):
        report.tables.append(render.Table(
            "minimal_tree_summary", "The exact minimal tree against its estimate and the best searches",
            minimal.estimate_table(records, depths, graph.bounds, graph.distinct),
            ("minimal nodes and leaves: the cheapest proof of the value (README glossary).",
             estimate_note,
             "Plain modes are measured against the minimal tree (its ÷ minimal). " + tt_note)))
    else:
        report.notes.append("no 'minimal' mode in the run: ratios against the Knuth–Moore estimate only")
    report.tables.append(render.Table(
        "minimal_tree", "Every search against the exact minimal tree",
        minimal.minimal_tree_table(records, depths, graph.bounds, graph.distinct),
        ("nodes ÷ minimal = nodes ÷ minimal nodes; leaves ÷ minimal = leaves ÷ minimal leaves "
         "(empty when the run has no 'minimal' mode). No mode without a table can fall below 1.0. "
         + tt_note,
         estimate_note + " 'leaves ÷ estimate' is the comparison reference 000 makes.")))
    report.tables.append(render.Table(
        "node_types", "PV/CUT/ALL census: where each search loses against the minimal tree",
        minimal.census_table(records),
        ("expected = the Knuth–Moore type of each interior node; behaved = what it did "
         "(cut off: CUT; searched every child without raising alpha: ALL; else PV). For 'minimal', "
         "the proof's Exact (PV), Ge (CUT) and Le (ALL) nodes. 'expected CUT behaved ALL': "
         "refutations not found at all.",)))


def _tree_lab_tables(lab: dict, reference: dict | None, report: Report) -> None:
    if lab["tree"]:
        report.tables.append(render.Table(
            "random_trees", "Random trees: leaves read against the minimal tree",
            tables.random_tree_table(lab["tree"], reference),
            ("Leaves are summed over each file's trees; MTD(f) counts re-evaluations "
             "on later passes.",)))
    if lab["standing"]:
        report.tables.append(render.Table(
            "standing_tree", "The 3×3 standing tree in every branch order (of 9 leaves)",
            tables.standing_table(lab["standing"], reference)))
    if lab["theory"]:
        report.tables.append(render.Table(
            "theory", "Full minimax against the best case, b^d vs b^⌈d/2⌉ + b^⌊d/2⌋ − 1",
            tables.theory_table(lab["theory"], reference)))


def build_tables(run: dict, lab: dict | None = None, reference: dict | None = None,
                 graph: Graph | None = None) -> Report:
    """Every table the inputs support, with notes on those skipped."""
    report = Report()
    _chess_tables(run, reference, report, graph or Graph())
    if lab is not None:
        _tree_lab_tables(lab, reference, report)
    # e.g. a run of full-width modes only has nothing for the pruning tables
    for table in [t for t in report.tables if t.frame.empty]:
        report.notes.append(f"{table.name} table skipped: no rows for this run")
        report.tables.remove(table)
    return report


def _plot_frame(table, column: str):
    """The table itself, or its geometric mean over positions when there are many."""
    if table["position"].nunique() <= MAX_PLOT_PANELS:
        return table
    return tables.geometric_mean_over_positions(table, column)


def build_figures(run: dict, report: Report) -> dict:
    """Figure name -> matplotlib Figure, for the tables the report holds."""
    by_name = {table.name: table.frame for table in report.tables}
    nodes = tables.nodes_with_full_width(frames.records_frame(run), frames.full_width_frame(run))
    figures = {"nodes_vs_depth": plots.nodes_figure(_plot_frame(nodes, "nodes"))}
    if "reduction" in by_name:
        figures["reduction_vs_depth"] = plots.reduction_figure(
            _plot_frame(by_name["reduction"], "reduction"))
    if "ordering_gain" in by_name:
        figures["ordering_gain"] = plots.ordering_gain_figure(
            _plot_frame(by_name["ordering_gain"], "gain"))
    if "minimal_tree" in by_name:
        table = by_name["minimal_tree"]
        exact = table["nodes_ratio"].notna().any()
        column = "nodes_ratio" if exact else "knuth_moore_ratio"
        figures["minimal_tree_ratio"] = plots.minimal_ratio_figure(
            _plot_frame(table.dropna(subset=[column]), column), column, exact,
            _graph_ratios(by_name.get("minimal_tree_summary")))
    return figures


def _graph_ratios(summary):
    """The minimal graph's bounds ÷ minimal nodes per position and depth, for the plot (None: no bounds)."""
    if summary is None or "graph_upper" not in summary or summary["position"].nunique() > MAX_PLOT_PANELS:
        return None
    minimal_nodes = summary["minimal_nodes"].astype("float64")
    solved = summary["graph_lower_from"] != graph_yardstick.FROM_ROOT
    return summary.assign(upper_ratio=summary["graph_upper"].astype("float64") / minimal_nodes,
                          lower_ratio=(summary["graph_lower"].astype("float64") / minimal_nodes).where(solved))


def load_graph(run: dict, distinct_path=None, graph_paths=()) -> Graph:
    """The minimal graph's yardstick from a `--distinct-nodes` run and minimal_graph.py's files (optional)."""
    if distinct_path is None:
        return Graph()
    distinct_run = load.load_run(distinct_path)
    solved = [load.load(path, "minimal-graph") for path in graph_paths]
    depths = frames.position_depths_frame(run)
    return Graph(graph_yardstick.bounds(distinct_run, solved, depths), graph_yardstick.distinct_nodes(distinct_run))


def write_report(run_path, tree_dir=None, out_dir=".", use_reference: bool = False, distinct_path=None,
                 graph_paths=()):
    """Load, compute, draw and write everything; return (paths written, notes)."""
    run = load.load_run(run_path)
    lab = load.load_tree_lab(tree_dir) if tree_dir is not None else None
    reference = load.load_reference() if use_reference else None
    report = build_tables(run, lab, reference, load_graph(run, distinct_path, graph_paths))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for table in report.tables:
        for suffix, to_text in ((".md", render.to_markdown), (".csv", render.to_csv)):
            path = out / f"{table.name}{suffix}"
            output.write_text(path, to_text(table))
            written.append(path)
    for name, figure in build_figures(run, report).items():
        written += plots.save(figure, out / name)
    return written, report.notes
