"""huntkit's cache folder in the user's cache directory, for results that cost time to work out.

The folder is ``$HUNTKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/huntkit``, else ``~/.cache/huntkit``.
``HUNTKIT_NO_CACHE=1`` turns every cache off, and so does :func:`disabled` for the work done inside
it (``huntkit validate --no-cache``). What is kept there must be safe to lose: a reader treats a
missing, unreadable or corrupt file as a miss, and a writer that cannot write gives up quietly.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_OFF: list[bool] = []


def cache_folder(name: str) -> Path | None:
    """The folder for the cache called ``name``, or None when caching is off."""
    if _OFF or os.environ.get("HUNTKIT_NO_CACHE", "") not in ("", "0"):
        return None
    explicit = os.environ.get("HUNTKIT_CACHE_DIR")
    if explicit:
        return Path(explicit) / name
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "huntkit" / name


@contextmanager
def disabled() -> Iterator[None]:
    """No cache is read or written inside this block."""
    _OFF.append(True)
    try:
        yield
    finally:
        _OFF.pop()
