"""Writing the files huntkit produces, and refusing the ones it must not write.

Every file the user names (``--output``, ``--plot``, a save, a formatted or scaffolded content file)
is written by :func:`write_text_atomic`: to a temporary file beside it, then renamed over it, so a
reader or a crash sees the old file or the new one, never half of one. A symlink stays a link (the
file it names is written) and a device or pipe (``/dev/null``, ``/dev/stdout``) is written in place,
never replaced. Commands check a path with :func:`output_problem` *before* their work (a simulation
can run for minutes), and refuse one that would replace what the user wrote: a file read for the
same run (:func:`overwritten_input`) or a content file of the pack (:func:`content_problem`).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

STREAM_FOLDERS = ("/dev/", "/proc/")
"""Names here are streams or devices even when they look like files (/dev/stdout → a file)."""

CONTENT_SUFFIXES = (".yaml", ".yml")


class OutputError(Exception):
    """A file huntkit was asked to write and cannot: the message says why, in the user's terms."""


def output_problem(path: Path) -> str | None:
    """Why ``path`` cannot take a written file, or None when it can."""
    if is_stream(path):
        return None if path.exists() and os.access(path, os.W_OK) else f"cannot write to {path}"
    path = through_link(path)
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


def write_output(path: Path, text: str | bytes) -> None:
    """Write an output file the user named (text as UTF-8, or bytes such as a PNG); raise
    :class:`OutputError` with a plain reason if not."""
    problem = output_problem(path)
    if problem is not None:
        raise OutputError(problem)
    try:
        write_text_atomic(path, text)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def write_text_atomic(path: Path, text: str | bytes, *, durable: bool = False) -> None:
    """Write ``text`` as UTF-8 (or bytes as they are) to a temporary file beside ``path``, then
    rename it over ``path``.

    The rename is atomic on POSIX and Windows; the file keeps its permissions when it existed. With
    ``durable`` the file and its folder are also flushed to disk, so that the rename survives a power
    cut (saves of a game in progress). A symlink's file is written and the link kept; a device or a
    pipe is written in place.
    """
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    if is_stream(path):
        with open(path, "wb") as binary:
            binary.write(data)
        return
    path = through_link(path)
    mode = path.stat().st_mode & 0o7777 if path.exists() else _default_mode()
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
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


def is_stream(path: Path) -> bool:
    """A device, a pipe, a socket, or a name under /dev or /proc: written in place, never replaced."""
    if os.path.abspath(path).startswith(STREAM_FOLDERS):
        return True
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def through_link(path: Path) -> Path:
    """The file a symlink names, so that the link stays a link (a loop stays as it is)."""
    if not path.is_symlink():
        return path
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths are one file: by device and inode when both exist (so links count too),
    else by where they resolve to (two names for one file still to be written)."""
    try:
        first, second = one.stat(), other.stat()
    except OSError:
        try:
            return one.resolve() == other.resolve()
        except (OSError, RuntimeError):
            return False
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def overwritten_input(output: Path, inputs: Iterable[Path]) -> Path | None:
    """The file read for the report that ``output`` would replace, if any (links and all).

    ``huntkit validate my-hunt -o my-hunt/chapter-1.yaml`` is a slip of the keyboard that would
    replace the author's chapter with a report.
    """
    if not output.exists():
        return None  # a new file: it cannot be one that was read
    return next((path for path in inputs if same_file(output, path)), None)


def content_problem(path: Path, pack: Path) -> str | None:
    """Refuse to write a report or a save over a content file of the pack being played.

    ``--output chapter-1.yaml`` in the pack folder would replace the author's chapter with a report.
    """
    if path.suffix.lower() not in CONTENT_SUFFIXES or not path.is_file():
        return None
    try:
        inside = path.resolve().is_relative_to(pack.resolve())
    except (OSError, RuntimeError):
        return None
    return f"{path} is a content file of the pack; give another file name" if inside else None
