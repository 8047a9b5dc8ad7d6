"""Parsing the paths and values named on the command line before any command sees them."""

from __future__ import annotations

from pathlib import Path

import typer

EMPTY_PATH = "an empty path names no file; use `.` for the working folder"
EMPTY_VALUE = "an empty value; leave the option out to use its default"


def path_value(value: str) -> Path:
    """A command-line path, refusing the empty string.

    ``Path("")`` is the working folder, so `huntkit fmt "$UNSET_VARIABLE"` would otherwise rewrite
    every pack below it, and `--output ""` would name a folder.
    """
    if not value:
        raise typer.BadParameter(EMPTY_PATH)
    return Path(value)


def text_value(value: str) -> str:
    """A command-line word (a bot list, player counts, a campaign id), refusing an empty one.

    Commands read an empty string as "not given" (`bot or DEFAULT_BOTS`), so `--bot "$UNSET"` would
    quietly play the default bots instead of the ones the user meant to name.
    """
    if not value.strip():
        raise typer.BadParameter(EMPTY_VALUE)
    return value
