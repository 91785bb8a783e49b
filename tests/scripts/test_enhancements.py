"""The enhancement experiments' arithmetic, on runs whose answers are known by construction.

Each combination's nodes are a product of per-factor multipliers (and one
interaction term), so every main effect, interaction and share has a value
worked out by hand below, independent of the code under test.
"""

import itertools
import json
import math

import pytest

from conftest import RUN_CONTEXT
from prunebench import enhancements as en
from prunebench.pages import enhancements as page
import enhancements as enhancements_cli

MULTIPLIER = {"tt": 0.5, "id": 0.9, "killers": 0.8, "history": 0.7, "pvs": 0.95, "aspiration": 0.98}
TT_HISTORY = 0.6           # extra factor when both tt and history are on
POSITION_SCALE = {"P1": 1000.0, "P2": 3000.0, "P3": 20000.0}
RESAMPLES = 300           # enough for an interval to exist; the figures checked here do not depend on it
MINIMAL = {"P1": 100, "P2": 200, "P3": 1000}


def spec(factors, algorithm=None):
    return {"algorithm": algorithm or ("pvs" if "pvs" in factors else "alphabeta"), "ordering": "mvv-lva",
            "fail": "soft", "tiebreak": "generator", "tt": "tt" in factors, "tt_move": "tt" in factors,
            "iterative_deepening": "id" in factors, "pv_move": "id" in factors,
            "killers": "killers" in factors, "history": "history" in factors,
            "aspiration": 50 if "aspiration" in factors else 0}


def nodes(position, factors):
    value = POSITION_SCALE[position]
    for f in factors:
        value *= MULTIPLIER[f]
    if {"tt", "history"} <= set(factors):
        value *= TT_HISTORY
    return value


def valid(factors):
    return "aspiration" not in factors or "id" in factors  # as the factorial's grammar has it


