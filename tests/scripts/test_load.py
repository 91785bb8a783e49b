"""load() accepts the fixtures and refuses bad files with a one-line DataError naming them."""

import json

import pytest

from prunebench import load
from conftest import FIXTURES, RUN_SMALL, TREE_DIR


def _error(path, kinds="run") -> str:
    with pytest.raises(load.DataError) as caught:
        load.load(path, kinds)
    message = str(caught.value)
    assert "\n" not in message
    assert str(path) in message
    return message


def test_loads_the_small_run():
    run = load.load_run(RUN_SMALL)
    assert [p["id"] for p in run["positions"]] == ["start", "middlegame"]
    assert len(run["records"]) == 24


def test_loads_every_tree_lab_file_by_kind():
    lab = load.load_tree_lab(TREE_DIR)
    assert {kind: len(files) for kind, files in lab.items()} == {"tree": 3, "standing": 2, "theory": 1}


@pytest.mark.parametrize("name, words", [
    ("missing.json", "no such file"),
    ("corrupt.json", "not valid JSON"),
    ("truncated.json", "truncated JSON"),
    ("wrong_schema.json", "schema_version 2 is not supported"),
])
def test_bad_fixture_files(name, words):
    assert words in _error(FIXTURES / name)


def test_wrong_kind_names_both_kinds():
    message = _error(TREE_DIR / "theory.json", "run")
    assert "kind is 'theory', expected 'run'" in message


def test_a_run_is_not_a_tree_lab_file(tmp_path):
    (tmp_path / "run.json").write_text(RUN_SMALL.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(load.DataError, match="kind is 'run', expected 'tree' or 'standing' or 'theory'"):
        load.load_tree_lab(tmp_path)


def test_tree_dir_must_exist_and_hold_json(tmp_path):
    with pytest.raises(load.DataError, match="no such directory"):
        load.load_tree_lab(tmp_path / "absent")
    with pytest.raises(load.DataError, match="no .json files"):
        load.load_tree_lab(tmp_path)


@pytest.mark.parametrize("text, words", [
    ("", "empty file"),
    ("[1, 2]", "expected a JSON object at the top level, got an array"),
    ('{"schema_version": 1, "kind": "run", "x": NaN}', "NaN is not valid JSON"),
    ('{"kind": "run"}', "missing field schema_version"),
    ('{"schema_version": "1", "kind": "run"}', "schema_version must be an integer, got a string"),
    ('{"schema_version": 1}', "missing field kind"),
])
def test_bad_headers(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert words in _error(path)


def _break(document, change):
    change(document)
    return document


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("records"), "missing field records"),
    (lambda d: d["records"][0]["counters"].pop("nodes"), "missing field records[0].counters.nodes"),
    (lambda d: d["records"][5]["counters"].update(nodes="60"),
     "records[5].counters.nodes must be a non-negative integer, got a string"),
    (lambda d: d["records"][5]["counters"].update(cutoffs=True),
     "records[5].counters.cutoffs must be a non-negative integer, got a boolean"),
    (lambda d: d["records"][1].update(depth=-1),
     "records[1].depth must be a non-negative integer, got the integer -1"),
    (lambda d: d["positions"][1].update(perft=[1, 32, 959.5]),
     "positions[1].perft[2] must be a non-negative integer, got the number 959.5"),
    (lambda d: d["positions"][0].update(minimal_tree="20"), "positions[0].minimal_tree must be"),
    (lambda d: d["records"][0].update(position_id="nowhere"),
     "records[0].position_id 'nowhere' is not in positions"),
    (lambda d: d["records"].append(dict(d["records"][0])),
     "records[24] repeats position 'start' depth 1 mode 'minimax'"),
    (lambda d: d["positions"].append(dict(d["positions"][0])), "position id 'start' appears twice"),
    (lambda d: d.update(records=[]), "records is empty"),
    (lambda d: d["records"].__setitem__(2, 7), "records[2] must be an object, got the integer 7"),
    (lambda d: d["records"][3]["counters"].pop("leaves"), "missing field records[3].counters.leaves"),
    (lambda d: d["records"][3]["spec"].update(algorithm=3), "records[3].spec.algorithm must be a string"),
])
def test_bad_runs(run_document, write_json, change, words):
    path = write_json(_break(run_document, change))
    assert words in _error(path)


def test_optional_fields_may_be_absent(run_document, write_json):
    for record in run_document["records"]:
        for name in ("seconds", "nodes_per_second", "score", "best_move"):
            record.pop(name)
        record["counters"].pop("first_move_cutoff_rate")
    assert load.load_run(write_json(run_document))["records"]


def test_bad_tree_file(tmp_path):
    tree = json.loads((TREE_DIR / "tree_natural_alphabeta.json").read_text(encoding="utf-8"))
    tree["trees"][1].pop("leaves")
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(tree), encoding="utf-8")
    assert "missing field trees[1].leaves" in _error(path, "tree")


def test_reference_figures_load():
    reference = load.load_reference()
    assert reference["chess"]["nodes"]["start"]["minimax"]["6"] == 124_132_537


# --------------------------------------------------------------------------
# several runs read as one
# --------------------------------------------------------------------------


def _run(positions, records):
    return {"schema_version": 1, "kind": "run", "context": {}, "positions": positions, "records": records}


