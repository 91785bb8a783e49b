"""One colour and marker per mode, the same in every figure and on every run."""

import json
import re
import subprocess
import sys

from matplotlib.backends.backend_agg import FigureCanvasAgg

from prunebench import frames, load, plots, tables
from conftest import REPO, RUN_SMALL, SCRIPTS
from prunebench.parallel import base_mode
from prunebench.pruning import technique
from prunebench.style import STYLES, mode_colours, mode_style


def readme_named_modes():
    """The modes of the README's "Modes" table: the project's own list, not prunebench.style's."""
    section = REPO.joinpath("README.md").read_text(encoding="utf-8").split("## Modes", 1)[1].split("\n## ", 1)[0]
    modes = []
    for row in re.findall(r"^\| `([^`]+)`(?: \(= `([^`]+)`\))? \|", section, flags=re.MULTILINE):
        modes += [name for name in row if name]
    return modes


def modes_in_results():
    """Modes of the runs whose figures draw each mode in its style.

    The enhancement experiments' 48 combinations are drawn in one colour and
    named on their axis (plots.ranked_dots_figure), so they need no style each.
    The price of pruning draws each technique in its style, not each mode
    (techniques_in_results), and engines.md's steps run is a table only. The
    parallel study draws each base mode (`pvs-id-tt-killers`, not its
    `+smp=model+processors=P` modes, one per P) in its style.
    """
    modes = set()
    for path in REPO.joinpath("results").rglob("*.json"):
        if path.name.startswith("enhancements") or path in PRUNING_RUNS or path.name == "engine-steps.json":
            continue
        if path in PARALLEL_RUNS:
            modes |= {base_mode(record["mode"]) for record in json.loads(path.read_text(encoding="utf-8"))["records"]}
            continue
        document = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(document, dict) and document.get("kind") == "run":
            modes |= {record["mode"] for record in document["records"]}
    return modes


PARALLEL_RUNS = {REPO / "results" / "study" / "parallel-model.json",
                 *REPO.joinpath("results", "deep", "parallel").glob("*.json")}
PRUNING_RUNS = {REPO / "results" / "study" / "pruning.json", *REPO.joinpath("results", "deep", "pruning").glob("*.json")}


def techniques_in_results():
    """The techniques the Pareto plot of the price of pruning draws, each in its own style."""
    techniques = set()
    for path in PRUNING_RUNS:
        for record in json.loads(path.read_text(encoding="utf-8"))["records"]:
            if "reference" in record:
                techniques.add(technique(record["mode"], record["reference"]["mode"]))
    return techniques


def test_every_technique_of_the_price_of_pruning_has_its_own_colour_and_marker():
    techniques = techniques_in_results()
    assert {"nullmove=2", "lmr", "futility=100"} <= techniques
    pairs = {name: (mode_style(name).colour, mode_style(name).marker) for name in techniques}
    assert len(set(pairs.values())) == len(pairs), pairs


def test_the_readme_lists_the_named_modes():
    assert {"minimax", "unordered", "alphabeta", "pvs-id-tt-killers", "minimal", "oracle"} <= set(readme_named_modes())


def test_every_known_mode_has_its_own_colour_and_marker():
    known = set(readme_named_modes()) | modes_in_results()
    assert {"stockfish", "id-tt+tt-draft=ge"} <= known  # engines and composed modes are in results/
    pairs = {mode: (mode_style(mode).colour, mode_style(mode).marker) for mode in known}
    assert len(set(pairs.values())) == len(pairs), pairs
    assert set(readme_named_modes()) <= set(STYLES)  # named modes have fixed entries, not hashed ones


def test_a_mode_keeps_its_style_whatever_the_other_modes():
    assert mode_colours(["pvs", "minimax"]) == {"pvs": STYLES["pvs"].colour, "minimax": STYLES["minimax"].colour}
    assert mode_colours(["minimax"])["minimax"] == mode_colours(["pvs", "mtdf", "minimax"])["minimax"]


def test_a_composed_mode_keeps_its_base_colour_dashed():
    style = mode_style("pvs+tiebreak=canonical")
    assert style.colour == STYLES["pvs"].colour and style.linestyle == "--"
    assert style.marker != STYLES["pvs"].marker


def test_unknown_names_get_the_same_style_in_every_process():
    """A hash of the name, not Python's per-process salted hash() nor order of appearance."""
    code = "from prunebench import style; print([tuple(style.mode_style(m)) for m in ('my-engine', 'algo=pvs+tt')])"
    outputs = {subprocess.run([sys.executable, "-c", code], cwd=SCRIPTS, capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(outputs) == 1


def test_more_than_six_modes_become_rows_of_at_most_six():
    modes = [f"m{i}" for i in range(15)]
    groups = plots.mode_groups(modes)
    assert [mode for group in groups for mode in group] == modes
    assert len(groups) == 3 and all(len(group) <= plots.MAX_MODES_PER_PANEL for group in groups)
    assert plots.mode_groups(modes[:6]) == [modes[:6]]


def test_legends_stay_outside_the_data():
    records = frames.records_frame(load.load_run(RUN_SMALL))
    for figure in (plots.nodes_figure(records), plots.ordering_gain_figure(tables.ordering_gain_table(records))):
        canvas = FigureCanvasAgg(figure)
        canvas.draw()  # lays the figure out
        renderer = canvas.get_renderer()
        legends = [ax.get_legend() for ax in figure.axes if ax.get_legend() is not None]
        assert legends
        for legend in legends:
            box = legend.get_window_extent(renderer)
            for ax in figure.axes:
                if ax.get_visible():
                    assert not box.overlaps(ax.get_window_extent(renderer)), ax.get_title()


def test_tick_labels_use_thousands_separators():
    assert [plots.tick_label(v) for v in (0.5, 1, 20, 1000, 119060324)] == ["0.5", "1", "20", "1,000", "119,060,324"]


def test_renders_are_byte_identical(tmp_path):
    records = frames.records_frame(load.load_run(RUN_SMALL))
    first = plots.save(plots.nodes_figure(records), tmp_path / "a")
    second = plots.save(plots.nodes_figure(records), tmp_path / "b")
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes(), a.suffix
