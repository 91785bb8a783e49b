#!/usr/bin/python3
"""Print, check or rewrite the folder diagram that opens docs/ARCHITECTURE.md.

The diagram is read from the #include lines of engine/ and harness/: each
folder on its floor (0 includes no other folder), with the folders it includes
directly (arrows a longer path implies are left out).

    scripts/architecture_diagram.py            print it
    scripts/architecture_diagram.py --check    compare it with the page
    scripts/architecture_diagram.py --write    put it in the page

Exit status: 0 done (or the page is up to date), 1 the page differs (--check),
2 the includes go round in a cycle (an include points up a floor).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from prunebench import architecture, output

REPO = Path(__file__).resolve().parents[1]
PAGE = REPO / "docs" / "ARCHITECTURE.md"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--check", action="store_true", help="exit 1 when docs/ARCHITECTURE.md differs")
    action.add_argument("--write", action="store_true", help="rewrite the diagram in docs/ARCHITECTURE.md")
    args = parser.parse_args(argv)
    try:
        diagram = architecture.diagram(architecture.folder_graph(REPO))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    page = PAGE.read_text(encoding="utf-8")
    if args.check:
        if architecture.page_block(page) == diagram:
            return 0
        print("docs/ARCHITECTURE.md: the folder diagram differs; run scripts/architecture_diagram.py --write",
              file=sys.stderr)
        return 1
    if args.write:
        output.write_text(PAGE, architecture.with_block(page, diagram))
        return 0
    print(diagram, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
