#!/usr/bin/python3
"""Load, validate and tabulate the JSON files that prunebench writes.

The one module every script and notebook imports, so that a file is read and
checked in exactly one way (formats: docs/json-schema.md). Sections:

  loading     load() reads a file, checks schema_version, kind, its kind's
              JSON Schema (docs/schema/) and what a schema cannot say, and
              raises DataError with a one-line message;
  frames      runs as pandas DataFrames (records with counters; positions);
  theory      the Knuth-Moore minimal tree (reference 001);
  tables      reductions, ordering gains, cut-off rates (minimal-tree
              tables: prunebench_minimal),
              random-tree, standing-tree and theory tables, each computed as a
              DataFrame, optionally with the articles' figures beside ours;
  rendering   any table as Markdown or CSV text.

Computing is kept apart from printing: table functions return DataFrames and
never format numbers; only the rendering section does.
"""

from __future__ import annotations

import functools
import json
import math
import numbers
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import jsonschema
import pandas as pd

SCHEMA_VERSION = 1
REFERENCE_PATH = Path(__file__).resolve().with_name("reference_figures.json")

# Modes the comparison tables are measured against (names given to `prunebench run`).
MINIMAX = "minimax"
UNORDERED = "unordered"
# spec.algorithm values that search the full tree: they prune nothing, so they
# are baselines, never entries of the ordering, minimal-tree or cut-off tables.
# ("minimal", the exact minimal tree, is a denominator: see prunebench_minimal.)
FULL_WIDTH_ALGORITHMS = ("minimax", "negamax")


class DataError(Exception):
    """A file that cannot be used. str() is one line that names the file."""


# --------------------------------------------------------------------------
# loading and validation
# --------------------------------------------------------------------------


# The formats, one JSON Schema per kind (docs/schema/<kind>.json); load()
# checks a document against its kind's schema, then what a schema cannot say
# (record keys unique and pointing at a position, nothing empty).
SCHEMA_DIR = Path(__file__).resolve().parents[1] / "docs" / "schema"
# Counters every prunebench search record has; an external engine's record
# (spec.algorithm "uci-engine") has only the engine-reported node count.
ENGINE_ALGORITHM = "uci-engine"
COUNTER_FIELDS = ("nodes", "leaves", "cutoffs", "first_move_cutoffs")

TREE_LAB_KINDS = ("tree", "standing", "theory")

_TYPE_WORDS = {"integer": "an integer", "number": "a number", "string": "a string", "object": "an object",
               "array": "an array", "boolean": "a boolean", "null": "null"}


def _json_type_name(value: object) -> str:
    """The JSON name of a parsed value's type, for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _reject_constant(name: str):
    # Python's json accepts NaN and Infinity; JSON (and prunebench) does not.
    raise ValueError(f"{name} is not valid JSON")


def _parse_json(text: str, path):
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        # Running out of input (the writer was killed, the copy was cut short)
        # is common enough to deserve its own words.
        at_end = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
        where = f"line {error.lineno} column {error.colno}"
        if at_end:
            raise DataError(f"{path}: truncated JSON (input ends inside a value at {where})") \
                from None
        raise DataError(f"{path}: not valid JSON ({error.msg} at {where})") from None
    except ValueError as error:
        raise DataError(f"{path}: not valid JSON ({error})") from None


def read_json(path) -> object:
    """Read and parse one JSON file; every failure becomes a DataError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DataError(f"{path}: is a directory, not a JSON file") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not UTF-8 text") from None
    except OSError as error:
        raise DataError(f"{path}: cannot read ({error.strerror})") from None
    if not text.strip():
        raise DataError(f"{path}: empty file")
    return _parse_json(text, path)


def _check_header(document: object, path, kinds: tuple[str, ...]) -> None:
    if not isinstance(document, dict):
        raise DataError(f"{path}: expected a JSON object at the top level, "
                        f"got {_json_type_name(document)}")
    for name, kind, words in (("schema_version", int, "an integer"), ("kind", str, "a string")):
        if name not in document:
            raise DataError(f"{path}: missing field {name}")
        if not isinstance(document[name], kind) or isinstance(document[name], bool):
            raise DataError(f"{path}: {name} must be {words}, got {_json_type_name(document[name])}")
    if document["schema_version"] != SCHEMA_VERSION:
        raise DataError(f"{path}: schema_version {document['schema_version']} is not supported "
                        f"(this reader knows {SCHEMA_VERSION})")
    if document["kind"] not in kinds:
        expected = " or ".join(repr(k) for k in kinds)
        raise DataError(f"{path}: kind is {document['kind']!r}, expected {expected}")


