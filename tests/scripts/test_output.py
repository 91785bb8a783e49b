"""prunebench.output: results are written through a new file renamed into place,
never through a planted link, never over one of the command's inputs."""

import json
import os

import pytest

import engine_table
import study
from prunebench import output


def test_a_link_planted_at_the_destination_is_replaced_and_its_target_left_alone(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.symlink_to(victim)
    output.write_text(page, "the page\n")
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not page.is_symlink()
    assert page.read_text(encoding="utf-8") == "the page\n"


def test_a_write_leaves_no_temporary_file_and_the_mode_open_would_give(tmp_path):
    path = output.write_text(tmp_path / "table.csv", "a,b\n1,2\n")
    assert [p.name for p in tmp_path.iterdir()] == ["table.csv"]
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "page.md"
    path.write_text("old\n", encoding="utf-8")

    def refuse(source, destination):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        output.write_text(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["page.md"]


def test_a_write_over_an_input_is_refused_however_the_path_is_spelled(tmp_path):
    run = tmp_path / "run.json"
    run.write_text("{}", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    with output.guarding([run]):
        with pytest.raises(output.OutputIsInput):
            output.write_text(tmp_path / "sub" / ".." / "run.json", "overwritten")
        output.write_text(tmp_path / "other.json", "fine")
    assert run.read_text(encoding="utf-8") == "{}"
    output.write_text(run, "allowed outside the guard")


def test_engine_table_refuses_an_out_that_is_its_run(run_document, write_json, tmp_path, capsys):
    ours = write_json(run_document, "ours.json")
    before = ours.read_bytes()
    assert engine_table.main([str(ours), "--out", str(ours)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and "is an input" in error and error.count("\n") == 1
    assert ours.read_bytes() == before


def test_study_refuses_to_write_a_page_over_its_run(run_document, tmp_path, capsys):
    # The study writes study.md among its pages; a run file of that name is not overwritten.
    run = tmp_path / "study.md"
    run.write_text(json.dumps(run_document), encoding="utf-8")
    before = run.read_bytes()
    assert study.main([str(run), "--out", str(tmp_path)]) == 2
    assert "is an input" in capsys.readouterr().err
    assert run.read_bytes() == before
