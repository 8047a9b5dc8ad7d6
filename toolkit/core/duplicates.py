"""Entries listed more than once in lists marked :class:`~toolkit.core.model.UniqueItems`.

A set-up that lists the Graveyard twice, or a hunt track with reset space 4 a hundred thousand
times, validated clean: each is now one warning per repeated entry, at its first repeat, with the
count. The work is one pass over each marked list, and the diagnostics per list are bounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from pydantic import BaseModel

from toolkit.core import codes
from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import UniqueItems

MAX_REPORTED_PER_LIST = 10
"""Repeated entries reported one by one in one list; the rest are counted in the last warning."""

MAX_DEPTH = 16
"""How deep nested models are searched for marked lists (content models nest a few levels)."""


@cache
def _unique_fields(model: type[BaseModel]) -> frozenset[str]:
    return frozenset(
        name
        for name, info in model.model_fields.items()
        if any(isinstance(item, UniqueItems) for item in info.metadata)
    )


def check_duplicate_entries(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every list marked ``UniqueItems`` in the pack's documents names each entry once."""
    for document in pack.documents:
        if document.model is not None:
            for path, values in _marked_lists(document.model, (), 0):
                yield from _repeats(document, path, values)


def _marked_lists(model: BaseModel, path: PathKey, depth: int) -> Iterator[tuple[PathKey, list[Any]]]:
    if depth > MAX_DEPTH:
        return
    unique = _unique_fields(type(model))
    for name in type(model).model_fields:
        value = getattr(model, name)
        here = (*path, name)
        if name in unique and isinstance(value, list):
            yield here, value
        yield from _nested(value, here, depth + 1)


def _nested(value: Any, path: PathKey, depth: int) -> Iterator[tuple[PathKey, list[Any]]]:
    if isinstance(value, BaseModel):
        yield from _marked_lists(value, path, depth)
    elif isinstance(value, list):
        for position, item in enumerate(value):
            if isinstance(item, BaseModel):
                yield from _marked_lists(item, (*path, position), depth)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, BaseModel):
                yield from _marked_lists(item, (*path, str(key)), depth)


def _repeats(document: LoadedDocument, path: PathKey, values: list[Any]) -> Iterator[Diagnostic]:
    first: dict[Any, int] = {}
    repeats: dict[Any, tuple[int, int]] = {}  # entry → (position of its first repeat, times listed)
    for position, value in enumerate(values):
        try:
            earlier = first.setdefault(value, position)
        except TypeError:  # an unhashable entry (a mapping): not a name of one thing
            continue
        if earlier != position:
            at, times = repeats.get(value, (position, 1))
            repeats[value] = (at, times + 1)
    field = str(path[-1])
    shown = list(repeats.items())
    for number, (value, (position, times)) in enumerate(shown[:MAX_REPORTED_PER_LIST], start=1):
        more = len(shown) - MAX_REPORTED_PER_LIST
        tail = (
            f"; {more:,} more entries of this list are repeated too"
            if number == MAX_REPORTED_PER_LIST and more > 0
            else ""
        )
        yield codes.DUPLICATE_ENTRY.at(
            document.locate((*path, position)),
            f"{value!r} is listed {times:,} times in `{field}`{tail}",
            hint="list each entry once",
            related=(Related(document.locate((*path, first[value])), "first listed here"),),
        )
