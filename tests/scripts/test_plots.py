"""Figures: written as non-empty PNG and SVG, one panel per position, odd depths marked."""

import pytest

from prunebench import frames, load, plots, tables
from conftest import RUN_SMALL


@pytest.fixture(scope="module")
def records():
    return frames.records_frame(load.load_run(RUN_SMALL))


def test_save_writes_png_and_svg(tmp_path, records):
    paths = plots.save(plots.nodes_figure(records), tmp_path / "nodes")
    assert paths == [tmp_path / "nodes.png", tmp_path / "nodes.svg"]
    assert paths[0].read_bytes().startswith(b"\x89PNG")
    assert paths[1].read_text(encoding="utf-8").count("<svg") == 1


def test_svg_is_reproducible(tmp_path, records):
    reduction = tables.reduction_table(records, frames.full_width_frame(load.load_run(RUN_SMALL)))
    first = plots.save(plots.reduction_figure(reduction), tmp_path / "a")[1]
    second = plots.save(plots.reduction_figure(reduction), tmp_path / "b")[1]
    assert first.read_bytes() == second.read_bytes()


def test_one_panel_per_position_with_log_depth_curves(records):
    figure = plots.nodes_figure(records)
    visible = [ax for ax in figure.axes if ax.get_visible()]
    assert [ax.get_title() for ax in visible] == ["start", "middlegame"]
    assert all(ax.get_yscale() == "log" for ax in visible)
    assert len(visible[0].get_lines()) == 4            # one line per mode


def test_ordering_gain_bars_hatch_odd_depths_only(records):
    figure = plots.ordering_gain_figure(tables.ordering_gain_table(records))
    middlegame = figure.axes[1]
    bars = [patch for patch in middlegame.patches]
    assert len(bars) == 3 * 2                           # depths 1-3 x {mvv-lva, pvs}
    for bar in bars:
        depth = round(bar.get_x() + bar.get_width() / 2)
        assert (bar.get_hatch() is not None) == (depth % 2 == 1), depth


def test_ordering_gain_bar_tops_are_the_gains(records):
    gain = tables.ordering_gain_table(records)
    figure = plots.ordering_gain_figure(gain)
    tops = sorted(round(bar.get_y() + bar.get_height(), 6) for bar in figure.axes[1].patches)
    expected = sorted(round(g, 6) for g in gain[gain["position"] == "middlegame"]["gain"])
    assert tops == expected


def test_mode_colours_are_stable_across_figures(records):
    gain_colours = plots.mode_colours(plots._modes(tables.ordering_gain_table(records)))
    node_colours = plots.mode_colours(plots._modes(records))
    assert gain_colours["pvs"] == node_colours["pvs"]


# Names as a user may spell them: two "$" make mathtext of an unescaped label
# ("x$y$z" in italics), and "$\frac$" is no valid formula, which failed the
# whole figure at savefig.
DOLLAR_MODES = {"pvs": "pv$s", "unordered": r"$\frac$", "mvv-lva": "x$y$z"}
DOLLAR_POSITIONS = {"start": "st$art$"}


def shown_texts(figure):
    """(what matplotlib draws, whether as mathtext) for every text of `figure`, after it is drawn."""
    from matplotlib.text import Text
    figure.canvas.draw()  # tick labels exist once drawn
    # _preprocess_math is the step Text.draw itself takes: it strips the "\$" escapes.
    return [text._preprocess_math(text.get_text()) for text in figure.findobj(Text) if text.get_text()]


def assert_names_shown_literally(figure, names, tmp_path):
    plots.save(figure, tmp_path / "dollars")  # both formats draw every text
    shown = shown_texts(figure)
    assert not [text for text, mathtext in shown if mathtext and "$" in text], shown
    assert set(names) <= {text for text, _ in shown}, shown


