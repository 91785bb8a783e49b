"""Records of external UCI engines (`prunebench run --engine`) flow through the
loader and the tables: they hold only the engine-reported node count."""

import subprocess
import sys

from prunebench import frames, load
from conftest import SCRIPTS


def engine_record(position_id, depth, nodes):
    return {"position_id": position_id, "depth": depth, "mode": "sf", "score": 25, "best_move": "e2e4",
            "pv": ["e2e4"], "counters": {"nodes": nodes},
            "spec": {"algorithm": "uci-engine", "engine": "sf", "command": "/usr/games/stockfish",
                     "options": {"Threads": "1"}, "id_name": "Stockfish 15.1", "nodes": "engine-reported"},
            "engine": {"nodes_per_search": [nodes, nodes], "seldepth": 3, "time_ms": 1}}


def with_engine(run_document):
    for position in ("start", "middlegame"):
        for depth in (1, 2, 3):
            run_document["records"].append(engine_record(position, depth, 10 * depth))
    return run_document


def test_engine_records_load_with_nodes_only(run_document, write_json):
    run = load.load_run(write_json(with_engine(run_document)))
    frame = frames.records_frame(run)
    engine = frame[frame["mode"] == "sf"]
    assert list(engine["nodes"]) == [10, 20, 30, 10, 20, 30]
    assert engine["leaves"].isna().all()


def test_an_engine_only_run_makes_its_tables(run_document, write_json, tmp_path):
    run_document["records"] = []
    path = write_json(with_engine(run_document))
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, str(SCRIPTS / "make_tables.py"), str(path), "--out", str(out)],
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert "| sf |" in (out / "minimal_tree.md").read_text(encoding="utf-8")


def test_a_search_record_still_needs_every_counter(run_document, write_json):
    del run_document["records"][0]["counters"]["leaves"]
    try:
        load.load_run(write_json(run_document))
    except load.DataError as error:
        assert "leaves" in str(error)
    else:
        raise AssertionError("a search record without leaves was accepted")