def _position(pid, perft, fen="8/8/8/8/8/8/8/K6k w - - 0 1"):
    return {"id": pid, "fen": fen, "perft": perft}


def _rec(pid, depth, mode="m"):
    return {"position_id": pid, "depth": depth, "mode": mode, "counters": {"nodes": 1}}


def test_joined_runs_keep_every_record_and_the_deepest_perft_of_each_position():
    shallow = _run([_position("A", [1, 3]), _position("B", [1, 3])], [_rec("A", 1), _rec("B", 1)])
    deep = _run([_position("A", [1, 3, 9])], [_rec("A", 2)])
    joined = load.join_runs([("shallow.json", shallow), ("deep.json", deep)])
    assert [p["id"] for p in joined["positions"]] == ["A", "B"]
    assert joined["positions"][0]["perft"] == [1, 3, 9]
    assert [(r["position_id"], r["depth"]) for r in joined["records"]] == [("A", 1), ("B", 1), ("A", 2)]


def test_joined_runs_refuse_a_record_in_both():
    one = _run([_position("A", [1, 3])], [_rec("A", 1)])
    with pytest.raises(load.DataError, match="depth 1 mode 'm' is also in one.json"):
        load.join_runs([("one.json", one), ("two.json", one)])


def test_joined_runs_refuse_a_position_whose_fen_differs():
    one = _run([_position("A", [1, 3])], [_rec("A", 1)])
    other = _run([_position("A", [1, 3, 9], fen="8/8/8/8/8/8/8/K5k1 w - - 0 1")], [_rec("A", 2)])
    with pytest.raises(load.DataError, match="another FEN"):
        load.join_runs([("one.json", one), ("other.json", other)])


def _minimal(pid, depth, nodes, score=0, leaves=1, **counters):
    return {"position_id": pid, "depth": depth, "mode": "minimal", "spec": {"algorithm": "minimal"},
            "score": score, "counters": {"nodes": nodes, "leaves": leaves, **counters}}


def _search(pid, depth, mode="m"):
    return {**_rec(pid, depth, mode), "spec": {"algorithm": "alphabeta"}, "score": 0}


def test_the_yardstick_is_taken_for_the_positions_and_depths_the_run_has():
    run = _run([_position("A", [1]), _position("B", [1])], [_search("A", 4), _search("B", 5)])
    study = _run([_position("A", [1]), _position("B", [1]), _position("C", [1])],
                 [_minimal("A", 3, 30), _minimal("A", 4, 40), _minimal("B", 5, 50), _minimal("C", 4, 60),
                  _search("A", 4)])
    joined = load.join_yardstick(run, [("study.json", study)], load.MINIMAL)
    taken = [(r["position_id"], r["depth"], r["counters"]["nodes"]) for r in joined["records"][2:]]
    assert taken == [("A", 4, 40), ("B", 5, 50)]  # not depth 3, not position C, not the search
    assert len(run["records"]) == 2  # the run itself is left as it was


def test_a_yardstick_in_both_is_kept_once_when_they_agree_and_refused_when_they_differ():
    run = _run([_position("A", [1])], [_search("A", 4), _minimal("A", 4, 40)])
    agreeing = _run([_position("A", [1])], [_minimal("A", 4, 40, distinct_nodes=33)])
    assert len(load.join_yardstick(run, [("study.json", agreeing)], load.MINIMAL)["records"]) == 2
    for differing in (_minimal("A", 4, 41), _minimal("A", 4, 40, score=7), _minimal("A", 4, 40, leaves=2)):
        with pytest.raises(load.DataError, match="study.json: position 'A' depth 4: minimal differs from the runs"):
            load.join_yardstick(run, [("study.json", _run([_position("A", [1])], [differing]))], load.MINIMAL)
    two_sources = [("one.json", agreeing), ("two.json", _run([_position("A", [1])], [_minimal("A", 4, 39)]))]
    with pytest.raises(load.DataError, match="two.json: position .A. depth 4: minimal differs from one.json"):
        load.join_yardstick(_run([_position("A", [1])], [_search("A", 4)]), two_sources, load.MINIMAL)


def test_a_yardstick_of_another_fen_is_refused():
    run = _run([_position("A", [1])], [_search("A", 4)])
    other = _run([_position("A", [1], fen="8/8/8/8/8/8/8/K5k1 w - - 0 1")], [_minimal("A", 4, 40)])
    with pytest.raises(load.DataError, match="other.json: position 'A' has another FEN"):
        load.join_yardstick(run, [("other.json", other)], load.MINIMAL)


def test_a_file_rewritten_after_a_good_load_is_checked_again(tmp_path):
    # load() skips the schema for a text it has already seen pass; a different
    # text at the same path is a different document.
    path = tmp_path / "run.json"
    path.write_text(RUN_SMALL.read_text(encoding="utf-8"), encoding="utf-8")
    load.load_run(path)
    run = json.loads(path.read_text(encoding="utf-8"))
    run["records"][0]["depth"] = "deep"
    path.write_text(json.dumps(run), encoding="utf-8")
    assert "records[0].depth must be" in _error(path)


def test_every_schema_compiles_for_the_fast_check():
    for schema in sorted(load.SCHEMA_DIR.glob("*.json")):
        kind = schema.stem
        assert load._fast_validator(kind) is not None, kind
