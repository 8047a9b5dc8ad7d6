"""Checks every model needs, found from field markers: references, translations, provenance paths.

A field annotated with :class:`~toolkit.core.model.RefTo` is a reference; one annotated with
:class:`~toolkit.core.model.IsText` is prose. Walking a model's values together with its field
annotations finds them all, so a new kind gets these checks by annotating its fields.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel

from toolkit.core import codes
from toolkit.core.art import check_art
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.duplicates import check_duplicate_entries
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import IsText, RefTo
from toolkit.core.validation import did_you_mean


@dataclass(frozen=True, slots=True)
class Marked:
    """A value found under a marker: a reference (``kinds``) or a text (``is_text``)."""

    path: PathKey
    value: Any
    kinds: tuple[str, ...] = ()
    is_text: bool = False


def _markers(annotation: Any) -> tuple[tuple[str, ...], bool]:
    """Reference kinds and text-ness declared directly on an annotation (not in its items)."""
    try:
        return _cached_markers(annotation)
    except TypeError:  # an unhashable annotation
        return _find_markers(annotation)


@cache
def _cached_markers(annotation: Any) -> tuple[tuple[str, ...], bool]:
    return _find_markers(annotation)


def _find_markers(annotation: Any) -> tuple[tuple[str, ...], bool]:
    kinds: tuple[str, ...] = ()
    is_text = False
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        # `Text | None`, `Annotated[Id, RefTo(...)] | None`: the marker sits on a member.
        members = [m for m in typing.get_args(annotation) if m is not type(None)]
        found = [_find_markers(m) for m in members]
        marked = [f for f in found if f[0] or f[1]]
        if len(marked) == 1 and len(members) == 1:
            return marked[0]
        return kinds, is_text
    while typing.get_origin(annotation) is typing.Annotated:
        base, *metadata = typing.get_args(annotation)
        for item in metadata:
            if isinstance(item, RefTo):
                kinds = item.kinds
            elif isinstance(item, IsText):
                is_text = True
        annotation = base
    return kinds, is_text


@cache
def _field_annotations(model: type[BaseModel]) -> dict[str, Any]:
    return {name: field.rebuild_annotation() for name, field in model.model_fields.items()}


@dataclass(frozen=True, slots=True)
class _Plan:
    """What to look for in a value of one annotation, worked out once per model field.

    Hashing ``typing`` objects is slow, so annotations are analysed once per model class and
    the walk over values only follows these precomputed plans.
    """

    kinds: tuple[str, ...] = ()
    is_text: bool = False
    item: _Plan | None = None
    """For lists and tuples: the plan of the items; for dicts: the plan of the values."""


_EMPTY = _Plan()


def _plan_for(annotation: Any, depth: int = 0) -> _Plan:
    kinds, is_text = _markers(annotation)
    if kinds or is_text or depth > 8:
        return _Plan(kinds, is_text)
    inner = _strip(annotation)
    origin = typing.get_origin(inner)
    if origin in (list, tuple):
        return _Plan(item=_plan_for(_item_annotation(inner, None), depth + 1))
    if origin is dict:
        return _Plan(item=_plan_for(_dict_value_annotation(inner), depth + 1))
    return _EMPTY


@cache
def _model_plan(model: type[BaseModel]) -> tuple[tuple[str, _Plan], ...]:
    return tuple((name, _plan_for(annotation)) for name, annotation in _field_annotations(model).items())


def walk_marked(model: BaseModel, path: PathKey = ()) -> Iterator[Marked]:
    """Every reference and text inside ``model``, with its path in the document."""
    for name, plan in _model_plan(type(model)):
        value = getattr(model, name)
        if value is None:
            continue
        yield from _walk_value(value, plan, (*path, name))


def _walk_value(value: Any, plan: _Plan, path: PathKey) -> Iterator[Marked]:
    if plan.is_text:
        yield Marked(path, value, is_text=True)
        return
    if plan.kinds and isinstance(value, str):
        yield Marked(path, value, kinds=plan.kinds)
        return
    if isinstance(value, BaseModel):
        yield from walk_marked(value, path)
        return
    item = plan.item or _EMPTY
    if isinstance(value, list | tuple):
        for index, element in enumerate(value):
            if isinstance(element, str | int | float | bool) and item is _EMPTY:
                continue
            yield from _walk_value(element, item, (*path, index))
    elif isinstance(value, dict):
        for key, element in value.items():
            if isinstance(element, str | int | float | bool) and item is _EMPTY:
                continue
            yield from _walk_value(element, item, (*path, str(key)))


def _strip(annotation: Any) -> Any:
    """Drop ``Annotated`` and a ``None`` union member, keeping the container type."""
    try:
        return _cached_strip(annotation)
    except TypeError:
        return _find_strip(annotation)


@cache
def _cached_strip(annotation: Any) -> Any:
    return _find_strip(annotation)


def _find_strip(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        containers = [m for m in members if typing.get_origin(_strip(m)) in (list, tuple, dict)]
        if len(members) == 1:
            return _strip(members[0])
        if len(containers) == 1:
            return _strip(containers[0])
    return annotation


def _item_annotation(annotation: Any, value: Any) -> Any:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (list, tuple) and args:
        return args[0]
    return Any


def _dict_value_annotation(annotation: Any) -> Any:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is dict and len(args) == 2:
        return args[1]
    return Any


def check_references(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every ``RefTo`` field of every document in ``pack`` must name a document that exists."""
    visible = index.visible_packs(pack.id)
    for document in pack.documents:
        if document.model is None:
            continue
        for marked in walk_marked(document.model):
            if not marked.kinds:
                continue
            yield from _check_reference(index, pack, visible, document, marked)


