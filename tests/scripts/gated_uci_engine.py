#!/usr/bin/python3
"""A UCI engine whose every search waits at a gate (task_gate.py) until the
test lets it through: tests/fault_injection.sh uses it as `run --engine` so
that a run it kills or interrupts is provably unfinished when the signal
comes, on any machine. It reports one node and no move for every search, the
same each time, so runs of it compare equal. It ends when its parent does
(a killed run), even while held.

usage: gated_uci_engine.py GATE_DIR
"""

import os
import sys
from pathlib import Path

from task_gate import hold  # run as a program, its own folder is on the path


def main(gate):
    parent, searches = os.getppid(), 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name gated\nuciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "go":
            searches += 1
            if not hold(gate, f"{os.getpid()}.{searches}", give_up=lambda: os.getppid() != parent):
                return 1
            depth = words[words.index("depth") + 1] if "depth" in words else "1"
            print(f"info depth {depth} score cp 0 nodes 1\nbestmove 0000", flush=True)
        elif words[0] == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
