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
import re
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

STREAM_FOLDERS = ("/dev/", "/proc/")
"""Names here are streams or devices even when they look like files (/dev/stdout → a file)."""

CONTENT_SUFFIXES = (".yaml", ".yml")


MAX_SCRIPT_BYTES = 1024 * 1024
"""`play --script`: one report per line; a mebibyte is tens of thousands of lines."""

MAX_SAVE_BYTES = 16 * 1024 * 1024
"""`play --resume`: a save with many save points is tens of kilobytes."""


class OutputError(Exception):
    """A file huntkit was asked to write and cannot: the message says why, in the user's terms."""


class InputTooLarge(ValueError):
    """A file given to read is larger than its limit (or endless, like ``/dev/zero``)."""


def read_text_bounded(path: Path, limit: int, *, encoding: str = "utf-8") -> str:
    """The text of ``path``, reading at most ``limit`` bytes; :class:`InputTooLarge` past it.

    The read itself is bounded rather than the size checked first: a device, a pipe or a file
    under /proc has no size to check (``--resume /dev/zero`` read 6 GB in 8 seconds), and pipes
    must stay readable (``--script <(make-reports)``). ``OSError`` and ``UnicodeDecodeError`` pass.
    """
    with open(path, "rb") as stream:
        raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise InputTooLarge(f"{path} is larger than the limit of {limit:,} bytes")
    return raw.decode(encoding)


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
    temporary = _stage(path, data, durable=durable)
    try:
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if durable:
        _fsync_folder(_folder_of(path))


def write_files_together(files: dict[Path, str]) -> None:
    """Write several regular files so that either all of them change or none does.

    Every new text is first written to a temporary file beside its target; only when all of them
    are written (a full disk fails here, with nothing changed) are they renamed over their targets,
    which needs no space. Used where files belong together (the schemas, which refer to each other).
    """
    staged: list[tuple[str, Path]] = []
    try:
        for path, text in files.items():
            target = through_link(path)
            staged.append((_stage(target, text.encode("utf-8"), durable=False), target))
    except BaseException:
        for temporary, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise
    for temporary, target in staged:
        os.replace(temporary, target)


def _folder_of(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _stage(path: Path, data: bytes, *, durable: bool) -> str:
    """Write ``data`` to a new temporary file beside ``path`` with ``path``'s permissions; its name."""
    mode = path.stat().st_mode & 0o7777 if path.exists() else _default_mode()
    remove_stale_temporaries(path)
    handle, temporary = tempfile.mkstemp(prefix=_temporary_prefix(path), suffix=".tmp", dir=_folder_of(path))
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            if durable:
                stream.flush()
                os.fsync(stream.fileno())
        os.chmod(temporary, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return temporary


STALE_AFTER_SECONDS = 600
"""A temporary file this old was left by a write that was killed: no write takes ten minutes."""


def _temporary_prefix(path: Path) -> str:
    return f".{path.name}."


def remove_stale_temporaries(path: Path, *, now: float | None = None) -> list[Path]:
    """Delete the temporary files that killed writes of ``path`` left beside it; return them.

    A kill between creating the temporary file and renaming it (``kill -9`` during a save) leaves
    ``.save.json.k3j2x.tmp``; each later write of the same file clears those older than
    :data:`STALE_AFTER_SECONDS`. A younger one may belong to a write still running in another
    process, which must keep it until its rename.
    """
    folder = _folder_of(path)
    name = re.compile(re.escape(_temporary_prefix(path)) + r"[a-z0-9_]{8}\.tmp")
    limit = (time.time() if now is None else now) - STALE_AFTER_SECONDS
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not name.fullmatch(entry.name):  # the names mkstemp gives: eight of a-z, 0-9 and _
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < limit:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


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
