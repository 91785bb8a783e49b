"""scripts/bench_vs_stockfish.py: the closing summary sets each figure beside its target."""

import os
import subprocess

import bench_vs_stockfish
from conftest import SCRIPTS


def test_every_figure_of_issue_16_part_3_has_a_target():
    assert bench_vs_stockfish.TARGETS == {"start": 4.4, "kiwipete": 5.9, "make-every-leaf": 150.0, "minimax": 150.0}


def test_summary_line_shows_target_best_and_median():
    line = bench_vs_stockfish.summary_line("perft start depth 6: x Stockfish", 4.4, 2.75, 2.61)
    assert line.split()[-8:] == [">=", "4.4", "2.75", "2.61", "no", "(median", "+69", "%)"]


def test_summary_line_says_whether_best_and_median_meet_the_target():
    assert bench_vs_stockfish.summary_line("f", 150.0, 160.0, 151.0).endswith("yes")
    assert bench_vs_stockfish.summary_line("f", 150.0, 160.0, 140.0).endswith("best only (median +8 %)")
    assert bench_vs_stockfish.summary_line("f", 150.0, 149.9, 140.0).endswith("no (median +8 %)")


def test_summary_line_names_the_rise_the_median_needs_rounded_up():
    # 0.35 / 0.33 = 1.0606...: 7 %, not 6; a median on the target needs none.
    assert bench_vs_stockfish.summary_line("f", 0.35, 0.34, 0.33).endswith("no (median +7 %)")
    assert bench_vs_stockfish.summary_line("f", 0.2, 0.2, 0.2).endswith("yes")
    assert bench_vs_stockfish.summary_line("f", 1.0, 1.0, 0.5).endswith("best only (median +100 %)")
    assert bench_vs_stockfish.summary_line("f", 1.0, 0.0, 0.0).endswith("no")


def test_the_ordered_searches_have_their_share_of_minimax_as_target():
    targets = {(mode, name): target for mode, name, _, _, target in bench_vs_stockfish.ORDERED}
    assert targets == {("mvv-lva", "start"): 0.35, ("mvv-lva", "middlegame"): 0.35,
                       ("pvs-id-tt-killers", "start"): 0.20, ("pvs-id-tt-killers", "middlegame"): 0.20}
    assert bench_vs_stockfish.MAKE_EVERY_LEAF_VS_STOCKFISH == 1.0


def test_runs_are_timed_in_alternating_rounds():
    calls = []

    def run(name, seconds):
        def one():
            calls.append(name)
            return 100, seconds.pop(0)
        return one

    timings = bench_vs_stockfish.timed(3, {"a": run("a", [3.0, 1.0, 2.0]), "b": run("b", [5.0, 4.0, 6.0])})
    assert calls == ["a", "b", "a", "b", "a", "b"]
    assert timings == {"a": (100, 1.0, 2.0), "b": (100, 4.0, 5.0)}


def test_a_run_whose_count_changes_is_an_error():
    counts = [10, 11]
    try:
        bench_vs_stockfish.timed(2, {"a": lambda: (counts.pop(0), 1.0)})
    except RuntimeError as error:
        assert "a: node counts differ between runs: [10, 11]" in str(error)
    else:
        raise AssertionError("no error")


def fake_program(tmp_path, name, body):
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)
    return str(path)


def run_script(*args):
    return subprocess.run(["/usr/bin/python3", str(SCRIPTS / "bench_vs_stockfish.py"), "--repeat", "1", *args],
                          capture_output=True, text=True)


def test_a_failing_program_is_an_error_naming_it_and_its_message(tmp_path):
    failing = fake_program(tmp_path, "prunebench", 'echo "error: boom" >&2\nexit 2\n')
    try:
        bench_vs_stockfish.run_json([failing, "perft"])
    except RuntimeError as error:
        assert str(error) == f"{failing} perft exited 2: error: boom"
    else:
        raise AssertionError("no error")


def test_a_missing_stockfish_ends_the_script_in_one_error_line(tmp_path):
    result = run_script("--stockfish", str(tmp_path / "missing"))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"error: [Errno 2] No such file or directory: '{tmp_path / 'missing'}'"]


def test_a_stockfish_that_quits_before_its_count_ends_the_script_in_one_error_line(tmp_path):
    # Reads "uci" and "isready", answers, reads the position and "go perft", and quits.
    quitter = fake_program(tmp_path, "stockfish", "read a; read b; echo readyok; read c; read d\n")
    result = run_script("--stockfish", quitter)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {quitter} ended, or gave nothing for")
    assert "without a 'Nodes searched:' line" in lines[0]


def test_writing_to_a_program_that_has_quit_is_no_error():
    proc = subprocess.Popen(["true"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    proc.wait()
    bench_vs_stockfish.send(proc, "isready\n")  # the pipe is broken: its output tells, not this write
    proc.communicate()


def test_a_cpu_the_script_may_not_use_is_one_error_line():
    result = run_script("--cpu", "100000")
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"error: --cpu 100000: not a CPU this script may use ({', '.join(map(str, sorted(os.sched_getaffinity(0))))})"]


def test_pinning_puts_the_script_and_its_programs_on_one_cpu():
    cpu = max(os.sched_getaffinity(0))
    # Run from scripts/, where `python3 -c` finds the script as a module.
    probe = (f"import os, subprocess, bench_vs_stockfish; bench_vs_stockfish.pin({cpu}); "
             "print(subprocess.run(['taskset', '-pc', str(os.getpid())], capture_output=True, text=True).stdout)")
    out = subprocess.run(["/usr/bin/python3", "-c", probe], cwd=SCRIPTS, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().endswith(f"list: {cpu}")


def error_of(call):
    try:
        call()
    except RuntimeError as error:
        return str(error)
    raise AssertionError("no error")


def test_a_hanging_program_is_killed_and_named(tmp_path, monkeypatch):
    monkeypatch.setattr(bench_vs_stockfish, "RUN_TIMEOUT", 1)
    sleeper = fake_program(tmp_path, "prunebench", "exec sleep 60\n")
    assert error_of(lambda: bench_vs_stockfish.run_json([sleeper])) == f"{sleeper} gave no answer in 1 s"
    # Answers "readyok", then hangs on "go perft".
    hanging = fake_program(tmp_path, "stockfish", "read a; read b; echo readyok; exec sleep 60\n")
    assert "gave nothing for 1 s, without a 'Nodes searched:' line" in error_of(
        lambda: bench_vs_stockfish.stockfish_perft(hanging, "8/8/8/8/8/8/8/8 w - - 0 1", 1))


def test_a_garbled_count_is_an_error(tmp_path):
    # It quits without reading its input: what it printed is still the answer.
    garbled = fake_program(tmp_path, "stockfish", "echo readyok; echo 'Nodes searched: many'\n")
    assert error_of(lambda: bench_vs_stockfish.stockfish_perft(garbled, "8/8/8/8/8/8/8/8 w - - 0 1", 1)) == \
        f"{garbled} printed an unreadable count: Nodes searched: many"
    no_nodes = fake_program(tmp_path, "prunebench", "echo '{\"seconds\": 1}'\n")
    assert error_of(lambda: bench_vs_stockfish.prunebench_perft(no_nodes, "startpos", 1, [])).endswith(
        "its JSON has no nodes or seconds")
