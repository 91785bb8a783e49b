#!/usr/bin/python3
"""Perft leaf rate of prunebench against Stockfish's `go perft`, measured in
the same run on the same machine, printed as a ratio.

Both programs bulk-count at the last ply and use no hashing. Each side is run
`--repeat` times, the two in alternating rounds (so that the host's drift
over the run weighs on both alike); the ratio is given from the best times
(the least disturbed runs) and from the median times. The last column is
prunebench at the same depth with every move played down to the leaves
(`perft --make-every-leaf`): the cost of making a move. A last line gives full-width
minimax's node rate from the start position at depth 6, single thread, and
the ordered searches' node rates (MVV-LVA alpha-beta and PVS with table,
iterative deepening and killers, from the start at depth 8 and in reference
000's middlegame at depth 7) as a share of that minimax rate, all timed in
the same rounds.

A closing summary puts each speed figure next to its target:
the two perft ratios (the fastest public perft, Gigantua, measured 4.4x and
5.9x Stockfish on these positions), make-every-leaf's rate from the start and
minimax's rate, make-every-leaf against Stockfish's perft rate, and each
ordered search's share of minimax's rate, each from the best and from the
median time, and where the median falls short, the rise it needs (per cent,
rounded up).

Every program runs on one CPU, the same for all (`--cpu`, by default the
last this script may use; `--cpu -1` lets the system place them): on a
virtual machine one CPU can run a program 40 % slower than another, steadily,
so two programs placed apart would compare the CPUs, not the programs.

Usage: scripts/bench_vs_stockfish.py [--prunebench build/harness/prunebench]
                                     [--stockfish /usr/games/stockfish] [--repeat 5] [--cpu N]
"""
import argparse
import json
import math
import os
import statistics
import shutil
import subprocess
import sys
import threading
import time

POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]


# The longest any one run may take (each takes seconds): a program that hangs is killed then.
RUN_TIMEOUT = 300


