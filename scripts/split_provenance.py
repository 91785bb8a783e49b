#!/usr/bin/python3
"""Move what changes between two runs of the same commit out of prunebench JSON files.

A document prunebench writes holds, beside its counts, facts that differ every
time it is written: when (context.started_at), from which commit and working
tree (context.git_commit, context.git_dirty; a committed file cannot hold the
commit that contains it), on which CPU (context.cpu, and context.pext, which a
build for the machine's own CPU turns on where it has BMI2), and how long each search
took (a record's seconds, nodes_per_second and engine.time_ms). Kept in a
tracked file, they make every regeneration a diff.

    scripts/split_provenance.py --into DIR FILE...

rewrites each FILE without those fields (same layout as prunebench writes: two-
space indents, a final newline) and writes them to DIR/<FILE> as a document of
kind "provenance" (docs/schema/provenance.json). A FILE without them (already
split) is left alone. scripts/reproduce.sh runs it on results/ with DIR
results/provenance/, which git ignores; your own runs keep every field unless
you run this.

Exit status: 0 done, 2 bad input (a FILE that is not a prunebench document).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from prunebench import output

VOLATILE_CONTEXT = ("git_commit", "git_dirty", "started_at", "cpu", "pext")
VOLATILE_RECORD = ("seconds", "nodes_per_second")
VOLATILE_ENGINE = ("time_ms",)
RECORD_KEY = ("position_id", "depth", "mode")


def dump(document) -> str:
    """JSON as prunebench writes it: two-space indents and a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _take(mapping: dict, names) -> dict:
    return {name: mapping.pop(name) for name in names if name in mapping}


def split(document: dict) -> dict | None:
    """Remove the volatile fields from `document`; return them, or None when it had none."""
    context = document.get("context")
    taken_context = _take(context, VOLATILE_CONTEXT) if isinstance(context, dict) else {}
    taken_records = []
    for record in document.get("records", []) if isinstance(document.get("records"), list) else []:
        if not isinstance(record, dict):
            continue
        timings = _take(record, VOLATILE_RECORD)
        engine = record.get("engine")
        if isinstance(engine, dict):
            timings.update(_take(engine, VOLATILE_ENGINE))
        if timings:
            taken_records.append({**{key: record.get(key) for key in RECORD_KEY}, **timings})
    if not taken_context and not taken_records:
        return None
    provenance = {"schema_version": 1, "kind": "provenance", "document": document.get("kind"),
                  "context": taken_context}
    if taken_records:
        provenance["records"] = taken_records
    return provenance


def _inside_cwd(path: Path) -> Path:
    """`path` relative to the working directory, or its name when it is outside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return Path(path.name)


def split_file(path: Path, into: Path) -> bool:
    """Split one file; True when it changed."""
    document = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(document, dict) or "kind" not in document:
        raise ValueError(f"{path}: not a prunebench document (no kind)")
    provenance = split(document)
    if provenance is None:
        return False
    target = into / _inside_cwd(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(target, dump(provenance))
    output.write_text(path, dump(document))
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="See the module docstring for what moves where.")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--into", type=Path, required=True, metavar="DIR",
                        help="where the moved fields go, as DIR/FILE")
    args = parser.parse_args(argv)
    try:
        changed = sum(split_file(path, args.into) for path in args.files)
    except (OSError, ValueError) as error:  # json.JSONDecodeError is a ValueError
        print(f"error: {error}".replace("\n", " "), file=sys.stderr)
        return 2
    print(f"split_provenance: {changed} of {len(args.files)} files had volatile fields (moved to {args.into})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
