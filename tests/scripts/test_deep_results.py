"""prunebench.pages.deep: the one-ply-deeper section of the results page."""

import json
import shutil

from conftest import RUN_SMALL
from prunebench import load
from prunebench.pages import deep as deep_page
from prunebench.pages import readme


def test_without_deep_runs_the_section_says_how_to_make_them(tmp_path):
    text = deep_page.deep_section(tmp_path / "deep", None)
    assert "not generated: run `scripts/reproduce.sh --deep`" in text


def test_rows_carry_the_ratio_to_the_minimal_tree_and_to_the_depth_before(tmp_path):
    main = load.load_run(RUN_SMALL)
    deep = json.loads(RUN_SMALL.read_text())
    deep["records"] = [r for r in deep["records"] if r["depth"] == 3]
    minimal = {**deep["records"][0], "mode": "minimal", "counters": {**deep["records"][0]["counters"], "nodes": 10}}
    deep["records"].append(minimal)
    (tmp_path / "start-d3.json").write_text(json.dumps(deep))
    text = deep_page.deep_section(tmp_path, main)
    first = deep["records"][0]
    nodes = first["counters"]["nodes"]
    before = next(r["counters"]["nodes"] for r in main["records"]
                  if (r["position_id"], r["depth"], r["mode"]) == (first["position_id"], 2, first["mode"]))
    assert f"| {first['position_id']} | 3 | {first['mode']} | {nodes:,} | {nodes / 10:,.2f} | {nodes / before:,.2f} |" in text
    assert text.count("\n| ") == 1 + len(deep["records"])  # header and one row per record


def test_a_large_ratio_has_thousands_separators():
    assert deep_page._ratio(2_000_000, 100) == "20,000.00"  # not "20000.00"
    assert deep_page._ratio(5, None) == "—"


def test_a_row_two_plies_beyond_grows_from_the_deep_row_before_it(tmp_path):
    main = json.loads(RUN_SMALL.read_text())
    main["records"] = [r for r in main["records"] if r["depth"] <= 2]
    one_ply = {**main, "records": [r for r in json.loads(RUN_SMALL.read_text())["records"] if r["depth"] == 3]}
    first = one_ply["records"][0]
    two_plies = {**main, "records": [{**first, "depth": 4, "counters": {**first["counters"], "nodes": 7 * first["counters"]["nodes"]}}]}
    (tmp_path / "start-d3.json").write_text(json.dumps(one_ply))
    (tmp_path / "start-d4.json").write_text(json.dumps(two_plies))
    text = deep_page.deep_section(tmp_path, main)
    assert f"| {first['position_id']} | 4 | {first['mode']} | {7 * first['counters']['nodes']:,} |" in text
    row = next(line for line in text.splitlines() if line.startswith(f"| {first['position_id']} | 4 |"))
    assert row.split(" | ")[5] == "7.00"  # × depth − 1, from the depth-3 deep row


def test_the_page_places_the_section(tmp_path):
    shutil.copy(RUN_SMALL, tmp_path / "reproduction.json")
    page = readme.build_page(tmp_path)
    assert deep_page.TITLE in page