def stockfish_perft(stockfish, fen, depth):
    """Returns (nodes, seconds) timed from `go perft` to its total line."""
    proc = subprocess.Popen([stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    watchdog = threading.Timer(RUN_TIMEOUT, proc.kill)  # a hang ends the output, as a crash does
    watchdog.start()
    try:
        return stockfish_count(proc, stockfish, fen, depth)
    finally:
        watchdog.cancel()
        proc.kill()
        proc.communicate()


def send(proc, text):
    """Writes to a program's input; one that has quit is told by its output, read next."""
    try:
        proc.stdin.write(text)
    except BrokenPipeError:
        pass


def stockfish_count(proc, stockfish, fen, depth):
    """The count and seconds of `go perft` from a started Stockfish."""
    send(proc, "uci\nisready\n")
    if not any(line.strip() == "readyok" for line in proc.stdout):
        raise RuntimeError(f"{stockfish} ended, or gave nothing for {RUN_TIMEOUT} s, without 'readyok'")
    send(proc, f"position fen {fen}\ngo perft {depth}\n")
    start = time.perf_counter()
    for line in proc.stdout:
        if line.startswith("Nodes searched:"):
            seconds = time.perf_counter() - start
            count = line.split(":")[1].strip()
            if not count.isdigit():
                raise RuntimeError(f"{stockfish} printed an unreadable count: {line.strip()}")
            return int(count), seconds
    raise RuntimeError(f"{stockfish} ended, or gave nothing for {RUN_TIMEOUT} s, without a 'Nodes searched:' "
                       f"line for perft {depth} of {fen}")


def run_json(command):
    """The JSON a command prints; its first error line if it fails."""
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{' '.join(command)} gave no answer in {RUN_TIMEOUT} s") from None
    if out.returncode != 0:
        first = (out.stderr.strip().splitlines() or ["no message"])[0]
        raise RuntimeError(f"{' '.join(command)} exited {out.returncode}: {first}")
    try:
        return json.loads(out.stdout)
    except json.JSONDecodeError as error:
        raise RuntimeError(f"{' '.join(command)} printed no JSON ({error})") from None


def nodes_and_seconds(result, nodes_path, command):
    """The node count at `nodes_path` (keys) and the seconds of a run's JSON."""
    try:
        nodes = result
        for key in nodes_path:
            nodes = nodes[key]
        return int(nodes), float(result["seconds"])
    except (KeyError, TypeError, ValueError):
        raise RuntimeError(f"{' '.join(command)}: its JSON has no {'.'.join(nodes_path)} or seconds") from None


def prunebench_perft(binary, fen, depth, mode_args):
    command = [binary, "perft", "--fen", fen, "--depth", str(depth), "--json", *mode_args]
    return nodes_and_seconds(run_json(command), ["nodes"], command)


def timed(repeat, runs, label="runs"):
    """Runs each of `runs` (name -> a run returning (nodes, seconds)) `repeat`
    times, in rounds of one run each, and returns name -> (nodes, best
    seconds, median seconds).

    Rounds rather than one program's runs after the other's: a shared host's
    pace drifts over a benchmark's minute, and a ratio of two figures timed a
    minute apart measures the drift as well. Each round prints a line, so a
    long run shows where it is.
    """
    results = {name: [] for name in runs}
    for round_number in range(1, repeat + 1):
        for name, run in runs.items():
            results[name].append(run())
        print(f"{label}: round {round_number} of {repeat} done", file=sys.stderr, flush=True)
    summary = {}
    for name, samples in results.items():
        nodes = {n for n, _ in samples}
        if len(nodes) != 1:
            raise RuntimeError(f"{name}: node counts differ between runs: {sorted(nodes)}")
        seconds = [s for _, s in samples]
        summary[name] = (nodes.pop(), min(seconds), statistics.median(seconds))
    return summary


# Each figure's target. Every figure is "higher is better".
TARGETS = {
    "start": 4.4,
    "kiwipete": 5.9,
    "make-every-leaf": 150.0,
    "minimax": 150.0,
}
# Make-every-leaf's rate against Stockfish's bulk perft rate from the start.
MAKE_EVERY_LEAF_VS_STOCKFISH = 1.0
MIDDLEGAME = "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9"  # reference 000's
# (mode, position name, FEN, depth, target share of minimax's node rate).
ORDERED = [
    ("mvv-lva", "start", "startpos", 8, 0.35),
    ("mvv-lva", "middlegame", MIDDLEGAME, 7, 0.35),
    ("pvs-id-tt-killers", "start", "startpos", 8, 0.20),
    ("pvs-id-tt-killers", "middlegame", MIDDLEGAME, 7, 0.20),
]


def summary_line(label, target, best, median):
    """One summary row: the figure from the best and the median time, its target, and whether both meet it;
    when the median falls short, by how much it would have to rise, in per cent."""
    met = "yes" if min(best, median) >= target else "best only" if best >= target else "no"
    if 0 < median < target:  # a zero median has no finite rise to name
        met += f" (median +{math.ceil(100 * (target / median - 1) - 1e-9)} %)"
    return f"{label:50} {'>= ' + format(target, 'g'):>8} {best:>8.2f} {median:>8.2f}  {met}"


def prunebench_search(binary, fen, depth, mode):
    command = [binary, "search", "--fen", fen, "--depth", str(depth), "--mode", mode, "--json"]
    return nodes_and_seconds(run_json(command), ["counters", "nodes"], command)


def search_runs(args):
    """Minimax's search and each ordered search, by name, for timed()."""
    def run(fen, depth, mode):
        return lambda: prunebench_search(args.prunebench, fen, depth, mode)
    runs = {"minimax": run("startpos", 6, "minimax")}
    for mode, name, fen, depth, _ in ORDERED:
        runs[f"{mode} {name}"] = run(fen, depth, mode)
    return runs


def search_lines(args, timings):
    """Minimax's node rate, and each ordered search's as a share of it, timed in the same rounds."""
    nodes, best, median = timings["minimax"]
    minimax_best_rate, minimax_median_rate = nodes / best, nodes / median
    print(f"minimax start depth 6: {minimax_best_rate / 1e6:.0f} M nodes/s best, "
          f"{minimax_median_rate / 1e6:.0f} median")
    lines = [summary_line("minimax start depth 6: M nodes/s", TARGETS["minimax"],
                          minimax_best_rate / 1e6, minimax_median_rate / 1e6)]
    for mode, name, _, depth, target in ORDERED:
        nodes, best, median = timings[f"{mode} {name}"]
        print(f"{mode} {name} depth {depth}: {nodes / best / 1e6:.1f} M nodes/s best, "
              f"{nodes / median / 1e6:.1f} median")
        lines.append(summary_line(f"{mode} {name} d{depth}: share of minimax", target,
                                  nodes / best / minimax_best_rate, nodes / median / minimax_median_rate))
    return lines


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prunebench", default="build/harness/prunebench")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)),
                        help="the CPU every program runs on (default: the last this script may use; -1: any)")
    return parser.parse_args()


def pin(cpu):
    """Runs this script, and so every program it starts, on `cpu` (-1: leaves the placement to the system)."""
    if cpu == -1:
        return
    allowed = sorted(os.sched_getaffinity(0))
    if cpu not in allowed:
        raise RuntimeError(f"--cpu {cpu}: not a CPU this script may use ({', '.join(map(str, allowed))})")
    os.sched_setaffinity(0, {cpu})


def main():
    args = parse_args()
    try:
        pin(args.cpu)
        return bench(args)
    except (RuntimeError, OSError) as error:  # a program missing, failing, or counting differently
        print(f"error: {error}", file=sys.stderr)
        return 1


def bench(args):
    print(f"{'position':10} {'depth':>5} {'leaves':>12} {'stockfish M/s':>14} {'prunebench M/s':>15}"
          f" {'ratio best':>10} {'ratio median':>12} {'make-every-leaf M/s':>20}")
    summary = []
    for name, fen, depth in POSITIONS:
        # Make-every-leaf at the same depth as the ratio: a run of a second or
        # two, where the depth below lasts a few tens of milliseconds and
        # varies by a quarter from run to run on a shared machine.
        timings = timed(args.repeat, {
            "stockfish": lambda: stockfish_perft(args.stockfish, fen, depth),
            "prunebench": lambda: prunebench_perft(args.prunebench, fen, depth, []),
            "make-every-leaf": lambda: prunebench_perft(args.prunebench, fen, depth, ["--make-every-leaf"]),
        }, f"perft {name}")
        sf_nodes, sf_best, sf_median = timings["stockfish"]
        pb_nodes, pb_best, pb_median = timings["prunebench"]
        leaf_nodes, leaf_best, leaf_median = timings["make-every-leaf"]
        if sf_nodes != pb_nodes:
            print(f"error: {name}: stockfish counts {sf_nodes}, prunebench {pb_nodes}", file=sys.stderr)
            return 1
        sf_rate, pb_rate = sf_nodes / sf_best / 1e6, pb_nodes / pb_best / 1e6
        print(f"{name:10} {depth:>5} {pb_nodes:>12} {sf_rate:>14.0f} {pb_rate:>15.0f} {pb_rate / sf_rate:>10.2f}"
              f" {sf_median / pb_median:>12.2f} {leaf_nodes / leaf_best / 1e6:>20.0f}")
        summary.append(summary_line(f"perft {name} depth {depth}: x Stockfish", TARGETS[name],
                                    sf_best / pb_best, sf_median / pb_median))
        if name == "start":
            summary.append(summary_line(f"make-every-leaf start depth {depth}: M leaves/s", TARGETS["make-every-leaf"],
                                        leaf_nodes / leaf_best / 1e6, leaf_nodes / leaf_median / 1e6))
            summary.append(summary_line(f"make-every-leaf start depth {depth}: x Stockfish",
                                        MAKE_EVERY_LEAF_VS_STOCKFISH, sf_best / leaf_best, sf_median / leaf_median))
    summary += search_lines(args, timed(args.repeat, search_runs(args), "searches"))
    where = "any CPU" if args.cpu == -1 else f"CPU {args.cpu}"
    print(f"\nspeed targets, best and median of {args.repeat} runs, single thread, on {where}:")
    print(f"{'figure':50} {'target':>8} {'best':>8} {'median':>8}  met (the rise the median needs)")
    print("\n".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