def test_a_dollar_in_a_mode_or_position_name_is_shown_literally(tmp_path, records):
    renamed = records.assign(mode=records["mode"].replace(DOLLAR_MODES),
                             position=records["position"].replace(DOLLAR_POSITIONS))
    names = [*DOLLAR_MODES.values(), *DOLLAR_POSITIONS.values()]
    assert_names_shown_literally(plots.nodes_figure(renamed), names, tmp_path)
    gain_modes = {m: DOLLAR_MODES[m] for m in ("pvs", "mvv-lva")}  # the gain is against "unordered": kept
    gain = tables.ordering_gain_table(records.assign(mode=records["mode"].replace(gain_modes)))
    assert_names_shown_literally(plots.ordering_gain_figure(gain), gain_modes.values(), tmp_path)


def test_a_dollar_in_a_study_mode_or_baseline_is_shown_literally(tmp_path):
    import pandas as pd
    baseline, modes = "un$ordered$", list(DOLLAR_MODES.values())
    summary = pd.DataFrame([{"depth": 2, "mode": m, "ratio": 0.5, "ci_low": 0.4, "ci_high": 0.6, "positions": 2}
                            for m in modes])
    colours = plots.mode_colours(modes)
    assert_names_shown_literally(plots.forest_figure(summary, baseline, colours), modes, tmp_path)
    detail = pd.DataFrame([{"depth": 2, "mode": m, "position": p, "ratio": r}
                           for m in modes for p, r in (("a$b$", 0.5), ("c", 0.25))])
    figure = plots.strip_figure(detail, baseline, colours)
    assert_names_shown_literally(figure, modes, tmp_path)
    assert any(baseline in text for text, _ in shown_texts(figure))


def test_clip_ids_are_numbered_in_order_of_appearance():
    text = '<clipPath id="pab12"/> url(#pab12) <clipPath id="pff"/> url(#pff) url(#pab12)'
    assert plots.stable_clip_ids(text) == ('<clipPath id="clip1"/> url(#clip1) <clipPath id="clip2"/> '
                                           'url(#clip2) url(#clip1)')


def _series(mode, values, position="start"):
    import pandas as pd
    return pd.DataFrame({"position": position, "depth": range(1, len(values) + 1), "mode": mode, "nodes": values})


def test_a_series_drawn_exactly_on_an_earlier_one_is_named_after_it():
    import pandas as pd
    table = pd.concat([_series("unordered", [21, 60, 546]), _series("fail-hard", [21, 60, 546]),
                       _series("mvv-lva", [21, 60, 500]), _series("mvv-lva-fail-hard", [21, 60, 500]),
                       _series("pvs", [21, 60, 546], "start"), _series("pvs", [33, 95], "middlegame"),
                       _series("unordered", [33, 96], "middlegame"), _series("fail-hard", [33, 96], "middlegame")])
    # pvs equals unordered at the start position only: not hidden everywhere, so not named
    assert plots.identical_series(table, "nodes") == {"fail-hard": "unordered", "mvv-lva-fail-hard": "mvv-lva"}


def test_the_legend_says_which_series_hides_which(records):
    twin = records[records["mode"] == "unordered"].assign(mode="fail-hard")
    import pandas as pd
    figure = plots.nodes_figure(pd.concat([records.astype({"mode": str}), twin.astype({"mode": str})]))
    labels = [text.get_text() for ax in figure.axes if ax.get_legend() for text in ax.get_legend().get_texts()]
    assert "fail-hard = unordered" in labels and "unordered" in labels


def test_study_figures_show_only_the_depths_asked_for_two_panels_a_row():
    import pandas as pd
    modes = [f"mode{i}" for i in range(12)]  # as many as the results' study
    summary = pd.DataFrame([{"depth": d, "mode": m, "ratio": 0.5, "ci_low": 0.4, "ci_high": 0.6, "positions": 2}
                            for d in (1, 2, 3, 4, 5) for m in modes])
    figure = plots.forest_figure(summary, "unordered", plots.mode_colours(modes), depths=[2, 3, 4, 5])
    visible = [ax for ax in figure.axes if ax.get_visible()]
    assert [ax.get_title() for ax in visible] == [f"depth {d} (2 positions)" for d in (2, 3, 4, 5)]
    width, height = figure.get_size_inches()
    assert 0.8 < width / height < 1.6   # not the 7.7:1 strip of five panels side by side