@functools.cache
def _validator(kind: str) -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(read_json(SCHEMA_DIR / f"{kind}.json"))


def _location(parts) -> str:
    """['records', 5, 'counters', 'nodes'] -> 'records[5].counters.nodes'."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _expected(schema: dict) -> str:
    """What a (sub)schema accepts, in words: 'a non-negative integer', 'a string or null'."""
    if "const" in schema:
        return repr(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(repr(v) for v in schema["enum"])
    types = schema.get("type", [])
    words = [_TYPE_WORDS[t] for t in ([types] if isinstance(types, str) else types)]
    if schema.get("minimum") == 0 and "an integer" in words:
        words[words.index("an integer")] = "a non-negative integer"
    return " or ".join(words) or "something else"


def _check_schema(document: dict, path) -> None:
    """One line for the most relevant way `document` breaks its kind's schema."""
    error = jsonschema.exceptions.best_match(_validator(document["kind"]).iter_errors(document))
    if error is None:
        return
    where = _location(error.absolute_path)
    if error.validator == "required":
        missing = next(name for name in error.validator_value if name not in error.instance)
        raise DataError(f"{path}: missing field {where + '.' if where else ''}{missing}")
    raise DataError(f"{path}: {where or 'the document'} must be {_expected(error.schema)}, "
                    f"got {_json_type_name(error.instance)}")


def _validate_run(run: dict, path) -> None:
    ids = set()
    for position in run["positions"]:
        if position["id"] in ids:
            raise DataError(f"{path}: position id {position['id']!r} appears twice")
        ids.add(position["id"])
    if not run["records"]:
        raise DataError(f"{path}: records is empty")
    seen = set()
    for index, record in enumerate(run["records"]):
        where = f"records[{index}]"
        if record["position_id"] not in ids:
            raise DataError(f"{path}: {where}.position_id {record['position_id']!r} "
                            f"is not in positions")
        key = (record["position_id"], record["depth"], record["mode"])
        if key in seen:
            raise DataError(f"{path}: {where} repeats position {key[0]!r} "
                            f"depth {key[1]} mode {key[2]!r}")
        seen.add(key)


def _validate_tree(tree: dict, path) -> None:
    if not tree["trees"]:
        raise DataError(f"{path}: trees is empty")


_VALIDATORS = {"run": _validate_run, "tree": _validate_tree,
               "standing": lambda document, path: None, "theory": lambda document, path: None}


def load(path, kinds: str | tuple[str, ...]) -> dict:
    """Read a prunebench file, check it is one of `kinds`, and validate it."""
    kinds = (kinds,) if isinstance(kinds, str) else tuple(kinds)
    document = read_json(path)
    _check_header(document, path, kinds)
    _check_schema(document, path)
    _VALIDATORS[document["kind"]](document, path)
    return document


def load_run(path) -> dict:
    return load(path, "run")


def load_tree_lab(directory) -> dict[str, list[dict]]:
    """Every tree, standing and theory file in a directory, by kind, in name order."""
    directory = Path(directory)
    if not directory.is_dir():
        raise DataError(f"{directory}: no such directory")
    paths = sorted(directory.glob("*.json"))
    if not paths:
        raise DataError(f"{directory}: no .json files")
    by_kind: dict[str, list[dict]] = {kind: [] for kind in TREE_LAB_KINDS}
    for path in paths:
        document = load(path, TREE_LAB_KINDS)
        by_kind[document["kind"]].append(document)
    return by_kind


def load_reference(path=REFERENCE_PATH) -> dict:
    """The articles' figures (scripts/reference_figures.json)."""
    reference = read_json(path)
    for section in ("chess", "random_trees", "standing_tree", "theory"):
        if not isinstance(reference, dict) or section not in reference:
            raise DataError(f"{path}: missing section {section}")
    return reference


# --------------------------------------------------------------------------
# frames
# --------------------------------------------------------------------------


