"""Reference 003's claims measured (prunebench.ref003) on a committed run.

fixtures/run_ref003.json is `prunebench run --suite tests/scripts/fixtures/ref003.epd
--depths 1-5 --modes minimax,mvv-lva,mvv-lva+tt,id-tt,id-tt+tt-draft=ge,oracle,minimal
--max-nodes 40000000`: the start position, reference 000's middlegame and WAC.021.
"""

import math

import pytest

from prunebench import frames, load, ref003
from conftest import FIXTURES, one_row

RUN_FILE = FIXTURES / "run_ref003.json"  # the `run` and `records` fixtures (conftest.py)


def test_branching_factors_against_the_square_root(run, records):
    table = ref003.branching_table(records, frames.position_depths_frame(run))
    row = one_row(table, "start", 2)
    assert row["b"] == pytest.approx(20.0)                 # perft(2) = 400
    assert row["sqrt_b"] == pytest.approx(math.sqrt(20.0))
    assert row["minimal ebf"] == pytest.approx(60 ** 0.5)  # the minimal tree of depth 2 has 60 nodes
    assert row["minimax ebf"] == pytest.approx(421 ** 0.5)
    # WAC.021's depth-5 minimax was skipped (--max-nodes), and with it the minimal tree.
    assert not ((table["position"] == "WAC.021") & (table["depth"] == 5)).any()


def test_iterative_deepenings_last_iteration_and_its_cost(records):
    table = ref003.iterative_deepening_table(records)
    two = one_row(table, "start", 2)
    # id-tt to depth 2 is id-tt to depth 1 (21 nodes) plus a last iteration of 60.
    assert (two["id_total"], two["last_iteration"]) == (81, 60)
    assert two["shallower_share"] == pytest.approx(21 / 81)
    five = one_row(table, "start", 5)
    assert (five["id_total"], five["last_iteration"]) == (18526, 18526 - 2004)
    assert five["mvv-lva+tt_ratio"] == pytest.approx(16249 / 18526)
    assert five["mvv-lva_ratio"] == pytest.approx(23305 / 18526)


def test_the_draft_rule_changes_one_score(records):
    table = ref003.draft_rule_table(records)
    assert set(table["mode"]) == {"id-tt"}
    changed = table[table["score_differs"]]
    assert list(zip(changed["position"], changed["depth"])) == [("WAC.021", 5)]
    row = one_row(table, "WAC.021", 5)
    assert (row["score_exact"], row["score_ge"]) == (680, 130)
    assert row["nodes_saved"] == pytest.approx(1 - 44400 / 25595)
    # Up to depth 4 the two rules search identically (tests/engine/search/tt_draft_test.cpp).
    assert (table[table["depth"] <= 4]["nodes_saved"] == 0).all()
    summary = ref003.draft_rule_summary(table)
    five = summary[(summary["depth"] == 5)].iloc[0]
    assert (five["positions"], five["scores_differ"]) == (3, 1)


def test_without_the_modes_the_tables_are_empty():
    run = load.load_run(FIXTURES / "run_minimal.json")
    records = frames.records_frame(run)
    assert ref003.draft_rule_table(records).empty
    assert ref003.iterative_deepening_table(records).empty


def test_the_results_section_is_worded_from_the_runs(tmp_path):
    import json

    from prunebench.pages import ref003 as ref003_page

    document = json.loads(RUN_FILE.read_text(encoding="utf-8"))
    (tmp_path / "reproduction.json").write_text(json.dumps(document), encoding="utf-8")
    assert "(not generated: reproduction.json or ref003.json is missing)" in ref003_page.section(tmp_path)
    extra = ("mvv-lva+tt", "id-tt+tt-draft=ge")  # what reproduce.sh runs into ref003.json
    main = [r for r in document["records"] if r["mode"] not in extra]
    (tmp_path / "reproduction.json").write_text(json.dumps({**document, "records": main}), encoding="utf-8")
    ref = [r for r in document["records"] if r["mode"] in extra]
    (tmp_path / "ref003.json").write_text(json.dumps({**document, "records": ref}), encoding="utf-8")
    text = ref003_page.section(tmp_path)
    assert "WAC.021 at depth 5 with `id-tt`: 130 instead of 680" in text
    assert ('--fen "5rk1/1b3p1p/pp3p2/3n1N2/1P6/P1qB1PP1/3Q3P/4R1K1 w - - 0 1" --depth 5 '
            "--mode id-tt,tt-draft=ge") in text
    assert "On reference 000's two positions — depth 2: `id-tt` beats `mvv-lva+tt` at 0" in text
    assert "the tutorial's rule costs" in text  # WAC.021: 44,400 nodes against 25,595
    assert "**Verdict** on reference 000's two positions" in text


def test_claim_two_gets_a_verdict_per_depth():
    import pandas as pd

    from prunebench.pages import ref003 as ref003_page

    # id-tt against mvv-lva+tt at three positions: depth 2 loses everywhere, depth 3 wins
    # everywhere, depth 4 wins at one position only but by enough to lift the mean above 1.
    rows = [(2, 100, 90), (2, 100, 80), (2, 100, 95),
            (3, 100, 110), (3, 100, 120), (3, 100, 130),
            (4, 100, 1000), (4, 100, 90), (4, 100, 90)]
    table = pd.DataFrame([{"position": f"p{i}", "depth": d, "id_total": total, "mvv-lva+tt": other,
                           "mvv-lva+tt_ratio": other / total, "mvv-lva": other, "mvv-lva_ratio": other / total}
                          for i, (d, total, other) in enumerate(rows)])
    assert ref003_page.pays_verdicts(table, "mvv-lva+tt") == {2: "costs", 3: "pays", 4: "undecided"}
    sentence = ref003_page._verdict_sentence(table, "these positions")
    assert sentence.startswith("**Verdict** on these positions")
    assert "against `mvv-lva+tt` the shallower iterations pay for themselves at depth 3, are undecided" in sentence
    assert sentence.endswith("against the same ordering with a table, the claim holds only at depth 3.\n")


def test_the_nodes_saved_column_is_a_signed_percentage_never_minus_zero():
    from prunebench import render

    assert render.signed_percent(0.0) == "0"
    assert render.signed_percent(1 - 294388 / 294348) == "-0.014 %"   # was "-0.00"
    assert render.signed_percent(1 - 3038743 / 3039405) == "+0.022 %"
    assert render.signed_percent(-1e-7) == "-0.00001 %"               # never "-1e-05 %"
    assert render.column_label("nodes_saved") == "nodes saved by ge"