def _check_reference(
    index: ContentIndex, pack: Pack, visible: list[str], document: LoadedDocument, marked: Marked
) -> Iterator[Diagnostic]:
    reference: str = marked.value
    if index.resolve(marked.kinds, reference, pack.id) is not None:
        return
    if index.is_invalid(marked.kinds, reference, pack.id):
        return  # it exists; its own schema errors are already reported
    kinds = " or ".join(marked.kinds)
    location = document.locate(marked.path)
    if ":" in reference:
        qualifier, key = reference.split(":", 1)
        if qualifier not in visible:
            hint = did_you_mean(qualifier, visible) or (
                f"add {qualifier!r} to `requires` in pack.yaml"
                if qualifier in index.packs
                else "packs visible here: " + ", ".join(visible)
            )
            yield codes.UNKNOWN_PACK_QUALIFIER.at(
                location,
                f"{reference!r} names the pack {qualifier!r}, which is not required",
                hint=hint,
            )
            return
        candidates = index.keys_of(marked.kinds, [qualifier])
        shown = key
    else:
        candidates = index.keys_of(marked.kinds, visible)
        shown = reference
    yield codes.UNKNOWN_REFERENCE.at(
        location,
        f"no {kinds} with the id {shown!r}",
        hint=did_you_mean(shown, candidates),
    )


def check_translations(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """A pack that declares ``languages`` gets a warning for each text missing one of them."""
    languages = pack.languages
    if not languages:
        return
    for document in pack.documents:
        if document.model is None:
            continue
        for marked in walk_marked(document.model):
            if not marked.is_text:
                continue
            present = set(marked.value) if isinstance(marked.value, dict) else {languages[0]}
            missing = [language for language in languages if language not in present]
            if missing:
                yield codes.MISSING_TRANSLATION.at(
                    document.locate(marked.path),
                    f"this text has no {', '.join(missing)} version",
                    hint="write it as a mapping: {" + ", ".join(f"{lang}: ..." for lang in languages) + "}",
                )


def check_provenance_paths(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every key of a document's ``sources`` must name a field the document has."""
    for document in pack.documents:
        if document.model is None or not isinstance(document.data, dict):
            continue
        sources = document.data.get("sources")
        if not isinstance(sources, dict):
            continue
        for dotted in sources:
            if not _path_exists(document.data, str(dotted)):
                yield codes.PROVENANCE_PATH.at(
                    document.locate(("sources", dotted), key=True),
                    f"`sources` names {dotted!r}, which this document does not have",
                    hint=did_you_mean(str(dotted), _all_paths(document.data)),
                )


def _path_exists(data: Any, dotted: str) -> bool:
    current = data
    for part in dotted.split("."):
        if isinstance(current, dict) and part in current:
            current = current[part]
        elif isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
        else:
            return False
    return True


def _all_paths(data: Any, prefix: str = "", depth: int = 0) -> list[str]:
    if depth > 6:
        return []
    paths: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("sources", "kind"):
                continue
            path = f"{prefix}{key}"
            paths.append(path)
            paths.extend(_all_paths(value, path + ".", depth + 1))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            path = f"{prefix}{index}"
            paths.append(path)
            paths.extend(_all_paths(value, path + ".", depth + 1))
    return paths


CORE_CHECKS = (
    check_references,
    check_translations,
    check_provenance_paths,
    check_duplicate_entries,
    check_art,
)
