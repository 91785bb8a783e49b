"""The transcription in scripts/reference_figures.json against the articles' own cross-checks.

Reference 000 prints its reductions and gains beside the counts, and its
minimax counts must obey the perft identity; reference 002's theory table
must obey b^d and the Knuth-Moore formula. A mistyped count breaks one of
these relations.
"""

import pytest

from prunebench import load, theory

# Perft of the start position (published, independent of reference 000).
START_PERFT = [1, 20, 400, 8902, 197281, 4865609, 119060324]


@pytest.fixture(scope="module")
def chess():
    return load.load_reference()["chess"]["nodes"]


def _nodes(chess, position, mode):
    return {int(depth): nodes for depth, nodes in chess[position][mode].items()}


def test_start_minimax_is_the_sum_of_perft(chess):
    for depth, nodes in _nodes(chess, "start", "minimax").items():
        assert nodes == sum(START_PERFT[: depth + 1])


@pytest.mark.parametrize("position, printed", [
    ("start", {1: 1.0, 2: 7.0, 3: 16.0, 4: 136, 5: 226, 6: 264}),
    ("middlegame", {1: 1.0, 2: 2.0, 3: 7.0, 4: 26.6, 5: 154}),
])
def test_printed_reductions(chess, position, printed):
    minimax = _nodes(chess, position, "minimax")
    unordered = _nodes(chess, position, "unordered")
    for depth, ratio in printed.items():
        # The article rounds to 0.1 below 100 and to a whole number above.
        tolerance = 0.05 if ratio < 100 else 0.5
        assert minimax[depth] / unordered[depth] == pytest.approx(ratio, abs=tolerance)


@pytest.mark.parametrize("position, printed", [
    ("start", {2: 1.00, 3: 1.00, 4: 1.01, 5: 1.07, 6: 2.08}),
    ("middlegame", {2: 5.16, 3: 3.88, 4: 11.14, 5: 4.50, 6: 44.53}),
])
def test_printed_ordering_gains(chess, position, printed):
    unordered = _nodes(chess, position, "unordered")
    ordered = _nodes(chess, position, "mvv-lva")
    for depth, gain in printed.items():
        assert unordered[depth] / ordered[depth] == pytest.approx(gain, abs=0.005)


def test_middlegame_depth5_capture_ordering_reduction_is_693x(chess):
    assert (_nodes(chess, "middlegame", "minimax")[5] / _nodes(chess, "middlegame", "mvv-lva")[5]
            == pytest.approx(693, abs=0.5))


def test_theory_rows_obey_their_formulas():
    for row in load.load_reference()["theory"]["rows"]:
        b, d = row["branching"], row["depth"]
        assert row["minimax_leaves"] == b ** d
        assert row["best_case_leaves"] == theory.minimal_tree_leaves(b, d)


def test_random_tree_and_standing_figures():
    reference = load.load_reference()
    trees = reference["random_trees"]
    assert trees["minimal_tree_leaves"] == theory.minimal_tree_leaves(trees["branching"], trees["depth"])
    standing = reference["standing_tree"]["leaves_examined"]
    assert [standing[o] for o in ("ABC", "ACB", "BAC", "BCA", "CAB", "CBA")] == [7, 7, 9, 9, 7, 7]
