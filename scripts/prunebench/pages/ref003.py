"""The reference-003 section of results/README.md, from the main job's runs.

Reference 003 (a tutorial on alpha-beta, iterative deepening and
transposition tables) makes three claims that a fixed-depth harness can
check; prunebench.ref003 computes the tables, this module words them. Inputs,
all written by scripts/reproduce.sh: reproduction.json and ref003.json
(reference 000's two positions: every mode, and the table modes with
tt-draft=ge), study/run.json and study/ref003.json (the ordering study's
suite, the same split). Every figure is computed here from those files.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from prunebench import frames, load, ref003, render

# The alpha-beta modes the reference-003 runs add (scripts/reproduce.sh).
EXTRA_RUN = "ref003.json"


def _records(*paths: Path) -> tuple[pd.DataFrame, pd.DataFrame] | None:
    """Records and position depths of several runs of the same positions, combined."""
    runs = [load.load_run(path) for path in paths if path.exists()]
    if len(runs) != len(paths):
        return None
    combined = dict(runs[0])
    combined["records"] = [r for run in runs for r in run["records"]]
    return frames.records_frame(combined), frames.position_depths_frame(runs[0])


def _geomean(values) -> float:
    values = [v for v in values if v and not pd.isna(v) and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else math.nan


def _markdown(frame: pd.DataFrame, title: str = "") -> str:
    text = render.to_markdown(render.Table("t", title, frame))
    return text.split("\n", 1)[1].lstrip("\n")  # without the heading


def branching_part(reference: tuple, suite: tuple | None) -> str:
    records, depths = reference
    table = ref003.branching_table(records, depths)
    lines = ["**Claim 1: \"with perfect move ordering, alpha-beta reduces the effective branching factor "
             "from b to roughly √b.\"** Effective branching factor = nodes^(1/d); b = perft(d)^(1/d), the "
             "tree's own; perfect ordering's bound is the exact minimal tree (`minimal`).\n",
             _markdown(table)]
    if suite is not None:
        suite_table = ref003.branching_table(*suite)
        by_depth = suite_table.groupby("depth")["minimal ebf ÷ sqrt b"].agg(["size", _geomean]).reset_index()
        by_depth.columns = ["depth", "positions", "minimal ebf ÷ √b (geometric mean)"]
        lines += ["Over the ordering study's suite (positions whose full tree fits the study's node limit):\n",
                  _markdown(by_depth)]
    odd = table[table["depth"] % 2 == 1]["minimal ebf ÷ sqrt b"]
    even = table[(table["depth"] % 2 == 0)]["minimal ebf ÷ sqrt b"]
    lines.append(f"From depth 2 on, the minimal tree's branching factor is {_range(table, 2)}× √b on "
                 f"reference 000's positions — {_range_of(even)}× at even depths, "
                 f"{_range_of(odd[table['depth'] > 1])}× at odd ones: \"roughly √b\" holds only as an "
                 "asymptote, because the minimal tree has b^⌈d/2⌉ leaves, not b^(d/2), and a node count "
                 "adds the interior. At depth 1 every move must be searched, so nothing is cut.\n")
    return "\n".join(lines)


def _range(table: pd.DataFrame, from_depth: int) -> str:
    return _range_of(table[table["depth"] >= from_depth]["minimal ebf ÷ sqrt b"])


def _range_of(values: pd.Series) -> str:
    if values.empty:
        return "—"
    return f"{values.min():.2f}–{values.max():.2f}"


def iterative_deepening_part(reference: tuple, suite: tuple | None) -> str:
    table = ref003.iterative_deepening_table(reference[0])
    shown = table[["position", "depth", "id_total", "last_iteration", "shallower_share", "mvv-lva+tt",
                   "mvv-lva+tt_ratio", "mvv-lva", "mvv-lva_ratio"]].rename(columns={
                       "id_total": "id-tt nodes", "last_iteration": "its last iteration",
                       "shallower_share": "shallower iterations' share",
                       "mvv-lva+tt_ratio": "mvv-lva+tt ÷ id-tt", "mvv-lva_ratio": "mvv-lva ÷ id-tt"})
    lines = ["**Claim 2: iterative deepening's shallower searches \"populate your transposition tables and "
             "move ordering heuristics\", paying for themselves.** `id-tt` (iterative deepening, table, hash "
             "and PV move first, MVV-LVA) against the same ordering without the shallower iterations "
             "(`mvv-lva+tt`) and without the table (`mvv-lva`). The first d−1 iterations of an `id-tt` "
             "search to depth d are the `id-tt` search to depth d−1, so its last iteration alone costs the "
             "difference.\n", _markdown(shown)]
    summary = table if suite is None else ref003.iterative_deepening_table(suite[0])
    where = "reference 000's two positions" if suite is None else "the ordering study's suite"
    lines.append(_pays_sentence(summary, where))
    lines.append(_verdict_sentence(summary, where))
    return "\n".join(lines)


def pays_verdicts(table: pd.DataFrame, mode: str) -> dict[int, str]:
    """Per depth from 2: "pays", "costs" or "undecided" for id-tt against `mode`.

    The shallower iterations pay for themselves at a depth when both the
    geometric-mean ratio (mode ÷ id-tt) is above 1 and id-tt searches fewer
    nodes at more than half of the positions; they cost when neither holds;
    the two disagreeing is undecided.
    """
    verdicts = {}
    for depth, rows in table[table["depth"] >= 2].groupby("depth"):
        by_mean = _geomean(rows[f"{mode}_ratio"]) > 1
        by_count = 2 * int((rows["id_total"] < rows[mode]).sum()) > len(rows)
        verdicts[int(depth)] = "pays" if by_mean and by_count else "costs" if not (by_mean or by_count) else "undecided"
    return verdicts


def _depths_text(depths: list[int]) -> str:
    if len(depths) > 2 and depths == list(range(depths[0], depths[-1] + 1)):
        return f"depths {depths[0]}–{depths[-1]}"
    if len(depths) == 1:
        return f"depth {depths[0]}"
    return "depths " + ", ".join(map(str, depths[:-1])) + f" and {depths[-1]}"


def _verdict_sentence(table: pd.DataFrame, where: str) -> str:
    """The claim's verdict, from the counts: where the shallower iterations pay, where they cost."""
    parts = []
    for mode in (ref003.SAME_ORDERING_TT, ref003.SAME_ORDERING):
        verdicts = pays_verdicts(table, mode)
        words = {"pays": "pay for themselves at", "costs": "cost nodes at",
                 "undecided": "are undecided (the mean and the count of positions disagree) at"}
        said = [f"{words[v]} {_depths_text([d for d in verdicts if verdicts[d] == v])}"
                for v in ("pays", "undecided", "costs") if v in verdicts.values()]
        subject = "they" if parts else "the shallower iterations"
        parts.append(f"against `{mode}` {subject} {', '.join(said) if said else 'were not measured'}")
    fair = pays_verdicts(table, ref003.SAME_ORDERING_TT)  # same ordering, same table: the iterations alone
    paying = [d for d, v in fair.items() if v == "pays"]
    conclusion = ("the claim does not hold at any depth measured" if not paying
                  else "the claim holds at every depth measured" if len(paying) == len(fair)
                  else f"the claim holds only at {_depths_text(paying)}")
    return (f"**Verdict** on {where} (paying = a geometric-mean ratio above 1 and `id-tt` ahead at more than "
            f"half of the positions): {'; '.join(parts)}; against the same ordering with a table, {conclusion}.\n")


