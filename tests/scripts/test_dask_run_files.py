"""dask_run.py's own files never follow a link someone planted: the output's temporary and the journal."""

import json
import os

import pytest

import dask_run


def test_a_link_planted_at_the_guessable_temporary_is_not_followed(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious\n", encoding="utf-8")
    out = tmp_path / "out.json"
    os.symlink(victim, tmp_path / "out.json.tmp")
    dask_run.write_atomically(str(out), {"kind": "run"})
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert json.loads(out.read_text(encoding="utf-8")) == {"kind": "run"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "out.json.tmp", "victim"]


def test_an_out_that_is_a_link_is_replaced_and_its_target_left_alone(tmp_path):
    target = tmp_path / "target.json"
    target.write_text("kept\n", encoding="utf-8")
    out = tmp_path / "out.json"
    os.symlink(target, out)
    dask_run.write_atomically(str(out), {"kind": "run"})
    assert not out.is_symlink()
    assert target.read_text(encoding="utf-8") == "kept\n"


def test_a_dangling_link_planted_at_the_journal_is_refused_and_creates_nothing(tmp_path):
    target = tmp_path / "created-through-the-link"
    journal = tmp_path / "out.json.journal"
    os.symlink(target, journal)
    with pytest.raises(dask_run.Failure) as failure:
        dask_run.Journal(str(journal), signature={}, resume=False)
    assert not target.exists()
    assert "cannot open the journal" in str(failure.value) or "unfinished" in str(failure.value)
