"""Where a report goes when ``--output`` names something other than a plain file.

:func:`toolkit.core.files.write_output` writes a temporary file beside the target and renames it
over the target. That is right for a file, but ``--output /dev/null`` or ``/dev/stdout`` would
replace the device (for root, who may write in ``/dev``) or be refused (for anyone else), and a
symlink would be replaced by a file. These targets are written in place, or through the link.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from toolkit.core.files import OutputError, output_problem, write_output

STREAM_FOLDERS = ("/dev/", "/proc/")
"""Names here are streams or devices even when they look like files (/dev/stdout → a file)."""


def is_stream(path: Path) -> bool:
    """A device, a pipe, a socket, or a name under /dev or /proc: written in place, never replaced."""
    if os.path.abspath(path).startswith(STREAM_FOLDERS):
        return True
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def report_problem(path: Path) -> str | None:
    """Why ``path`` cannot take a report, or None when it can (checked before the work starts)."""
    if is_stream(path):
        if path.exists() and os.access(path, os.W_OK):
            return None
        return f"cannot write to {path}"
    return output_problem(_through_link(path))


def write_report(path: Path, text: str) -> None:
    """Write a report the user asked for; raise :class:`OutputError` with a plain reason if not."""
    if not is_stream(path):
        write_output(_through_link(path), text)
        return
    problem = report_problem(path)
    if problem is not None:
        raise OutputError(problem)
    try:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def _through_link(path: Path) -> Path:
    """The file a symlink names, so that the link stays a link (a loop stays as it is)."""
    if not path.is_symlink():
        return path
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path


def overwritten_input(output: Path, inputs: Iterable[Path]) -> Path | None:
    """The file read for the report that ``output`` would replace, if any (links and all).

    ``huntkit validate my-hunt -o my-hunt/chapter-1.yaml`` is a slip of the keyboard that would
    replace the author's chapter with a report.
    """
    try:
        target = output.stat()
    except OSError:
        return None  # a new file: it cannot be one that was read
    for path in inputs:
        try:
            status = path.stat()
        except OSError:
            continue
        if (status.st_dev, status.st_ino) == (target.st_dev, target.st_ino):
            return path
    return None