def _ordered(values: Iterable[str]) -> list[str]:
    """Distinct values in order of first appearance."""
    return list(dict.fromkeys(values))


def _record_row(record: dict) -> dict:
    spec = record["spec"]
    row = {"position": record["position_id"], "depth": record["depth"], "mode": record["mode"],
           "algorithm": spec.get("algorithm"), "ordering": spec.get("ordering"),
           "tt": bool(spec.get("tt", False)),
           "score": record.get("score"), "best_move": record.get("best_move")}
    # Scalar counters become columns; per-ply and per-index arrays stay out.
    row.update({name: value for name, value in record["counters"].items()
                if not isinstance(value, list)})
    row["seconds"] = record.get("seconds")
    row["nodes_per_second"] = record.get("nodes_per_second")
    return row


def records_frame(run: dict) -> pd.DataFrame:
    """One row per record: position, depth, mode, spec summary, every scalar counter.

    `position` and `mode` are ordered categoricals (suite order, command-line
    order) so that every table sorts the way the run was given.
    """
    frame = pd.DataFrame([_record_row(r) for r in run["records"]])
    for name in COUNTER_FIELDS:  # engine records have nodes only: their other counters are unknown
        if name not in frame:
            frame[name] = math.nan
    frame["position"] = pd.Categorical(frame["position"], ordered=True,
                                       categories=[p["id"] for p in run["positions"]])
    frame["mode"] = pd.Categorical(frame["mode"], ordered=True,
                                   categories=_ordered(r["mode"] for r in run["records"]))
    return frame.sort_values(["position", "depth", "mode"], kind="stable").reset_index(drop=True)


def positions_frame(run: dict) -> pd.DataFrame:
    """One row per position: id, suite, FEN, material balance, deepest perft."""
    rows = [{"position": p["id"], "suite": p.get("suite"), "fen": p["fen"],
             "material_balance": p.get("material", {}).get("balance"),
             "max_depth": len(p["perft"]) - 1} for p in run["positions"]]
    return pd.DataFrame(rows)


def _branching_at(position: dict, depth: int) -> float:
    given = position.get("effective_branching_factor", [])
    if len(given) >= depth:
        return float(given[depth - 1])
    return effective_branching_factor(position["perft"], depth)


def _minimal_tree_at(position: dict, depth: int, branching: float):
    given = position.get("minimal_tree", [])
    if len(given) >= depth:
        return given[depth - 1]
    if branching <= 0:
        return None  # no legal moves at this depth: no tree to prove
    return round(minimal_tree_leaves(branching, depth))


def position_depths_frame(run: dict) -> pd.DataFrame:
    """One row per position and depth: perft, effective branching factor, minimal tree.

    Uses the file's effective_branching_factor and minimal_tree when present,
    and recomputes them from perft otherwise.
    """
    rows = []
    for position in run["positions"]:
        for depth in range(1, len(position["perft"])):
            branching = _branching_at(position, depth)
            rows.append({"position": position["id"], "depth": depth,
                         "perft": position["perft"][depth],
                         "effective_branching_factor": branching,
                         "minimal_tree": _minimal_tree_at(position, depth, branching)})
    frame = pd.DataFrame(rows, columns=["position", "depth", "perft", "effective_branching_factor",
                                        "minimal_tree"])
    frame["position"] = pd.Categorical(frame["position"], ordered=True,
                                       categories=[p["id"] for p in run["positions"]])
    frame["minimal_tree"] = frame["minimal_tree"].astype("Int64")
    return frame


# --------------------------------------------------------------------------
# theory (reference 001: Knuth and Moore, 1975)
# --------------------------------------------------------------------------


def minimal_tree_leaves(branching, depth: int):
    """Leaves of the minimal tree: b^ceil(d/2) + b^floor(d/2) - 1.

    Two strategy trees prove the root value, one per player, and they share
    the principal variation's leaf. Exact for integer b.
    """
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def effective_branching_factor(perft: list[int], depth: int) -> float:
    """b_d = perft(d)^(1/d): the uniform branching that gives the same tree size."""
    return perft[depth] ** (1.0 / depth)


# --------------------------------------------------------------------------
# chess tables
# --------------------------------------------------------------------------


