"""Read and check the JSON files that prunebench writes.

The one way every script and notebook reads a file (formats: docs/json-schema.md):
load() reads it, checks schema_version, kind, its kind's JSON Schema
(docs/schema/) and what a schema cannot say, and raises DataError with a
one-line message that names the file.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

import fastjsonschema
import jsonschema

SCHEMA_VERSION = 1
MINIMAL = "minimal"  # spec.algorithm of the exact minimal tree's records (mode `minimal`)
REFERENCE_PATH = Path(__file__).resolve().parents[1] / "reference_figures.json"


class DataError(Exception):
    """A file that cannot be used. str() is one line that names the file."""


# --------------------------------------------------------------------------
# loading and validation
# --------------------------------------------------------------------------


# The formats, one JSON Schema per kind (docs/schema/<kind>.json); load()
# checks a document against its kind's schema, then what a schema cannot say
# (record keys unique and pointing at a position, nothing empty).
SCHEMA_DIR = Path(__file__).resolve().parents[2] / "docs" / "schema"
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
    return _parse_json(_read_text(path), path)


def _read_text(path) -> str:
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
    return text


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


@functools.cache
def _fast_validator(kind: str):
    # Compiled to Python code: about twice as fast as walking the schema, and
    # the study's runs are megabytes. It only says yes or no; a no is then
    # explained by the walking validator, whose best match names the field.
    return fastjsonschema.compile(read_json(SCHEMA_DIR / f"{kind}.json"))


def _conforms(document: dict) -> bool:
    try:
        _fast_validator(document["kind"])(document)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


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
    if _conforms(document):
        return
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
               "standing": lambda document, path: None, "theory": lambda document, path: None,
               "minimal-graph": lambda document, path: None}


# Texts (by digest) that have passed their kind's schema in this process: a
# page script often reads one run several times, and validating it again would
# cost as much as the first time.
_CONFORMING_TEXTS: set[bytes] = set()


def load(path, kinds: str | tuple[str, ...]) -> dict:
    """Read a prunebench file, check it is one of `kinds`, and validate it."""
    kinds = (kinds,) if isinstance(kinds, str) else tuple(kinds)
    text = _read_text(path)
    document = _parse_json(text, path)
    _check_header(document, path, kinds)
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=32).digest()
    if digest not in _CONFORMING_TEXTS:
        _check_schema(document, path)
        _CONFORMING_TEXTS.add(digest)
    _VALIDATORS[document["kind"]](document, path)
    return document


def load_run(path) -> dict:
    return load(path, "run")


def join_runs(runs: list[tuple[str, dict]]) -> dict:
    """Several runs of the same positions as one: say, depths 1-5 of a suite from
    one run and depth 6 from another.

    `runs` pairs each run with its path, for the messages. Positions are
    matched by id and must have the same FEN; a position keeps the entry with
    the deepest perft (a deeper run computed more of it). Records are joined;
    one given twice (the same position, depth and mode in two runs) raises
    DataError, as it would within one file. The context is the first run's.
    """
    (first_path, first), *rest = runs
    positions = {p["id"]: (p, first_path) for p in first["positions"]}
    seen = {(r["position_id"], r["depth"], r["mode"]): first_path for r in first["records"]}
    records = list(first["records"])
    for path, run in rest:
        for position in run["positions"]:
            known = positions.get(position["id"])
            if known is None or len(position["perft"]) > len(known[0]["perft"]):
                if known is not None and known[0]["fen"] != position["fen"]:
                    raise DataError(f"{path}: position {position['id']!r} has another FEN than in {known[1]}")
                positions[position["id"]] = (position, path)
            elif known[0]["fen"] != position["fen"]:
                raise DataError(f"{path}: position {position['id']!r} has another FEN than in {known[1]}")
        for record in run["records"]:
            key = (record["position_id"], record["depth"], record["mode"])
            if key in seen:
                raise DataError(f"{path}: position {key[0]!r} depth {key[1]} mode {key[2]!r} "
                                f"is also in {seen[key]}")
            seen[key] = path
            records.append(record)
    return {**first, "positions": [p for p, _ in positions.values()], "records": records}


def join_yardstick(run: dict, sources: list[tuple[str, dict]], algorithm: str) -> dict:
    """`run` with the records of `sources` whose spec.algorithm is `algorithm`
    (the exact minimal tree, say, that the ordering study computed for the
    same positions), so that it is computed once and read by every report.

    `sources` pairs each run with its path, for the messages. Only positions
    `run` has (with the same FEN) at depths `run` has records of are taken. A
    position and depth that already have such a record keep it, and one from
    a source must agree with it (the same nodes, leaves and score; other
    counters, such as --distinct-nodes', may differ between runs): the
    yardstick is deterministic, so a disagreement is a broken input, a
    DataError.
    """
    fens = {p["id"]: p["fen"] for p in run["positions"]}
    depths = {r["depth"] for r in run["records"]}

    def is_yardstick(record: dict) -> bool:
        return record["spec"].get("algorithm") == algorithm

    def measure(record: dict) -> tuple:
        return record["counters"]["nodes"], record["counters"].get("leaves"), record.get("score")

    held = {(r["position_id"], r["depth"]): ("the runs", r) for r in run["records"] if is_yardstick(r)}
    records = list(run["records"])
    for path, source in sources:
        source_fens = {p["id"]: p["fen"] for p in source["positions"]}
        for record in filter(is_yardstick, source["records"]):
            position, depth = record["position_id"], record["depth"]
            if position not in fens or depth not in depths:
                continue
            if source_fens.get(position) != fens[position]:
                raise DataError(f"{path}: position {position!r} has another FEN than in the runs")
            known = held.get((position, depth))
            if known is None:
                held[(position, depth)] = (path, record)
                records.append(record)
            elif measure(known[1]) != measure(record):
                raise DataError(f"{path}: position {position!r} depth {depth}: {algorithm} differs from {known[0]}")
    return {**run, "records": records}


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

