"""The include graph keeps the floors docs/ARCHITECTURE.md draws: no include points up a floor.

Each C++ file's folder may include only the folders listed for it here; a new
folder, or a new arrow between folders, has to be added on purpose (and to
docs/ARCHITECTURE.md), so the layout cannot drift unnoticed.
"""

import re
from pathlib import Path

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


# --------------------------------------------------------------------------
# The Python side: entry points in scripts/, the library in scripts/prunebench/
# --------------------------------------------------------------------------

PACKAGE = REPO / "scripts" / "prunebench"
ENTRY_POINTS = sorted((REPO / "scripts").glob("*.py"))
LIBRARY = sorted(PACKAGE.rglob("*.py"))
MAIN_GUARD = re.compile(r'^if __name__ == "__main__":', re.M)
IMPORTED = re.compile(r"^\s*(?:from|import) ([\w.]+)", re.M)
MAX_LIBRARY_LINES = 500


def _imported_modules(path):
    return {name.split(".")[0] for name in IMPORTED.findall(path.read_text(encoding="utf-8"))}


def test_every_file_in_scripts_is_an_entry_point():
    """Run as `scripts/NAME.py`: its own interpreter line, executable, and a main behind the guard."""
    wrong = []
    for path in ENTRY_POINTS:
        text = path.read_text(encoding="utf-8")
        if not text.startswith("#!/usr/bin/python3\n"):
            wrong.append(f"{path.name}: first line is not #!/usr/bin/python3")
        if not path.stat().st_mode & 0o111:
            wrong.append(f"{path.name}: not executable")
        if not MAIN_GUARD.search(text) or "def main(" not in text:
            wrong.append(f"{path.name}: no main() behind `if __name__ == \"__main__\":`")
    assert wrong == []


def test_no_entry_point_is_imported_as_a_library():
    """Shared code lives in the package: neither it nor another command imports a command."""
    commands = {path.stem for path in ENTRY_POINTS}
    borrowed = [f"{path.relative_to(REPO)} imports {name}"
                for path in ENTRY_POINTS + LIBRARY for name in _imported_modules(path) & commands]
    assert borrowed == []


def test_the_package_holds_only_library_modules():
    """Imported, never run: no interpreter line, no executable bit, no `__main__` stub."""
    wrong = []
    for path in LIBRARY:
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(REPO)
        if text.startswith("#!"):
            wrong.append(f"{name}: has an interpreter line")
        if path.stat().st_mode & 0o111:
            wrong.append(f"{name}: executable")
        if MAIN_GUARD.search(text):
            wrong.append(f"{name}: has a __main__ block")
        if len(text.splitlines()) > MAX_LIBRARY_LINES:
            wrong.append(f"{name}: over {MAX_LIBRARY_LINES} lines")
    assert wrong == []


def test_no_module_is_named_after_the_package():
    """One naming rule: inside prunebench/ a module is named by what it holds, without a prefix."""
    assert [p.name for p in LIBRARY if p.stem.startswith("prunebench")] == []
    assert [p.name for p in ENTRY_POINTS if p.stem.startswith("prunebench")] == []


def test_every_package_module_is_described_in_the_architecture_page():
    page = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    scripts_part = page[page.index("\nscripts/"):page.index("\ndocs/schema/")]
    missing = [p.relative_to(PACKAGE).as_posix() for p in LIBRARY
               if p.stem != "__init__" and not re.search(rf"\b{p.stem}\b", scripts_part)]
    assert missing == []


def test_tests_find_the_package_through_pytest_ini_not_sys_path():
    """pytest.ini's pythonpath puts scripts/ on the path; a test that edits sys.path hides a layout change."""
    path_edit = re.compile(r"sys\.path\.(insert|append)\(")
    edits = [p.name for p in sorted((REPO / "tests").rglob("*.py"))
             if p != Path(__file__).resolve() and path_edit.search(p.read_text(encoding="utf-8"))]
    assert edits == []
