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
    assert f"| {first['position_id']} | 3 | {first['mode']} | {nodes:,} | {nodes / 10:.2f} | {nodes / before:.2f} |" in text
    assert text.count("\n| ") == 1 + len(deep["records"])  # header and one row per record


def test_the_page_places_the_section(tmp_path):
    shutil.copy(RUN_SMALL, tmp_path / "reproduction.json")
    page = readme.build_page(tmp_path)
    assert deep_page.TITLE in page
