"""docs/schema/*.json: every JSON kind prunebench writes, checked against what it really writes.

The documents come from the built binary (PRUNEBENCH, default build/harness/prunebench)
and from the committed results/, so a field the code adds, renames or retypes
without the schema fails here.
"""

import json
import subprocess
from pathlib import Path

import jsonschema
import pytest

from conftest import REPO, require_prunebench

import split_provenance

SCHEMAS = REPO / "docs" / "schema"
SEED = REPO / "positions" / "seed.epd"
KINDS = ("run", "perft", "search", "tree", "standing", "theory", "compare", "provenance",
         "github-action-benchmark", "google-benchmark", "contract-cases", "proof-graph", "minimal-graph")


def schema(kind: str) -> dict:
    return json.loads((SCHEMAS / f"{kind}.json").read_text(encoding="utf-8"))


def errors(document, kind: str) -> list[str]:
    validator = jsonschema.Draft7Validator(schema(kind))
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(document)]


def prunebench(*args, expect=0) -> str:
    done = subprocess.run([require_prunebench(), *map(str, args)], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == expect, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> Path:
    """Both seed positions, depths 1-2, three modes: a run as `prunebench run` writes it."""
    path = tmp_path_factory.mktemp("run") / "run.json"
    prunebench("run", "--suite", SEED, "--depths", "1-2", "--modes", "minimax,mvv-lva,minimal", "--out", path)
    return path


def test_every_schema_is_a_valid_draft_7_schema():
    assert sorted(p.stem for p in SCHEMAS.glob("*.json")) == sorted(KINDS)
    for kind in KINDS:
        jsonschema.Draft7Validator.check_schema(schema(kind))


def test_committed_results_match_their_schema():
    documents = [p for p in sorted((REPO / "results").rglob("*.json")) if "provenance" not in p.parts]
    assert len(documents) > 20
    for path in documents:
        document = json.loads(path.read_text(encoding="utf-8"))
        assert errors(document, document["kind"]) == [], path


def test_run(small_run):
    document = json.loads(small_run.read_text(encoding="utf-8"))
    assert len(document["records"]) == 2 * 2 * 3
    assert errors(document, "run") == []


@pytest.mark.parametrize("kind, args", [
    ("perft", ["perft", "--fen", "startpos", "--depth", "2", "--divide", "--json"]),
    ("search", ["search", "--fen", "startpos", "--depth", "2", "--mode", "pvs", "--json"]),
    ("search", ["search", "--fen", "startpos", "--depth", "3", "--mode", "id-tt", "--distinct-nodes", "--json"]),
    ("search", ["search", "--fen", "startpos", "--depth", "4", "--mode", "negamax", "--distinct-nodes",
                "--distinct-memory", "1", "--json"]),
    ("search", ["search", "--fen", "startpos", "--depth", "3", "--mode", "minimal", "--distinct-nodes", "--json"]),
    ("search", ["search", "--fen", "startpos", "--depth", "4", "--mode", "pvs-id-tt-killers+smp=ybwc", "--threads",
                "2", "--repeat", "2", "--json"]),
    ("search", ["search", "--fen", "startpos", "--depth", "4", "--mode", "pvs-id-tt-killers+smp=lazy", "--threads",
                "2", "--repeat", "2", "--json"]),
    ("search", ["search", "--fen", "startpos", "--depth", "4", "--mode",
                "pvs-id-tt-killers+smp=model+processors=8", "--json"]),
    ("proof-graph", ["proof-graph", "--fen", "startpos", "--depth", "2"]),
    ("tree", ["tree", "random", "--branching", "3", "--depth", "3", "--trees", "2", "--algo", "mtdf", "--json"]),
    ("standing", ["tree", "standing", "--order", "CAB", "--json"]),
    ("standing", ["tree", "standing", "--order", "CAB", "--algo", "minimal", "--json"]),
    ("theory", ["tree", "theory", "--json"]),
])
def test_printed_documents(kind, args):
    document = json.loads(prunebench(*args))
    assert document["kind"] == kind
    assert errors(document, kind) == []


def test_compare_report(small_run, tmp_path):
    changed = json.loads(small_run.read_text(encoding="utf-8"))
    changed["records"][0]["counters"]["nodes"] += 1
    changed["records"].pop()
    new = tmp_path / "new.json"
    new.write_text(json.dumps(changed), encoding="utf-8")
    report = tmp_path / "report.json"
    prunebench("compare", small_run, new, "--json", report, "--max-decrease", "any", expect=1)
    document = json.loads(report.read_text(encoding="utf-8"))
    assert document["verdict"] == "fail"
    assert errors(document, "compare") == []


def test_compare_report_of_an_engine(small_run, tmp_path):
    """An engine mode whose options and one count changed: the engines, 'changed' and the counts validate."""
    def as_engine(document, hash_megabytes):
        for record in document["records"]:
            record["mode"] = f"{record['mode']}-engine"
            record["spec"] = {"algorithm": "uci-engine", "engine": record["mode"], "command": "/usr/games/stockfish",
                              "options": {"Hash": hash_megabytes, "Threads": "1"}, "id_name": "Stockfish 15.1",
                              "nodes": "engine-reported", "searches": 2}
        return document
    base, new = tmp_path / "base.json", tmp_path / "new.json"
    base.write_text(json.dumps(as_engine(json.loads(small_run.read_text(encoding="utf-8")), "16")), encoding="utf-8")
    changed = as_engine(json.loads(small_run.read_text(encoding="utf-8")), "1")
    changed["records"][0]["counters"]["nodes"] += 1
    new.write_text(json.dumps(changed), encoding="utf-8")
    report = tmp_path / "report.json"
    prunebench("compare", base, new, "--json", report, "--allow-changed-engines", expect=1)
    document = json.loads(report.read_text(encoding="utf-8"))
    assert document["counts"]["changed"] == 1 and document["engines"][0]["changed"]
    assert errors(document, "compare") == []


@pytest.mark.parametrize("export_format", ["github-action-benchmark", "google-benchmark"])
def test_exports(small_run, export_format):
    for extra in ([], ["--per-record"]):
        document = json.loads(prunebench("export", "--format", export_format, small_run, *extra))
        assert errors(document, export_format) == []


def test_split_provenance_moves_every_volatile_field(small_run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("results").mkdir()
    run = Path("results/run.json")
    run.write_text(small_run.read_text(encoding="utf-8"), encoding="utf-8")
    original = json.loads(run.read_text(encoding="utf-8"))
    assert split_provenance.main(["--into", "provenance", str(run)]) == 0

    stable = json.loads(run.read_text(encoding="utf-8"))
    moved = json.loads(Path("provenance/results/run.json").read_text(encoding="utf-8"))
    assert errors(stable, "run") == []
    assert errors(moved, "provenance") == []
    for name in split_provenance.VOLATILE_CONTEXT:
        assert name not in stable["context"]
        assert moved["context"][name] == original["context"][name]
    assert all("seconds" not in r and "nodes_per_second" not in r for r in stable["records"])
    assert moved["records"][0]["seconds"] == original["records"][0]["seconds"]
    # Nothing else changed: putting the fields back gives the original document.
    stable["context"].update(moved["context"])
    for record, timings in zip(stable["records"], moved["records"]):
        record.update({k: v for k, v in timings.items() if k not in split_provenance.RECORD_KEY})
    assert stable == original

    # A second split finds nothing and leaves the file byte for byte.
    before = run.read_bytes()
    assert split_provenance.split_file(run, Path("provenance")) is False
    assert run.read_bytes() == before


def test_the_schemas_refuse_what_prunebench_never_writes(small_run):
    document = json.loads(small_run.read_text(encoding="utf-8"))
    document["records"][0]["counters"]["nodes"] = -1
    assert errors(document, "run") == ["['records', 0, 'counters', 'nodes']: -1 is less than the minimum of 0"]
    del document["context"]
    assert "[]: 'context' is a required property" in errors(document, "run")


def test_contract_cases(tmp_path):
    path = tmp_path / "cases.json"
    prunebench("contract", "--mode", "unordered+tt", "--cases", "9", "--suite", SEED, "--export", path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert len(document["cases"]) == 9
    assert {c["node_kind"] for c in document["cases"]} == {"random tree", "tie-heavy tree", "chess"}
    assert all("fen" in c for c in document["cases"] if c["node_kind"] == "chess")
    assert errors(document, "contract-cases") == []


def test_distinct_nodes_fields_are_typed():
    """The schema knows distinct_nodes (a count) and distinct_nodes_missing (a reason), not just any field."""
    document = json.loads(prunebench("search", "--fen", "startpos", "--depth", "2", "--mode", "mtdf",
                                      "--distinct-nodes", "--json"))
    assert 0 < document["counters"]["distinct_nodes"] <= document["counters"]["nodes"]
    document["counters"]["distinct_nodes"] = -1
    assert errors(document, "search") != []
    del document["counters"]["distinct_nodes"]
    document["distinct_nodes_missing"] = 1024
    assert errors(document, "search") != []


def test_selective_variants_name_their_rule_in_the_spec():
    """nullmove=verified and extended-futility: the spec names them, the record validates, the reference drops them."""
    mode = "pvs-id-tt-killers+nullmove=verified+futility=100+extended-futility=500"
    document = json.loads(prunebench("search", "--fen", "startpos", "--depth", "3", "--mode", mode, "--json"))
    assert errors(document, "search") == []
    assert document["spec"]["nullmove"] == "verified"
    assert document["spec"]["extended_futility"] == 500
    assert document["reference"]["mode"] == "pvs-id-tt-killers"


def test_selective_search_carries_its_typed_reference():
    """A search with nullmove, lmr and futility: its counters and its exact reference validate, and are typed."""
    mode = "pvs-id-tt-killers+qsearch+nullmove=2+lmr+futility=100"
    document = json.loads(prunebench("search", "--fen", "startpos", "--depth", "4", "--mode", mode, "--json"))
    assert errors(document, "search") == []
    assert document["reference"]["mode"] == "pvs-id-tt-killers+qsearch"
    for counter in ("null_move_tries", "null_move_cutoffs", "null_move_verifications",
                    "null_move_verification_failures", "lmr_reductions", "lmr_researches", "futility_pruned"):
        assert counter in document["counters"]
    assert document["value_differs"] == (document["score"] != document["reference"]["score"])
    document["reference"]["score"] = "0"
    assert errors(document, "search") != []
    document["reference"]["score"] = 0
    document["value_differs"] = 1
    assert errors(document, "search") != []
