"""Writing the files huntkit produces: atomically, and never over a folder or into one that is missing.

Every command that writes a file the user named (``--output``, ``--plot``, a save, a formatted or
scaffolded content file) goes through :func:`write_text_atomic`, so a reader or a crash sees the old
file or the new one, never half of one. Commands check an output path with :func:`output_problem`
*before* their work (a simulation can run for minutes) and report what is wrong with it in a sentence.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


class OutputError(Exception):
    """A file huntkit was asked to write and cannot: the message says why, in the user's terms."""


def output_problem(path: Path) -> str | None:
    """Why ``path`` cannot take a written file, or None when it can."""
    if path.is_dir():
        return f"{path} is a folder; give a file name"
    folder = path.parent
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if path.exists() and not os.access(path, os.W_OK):
        return f"{path} is read-only"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write into the folder {folder}"
    return None


def write_output(path: Path, text: str) -> None:
    """Write an output file the user named; raise :class:`OutputError` with a plain reason if not."""
    problem = output_problem(path)
    if problem is not None:
        raise OutputError(problem)
    try:
        write_text_atomic(path, text)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def write_text_atomic(path: Path, text: str, *, durable: bool = False) -> None:
    """Write ``text`` as UTF-8 to a temporary file beside ``path``, then rename it over ``path``.

    The rename is atomic on POSIX and Windows; the file keeps its permissions when it existed. With
    ``durable`` the file and its folder are also flushed to disk, so that the rename survives a power
    cut (saves of a game in progress).
    """
    mode = path.stat().st_mode & 0o7777 if path.exists() else _default_mode()
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            if durable:
                stream.flush()
                os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if durable:
        _fsync_folder(folder)


def _default_mode() -> int:
    """What a plain ``open(path, "w")`` would give: 0o666 less the process umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _fsync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # folders cannot be opened on some systems (Windows); the rename is still atomic
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
