"""examples/ci/*.yml: they parse, and the commands they run work against this build.

The install and build steps are the CI machine's business (they are checked by
name only); every other command is run here, as the workflow would run it, on
the seed suite with a scratch baseline and report directory.
"""

import json
import os
import subprocess
from pathlib import Path

import yaml

from conftest import REPO, require_prunebench

EXAMPLES = REPO / "examples" / "ci"
SETUP_WORDS = ("apt-get", "scripts/build.sh")  # steps this test leaves to the CI machine


def load(name: str) -> dict:
    return yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))


def shell(script: str, env: dict, check=True) -> subprocess.CompletedProcess:
    """Run a step as GitHub's and GitLab's default shells do: bash, stop at the first error."""
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=600, check=False)
    if check:
        assert done.returncode == 0, f"{script}\n{done.stdout}\n{done.stderr}"
    return done


def scratch_env(variables: dict, tmp_path: Path) -> dict:
    """The workflow's variables, pointed at scratch files and a quick plan."""
    env = dict(os.environ, **{k: str(v) for k, v in variables.items()})
    env.update(PRUNEBENCH=require_prunebench(), DEPTHS="1-2", BASELINE=str(tmp_path / "baseline.json"),
               REPORT_DIR=str(tmp_path / "node-report"), GITHUB_STEP_SUMMARY=str(tmp_path / "summary.md"))
    return env


def bump_first_count(baseline: Path) -> None:
    """Make the baseline's first record 10 nodes bigger: the fresh run then improves on it."""
    run = json.loads(baseline.read_text(encoding="utf-8"))
    run["records"][0]["counters"]["nodes"] += 10
    baseline.write_text(json.dumps(run), encoding="utf-8")


def check_then_report(check: str, report: str, env: dict, tmp_path: Path, report_file: Path):
    """Record a baseline with the check's own options, pass, then fail on a changed count."""
    shell(check.replace("baseline.sh check", "baseline.sh update"), env)
    shell(check, env)
    report_output = shell(report, env).stdout
    assert "compare: identical" in (report_file.read_text(encoding="utf-8") if report_file else report_output)
    benchmark = json.loads((tmp_path / "node-report" / "benchmark.json").read_text(encoding="utf-8"))
    assert {entry["name"] for entry in benchmark} >= {"mvv-lva/depth:1", "pvs/depth:2"}

    bump_first_count(tmp_path / "baseline.json")
    failed = shell(check, env, check=False)
    assert failed.returncode == 1, failed.stderr
    assert "baseline check failed (1 of its checks)" in failed.stderr
    report_output = shell(report, env).stdout
    text = report_file.read_text(encoding="utf-8") if report_file else report_output
    assert "compare: fail: " in text and "| improved |" in text


def test_github_actions_example(tmp_path):
    workflow = load("github-actions.yml")
    assert set(workflow[True]) == {"push", "pull_request"}  # YAML 1.1 reads the key `on` as true
    steps = workflow["jobs"]["node-counts"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    setup = [run for run in runs if any(word in run for word in SETUP_WORDS)]
    check, report = [run for run in runs if run not in setup]
    assert len(setup) == 2 and "baseline.sh check" in check and "GITHUB_STEP_SUMMARY" in report
    uses = {step["uses"].split("@")[0]: step.get("with", {}) for step in steps if "uses" in step}
    assert uses["benchmark-action/github-action-benchmark"]["tool"] == "customSmallerIsBetter"
    assert uses["benchmark-action/github-action-benchmark"]["output-file-path"] == "${{ env.REPORT_DIR }}/benchmark.json"
    assert uses["actions/upload-artifact"]["path"] == "${{ env.REPORT_DIR }}/"

    summary = tmp_path / "summary.md"
    check_then_report(check, report, scratch_env(workflow["env"], tmp_path), tmp_path, summary)


def test_gitlab_ci_example(tmp_path):
    job = load("gitlab-ci.yml")["node-counts"]
    assert all(any(word in line for word in SETUP_WORDS) for line in job["before_script"])
    assert job["artifacts"]["paths"] == [job["variables"]["REPORT_DIR"] + "/"]
    assert job["artifacts"]["when"] == "always"
    (check,) = job["script"]
    (report,) = job["after_script"]
    check_then_report(check, report, scratch_env(job["variables"], tmp_path), tmp_path, None)
