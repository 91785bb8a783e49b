"""Writing a page, a table or a figure the way prunebench writes its documents.

Each file is written to a new file of a unique name beside its destination,
created exclusively (O_EXCL, so a link planted at any name is never followed),
then renamed into place: a reader sees the old file or the new one, and when
the destination is itself a symbolic link the link is replaced and the file it
pointed to is left as it was (as `mv` would do).

An output is never an input: within `guarding(inputs)`, a write whose
destination is one of the inputs (the same file, however spelled) is refused
with OutputIsInput before anything is written there.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from pathlib import Path
from typing import Iterable, Iterator

from prunebench.load import DataError


class OutputIsInput(DataError):
    """An output names a file this command reads."""


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# Files get the mode open() would give them (mkstemp's are private to the owner).
_FILE_MODE = 0o666 & ~_current_umask()

# The identities of the files the running command reads; see guarding().
_inputs: dict[tuple[int, int], str] = {}


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


@contextlib.contextmanager
def guarding(inputs: Iterable) -> Iterator[None]:
    """Refuse, inside the block, every write that would replace one of `inputs`."""
    saved = dict(_inputs)
    for path in inputs:
        identity = _identity(Path(path))
        if identity is not None:
            _inputs[identity] = str(path)
    try:
        yield
    finally:
        _inputs.clear()
        _inputs.update(saved)


def _refuse_input(path: Path) -> None:
    identity = _identity(path)
    if identity in _inputs:
        raise OutputIsInput(f"{path}: the output is an input of this command ({_inputs[identity]}); "
                            "choose another output")


def write_bytes(path, data: bytes) -> Path:
    """Write `data` to `path` through a new file renamed into place; return the path."""
    path = Path(path)
    _refuse_input(path)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as file:
            os.fchmod(file.fileno(), _FILE_MODE)
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return path


def write_text(path, text: str) -> Path:
    """Write `text` as UTF-8, newlines as given."""
    return write_bytes(path, text.encode("utf-8"))


def save_figure(fig, path, **savefig_options) -> Path:
    """Render a matplotlib figure in memory, then write it like any other file."""
    path = Path(path)
    buffer = io.BytesIO()
    fig.savefig(buffer, format=path.suffix.lstrip("."), **savefig_options)
    return write_bytes(path, buffer.getvalue())
