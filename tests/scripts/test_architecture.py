"""The include graph keeps the floors docs/ARCHITECTURE.md draws: no include points up a floor.

Each C++ file's folder may include only the folders listed for it here; a new
folder, or a new arrow between folders, has to be added on purpose (and to
docs/ARCHITECTURE.md), so the layout cannot drift unnoticed.
"""

import re

from conftest import REPO

# folder -> the harness folders it may include (besides itself); every harness
# folder may include the engine, which never sees the harness.
ALLOWED = {
    "engine": {"engine"},
    "harness": {"harness/commands", "harness/options", "harness/io"},
    "harness/commands": {
        "harness", "harness/server", "harness/reports", "harness/run",
        "harness/engines", "harness/options", "harness/io",
    },
    "harness/server": {"harness/run", "harness/engines", "harness/options", "harness/io"},
    "harness/reports": {"harness/run", "harness/engines", "harness/options", "harness/io"},
    "harness/run": {"harness/engines", "harness/options", "harness/io"},
    "harness/engines": {"harness/options", "harness/io"},
    "harness/options": {"harness/io"},
    "harness/io": set(),
}

INCLUDE = re.compile(r'^#include "((?:engine|harness)/[^"]+)"', re.M)


def floor_of(path: str) -> str:
    """The folder a file belongs to in ALLOWED: engine/ is one floor of its own here."""
    if path.startswith("engine/"):
        return "engine"
    folder = path.rsplit("/", 1)[0]
    return folder


def included_folder(include: str) -> str:
    return "engine" if include.startswith("engine/") else include.rsplit("/", 1)[0]


def test_no_include_points_up_a_floor():
    arrows_up = []
    for source in sorted(REPO.glob("engine/**/*")) + sorted(REPO.glob("harness/**/*")):
        if source.suffix not in (".h", ".cpp"):
            continue
        path = source.relative_to(REPO).as_posix()
        here = floor_of(path)
        assert here in ALLOWED, f"{path}: folder {here} is not in the layout (add it to ALLOWED and ARCHITECTURE.md)"
        for include in INCLUDE.findall(source.read_text(encoding="utf-8")):
            there = included_folder(include)
            allowed = ALLOWED[here] | ({"engine"} if here.startswith("harness") else set())
            if there != here and there not in allowed:
                arrows_up.append(f"{path} -> {include}")
    assert arrows_up == []


def test_every_harness_folder_is_described_in_the_architecture_page():
    page = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    folders = sorted({p.parent.relative_to(REPO / "harness").as_posix()
                      for p in REPO.glob("harness/*/*.cpp")})
    missing = [f for f in folders if f"  {f}/" not in page]
    assert missing == []
