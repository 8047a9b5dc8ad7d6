"""The canonical key order of every mapping in a document, derived from the content models.

A mapping's keys follow the field order of the model it is validated against; nested mappings
follow their own models. Which model a mapping is, inside a union, is decided by its keys (the first
model that has all of them). Keys no model knows keep their relative order after the known ones, so
the formatter never has to understand a mistake to leave it alone.

Documents read ``kind`` first, and their provenance (``source``, ``sources``) right after the fields
that name them (``id``, ``name`` or ``title``, whichever the kind has) instead of before them, as the
model's inheritance would have it — the order the built-in content uses.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any, get_args, get_origin

from pydantic import BaseModel

from toolkit.core.model import Document

_PROVENANCE_KEYS = ("source", "sources")
_NAMING_KEYS = frozenset({"id", "name", "title"})
_SEQUENCE_ORIGINS = (list, tuple, set, frozenset, Sequence)


def _alternatives(annotation: Any) -> Iterator[Any]:
    """The types a value of ``annotation`` may have: unions and ``Annotated`` unwrapped."""
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        yield from _alternatives(get_args(annotation)[0])
    elif origin is typing.Union or origin is types.UnionType:
        for argument in get_args(annotation):
            yield from _alternatives(argument)
    else:
        yield annotation


def _is_model(annotation: Any) -> bool:
    return inspect.isclass(annotation) and issubclass(annotation, BaseModel)


@cache
def fields_of(model: type[BaseModel]) -> tuple[tuple[str, Any], ...]:
    """The model's keys as written in YAML (aliases honoured), in canonical order, with their types."""
    fields = [(info.alias or name, info.annotation) for name, info in model.model_fields.items()]
    if issubclass(model, Document):
        provenance = [f for f in fields if f[0] in _PROVENANCE_KEYS]
        rest = [f for f in fields if f[0] not in _PROVENANCE_KEYS]
        rest.sort(key=lambda f: f[0] != "kind")
        naming = [position for position, f in enumerate(rest) if f[0] in _NAMING_KEYS]
        after = naming[-1] + 1 if naming else 1
        fields = rest[:after] + provenance + rest[after:]
    return tuple(fields)


def mapping_shape(annotation: Any, keys: Sequence[str]) -> tuple[list[str] | None, dict[str, Any], Any]:
    """For a mapping with ``keys`` typed ``annotation``: (key order, field types, type of other values).

    The model is the first alternative that has every key; failing that (a typo, an unknown key),
    the one sharing most keys with the mapping. The key order is ``None`` when the mapping is
    free-form (a ``dict[str, X]``) or matches no model at all.
    """
    free_values: Any = None
    present = set(keys)
    best: tuple[int, tuple[tuple[str, Any], ...]] | None = None
    for alternative in _alternatives(annotation):
        if _is_model(alternative):
            fields = fields_of(alternative)
            shared = len(present & {name for name, _ in fields})
            if shared == len(present):
                return [name for name, _ in fields], dict(fields), None
            if shared and (best is None or shared > best[0]):
                best = (shared, fields)
        elif get_origin(alternative) is dict and free_values is None:
            free_values = get_args(alternative)[1]
    if best is not None:
        return [name for name, _ in best[1]], dict(best[1]), None
    return None, {}, free_values


def item_type(annotation: Any) -> Any:
    """The type of the items of a sequence typed ``annotation`` (``None`` if not a sequence type)."""
    for alternative in _alternatives(annotation):
        if get_origin(alternative) in _SEQUENCE_ORIGINS:
            arguments = get_args(alternative)
            return arguments[0] if arguments else None
    return None


def sort_keys(keys: Sequence[str], order: Sequence[str]) -> list[str]:
    """``keys`` in ``order``; keys missing from ``order`` follow, in their original order."""
    rank = {key: position for position, key in enumerate(order)}
    known = sorted((key for key in keys if key in rank), key=rank.__getitem__)
    return known + [key for key in keys if key not in rank]
