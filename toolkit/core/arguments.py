"""Parsing the paths named on the command line before any command sees them."""

from __future__ import annotations

from pathlib import Path

import typer

EMPTY_PATH = "an empty path names no file; use `.` for the working folder"


def path_value(value: str) -> Path:
    """A command-line path, refusing the empty string.

    ``Path("")`` is the working folder, so `huntkit fmt "$UNSET_VARIABLE"` would otherwise rewrite
    every pack below it, and `--output ""` would name a folder.
    """
    if not value:
        raise typer.BadParameter(EMPTY_PATH)
    return Path(value)
