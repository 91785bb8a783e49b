"""engine_table.py: the packaged engines' reported nodes beside prunebench's own."""

import engine_table
from prunebench.pages import engines as page
from test_engine_records import with_engine


def test_rows_pair_each_engine_count_with_minimax_and_the_cheapest_search(run_document, write_json, tmp_path):
    ours = write_json(run_document, "ours.json")
    engines_run = with_engine({**run_document, "records": []})
    engines = write_json(engines_run, "engines.json")
    out = tmp_path / "engines.md"
    assert engine_table.main([str(ours), "--engines", str(engines), "--missing", "toga2", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    records = {(r["position_id"], r["depth"], r["mode"]): r["counters"]["nodes"] for r in run_document["records"]}
    cheapest = min((records[("start", 3, m)], m) for m in ("unordered", "mvv-lva", "pvs"))
    assert (f"| start | 3 | {records[('start', 3, 'minimax')]:,} | — | {cheapest[0]:,} ({cheapest[1]}) | 30 |"
            in text)
    assert "sf (Stockfish 15.1)" in text
    assert "toga2: not installed, skipped" in text


def test_no_engine_installed_says_so(run_document, write_json, tmp_path):
    out = tmp_path / "engines.md"
    assert engine_table.main([str(write_json(run_document)), "--missing", "stockfish", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "No packaged engine is installed." in text
    assert "stockfish: not installed, skipped" in text


def test_a_bad_run_file_is_one_error_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert engine_table.main([str(bad), "--out", str(tmp_path / "x.md")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1


def test_the_page_claims_only_the_repeats_the_records_show(run_document, write_json, tmp_path):
    ours = write_json(run_document, "ours.json")
    steady = with_engine({**run_document, "records": []})
    out = tmp_path / "engines.md"
    assert engine_table.main([str(ours), "--engines", str(write_json(steady, "steady.json")), "--out", str(out)]) == 0
    assert "each searched 2 times, with the same count every time in all 6 records" in out.read_text(encoding="utf-8")
    shaky = with_engine({**run_document, "records": []})
    shaky["records"][2]["engine"]["nodes_per_search"] = [30, 29]
    assert engine_table.main([str(ours), "--engines", str(write_json(shaky, "shaky.json")), "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "the counts differed in 1 of 6 records (sf at start depth 3: marked *" in text
    assert "| 30* |" in text
    assert "same count every time" not in text


def _step_record(position, depth, mode, nodes, qnodes, differs=None):
    record = {"position_id": position, "depth": depth, "mode": mode,
              "counters": {"nodes": nodes, "qnodes": qnodes}}
    if differs is not None:
        record["best_move_differs"] = differs
    return record


def test_steps_add_one_technique_per_column_beside_the_engines():
    steps = {"records": [_step_record("start", 3, "pvs", 600, 0),
                         _step_record("start", 3, "pvs+qsearch", 605, 10),
                         _step_record("start", 3, "pvs+qsearch+nullmove=2", 183, 4, differs=False),
                         _step_record("start", 3, "pvs+qsearch+nullmove=2+lmr", 150, 4, differs=True)]}
    engines = with_engine({"records": []})
    labels, names, rows = page.step_rows(steps, engines)
    assert labels == ["pvs", "+qsearch", "+nullmove=2", "+lmr"]
    assert names == ["sf"]
    text = page.format_steps(labels, names, rows)
    # nodes + qnodes per step; the changed best move marked; the engine's own count (10 × depth).
    assert "| start | 3 | 600 | 615 | 187 | 154 † | 30 |" in text
    assert "| `pvs` | `+qsearch` | `+nullmove=2` | `+lmr` | sf |" in text


def test_steps_table_comes_after_the_engines_table(run_document, write_json, tmp_path):
    ours = write_json(run_document, "ours.json")
    kept = [r for r in run_document["records"] if r["mode"] in ("unordered", "pvs")]
    steps = write_json({**run_document, "records": kept}, "steps.json")
    out = tmp_path / "engines.md"
    assert engine_table.main([str(ours), "--steps", str(steps), "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.index("No packaged engine is installed.") < text.index("### From the exact search")
    nodes = {(r["position_id"], r["depth"], r["mode"]): r["counters"]["nodes"] for r in kept}
    assert "| `unordered` | `+pvs` |" in text
    assert f"| start | 3 | {nodes[('start', 3, 'unordered')]:,} | {nodes[('start', 3, 'pvs')]:,} |" in text
