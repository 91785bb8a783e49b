"""`prunebench run --shard K/N` and `prunebench merge`: three shards merged
equal a single-process run; merge refuses overlapping, missing and
mismatched shards; a journal is resumed only by its own shard."""

import json
from pathlib import Path

import pytest

from distributed_run import DEPTHS, MODES, assert_same_run, prunebench, single_run, small_suite

SHARDS = 3


def run_shard(suite, index, out, depths=DEPTHS):
    done = prunebench("run", "--suite", suite, "--depths", depths, "--modes", MODES,
                      "--shard", f"{index}/{SHARDS}", "--out", out)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The single-process run and its three shards."""
    directory = tmp_path_factory.mktemp("shards")
    suite = small_suite(directory)
    single = directory / "single.json"
    single_run(suite, single)
    shards = [run_shard(suite, k, directory / f"shard{k}.json") for k in range(1, SHARDS + 1)]
    return {"directory": directory, "suite": suite, "single": single, "shards": shards}


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def merge(*paths, out):
    return prunebench("merge", *paths, "--out", out)


def test_three_shards_merge_into_the_single_run(runs):
    out = runs["directory"] / "merged.json"
    done = merge(*reversed(runs["shards"]), out=out)  # any order
    assert done.returncode == 0, done.stderr
    merged = assert_same_run(runs["single"], out)
    assert merged["context"]["merged_shards"] == SHARDS
    assert "shard" not in merged["context"]


def test_every_shard_gets_work_and_says_which_it_is(runs):
    for index, path in enumerate(runs["shards"], 1):
        shard = load(path)
        assert shard["context"]["shard"]["index"] == index
        assert shard["context"]["shard"]["count"] == SHARDS
        assert shard["positions"], f"shard {index} has no position"


def test_merge_refuses_a_shard_given_twice(runs):
    first, second, third = runs["shards"]
    done = merge(first, first, second, third, out=runs["directory"] / "twice.json")
    assert done.returncode == 1
    assert "shard 1 is given twice" in done.stderr


def test_merge_refuses_a_missing_shard(runs):
    first, second, _ = runs["shards"]
    done = merge(first, second, out=runs["directory"] / "missing.json")
    assert done.returncode == 1
    assert "shard 3 of 3 is missing" in done.stderr
    assert not (runs["directory"] / "missing.json").exists()


def test_merge_refuses_a_record_recorded_twice(runs, tmp_path):
    second = load(runs["shards"][1])
    second["records"].append(second["records"][0])
    (tmp_path / "second.json").write_text(json.dumps(second), encoding="utf-8")
    done = merge(runs["shards"][0], tmp_path / "second.json", runs["shards"][2], out=tmp_path / "out.json")
    assert done.returncode == 1
    assert "is recorded twice" in done.stderr


def test_merge_refuses_a_record_of_a_position_the_shard_does_not_hold(runs, tmp_path):
    first, second = (load(path) for path in runs["shards"][:2])
    second["records"].append(first["records"][0])
    (tmp_path / "second.json").write_text(json.dumps(second), encoding="utf-8")
    done = merge(runs["shards"][0], tmp_path / "second.json", runs["shards"][2], out=tmp_path / "out.json")
    assert done.returncode == 2
    assert "the shard has no position" in done.stderr and done.stderr.count("\n") == 1


def test_merge_refuses_a_lost_record(runs, tmp_path):
    third = load(runs["shards"][2])
    lost = third["records"].pop()
    (tmp_path / "third.json").write_text(json.dumps(third), encoding="utf-8")
    done = merge(*runs["shards"][:2], tmp_path / "third.json", out=tmp_path / "out.json")
    assert done.returncode == 1
    assert f"{lost['position_id']} depth {lost['depth']} mode {lost['mode']} has no record" in done.stderr


def test_merge_refuses_other_depths(runs, tmp_path):
    shallow = run_shard(runs["suite"], 3, tmp_path / "shallow.json", depths="1-3")
    done = merge(*runs["shards"][:2], shallow, out=tmp_path / "out.json")
    assert done.returncode == 1
    assert "another plan: depths is [1,2,3]" in done.stderr


def test_merge_refuses_another_build(runs, tmp_path):
    third = load(runs["shards"][2])
    third["context"]["git_commit"] = "0" * 40
    (tmp_path / "third.json").write_text(json.dumps(third), encoding="utf-8")
    done = merge(*runs["shards"][:2], tmp_path / "third.json", out=tmp_path / "out.json")
    assert done.returncode == 1
    assert "another build: git_commit" in done.stderr


def test_merge_refuses_a_run_that_is_not_a_shard(runs, tmp_path):
    done = merge(runs["single"], *runs["shards"], out=tmp_path / "out.json")
    assert done.returncode == 2
    assert "not a shard's run" in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_journal_is_resumed_by_its_own_shard_only(runs, tmp_path):
    listing = prunebench("run", "--suite", runs["suite"], "--depths", DEPTHS, "--modes", MODES,
                         "--shard", f"2/{SHARDS}", "--list-plan")
    assert listing.returncode == 0, listing.stderr
    out = tmp_path / "shard2.json"
    Path(f"{out}.journal").write_text(json.dumps({"plan": json.loads(listing.stdout)["plan"]}) + "\n",
                                      encoding="utf-8")
    other = prunebench("run", "--suite", runs["suite"], "--depths", DEPTHS, "--modes", MODES,
                       "--shard", f"1/{SHARDS}", "--out", out, "--resume")
    assert other.returncode == 2
    assert "written by a run with another plan: it differs in --shard" in other.stderr
    same = prunebench("run", "--suite", runs["suite"], "--depths", DEPTHS, "--modes", MODES,
                      "--shard", f"2/{SHARDS}", "--out", out, "--resume")
    assert same.returncode == 0, same.stderr
    counts = lambda document: [(r["position_id"], r["depth"], r["mode"], r["counters"]) for r in document["records"]]
    assert counts(load(out)) == counts(load(runs["shards"][1]))


@pytest.mark.parametrize("shard", ["0/3", "4/3", "1/0", "a/3", "1-3"])
def test_a_bad_shard_is_bad_input(runs, shard):
    done = prunebench("run", "--suite", runs["suite"], "--depths", "1", "--shard", shard)
    assert done.returncode == 2
    assert done.stderr.startswith("error: --shard")
