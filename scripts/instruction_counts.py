#!/usr/bin/python3
"""Instructions executed (callgrind's Ir) by small fixed workloads of
prunebench, and by Stockfish's `go perft` on the same positions.

Instruction counts barely move when the machine is busy, so they compare two
builds where timings cannot. Each figure is net of start-up: the same
program's count for a run that does no search (prunebench `perft --depth 0`,
Stockfish `quit`) is subtracted. "Ir/unit" divides by the leaves (perft) or
nodes (search). The ratio to Stockfish is Stockfish's Ir over prunebench's on
the same perft: a proxy for the speed ratio, since instructions per cycle
differ between the two programs.

valgrind 3.19 cannot run AVX-512 code (SIGILL), so prunebench is measured from
a build for x86-64-v3 (AVX2 and BMI2: PEXT, as on the native build):

  scripts/build.sh build-cg -DPRUNEBENCH_NATIVE=OFF -DCMAKE_CXX_FLAGS=-march=x86-64-v3 \
      -DPRUNEBENCH_BUILD_TESTS=OFF -DPRUNEBENCH_BUILD_BENCHMARKS=OFF

Usage: scripts/instruction_counts.py [--prunebench build-cg/harness/prunebench]
                                     [--stockfish /usr/games/stockfish] [--no-stockfish]
"""
import argparse
import json
import re
import shutil
import subprocess
import sys

START = "startpos"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# (name, prunebench arguments, JSON path of the unit count, Stockfish FEN and depth or None)
WORKLOADS = [
    ("perft start d5", ["perft", "--fen", START, "--depth", "5"], ("nodes",), (START_FEN, 5)),
    ("perft kiwipete d4", ["perft", "--fen", KIWIPETE, "--depth", "4"], ("nodes",), (KIWIPETE, 4)),
    ("make-every-leaf start d5", ["perft", "--fen", START, "--depth", "5", "--make-every-leaf"], ("nodes",), None),
    ("minimax start d5", ["search", "--fen", START, "--depth", "5", "--mode", "minimax"], ("counters", "nodes"),
     None),
]
# The alpha-beta family, which the bug museum's mutants are template arguments
# of (engine/search/mutant.h): their counts show the plain search unchanged.
MIDDLEGAME = "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9"
WORKLOADS += [
    (f"{mode} middlegame d5", ["search", "--fen", MIDDLEGAME, "--depth", "5", "--mode", mode], ("counters", "nodes"),
     None)
    for mode in ("unordered", "fail-hard", "pvs-id-tt-killers", "mtdf", "mvv-lva+id+aspiration=25")
]
# The ordered searches whose node rate bench_vs_stockfish.py sets beside
# minimax's, a ply or two shallower than there (callgrind runs them 50x slower).
WORKLOADS += [
    (f"{mode} {name} d{depth}", ["search", "--fen", fen, "--depth", str(depth), "--mode", mode],
     ("counters", "nodes"), None)
    for mode, name, fen, depth in (("mvv-lva", "start", START, 6), ("mvv-lva", "middlegame", MIDDLEGAME, 5),
                                   ("pvs-id-tt-killers", "start", START, 7))
]

IR_LINE = re.compile(r"I\s+refs:\s+([\d,]+)")


def callgrind_ir(command, stdin_text=None):
    """Runs `command` under callgrind; returns (Ir, stdout)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                          input=stdin_text, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} exited with {done.returncode} under callgrind"
                           " (a negative code is a signal; SIGILL: build without AVX-512, see --help)")
    match = IR_LINE.search(done.stderr)
    if not match:
        raise RuntimeError(f"no 'I refs' line from callgrind for {command}")
    return int(match.group(1).replace(",", "")), done.stdout


def stockfish_ir(stockfish, fen, depth):
    text = "quit\n" if fen is None else f"position fen {fen}\ngo perft {depth}\nquit\n"
    return callgrind_ir([stockfish], text)[0]


def prunebench_ir(binary, args, unit_path):
    ir, out = callgrind_ir([binary, *args, "--json"])
    result = json.loads(out)
    for key in unit_path:
        result = result[key]
    return ir, result


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prunebench", default="build-cg/harness/prunebench")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--no-stockfish", action="store_true", help="skip the Stockfish runs")
    return parser.parse_args()


def main():
    args = parse_args()
    if not shutil.which("valgrind"):
        print("error: valgrind not found (scripts/install-deps.sh installs it)", file=sys.stderr)
        return 2
    try:
        return print_table(args)
    except (OSError, RuntimeError, ValueError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def print_table(args):
    startup, _ = prunebench_ir(args.prunebench, ["perft", "--fen", START, "--depth", "0"], ("nodes",))
    sf_startup = None if args.no_stockfish else stockfish_ir(args.stockfish, None, 0)
    print("| workload | leaves or nodes | prunebench Ir | Ir/unit | Stockfish Ir | Stockfish Ir/unit | Stockfish Ir / prunebench Ir |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, pb_args, unit_path, stockfish_run in WORKLOADS:
        ir, units = prunebench_ir(args.prunebench, pb_args, unit_path)
        ir -= startup
        row = f"| {name} | {units:,} | {ir:,} | {ir / units:.1f} |"
        if stockfish_run and sf_startup is not None:
            sf_ir = stockfish_ir(args.stockfish, *stockfish_run) - sf_startup
            row += f" {sf_ir:,} | {sf_ir / units:.1f} | {sf_ir / ir:.2f} |"
        else:
            row += " | | |"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
