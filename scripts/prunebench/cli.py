"""What every results command does around its one domain function.

A command's main() parses its arguments and hands run_and_report() a function
that loads, computes and writes, returning (paths written, notes). Unusable
input (DataError) and an unwritable output (OSError) become one `error: …`
line and exit status 2, like the prunebench binary's; notes go to stderr and
the paths written to stdout, one per line. A write that would replace one of
the command's `inputs` is refused the same way (prunebench.output).
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Iterable

from prunebench import load, output

EXIT_OK = 0
EXIT_BAD_INPUT = 2  # same meaning as the prunebench binary's exit status 2


def run_and_report(work: Callable[[], tuple[Iterable, Iterable[str]]], out_dir, inputs: Iterable = ()) -> int:
    try:
        with output.guarding(inputs):
            written, notes = work()
    except load.DataError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:  # the output side: unwritable directory, full disk
        print(f"error: cannot write to {out_dir}: {error.strerror}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    for path in written:
        print(path)
    return EXIT_OK


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text}")
    return value
