"""The include graph keeps the floors docs/ARCHITECTURE.md draws: no include points up a floor.

Each C++ file's folder may include only the folders listed for it here; a new
folder, or a new arrow between folders, has to be added on purpose (and to
docs/ARCHITECTURE.md), so the layout cannot drift unnoticed.
"""

import re
from pathlib import Path

import pytest

from conftest import REPO
from prunebench import architecture

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


def test_the_architecture_page_opens_with_the_diagram_of_todays_includes():
    """Regenerated from the includes and compared, so the picture cannot drift from the code."""
    page = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    expected = architecture.diagram(architecture.folder_graph(REPO))
    assert architecture.page_block(page) == expected, "run scripts/architecture_diagram.py --write"
    assert page.index(architecture.BEGIN_MARK) < page.index("\n```\nengine/"), "the diagram opens the page"


def test_every_folder_has_a_floor():
    """A cycle between folders means an include points up a floor (floors() names the cycle)."""
    floor = architecture.floors(architecture.folder_graph(REPO))
    assert floor["engine"] == 0 and floor["harness/io"] == 0
    assert max(floor.values()) == floor["harness"]  # the front door is on top


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_diagram_of_a_small_tree(tmp_path):
    """Floors, the arrow a longer path implies left out, and a folder without arrows."""
    repo = _tree(tmp_path, {
        "engine/core.h": "",
        "engine/search/a.h": '#include "engine/core.h"\n',
        "harness/run/b.cpp": '#include "engine/search/a.h"\n#include "engine/core.h"\n#include "harness/run/b.h"\n',
        "harness/io/c.h": "#include <string>\n",
    })
    assert architecture.diagram(architecture.folder_graph(repo)) == (
        "2  harness/run/    --> engine/search/\n"
        "1  engine/search/  --> engine/\n"
        "0  engine/\n"
        "0  harness/io/\n")


def test_an_include_up_a_floor_is_named(tmp_path):
    repo = _tree(tmp_path, {
        "engine/core.h": '#include "harness/io/c.h"\n',
        "harness/io/c.h": '#include "engine/core.h"\n',
    })
    with pytest.raises(ValueError, match="cycle: engine -> harness/io -> engine"):
        architecture.floors(architecture.folder_graph(repo))


def test_the_page_block_round_trips():
    page = "# Title\n\ntext\n"
    written = architecture.with_block(page, "0  engine/\n")
    assert written.startswith("# Title\n\n" + architecture.BEGIN_MARK)
    assert architecture.page_block(written) == "0  engine/\n"
    assert architecture.with_block(written, "0  engine/\n") == written


def test_engine_tests_include_no_harness_header():
    """tests/engine links the engine alone (tests/engine/CMakeLists.txt); an include would not link."""
    offenders = [f"{p.relative_to(REPO)}: {include}" for p in sorted((REPO / "tests" / "engine").rglob("*"))
                 if p.suffix in (".h", ".cpp")
                 for include in INCLUDE.findall(p.read_text(encoding="utf-8")) if include.startswith("harness/")]
    assert offenders == []


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
