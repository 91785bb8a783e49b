"""results/README.md put together (what the page holds, in order: the usage of
scripts/results_readme.py). build_page() reads only the results directory and
scripts/reference_figures.json; where the page draws a conclusion, it picks its
words by comparing those numbers.
"""

import math
from pathlib import Path

from prunebench import load, minimal, render, study
from prunebench.pages import deep as deep_page
from prunebench.pages import ebeling as ebeling_page
from prunebench.pages import parallel as parallel_page
from prunebench.pages import pruning as pruning_page
from prunebench.pages import ref003 as ref003_page
from prunebench.pages import study as study_page

ARTICLES = """\
The reference articles:
[000] "Minimax to Alpha-Beta: Measuring the Actual Node Reduction" (a bitboard engine's blog post);
[001] "Alpha-Beta Pruning, in depth" (fail-soft contract, minimal tree, PVS, MTD(f));
[002] a textbook chapter on alpha-beta (the standing tree, the theory table);
[003] a tutorial on iterative deepening and transposition tables."""

NOTES = {
    "minimax": "Full-width minimax is fixed by the position and the rules alone, so "
               "every engine must reproduce it exactly.",
    "unordered": "Unordered alpha-beta searches moves in generator order, which differs "
                 "between engines: [000]'s generator emits knights before pawns and quiet "
                 "moves before captures; ours emits knights, bishops, rooks, queens, king, "
                 "castling, then pawn captures and pushes (engine/movegen.h). Equal material "
                 "scores make the first move searched decide most cut-offs, so the counts "
                 "move with the order while the scores do not.",
    "mvv-lva": "MVV-LVA sorts captures only (stably); quiet moves keep generator order, "
               "so the same generator difference shows, less strongly. Where no capture "
               "exists (start position, depth 3 and below) the count equals unordered.",
}
PORTABLE_NOTE = ("The portable columns are the same searches with every tie in canonical order "
                 "(ascending UCI string; modes `canonical` and `mvv-lva-canonical`): counts any "
                 "engine following [docs/portable-counts.md](../docs/portable-counts.md) reproduces. "
                 "Where they differ from both the article and our generator order, the difference "
                 "is the generator's, not the algorithm's.")


# The portable mode beside each generator-dependent one (docs/portable-counts.md):
# the same rule with ties in canonical order, which any engine can reproduce.
PORTABLE = {"unordered": "canonical", "mvv-lva": "mvv-lva-canonical"}


def chess_rows(run: dict, reference: dict) -> list[dict]:
    """Our node count beside the article's for every (position, mode, depth) it gives."""
    ours = {(r["position_id"], r["mode"], r["depth"]): r["counters"]["nodes"] for r in run["records"]}
    rows = []
    for position, modes in reference["chess"]["nodes"].items():
        for mode, by_depth in modes.items():
            for depth, article in sorted(by_depth.items(), key=lambda item: int(item[0])):
                measured = ours.get((position, mode, int(depth)))
                portable = ours.get((position, PORTABLE[mode], int(depth))) if mode in PORTABLE else None
                rows.append({"position": position, "mode": mode, "depth": int(depth),
                             "article": article, "ours": measured, "portable": portable})
    return rows


def _count(value) -> str:
    return "—" if value is None else f"{value:,}"