def record(position, depth, mode, spec_, count, leaves=None, **counters):
    return {"position_id": position, "depth": depth, "mode": mode, "spec": spec_,
            "counters": {"nodes": count, "leaves": leaves if leaves is not None else count // 2, **counters}}


def run(mtdf_nodes=None, passes=(2, 4, 7)):
    records = []
    for position in POSITION_SCALE:
        records.append(record(position, 5, "minimal", {"algorithm": "minimal"}, MINIMAL[position]))
        for k in range(len(MULTIPLIER) + 1):
            for factors in itertools.combinations(MULTIPLIER, k):
                if valid(factors):
                    # nodes are floats here: exact products keep the expected ratios exact
                    records.append(record(position, 5, "+".join(factors) or "mvv-lva", spec(factors),
                                          nodes(position, factors), leaves=nodes(position, factors) / 2))
        for extras in ((), ("killers", "history")):
            records.append(record(position, 5, "mtdf" + "".join(extras), spec(("tt", "id") + extras, "mtdf"),
                                  (mtdf_nodes or 0.9) * nodes(position, ("tt", "id", "pvs", "aspiration") + extras),
                                  leaves=0.8 * nodes(position, ("tt", "id", "pvs", "aspiration") + extras) / 2,
                                  mtdf_passes_per_iteration=list(passes)))
    return {"records": records}


def test_every_valid_combination_is_read_from_its_spec():
    result = en.enhancements(run(), resamples=RESAMPLES)
    assert len(result.combinations) == 48   # 64 subsets, 16 with aspiration but no id
    assert set(result.combinations["positions"]) == {3}


def test_a_combination_is_its_nodes_over_the_minimal_tree_averaged_geometrically():
    result = en.enhancements(run(), resamples=RESAMPLES)
    row = result.combinations.set_index("combination").loc["tt+killers"]
    expected = math.exp(sum(math.log(nodes(p, ("tt", "killers")) / MINIMAL[p]) for p in POSITION_SCALE) / 3)
    assert row["minimal_ratio"] == pytest.approx(expected)
    assert row["ci_low"] <= row["minimal_ratio"] <= row["ci_high"]


def test_main_effects_average_over_the_pairs_that_differ_by_the_factor_alone():
    effects = en.enhancements(run(), resamples=RESAMPLES).effects.set_index("factor")
    assert effects.at["killers", "ratio"] == pytest.approx(0.8)
    assert effects.at["pvs", "ratio"] == pytest.approx(0.95)
    # Half of tt's pairs have history on, where tt also brings the interaction term.
    assert effects.at["tt", "ratio"] == pytest.approx(0.5 * math.sqrt(TT_HISTORY))
    # aspiration pairs only exist with id on: 16 pairs; tt: 24 (aspiration needs id on both sides).
    assert effects.at["aspiration", "pairs"] == 16
    assert effects.at["tt", "pairs"] == 24


def test_interactions_find_the_one_built_in_and_no_other():
    interactions = en.enhancements(run(), resamples=RESAMPLES).interactions.set_index("factors")
    assert interactions.at["tt × history", "ratio"] == pytest.approx(TT_HISTORY)
    others = interactions.drop(index="tt × history")
    assert others["ratio"].to_numpy() == pytest.approx([1.0] * len(others))


def test_schaeffer_share_is_the_part_of_the_best_reduction_tt_and_history_give():
    row = en.enhancements(run(), resamples=RESAMPLES).schaeffer.iloc[0]
    geo = lambda factors: math.exp(sum(math.log(nodes(p, factors)) for p in POSITION_SCALE) / 3)
    best = ("tt", "id", "killers", "history", "pvs", "aspiration")   # every multiplier is below 1
    expected = (geo(()) - geo(("tt", "history"))) / (geo(()) - geo(best))
    assert row["best"] == "tt+id+killers+history+pvs+aspiration"
    assert row["share"] == pytest.approx(expected)
    assert row["ci_low"] <= row["share"] <= row["ci_high"]


def test_schaeffer_share_is_undefined_when_nothing_saves():
    assert math.isnan(en.schaeffer_share(100.0, 100.0, 100.0))


def test_plaat_compares_mtdf_with_the_aspiration_pvs_of_the_same_extras():
    plaat = en.enhancements(run(mtdf_nodes=0.9), resamples=RESAMPLES).plaat
    nodes_rows = plaat.loc[plaat["measure"] == "nodes"]
    assert list(nodes_rows["rival"]) == ["tt+id+pvs+aspiration", "tt+id+killers+history+pvs+aspiration"]
    assert nodes_rows["ratio"].to_numpy() == pytest.approx([0.9, 0.9])
    assert list(nodes_rows["wins"]) == [3, 3]
    leaves = plaat.loc[plaat["measure"] == "leaves"]
    assert leaves["ratio"].to_numpy() == pytest.approx([0.8, 0.8])


def test_passes_per_iteration_are_pooled_over_positions_and_iterations():
    passes = en.enhancements(run(passes=(2, 4, 7)), resamples=RESAMPLES).passes.iloc[0]
    assert passes["iterations"] == 9
    assert passes["mean"] == pytest.approx(13 / 3)
    assert (passes["min"], passes["max"], passes["median"]) == (2, 7, 4)
    assert passes["in_range"] == pytest.approx(1 / 3)


def test_records_outside_the_family_are_not_combinations():
    assert en.factorial_factors({**spec(("tt",)), "tt_move": False}) is None
    assert en.factorial_factors({**spec(()), "ordering": "natural"}) is None
    assert en.factorial_factors({**spec(()), "fail": "hard"}) is None
    assert en.factorial_factors(spec(("id", "aspiration"))) == frozenset({"id", "aspiration"})


def test_a_run_without_the_factorial_or_the_minimal_tree_is_refused():
    with pytest.raises(en.load.DataError, match="no combination"):
        en.enhancements({"records": [record("P1", 5, "minimal", {"algorithm": "minimal"}, 10)]})
    without_minimal = [r for r in run()["records"] if r["mode"] != "minimal"]
    with pytest.raises(en.load.DataError, match="minimal tree"):
        en.enhancements({"records": without_minimal})


def test_the_page_states_each_claim_against_its_published_figure():
    text = page.page(en.enhancements(run(), resamples=RESAMPLES), "run.json")
    assert "Schaeffer's 99%" in text
    assert "Plaat et al." in text
    assert "passes, the range Plaat et al. report" in text


@pytest.mark.parametrize("ratio, low, high, words", [
    (0.93, 0.91, 0.95, "within Plaat et al.'s"),
    (0.961, 0.945, 0.976, "a smaller saving than Plaat et al.'s 5–10 %, though the interval reaches it"),
    (0.98, 0.97, 0.99, "a smaller saving than Plaat et al.'s 5–10 %"),
    (0.85, 0.80, 0.89, "a larger saving than Plaat et al.'s 5–10 %"),
    (0.88, 0.85, 0.91, "a larger saving than Plaat et al.'s 5–10 %, though the interval reaches it"),
])
def test_plaat_verdict_compares_the_ratio_and_its_interval_with_five_to_ten_percent(ratio, low, high, words):
    verdict = page.plaat_verdict(ratio, low, high)
    assert verdict.startswith(words)
    if "though" not in words:
        assert "though" not in verdict



def run_file(path, records):
    """`records` as a run file: whole counts, and the counters every record has."""
    whole = [{**r, "counters": {"cutoffs": 0, "first_move_cutoffs": 0,
                                **{k: round(v) if isinstance(v, float) else v for k, v in r["counters"].items()}}}
             for r in records]
    positions = [{"id": p, "fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "perft": [1]} for p in POSITION_SCALE]
    path.write_text(json.dumps({"schema_version": 1, "kind": "run", "context": RUN_CONTEXT, "positions": positions,
                                "records": whole}), encoding="utf-8")
    return str(path)


def test_the_minimal_tree_read_from_another_run_gives_the_same_page(tmp_path, capsys):
    records = run()["records"]
    whole = run_file(tmp_path / "whole.json", records)
    searches = run_file(tmp_path / "searches.json", [r for r in records if r["mode"] != "minimal"])
    study = run_file(tmp_path / "study.json", [r for r in records if r["mode"] == "minimal"])
    assert enhancements_cli.main([whole, "--out", str(tmp_path / "a"), "--resamples", "50"]) == 0
    assert enhancements_cli.main([searches, "--minimal-from", study, "--out", str(tmp_path / "b"),
                                  "--resamples", "50"]) == 0
    for name in ("enhancements.csv", "enhancements_effects.csv"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    pages = [(tmp_path / out / "enhancements.md").read_text(encoding="utf-8").splitlines() for out in "ab"]
    assert pages[1][2].startswith(f"Run: `{searches}; the exact minimal tree also from {study}`.")
    assert pages[0][:2] + pages[0][3:] == pages[1][:2] + pages[1][3:]
    capsys.readouterr()
    assert enhancements_cli.main([searches, "--out", str(tmp_path / "c")]) == 2
    assert capsys.readouterr().err.startswith("error: the run has no exact minimal tree")