def _is_full_width(records: pd.DataFrame) -> pd.Series:
    return (records["mode"] == MINIMAX) | records["algorithm"].isin(FULL_WIDTH_ALGORITHMS)


def _against_baseline(records: pd.DataFrame, baseline: str, compared: pd.Series,
                      ratio: str) -> pd.DataFrame:
    """Compared records beside the baseline mode's nodes at the same position and depth.

    `ratio` = baseline nodes / nodes, so larger means the mode searched less.
    Empty when the run has no baseline records.
    """
    base_column = f"{baseline}_nodes"
    base = records.loc[records["mode"] == baseline, ["position", "depth", "nodes"]]
    base = base.rename(columns={"nodes": base_column})
    rows = records.loc[compared & (records["mode"] != baseline),
                       ["position", "depth", "mode", "nodes"]]
    table = rows.merge(base, on=["position", "depth"], how="inner")
    table = table[["position", "depth", "mode", base_column, "nodes"]]
    table[ratio] = table[base_column] / table["nodes"]
    return table.sort_values(["position", "depth", "mode"], kind="stable").reset_index(drop=True)


def reduction_table(records: pd.DataFrame, reference: dict | None = None) -> pd.DataFrame:
    """Minimax against every other mode: reduction = minimax nodes / mode nodes."""
    table = _against_baseline(records, MINIMAX, records["mode"] != MINIMAX, "reduction")
    if reference is not None:
        table = _with_article_ratio(table, reference, MINIMAX, "reduction")
    return table


def ordering_gain_table(records: pd.DataFrame, reference: dict | None = None) -> pd.DataFrame:
    """Unordered alpha-beta against every other pruning mode: gain = unordered / mode nodes."""
    table = _against_baseline(records, UNORDERED, ~_is_full_width(records), "gain")
    if reference is not None:
        table = _with_article_ratio(table, reference, UNORDERED, "gain")
    return table


def cutoff_rate_table(records: pd.DataFrame) -> pd.DataFrame:
    """Cut-offs and the share caused by the first move searched (ordering quality).

    The rate is recomputed from the counts, and left empty when there was no
    cut-off, rather than reported as 0 %.
    """
    searches = ~_is_full_width(records) & (records["algorithm"] != "minimal")
    table = records.loc[searches, ["position", "depth", "mode", "cutoffs", "first_move_cutoffs"]].copy()
    cutoffs = table["cutoffs"].astype("float64")
    table["first_move_cutoff_rate"] = (table["first_move_cutoffs"] / cutoffs).where(cutoffs > 0)
    return table.reset_index(drop=True)


def pooled_cutoff_rates(records: pd.DataFrame) -> pd.DataFrame:
    """Per mode and depth, the first-move cut-off rate over all positions' cut-offs.

    Pooling counts (not averaging rates) weights each position by its cut-offs,
    so a position with three cut-offs cannot swing the figure.
    """
    rates = cutoff_rate_table(records)
    grouped = rates.groupby(["mode", "depth"], observed=True)
    pooled = grouped[["cutoffs", "first_move_cutoffs"]].sum().reset_index()
    cutoffs = pooled["cutoffs"].astype("float64")
    pooled["first_move_cutoff_rate"] = (pooled["first_move_cutoffs"] / cutoffs).where(cutoffs > 0)
    return pooled


def geometric_mean_over_positions(table: pd.DataFrame, column: str) -> pd.DataFrame:
    """Per depth and mode, the geometric mean of a positive column over all positions.

    Ratios multiply, so their geometric mean is the honest average; used to
    summarise runs with too many positions for one panel each.
    """
    grouped = table.groupby(["depth", "mode"], observed=True)[column]
    summary = grouped.agg(lambda values: math.exp(values.map(math.log).mean()))
    summary = summary.reset_index()
    count = table["position"].nunique()
    summary.insert(0, "position", f"geometric mean of {count} positions")
    return summary


# --------------------------------------------------------------------------
# reference figures (scripts/reference_figures.json)
# --------------------------------------------------------------------------


def article_nodes(reference: dict, position: str, mode: str, depth: int) -> int | None:
    """Reference 000's node count for a position id, mode and depth, if it printed one."""
    by_mode = reference["chess"]["nodes"].get(str(position), {})
    return by_mode.get(str(mode), {}).get(str(depth))