def format_chess(rows: list[dict]) -> str:
    lines = ["| position | mode | depth | article | prunebench | prunebench ÷ article "
             "| portable (canonical order) | portable ÷ article |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        ours = "not run" if r["ours"] is None else f"{r['ours']:,}"
        ratio = "—" if r["ours"] is None else f"{r['ours'] / r['article']:.2f}"
        portable_ratio = "—" if r.get("portable") is None else f"{r['portable'] / r['article']:.2f}"
        lines.append(f"| {r['position']} | {r['mode']} | {r['depth']} | {r['article']:,} | {ours} | {ratio} "
                     f"| {_count(r.get('portable'))} | {portable_ratio} |")
    return "\n".join(lines)


def agreement(rows: list[dict], mode: str) -> str:
    mine = [r for r in rows if r["mode"] == mode and r["ours"] is not None]
    equal = sum(r["ours"] == r["article"] for r in mine)
    return f"{equal} of {len(mine)} {mode} figures equal the article's."


def section(title: str, path: Path) -> str:
    if not path.exists():
        return f"## {title}\n\n(not generated: {path.name} is missing)\n"
    body = path.read_text().split("\n", 1)[1].lstrip("\n")  # drop the table's own heading
    return f"## {title}\n\n{body}\n"


def scan_order_section(results: Path) -> str:
    """Reference 000's generator order: the family searched, and the closest order measured."""
    closest, family = results / "scan_order_closest.txt", results / "scan_orders.txt"
    if not closest.exists():
        return "## Reference 000's generator order\n\n(not generated: scan_order_closest.txt is missing)\n"
    parts = ["## Reference 000's generator order, searched for\n",
             "Reference 000's unordered and MVV-LVA figures depend on the order its generator emits moves "
             "(\"knights before pawns and quiets before captures\"). `prunebench scan-orders` searches a "
             "family of orders a straightforward bitboard generator could emit (README: scan order) for one "
             "that reproduces every figure."]
    if family.exists():
        parts.append("The family search (`scripts/reproduce.sh --scan-orders`, output "
                     "[scan_orders.txt](scan_orders.txt)):\n\n```\n" + family.read_text().strip() + "\n```\n")
    else:
        parts.append("(The family search's output, scan_orders.txt, is missing: run "
                     "`scripts/reproduce.sh --scan-orders`.)\n")
    parts.append("The closest order, measured on every figure by the main job "
                 "([scan_order_closest.txt](scan_order_closest.txt)):\n\n```\n" +
                 closest.read_text().strip() + "\n```\n")
    return "\n".join(parts)


def enhancements_section(results: Path) -> str:
    """The enhancement experiments: their answers and main effects, from study/enhancements.md."""
    title = "## The enhancement experiments of Schaeffer (1989) and Plaat et al. (1996)\n"
    path = results / "study" / "enhancements.md"
    if not path.exists():
        return f"{title}\n(not generated: study/enhancements.md is missing)\n"
    chapters = path.read_text(encoding="utf-8").split("\n## ")
    answers = [line for line in chapters[0].splitlines() if line.startswith("- ")]
    effects = [c for c in chapters if c.startswith("Main effects")]
    parts = [title, "\n".join(answers) + "\n"]
    if effects:
        parts.append("### " + effects[0].strip() + "\n")
    parts.append("![the combinations, ranked](study/enhancements.png)\n\n"
                 "Every combination, the interactions, MTD(f)'s passes and the definitions: "
                 "[study/enhancements.md](study/enhancements.md).\n")
    return "\n".join(parts)


def engines_section(results: Path) -> str:
    """The packaged UCI engines' counts (results/engines.md, scripts/engine_table.py)."""
    return section("Packaged UCI engines against prunebench", results / "engines.md")


def _counters(run: dict, position: str, depth: int, mode: str) -> dict | None:
    for record in run["records"]:
        if (record["position_id"], record["depth"], record["mode"]) == (position, depth, mode):
            return {**record["counters"], "score": record.get("score")}
    return None


def depth_six_answer(run: dict, position: str = "start", mode: str = "mvv-lva") -> str:
    """Reference 000's open question, answered from the run's own counts.

    The article found its MVV-LVA search 1.9x above "optimal" at depth 5 and
    10x at depth 6 from the start, and could not say why. With the exact
    minimal tree and the per-ply and node-type counts the step can be located.
    """
    rows = {d: (_counters(run, position, d, mode), _counters(run, position, d, minimal.MINIMAL))
            for d in (4, 5, 6)}
    if any(c is None or m is None for c, m in rows.values()):
        return "(the run lacks the start position's mvv-lva or minimal records at depths 4-6)\n"
    ratio = {d: c["nodes"] / m["nodes"] for d, (c, m) in rows.items()}
    (c5, m5), (c6, m6) = rows[5], rows[6]
    table = render.Table("per_ply", f"Nodes per ply, {position} position: {mode} and oracle against the minimal tree",
                       minimal.per_ply_table(run, position, 6, [mode, minimal.ORACLE]))
    census = "\n".join(
        f"| {d} | {c['score']:+,} | {c['nodes'] / m['nodes']:.2f} | {c['expected_cut']:,} | "
        f"{c['behaved_cut']:,} | {c.get('expected_cut_behaved_all', 0):,} | "
        f"{c['first_move_cutoffs'] / c['cutoffs']:.1%} |"
        for d, (c, m) in rows.items())
    per_ply_2 = (c6["nodes_per_ply"][2], m6["nodes_per_ply"][2])
    return f"""\
### Why {mode}'s distance from optimal steps up at depth 6

Reference 000 measured its MVV-LVA search at 1.9× "optimal" at depth 5 and 10× at depth 6 from
the start position, against the Knuth–Moore estimate, and left the step unexplained. Against the
exact minimal tree our {mode} search is {ratio[4]:.2f}× at depth 4, {ratio[5]:.2f}× at depth 5 and
{ratio[6]:.2f}× at depth 6. The step is in the search, not in the optimum: from depth 5 to 6 the
minimal tree grows {m6['nodes'] / m5['nodes']:.1f}× ({m5['nodes']:,} → {m6['nodes']:,} nodes) while
{mode} grows {c6['nodes'] / c5['nodes']:.1f}× ({c5['nodes']:,} → {c6['nodes']:,}).

| depth | value | {mode} ÷ minimal | expected CUT | behaved CUT | expected CUT behaved ALL | first-move cut-off rate |
|---:|---:|---:|---:|---:|---:|---:|
{census}

{_value_story(c5["score"], c6["score"], per_ply_2, mode)}
{_oracle_sentence(_counters(run, position, 6, minimal.ORACLE), m6)}

{render.to_markdown(table).split(chr(10), 1)[1].lstrip(chr(10))}
"""


def _value_story(value5: int, value6: int, per_ply_2: tuple, mode: str) -> str:
    """How the root's value at depths 5 and 6 explains the step (when the values say so)."""
    if not value5 > 0 > value6:
        return (f"The value is {value5:+,} at depth 5 and {value6:+,} at depth 6; at ply 2 the minimal "
                f"tree has {per_ply_2[1]} nodes and {mode} visits {per_ply_2[0]}.")
    return f"""\
What changes is the value. Up to depth 4 the start position is worth 0 and nearly every line is
too, so any reply refutes a move and the first one tried does. At depth 5 the value is
{value5:+,}: White moves last and takes a pawn at the horizon, and each other root move is refuted
by any reply that loses no more. At depth 6 it is {value6:+,}: Black moves last, and each of
White's other first moves must be refuted by a reply that wins material by the end of the line — a
quiet move at ply 2, where MVV-LVA has no capture to sort and tries replies in generator order,
while the material only falls at ply 6.
The minimal tree needs {per_ply_2[1]} nodes at ply 2; {mode} visits {per_ply_2[0]}, and every
extra ply-2 node carries a four-ply subtree. The expected CUT nodes that searched every child
without cutting show the same step. Even and odd depths differ because of who moves last before
the horizon, as the article guessed."""


def _oracle_sentence(oracle: dict | None, minimal6: dict) -> str:
    if oracle is None:
        return ""
    return (f"Ordering by exact value (`oracle`) visits {oracle['nodes'] / minimal6['nodes']:.2f}× the "
            "minimal tree at depth 6: the gap is the ordering's, not the tree's.")


# --------------------------------------------------------------------------
# the suite study (results/study/, scripts/study.py): the page's opening summary
# --------------------------------------------------------------------------

STUDY_DIR = "study"
PATHOLOGY_MODE = "mvv-lva"   # reference 000's capture ordering, the one it found worthless from the start


def _mode_ratio(run: dict, position: str, depth: int, mode: str, baseline: str) -> float | None:
    mine, base = _counters(run, position, depth, mode), _counters(run, position, depth, baseline)
    return None if mine is None or base is None else mine["nodes"] / base["nodes"]


def _row_at(summary, depth: int, mode: str):
    rows = summary[(summary["depth"] == depth) & (summary["mode"] == mode)].dropna(subset=["ratio"])
    return None if rows.empty else rows.iloc[0]


def pathology(result: study.Study, reproduction: dict, depth: int, mode: str = PATHOLOGY_MODE) -> str:
    """Does reference 000's start position stand for real positions? Its ratio against the suite's."""
    row = _row_at(result.summary, depth, mode)
    start = _mode_ratio(reproduction, "start", depth, mode, result.baseline)
    if row is None or start is None:
        return f"(the suite study or reproduction.json lacks `{mode}` at depth {depth})"
    middle = _mode_ratio(reproduction, "middlegame", depth, mode, result.baseline)
    per_position = result.detail[(result.detail["depth"] == depth) & (result.detail["mode"] == mode)]
    as_poor = int((per_position["ratio"] >= start).sum())
    positions = int(row["positions"])
    if start > row["ci_high"]:
        where = (f"above the suite's interval: only {as_poor} of {positions} suite positions gain as little. "
                 "The pathology holds up: the start position understates what capture ordering buys")
    elif start < row["ci_low"]:
        where = (f"below the suite's interval: {as_poor} of {positions} suite positions gain less. "
                 "The start position overstates what capture ordering buys")
    else:
        where = (f"inside the suite's interval ({as_poor} of {positions} suite positions gain as little): "
                 "on these suites the start position is typical, and the pathology does not hold up")
    middlegame = "" if middle is None else f" and {study_page.ratio_text(middle)}× in the middlegame"
    return (f"Reference 000 found capture ordering nearly worthless from the start position and called the "
            f"position pathological. At depth {depth}, `{mode}` searches {study_page.ratio_text(start)}× "
            f"`{result.baseline}`'s nodes from the start position{middlegame} (reproduction.json); over the "
            f"suite's {positions} positions {study_page.comparison_sentence(row, result.baseline)}. "
            f"The start position lies {where}.")


def parity(result: study.Study, mode: str = PATHOLOGY_MODE) -> str:
    """Reference 000's "even depths beat odd ones", tested on the suite: the ratio and the growth."""
    rows = result.summary[result.summary["mode"] == mode].dropna(subset=["ratio"])
    ratios = dict(zip(rows["depth"].astype(int), rows["ratio"]))
    pairs = [(d, d + 1) for d in sorted(ratios) if d >= 2 and d + 1 in ratios]
    if not pairs:
        return ""
    even_lower = sum(ratios[a] < ratios[b] if a % 2 == 0 else ratios[b] < ratios[a] for a, b in pairs)
    odd, even = study.parity_growth(result.branching, mode)
    proof_odd, proof_even = study.parity_growth(result.branching, minimal.MINIMAL)
    shown = ", ".join(study_page.ratio_text(ratios[d]) for d in sorted(ratios) if d >= 2)
    proof = ("" if math.isnan(proof_odd) else
             f" (the exact minimal tree: {study_page.ratio_text(proof_odd)}× and "
             f"{study_page.ratio_text(proof_even)}×)")
    holds = "at every step" if even_lower == len(pairs) else f"in {even_lower} of {len(pairs)} adjacent pairs"
    more = "odd" if odd > even else "even"
    return (f"Reference 000 saw even depths gain more than odd ones in every run. Over the suite, `{mode}`'s "
            f"ratio to `{result.baseline}` is {shown} at depths {pairs[0][0]}–{pairs[-1][1]}: the even depth has "
            f"the lower ratio {holds}. Per ply, `{mode}`'s nodes grow {study_page.ratio_text(odd)}× into odd "
            f"depths and {study_page.ratio_text(even)}× into even ones{proof}: the search pays at {more} "
            "depths, geometric means over the suite.")


def suites_table(run: dict, depth: int, baseline: str, modes: tuple[str, ...]) -> str:
    """Per suite: the best ordering and a few named modes at one depth, each with its interval."""
    header = ["suite", "positions", "best (no oracle)"] + [f"`{m}`" for m in modes]
    body = []
    at_depth = study.select_depth(run, depth)
    for suite in study.suites(run):
        summary = study.study(study.select_suite(at_depth, suite), baseline).summary
        best = study.ranking(summary, depth)
        cells = [f"`{suite}`", str(int(best.iloc[0]["positions"])) if not best.empty else "0",
                 _ratio_cell(best.iloc[0], named=True) if not best.empty else render.MISSING]
        cells += [_ratio_cell(_row_at(summary, depth, m)) for m in modes]
        body.append(cells)
    return study_page.markdown_table(header, body, {1})


def _ratio_cell(row, named: bool = False) -> str:
    if row is None:
        return render.MISSING
    text = (f"{study_page.ratio_text(row['ratio'])} "
            f"({study_page.interval_text(row['ci_low'], row['ci_high'], int(row['positions']))})")
    return f"`{row['mode']}` {text}" if named else text


def study_run(results: Path) -> dict | None:
    """study/run.json, loaded once for the sections that read it (None: not made)."""
    path = results / STUDY_DIR / "run.json"
    return load.load_run(path) if path.exists() else None


def study_summary(run: dict | None, reproduction: dict) -> str:
    if run is None:
        return f"(the suite study is not generated: {STUDY_DIR}/run.json is missing)\n"
    result = study.study(run)
    depth = study.deepest_depth(result.summary)
    counts = suite_counts(run)
    ranked = study.ranking(result.summary, depth, exclude=())
    low, high = min(result.summary["depth"]), max(result.summary["depth"])
    depths = f"depth {low}" if low == high else f"depths {low}–{high}"
    return "\n".join([
        f"The suite study ([{STUDY_DIR}/study.md]({STUDY_DIR}/study.md), made by `scripts/study.py`): "
        f"{counts}, {depths}, every mode against "
        f"`{result.baseline}`. Ratios are mode nodes ÷ `{result.baseline}` nodes (below 1: fewer), geometric "
        "means over positions with 95 % bootstrap intervals over positions.\n",
        pathology(result, reproduction, depth) + "\n",
        parity(result) + "\n",
        "\n".join(f"- {line}" for line in study_page.answer(result, depth)) + "\n",
        f"Per suite at depth {depth} (ratio and 95 % interval):\n",
        suites_table(run, depth, result.baseline, (PATHOLOGY_MODE, minimal.ORACLE)),
        f"![forest plot]({STUDY_DIR}/study_forest.png)\n",
        f"### The suite study at depth {depth}, fewest nodes first\n",
        study_page.summary_markdown(result, ranked, with_depth=False),
        f"Every depth, the growth per ply and the per-position detail: [{STUDY_DIR}/study.md]({STUDY_DIR}/study.md), "
        f"[{STUDY_DIR}/study_positions.md]({STUDY_DIR}/study_positions.md); Bratko-Kopec alone: "
        f"[{STUDY_DIR}/bratko-kopec/study.md]({STUDY_DIR}/bratko-kopec/study.md).\n"])


def suite_counts(run: dict) -> str:
    """'64 positions: 24 from positions/bratko-kopec.epd, 30 from …'."""
    by_suite = {}
    for position in run["positions"]:
        by_suite[position.get("suite")] = by_suite.get(position.get("suite"), 0) + 1
    parts = [f"{count} from `{suite}`" for suite, count in by_suite.items()]
    return f"{len(run['positions'])} positions ({', '.join(parts)})"


def build_page(results: Path) -> str:
    run = load.load_run(results / "reproduction.json")
    reference = load.load_reference()
    rows = chess_rows(run, reference)
    suite_run = study_run(results)
    # Summaries first, long per-position tables last; reference 003's section
    # after reference 002's, before the plots.
    parts = [
        "# Results: the ordering study and the reference articles' tables, regenerated\n",
        "Made by `scripts/reproduce.sh` (README command 1); do not edit by hand. "
        "Raw data: `study/run.json` (the suite study), `reproduction.json` (reference 000's two positions, "
        "kind \"run\"), `trees/*.json` (synthetic trees) and `deep/*.json` (the rows beyond the article, made "
        "only by `scripts/reproduce.sh --deep` and `--campaigns`). "
        "Tables exist as Markdown and CSV; plots as PNG and SVG.\n",
        "## Summary: is the start position pathological, and which ordering wins?\n",
        study_summary(suite_run, run),
        ARTICLES + "\n",
        "## Chess node counts beside reference 000\n",
        format_chess(rows) + "\n",
        "\n".join(f"- **{mode}**: {agreement(rows, mode)} {note}" for mode, note in NOTES.items()) + "\n",
        PORTABLE_NOTE + "\n",
        scan_order_section(results),
        section("The exact minimal tree", results / "minimal_tree_summary.md"),
        ebeling_page.section(results, suite_run),
        depth_six_answer(run),
        deep_page.deep_section(results / "deep", run),
        section("Random trees (reference 001)", results / "random_trees.md"),
        "Reference 001 does not state its leaf-value distribution; ours is uniform integers in "
        "[-100, 100] from a hash of (seed, tree, path), so only the exact results (best-first "
        "reaches the 431-leaf minimal tree on every tree) must match; the statistical ones "
        "(natural and random order, PVS against alpha-beta, MTD(f) passes) are comparable in size.\n",
        section("The standing tree (reference 002)", results / "standing_tree.md"),
        section("Full tree against the best case (reference 002)", results / "theory.md"),
        ref003_page.section(results),
        enhancements_section(results),
        pruning_page.section(results),
        parallel_page.section(results),
        engines_section(results),
        section("The bug museum: which check catches which alpha-beta bug", results / "museum.md"),
        "## Plots\n",
        "![nodes vs depth](nodes_vs_depth.png)\n![reduction vs depth](reduction_vs_depth.png)\n"
        "![ordering gain](ordering_gain.png)\n![ratio to the minimal tree](minimal_tree_ratio.png)\n",
        "# Per-position tables\n",
        "The long tables behind the summaries above, reference 000's two positions at every depth "
        "(also as [reduction.md](reduction.md), [ordering_gain.md](ordering_gain.md), "
        "[minimal_tree.md](minimal_tree.md), [node_types.md](node_types.md), "
        "[cutoff_rates.md](cutoff_rates.md) and their CSV files).\n",
        section("Reduction against minimax (every mode)", results / "reduction.md"),
        section("Ordering gain against unordered alpha-beta", results / "ordering_gain.md"),
        section("Every search against the exact minimal tree", results / "minimal_tree.md"),
        section("PV/CUT/ALL census", results / "node_types.md"),
        section("First-move cut-off rates", results / "cutoff_rates.md"),
    ]
    return "\n".join(parts)
