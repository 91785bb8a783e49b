"""Every script answers -h/--help with its usage and exit status 0, without doing its work.

`scripts/reproduce.sh --help` once ran the whole main job and
`scripts/custom_set.sh --help` exited 2. Covers every entry point: the shell and
Python files in scripts/ (the package scripts/prunebench/ holds no command),
tests/fault_injection.sh and fuzz/smoke.sh.
"""

import subprocess

import pytest

from conftest import REPO, SCRIPTS

SCRIPT_FILES = sorted(
    [path for path in SCRIPTS.iterdir() if path.suffix in (".sh", ".py") and path.name != "help.sh"]
    + [REPO / "tests" / "fault_injection.sh", REPO / "fuzz" / "smoke.sh"])


def interpreter(script):
    return ["bash"] if script.suffix == ".sh" else ["/usr/bin/python3"]


def tracked_changes():
    return subprocess.run(["git", "status", "--porcelain"], cwd=REPO, capture_output=True, text=True).stdout


def test_every_script_is_covered():
    names = {path.name for path in SCRIPT_FILES}
    assert {"reproduce.sh", "custom_set.sh", "baseline.sh", "test.sh", "study.py", "make_tables.py",
            "fault_injection.sh", "smoke.sh"} <= names


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("script", SCRIPT_FILES, ids=lambda path: path.name)
def test_help_prints_usage_and_exits_0(script, flag):
    before = tracked_changes()
    # The timeout only keeps a regression (the script doing its work) from hanging the suite.
    done = subprocess.run(interpreter(script) + [str(script), flag], cwd=REPO, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert "usage" in done.stdout.lower(), done.stdout
    assert script.stem in done.stdout, done.stdout
    assert done.stderr == ""
    assert tracked_changes() == before  # nothing was regenerated


def test_reproduce_names_its_flags_and_refuses_others_before_any_work():
    script = SCRIPTS / "reproduce.sh"
    usage = subprocess.run(["bash", str(script), "--help"], cwd=REPO, capture_output=True, text=True,
                           timeout=120, stdin=subprocess.DEVNULL).stdout
    for flag in ("--deep", "--campaigns", "--scan-orders"):
        assert flag in usage.splitlines()[1], usage  # the Usage line
    before = tracked_changes()
    done = subprocess.run(["bash", str(script), "--deeper"], cwd=REPO, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr == ("error: unknown option '--deeper' "
                           "(usage: scripts/reproduce.sh [--deep] [--campaigns] [--scan-orders])\n")
    assert tracked_changes() == before