def _with_article_ratio(table: pd.DataFrame, reference: dict, baseline: str,
                        ratio: str) -> pd.DataFrame:
    """Add the article's node count for each row and the ratio it implies."""
    keys = list(zip(table["position"], table["mode"], table["depth"]))
    mode_nodes = [article_nodes(reference, p, m, d) for p, m, d in keys]
    base_nodes = [article_nodes(reference, p, baseline, d) for p, _, d in keys]
    table = table.copy()
    table["article_nodes"] = pd.array(mode_nodes, dtype="Int64")
    table[f"article_{ratio}"] = [b / n if b is not None and n is not None else math.nan
                                 for b, n in zip(base_nodes, mode_nodes)]
    return table


def _order_key(order: str) -> str:
    """'best-first', 'BEST_FIRST' and 'best' name the same synthetic-tree order."""
    key = order.lower().replace("_", "-")
    return key[:-len("-first")] if key.endswith("-first") else key


def _article_tree_experiment(reference: dict, experiment: dict) -> dict:
    section = reference["random_trees"]
    if (experiment["branching"], experiment["depth"]) != (section["branching"], section["depth"]):
        return {}
    for candidate in section["experiments"]:
        if (_order_key(candidate["order"]) == _order_key(experiment["order"])
                and candidate["algo"] == experiment["algo"]
                and candidate.get("guess") == experiment.get("guess")):
            return candidate
    return {}


# --------------------------------------------------------------------------
# tree-lab tables
# --------------------------------------------------------------------------


def experiment_label(experiment: dict) -> str:
    """'natural alphabeta', 'random pvs', 'natural mtdf guess=0'."""
    label = f"{experiment['order']} {experiment['algo']}"
    if experiment.get("guess") is not None:
        label += f" guess={experiment['guess']}"
    return label


def _random_tree_row(tree: dict) -> dict:
    leaves = [row["leaves"] for row in tree["trees"]]
    passes = [row["passes"] for row in tree["trees"] if row.get("passes") is not None]
    experiment = tree["experiment"]
    mean_leaves = sum(leaves) / len(leaves)
    return {"experiment": experiment_label(experiment), "branching": experiment["branching"],
            "depth": experiment["depth"], "trees": len(leaves), "mean_leaves": mean_leaves,
            "min_leaves": min(leaves), "max_leaves": max(leaves),
            "minimal_tree": tree["minimal_tree_leaves"],
            "ratio_to_minimal": mean_leaves / tree["minimal_tree_leaves"],
            "mean_passes": sum(passes) / len(passes) if passes else math.nan}


def _article_tree_columns(reference: dict, experiment: dict) -> dict:
    article = _article_tree_experiment(reference, experiment)
    mean = article.get("mean_leaves")
    ratio = article.get("ratio_to_minimal")
    if ratio is None and mean is not None:
        ratio = mean / reference["random_trees"]["minimal_tree_leaves"]
    return {"article_mean_leaves": math.nan if mean is None else float(mean),
            "article_ratio": math.nan if ratio is None else float(ratio)}


def random_tree_table(trees: list[dict], reference: dict | None = None) -> pd.DataFrame:
    """One row per experiment file: leaves read over its trees, against the minimal tree.

    Summaries are recomputed from the per-tree rows, the raw measurements.
    """
    rows = []
    for tree in trees:
        row = _random_tree_row(tree)
        if reference is not None:
            row.update(_article_tree_columns(reference, tree["experiment"]))
        rows.append(row)
    return pd.DataFrame(rows)


def standing_table(standings: list[dict], reference: dict | None = None) -> pd.DataFrame:
    """Reference 002's 3x3 tree searched in each branch order: value and leaves read."""
    rows = []
    for standing in sorted(standings, key=lambda s: s["order"]):
        row = {"order": standing["order"], "value": standing["value"],
               "leaves_examined": standing["leaves_examined"]}
        if reference is not None:
            article = reference["standing_tree"]
            row["article_value"] = article["value"]
            row["article_leaves_examined"] = article["leaves_examined"].get(standing["order"])
        rows.append(row)
    table = pd.DataFrame(rows)
    if "article_leaves_examined" in table:
        table["article_leaves_examined"] = table["article_leaves_examined"].astype("Int64")
    return table


