"""results/README.md (prunebench.pages.readme): our counts beside the article's, and the page it writes."""

import json
import shutil

from prunebench import load
from prunebench.pages import readme
from conftest import FIXTURES, RUN_CONTEXT, RUN_SMALL


def test_chess_rows_pair_each_article_figure_with_our_count(run_document):
    run_document["records"][0]["counters"]["nodes"] += 1  # start, depth 1, minimax: 21 -> 22
    first = run_document["records"][0]
    assert (first["position_id"], first["depth"], first["mode"]) == ("start", 1, "minimax")
    rows = readme.chess_rows(run_document, load.load_reference())
    start_minimax = {r["depth"]: r for r in rows if r["position"] == "start" and r["mode"] == "minimax"}
    assert start_minimax[1]["article"] == 21 and start_minimax[1]["ours"] == 22
    assert start_minimax[2]["ours"] == 421
    assert start_minimax[6]["ours"] is None  # the fixture stops at depth 3
    assert readme.agreement(rows, "minimax").startswith("5 of 6 minimax figures")


def test_page_is_written_from_the_results_directory(tmp_path):
    shutil.copy(RUN_SMALL, tmp_path / "reproduction.json")
    (tmp_path / "reduction.md").write_text("## heading\n\n| a |\n|---|\n| 1 |\n")
    page = readme.build_page(tmp_path)
    assert "| start | minimax | 1 | 21 | 21 | 1.00 | — | — |" in page
    assert "| a |" in page
    assert "(not generated: theory.md is missing)" in page


def test_portable_counts_stand_beside_the_generator_dependent_ones():
    run = load.load_run(FIXTURES / "run_minimal.json")
    rows = readme.chess_rows(run, load.load_reference())
    unordered = {r["depth"]: r for r in rows if r["position"] == "start" and r["mode"] == "unordered"}
    assert unordered[2]["portable"] is None  # the fixture has no canonical mode
    run["records"].append({**run["records"][0], "mode": "canonical", "depth": 2,
                           "counters": {"nodes": 61, "leaves": 40, "cutoffs": 0, "first_move_cutoffs": 0}})
    rows = readme.chess_rows(run, load.load_reference())
    unordered = {r["depth"]: r for r in rows if r["position"] == "start" and r["mode"] == "unordered"}
    assert unordered[2]["portable"] == 61
    assert "| start | unordered | 2 | 60 | 60 | 1.00 | 61 | 1.02 |" in readme.format_chess(rows)


def _suite_run(mvv_lva_nodes: list[int]) -> dict:
    """A suite whose unordered searches 1,000 nodes at depth 3 everywhere, mvv-lva as given."""
    positions = [{"id": f"S{i:02d}", "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "perft": [1, 20, 400, 8000],
                  "suite": "a.epd" if i % 2 else "b.epd"} for i in range(len(mvv_lva_nodes))]
    spec = {"algorithm": "alphabeta", "ordering": "natural", "tt": False}
    records = [{"position_id": p["id"], "depth": 3, "mode": mode, "spec": spec,
                "counters": {"nodes": nodes, "leaves": 1, "cutoffs": 1, "first_move_cutoffs": 1}}
               for p, n in zip(positions, mvv_lva_nodes) for mode, nodes in (("unordered", 1000), ("mvv-lva", n))]
    return {"schema_version": 1, "kind": "run", "context": RUN_CONTEXT, "positions": positions, "records": records}


def test_the_start_position_against_the_suite_picks_its_words_from_the_numbers():
    reproduction = load.load_run(FIXTURES / "run_minimal.json")  # start, depth 3: mvv-lva = unordered = 586
    suite = readme.study.study(_suite_run([150, 200, 250, 300, 180, 220, 260, 210]))
    text = readme.pathology(suite, reproduction, 3)
    assert "`mvv-lva` searches 1.00× `unordered`'s nodes from the start position and 0.206× in the middlegame" in text
    assert "above the suite's interval: only 0 of 8 suite positions gain as little" in text
    assert text.endswith("The pathology holds up: the start position understates what capture ordering buys.")
    typical = readme.study.study(_suite_run([900, 1100, 950, 1050, 1000, 980, 1020, 1000]))
    assert "on these suites the start position is typical, and the pathology does not hold up" in \
        readme.pathology(typical, reproduction, 3)


def test_the_page_opens_with_the_suite_study(tmp_path):
    shutil.copy(RUN_SMALL, tmp_path / "reproduction.json")
    (tmp_path / "study").mkdir()
    (tmp_path / "study" / "run.json").write_text(
        json.dumps(_suite_run([150, 200, 250, 300, 180, 220, 260, 210])), encoding="utf-8")
    page = readme.build_page(tmp_path)
    summary = page.index("## Summary: is the start position pathological")
    assert summary < page.index("## Chess node counts beside reference 000") < page.index("# Per-position tables")
    assert "8 positions (4 from `b.epd`, 4 from `a.epd`), depth 3, every mode" in page
    assert "| `b.epd` | 4 | `mvv-lva` 0.205 (" in page
    assert page.index("# Per-position tables") < page.index("## Reduction against minimax")


def test_the_parity_sentence_counts_the_adjacent_pairs_where_the_even_depth_gains_more():
    run = _suite_run([300, 400])
    ratio = {2: 0.5, 3: 0.6, 4: 0.3}   # even depths lower than their odd neighbour: 2 of 2 pairs
    run["records"] = [{**r, "depth": d, "counters": {**r["counters"], "nodes": round(1000 * ratio[d])
                                                    if r["mode"] == "mvv-lva" else 1000}}
                      for r in run["records"] for d in ratio]
    for position in run["positions"]:
        position["perft"] = [1, 20, 400, 8000, 160000]
    text = readme.parity(readme.study.study(run))
    assert "`mvv-lva`'s ratio to `unordered` is 0.500, 0.600, 0.300 at depths 2–4" in text
    assert "the even depth has the lower ratio at every step" in text
    assert "grow 1.20× into odd depths and 0.500× into even ones: the search pays at odd depths" in text


def test_scan_order_section_shows_the_family_and_the_closest_order(tmp_path):
    assert "(not generated: scan_order_closest.txt is missing)" in readme.scan_order_section(tmp_path)
    (tmp_path / "scan_order_closest.txt").write_text("scan:pieces=NKBPRQ\n11 of 22 figures equal\n")
    text = readme.scan_order_section(tmp_path)
    assert "11 of 22 figures equal" in text and "scan_orders.txt, is missing" in text
    (tmp_path / "scan_orders.txt").write_text("1128960 orders\n")
    assert "1128960 orders" in readme.scan_order_section(tmp_path)


def test_the_bug_museum_is_a_section_of_the_page(tmp_path):
    shutil.copy(RUN_SMALL, tmp_path / "reproduction.json")
    assert "(not generated: museum.md is missing)" in readme.build_page(tmp_path)
    (tmp_path / "museum.md").write_text("# The bug museum\n\n| bug | caught by |\n|---|---|\n| `shared-alpha` | contract |\n")
    page = readme.build_page(tmp_path)
    assert "## The bug museum: which check catches which alpha-beta bug\n\n| bug | caught by |" in page
    assert "# The bug museum\n" not in page
