"""notebooks/ordering_explorer.ipynb executes headless, from any directory."""

import json
import os
import shutil
import subprocess

import pytest

from conftest import REPO, RUN_SMALL

NOTEBOOK = REPO / "notebooks" / "ordering_explorer.ipynb"

pytestmark = pytest.mark.skipif(shutil.which("jupyter") is None, reason="jupyter is not installed")


def _execute(tmp_path, env_extra=None):
    """Run the notebook with nbconvert from tmp_path; return the executed notebook."""
    output = tmp_path / "executed.ipynb"
    env = {name: value for name, value in os.environ.items() if name != "PRUNEBENCH_RUN"}
    env.update(PYDEVD_DISABLE_FILE_VALIDATION="1", **(env_extra or {}))  # quiet debugger warning
    result = subprocess.run(
        ["jupyter", "nbconvert", "--to", "notebook", "--execute", "--output", str(output),
         str(NOTEBOOK)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(output.read_text(encoding="utf-8"))


def _outputs(notebook):
    return [output for cell in notebook["cells"] if cell["cell_type"] == "code"
            for output in cell["outputs"]]


def _text(output):
    if "text" in output:
        return "".join(output["text"])
    return "".join(output.get("data", {}).get("text/markdown", []))


def test_notebook_runs_on_the_fixture(tmp_path):
    outputs = _outputs(_execute(tmp_path))
    assert not [o for o in outputs if o["output_type"] == "error"]
    texts = "\n".join(_text(o) for o in outputs)
    assert f"run:       {RUN_SMALL}" in texts
    assert "| middlegame | 2 | mvv-lva | 495 | 96 | 5.16 |" in texts    # the ordering-gain table
    assert any("image/png" in o.get("data", {}) for o in outputs)       # the plot
    # the ordering study, with its interval and its verdict on two positions
    assert "- Fewest nodes at depth 3: `pvs` searches 0.485× `unordered`'s nodes (95 % CI 0.253–0.929;" in texts
    assert "too few positions to be sure" in texts
    assert "| mode | 1→2 | 2→3 | into odd depths | into even depths |" in texts   # growth per ply
    assert sum("image/png" in o.get("data", {}) for o in outputs) == 3  # gain, forest, strip


def test_notebook_reads_prunebench_run(tmp_path):
    run = json.loads(RUN_SMALL.read_text(encoding="utf-8"))
    for position in run["positions"]:
        position["id"] = "renamed-" + position["id"]
    for record in run["records"]:
        record["position_id"] = "renamed-" + record["position_id"]
    (tmp_path / "mine.json").write_text(json.dumps(run), encoding="utf-8")
    # A relative path, resolved from the directory the user started in.
    outputs = _outputs(_execute(tmp_path, {"PRUNEBENCH_RUN": "mine.json", "PWD": str(tmp_path)}))
    texts = "\n".join(_text(o) for o in outputs)
    assert "positions: renamed-start, renamed-middlegame" in texts