def theory_table(theories: list[dict], reference: dict | None = None) -> pd.DataFrame:
    """b^d leaves for full minimax against the best case, per (b, d)."""
    rows = [dict(row) for theory in theories for row in theory["rows"]]
    columns = ["branching", "depth", "minimax_leaves", "best_case_leaves"]
    table = pd.DataFrame(rows, columns=columns).drop_duplicates(["branching", "depth"], keep="last")
    if reference is not None:
        article = {(r["branching"], r["depth"]): r for r in reference["theory"]["rows"]}
        for column in ("minimax_leaves", "best_case_leaves"):
            values = [article.get((b, d), {}).get(column)
                      for b, d in zip(table["branching"], table["depth"])]
            table[f"article_{column}"] = pd.array(values, dtype="Int64")
    return table.reset_index(drop=True)


# --------------------------------------------------------------------------
# rendering
# --------------------------------------------------------------------------


@dataclass
class Table:
    """A computed table and the words that go with it."""

    name: str                    # file stem: <name>.md, <name>.csv
    title: str
    frame: pd.DataFrame
    notes: tuple[str, ...] = ()  # one paragraph each, printed under the table


# Headers where replacing "_" with a space is not enough.
COLUMN_LABELS = {
    "reduction": "reduction ×", "article_reduction": "article reduction ×",
    "gain": "gain ×", "article_gain": "article gain ×",
    "branching": "b", "effective_branching_factor": "b_d",
    "nodes_ratio": "nodes ÷ minimal", "leaves_ratio": "leaves ÷ minimal",
    "knuth_moore": "Knuth–Moore estimate", "knuth_moore_ratio": "leaves ÷ estimate",
    "estimate_ratio": "estimate ÷ minimal leaves", "oracle_ratio": "oracle ÷ minimal",
    "best_mode": "best search, no tt", "best_mode_nodes": "its nodes", "best_mode_ratio": "its ÷ minimal",
    "best_tt_mode": "best search, tt", "best_tt_mode_nodes": "tt nodes", "best_tt_mode_ratio": "tt ÷ minimal",
    "expected_cut_behaved_all": "expected CUT behaved ALL", "tt": "merges transpositions (tt)",
    "ratio_to_minimal": "mean ÷ minimal", "article_ratio": "article mean ÷ minimal",
    "first_move_cutoff_rate": "first-move cut-off rate",
}
# Number formats by column; other floats get two decimals, integers thousands separators.
COLUMN_FORMATS = {"first_move_cutoff_rate": "{:.1%}", "mean_leaves": "{:,.1f}",
                  "article_mean_leaves": "{:,.0f}", "mean_passes": "{:.1f}"}
MISSING = "—"


def column_label(column: str) -> str:
    return COLUMN_LABELS.get(column, column.replace("_", " "))


def _format_cell(value, column: str) -> str:
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return MISSING
    if column in COLUMN_FORMATS:
        return COLUMN_FORMATS[column].format(value)
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return f"{int(value):,}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value).replace("|", "\\|")


def _is_numeric_column(frame: pd.DataFrame, column: str) -> bool:
    return pd.api.types.is_numeric_dtype(frame[column].dtype)


def to_markdown(table: Table) -> str:
    """A titled GitHub-flavoured Markdown table, numbers right-aligned."""
    frame = table.frame
    header = "| " + " | ".join(column_label(c) for c in frame.columns) + " |"
    rule = "|" + "|".join("---:" if _is_numeric_column(frame, c) else "---"
                          for c in frame.columns) + "|"
    body = ["| " + " | ".join(_format_cell(value, column) for column, value in row.items()) + " |"
            for _, row in frame.astype(object).iterrows()]
    parts = [f"## {table.title}", "", header, rule, *body]
    for note in table.notes:
        parts += ["", note]
    return "\n".join(parts) + "\n"


def to_csv(table: Table) -> str:
    """The table's raw values: machine column names, no thousands separators."""
    return table.frame.to_csv(index=False, float_format="%.10g", lineterminator="\n")


if __name__ == "__main__":  # a module the commands import: say so rather than do nothing
    print(f"usage: import prunebench_data (a module of the scripts, not a command)\n\n{__doc__}")
