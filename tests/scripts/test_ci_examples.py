"""examples/ci/*.yml: they parse, and the commands they run work against this build.

The install and build steps are the CI machine's business (they are checked by
name only); every other command is run here, as the workflow would run it, on
the seed suite with a scratch baseline and report directory. The engine-repo
examples run from a `cmake --install` prefix of this build, with Stockfish as
the engine.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import PRUNEBENCH, REPO, require_prunebench

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


# The examples for an engine's own repository: prunebench comes from an
# installed prefix, and the engine is a real packaged one.
ENGINE = Path("/usr/games/stockfish")
OTHER_ENGINE = Path("/usr/games/ethereal-chess")
BUILD_DIR = PRUNEBENCH.parents[1]  # build/harness/prunebench -> build


def engine_env(variables: dict, tmp_path: Path, prefix: Path) -> dict:
    """The example's variables with the installed prefix, a packaged engine and a quick plan on scratch files."""
    env = {k: v for k, v in os.environ.items() if k != "PRUNEBENCH"}
    env.update({k: str(v) for k, v in variables.items()})
    env.update(PRUNEBENCH_PREFIX=str(prefix), ENGINE_COMMAND=str(ENGINE), SUITE=str(REPO / "positions" / "seed.epd"),
               DEPTHS="1-3", BASELINE=str(tmp_path / "baseline.json"), REPORT_DIR=str(tmp_path / "node-report"),
               GITHUB_STEP_SUMMARY=str(tmp_path / "summary.md"))
    return env


def install_prefix(tmp_path: Path) -> Path:
    """What the example's install step leaves: `cmake --install` of this build into a fresh prefix."""
    prefix = tmp_path / "prefix"
    done = subprocess.run(["cmake", "--install", str(BUILD_DIR), "--prefix", str(prefix)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (prefix / "bin" / "prunebench").is_file()
    return prefix


def engine_check_then_report(run: str, compare: str, report: str, env: dict, tmp_path: Path, report_file):
    """Record the baseline with the run step's own command, pass unchanged, fail on a changed count,
    an engine option or another engine, and run nothing but the installed binary."""
    if not ENGINE.exists():
        pytest.fail(f"{ENGINE} is missing: scripts/install-deps.sh installs it")
    assert "build/harness" not in run + compare  # the engine's repository has no prunebench build
    record = run.replace('"$REPORT_DIR/run.json"', '"$BASELINE"')
    assert record.count('"$BASELINE"') == 2  # the rm and the --out
    shell(record, env)
    baseline = Path(env["BASELINE"])
    records = json.loads(baseline.read_text(encoding="utf-8"))["records"]
    assert {(r["mode"], r["spec"]["algorithm"], r["spec"]["options"]["Hash"]) for r in records} == \
        {(env["ENGINE_NAME"], "uci-engine", env["ENGINE_HASH"])}
    assert len(records) == 2 * 3  # seed.epd's two positions at depths 1-3

    def check(overrides=None) -> subprocess.CompletedProcess:
        step_env = dict(env, **(overrides or {}))
        shell(run, step_env)
        return shell(compare, step_env, check=False)

    def report_text() -> str:
        output = shell(report, env).stdout
        return report_file.read_text(encoding="utf-8") if report_file else output

    passed = check()
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "compare: identical" in report_text()

    unchanged = baseline.read_text(encoding="utf-8")
    bump_first_count(baseline)
    changed = check()
    assert changed.returncode == 1, changed.stdout + changed.stderr
    assert "compare: fail: " in report_text() and "1 engine records changed" in report_text()
    baseline.write_text(unchanged, encoding="utf-8")

    refused = check({"ENGINE_HASH": str(int(env["ENGINE_HASH"]) * 2)})
    assert refused.returncode == 1 and "measured different engines" in refused.stderr, refused.stderr
    if OTHER_ENGINE.exists():
        refused = check({"ENGINE_COMMAND": str(OTHER_ENGINE)})
        assert refused.returncode == 1 and "measured different engines" in refused.stderr, refused.stderr

    # The steps take prunebench from the prefix and from nowhere else.
    empty = tmp_path / "empty-prefix"
    empty.mkdir()
    missing = shell(run, dict(env, PRUNEBENCH_PREFIX=str(empty)), check=False)
    assert missing.returncode != 0 and "empty-prefix/bin/prunebench" in missing.stderr


def test_engine_repo_github_actions_example(tmp_path):
    workflow = load("engine-repo-github-actions.yml")
    assert set(workflow[True]) == {"push", "pull_request"}
    variables = workflow["env"]
    assert "EDIT" in (EXAMPLES / "engine-repo-github-actions.yml").read_text(encoding="utf-8")
    steps = {step.get("name", step.get("uses")): step for step in workflow["jobs"]["node-counts"]["steps"]}
    cache = steps["Restore prunebench"]
    assert cache["uses"] == "actions/cache@v4"
    assert cache["with"]["path"] == "${{ env.PRUNEBENCH_PREFIX }}"
    assert "${{ env.PRUNEBENCH_COMMIT }}" in cache["with"]["key"]
    install = steps["Build and install prunebench"]
    assert install["if"] == f"steps.{cache['id']}.outputs.cache-hit != 'true'"
    assert '"$PRUNEBENCH_COMMIT"' in install["run"]
    assert 'cmake --install /tmp/prunebench/build --prefix "$PWD/$PRUNEBENCH_PREFIX"' in install["run"]
    assert "-DPRUNEBENCH_NATIVE=OFF" in install["run"]  # a cached binary may run on another CPU
    report = steps["Report in the job summary"]
    assert report["if"] == "always()" and "GITHUB_STEP_SUMMARY" in report["run"]

    env = engine_env(variables, tmp_path, install_prefix(tmp_path))
    engine_check_then_report(steps["Run the engine on the suite"]["run"], steps["Compare with the baseline"]["run"],
                             report["run"], env, tmp_path, tmp_path / "summary.md")


def test_engine_repo_gitlab_ci_example(tmp_path):
    job = load("engine-repo-gitlab-ci.yml")["node-counts"]
    variables = job["variables"]
    assert job["cache"]["key"] == "prunebench-$PRUNEBENCH_COMMIT"
    assert job["cache"]["paths"] == [variables["PRUNEBENCH_PREFIX"] + "/"]
    (install,) = [line for line in job["before_script"] if "cmake --install" in line]
    assert '[ ! -x "$PRUNEBENCH_PREFIX/bin/prunebench" ]' in install and '"$PRUNEBENCH_COMMIT"' in install
    assert job["artifacts"]["paths"] == [variables["REPORT_DIR"] + "/"] and job["artifacts"]["when"] == "always"
    (compare,) = [line for line in job["script"] if " compare " in line]
    assert [" run " in line for line in job["script"]].count(True) == 1
    run = "\n".join(line for line in job["script"] if line != compare)  # mkdir, rm and the run, as the job does
    (report,) = job["after_script"]

    env = engine_env(variables, tmp_path, install_prefix(tmp_path))
    engine_check_then_report(run, compare, report, env, tmp_path, None)