def _pays_sentence(table: pd.DataFrame, where: str) -> str:
    parts = []
    for depth, rows in table[table["depth"] >= 2].groupby("depth"):
        pays_tt = int((rows["id_total"] < rows["mvv-lva+tt"]).sum())
        pays = int((rows["id_total"] < rows["mvv-lva"]).sum())
        parts.append(f"depth {depth}: `id-tt` beats `mvv-lva+tt` at {pays_tt} and `mvv-lva` at {pays} of "
                     f"{len(rows)} positions (geometric-mean ratios {_geomean(rows['mvv-lva+tt_ratio']):.2f} "
                     f"and {_geomean(rows['mvv-lva_ratio']):.2f})")
    return (f"On {where} — " + "; ".join(parts) + ". A ratio above 1 means the shallower iterations paid "
            "for themselves.\n")


def draft_rule_part(reference: tuple, suite: tuple | None, fens: dict[str, str]) -> str:
    tables = [ref003.draft_rule_table(reference[0])]
    if suite is not None:
        tables.append(ref003.draft_rule_table(suite[0]))
    table = pd.concat([t for t in tables if not t.empty], ignore_index=True)
    summary = ref003.draft_rule_summary(table)
    lines = ["**Claim 3: use the cached score when \"the cached depth is greater than or equal to your "
             "current search depth\".** The tutorial's rule is `tt-draft=ge`; prunebench's exact rule "
             "(`tt-draft=eq`) uses an entry only at equal depth. Over reference 000's two positions"
             + (" and the ordering study's suite" if suite is not None else "") + ":\n",
             _markdown(summary.rename(columns={"scores_differ": "positions whose score differs"}))]
    deepest = summary[summary["depth"] == summary["depth"].max()]
    saved = 1 - deepest["nodes_ge"].sum() / deepest["nodes_exact"].sum()
    share = "no node" if saved == 0 else render.signed_percent(abs(saved)).lstrip("+") + " of the nodes"
    lines.append(f"At depth {deepest['depth'].max()}, summed over these modes, the tutorial's rule "
                 f"{'costs' if saved < 0 else 'saves'} {share}: in a fixed-depth "
                 "search a deeper entry rarely ends a node that an equal one would not, and replacing "
                 "entries changes which moves come first. What it does change is the value.\n")
    changed = table[table["score_differs"]]
    if changed.empty:
        lines.append("No score differed at these depths.\n")
    else:
        first = changed.iloc[0]
        lines.append(f"{len(changed)} (position, depth, mode) searches returned another score than the "
                     f"fixed-depth value, e.g. {first['position']} at depth {first['depth']} with "
                     f"`{first['mode']}`: {first['score_ge']} instead of {first['score_exact']}. Up to "
                     "depth 4 the two rules search identically (README glossary, tt-draft=ge). Rerun:\n")
        lines.append(f"```sh\nbuild/harness/prunebench search --fen \"{fens.get(str(first['position']), 'FEN')}\" "
                     f"--depth {first['depth']} --mode {first['mode']},tt-draft=ge --json\n```\n")
    return "\n".join(lines)


def section(results: Path) -> str:
    """The whole reference-003 section, or a line saying which input is missing."""
    reference = _records(results / "reproduction.json", results / EXTRA_RUN)
    if reference is None:
        return "## Reference 003\n\n(not generated: reproduction.json or ref003.json is missing)\n"
    suite = _records(results / "study" / "run.json", results / "study" / EXTRA_RUN)
    fens = {p["id"]: p["fen"] for path in (results / "reproduction.json", results / "study" / "run.json")
            if path.exists() for p in load.load_run(path)["positions"]}
    return "\n".join(["## Reference 003: iterative deepening and the transposition table, measured\n",
                      branching_part(reference, suite), iterative_deepening_part(reference, suite),
                      draft_rule_part(reference, suite, fens)])
