"""Knobs: one number of the content that `huntkit tune` may turn, named by where it is written.

A knob names a document and a path of author keys inside it, the way the value is written in YAML:

- ``boss:cleric-beast/phases/2/hp`` — a boss's phase HP (phases counted from 1 here, as on the card);
- ``enemy:hunter-mob/...``, ``npc-enemy:...`` — a field of an enemy;
- ``chapter/setup/random_tiles`` — a field of the chapter being tuned;
- ``card:6/on_reveal/2/change_hp/by`` — a field of a mission card of the campaign (list positions
  counted from 1).

Short forms: ``boss-hp:ID[:PHASE]`` (the last phase when none is given) and ``random-tiles``.

The content is never changed: the knob's value is set in a copy of the validated models, in a copy of
the content index that shares everything else.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument
from toolkit.core.expressions import Scaling
from toolkit.core.index import ContentIndex
from toolkit.core.scaling_range import ScalingRange
from toolkit.games.board.engine.rules import RulesError

COMPONENT_KINDS = ("boss", "enemy", "npc-enemy")


@dataclass(frozen=True, slots=True)
class Knob:
    """A located number: the document that holds it and the path to it (model field names, list
    positions from 0)."""

    spec: str
    """What the user wrote."""
    document: LoadedDocument
    path: tuple[str | int, ...]
    """Model field names and list positions (from 0)."""
    keys: tuple[str | int, ...]
    """The same path in author keys, as written in the YAML (for its file, line and column)."""
    current: Any
    """The value written in the content (a :class:`Scaling` or an int)."""
    allowed: ScalingRange | None = None
    """The range the field declares, for a scaling field (values outside it would not validate)."""

    def value_at(self, hunters: int) -> int:
        """The content's own value for ``hunters``."""
        if isinstance(self.current, Scaling):
            return self.current.evaluate(hunters=hunters)
        return int(self.current)


def _expand(spec: str) -> str:
    if spec == "random-tiles":
        return "chapter/setup/random_tiles"
    if spec.startswith("boss-hp:"):
        parts = spec.split(":")
        if len(parts) not in (2, 3) or not parts[1]:
            raise RulesError(f"--knob {spec!r}: write boss-hp:BOSS or boss-hp:BOSS:PHASE")
        phase = parts[2] if len(parts) == 3 else "last"
        return f"boss:{parts[1]}/phases/{phase}/hp"
    return spec


def locate(index: ContentIndex, pack_id: str, campaign: str, chapter: int, spec: str) -> Knob:
    """Find the knob's document and check that a number is written at its path."""
    head, _, rest = _expand(spec).partition("/")
    if not rest:
        raise RulesError(f"--knob {spec!r}: name a document and a path, e.g. boss:cleric-beast/phases/2/hp")
    document = _document(index, pack_id, campaign, chapter, head, spec)
    assert document.model is not None
    keys = rest.split("/")
    path: list[str | int] = []
    written: list[str | int] = []
    value: Any = document.model
    allowed: ScalingRange | None = None
    for key in keys:
        if isinstance(value, list | tuple):
            position = len(value) if key == "last" else int(key) if key.isdigit() else 0
            if not 1 <= position <= len(value):
                raise RulesError(f"--knob {spec!r}: `{key}` is not a position 1-{len(value)}")
            path.append(position - 1)
            written.append(position - 1)
            value = value[position - 1]
        elif isinstance(value, BaseModel):
            name = _field(value, key)
            if name is None:
                raise RulesError(f"--knob {spec!r}: `{key}` is not a field here")
            path.append(name)
            written.append(key)
            allowed = _declared_range(type(value), name)
            value = getattr(value, name)
        else:
            raise RulesError(f"--knob {spec!r}: `{key}` goes inside a value that has no fields")
    if not isinstance(value, Scaling | int) or isinstance(value, bool):
        raise RulesError(f"--knob {spec!r} does not name a number (it is {type(value).__name__})")
    return Knob(spec, document, tuple(path), tuple(written), value, allowed)


def _declared_range(model: type[BaseModel], name: str) -> ScalingRange | None:
    return next((m for m in model.model_fields[name].metadata if isinstance(m, ScalingRange)), None)


def _field(model: BaseModel, key: str) -> str | None:
    for name, info in type(model).model_fields.items():
        if key in (name, info.alias):
            return name
    return None


def _document(
    index: ContentIndex, pack_id: str, campaign: str, chapter: int, head: str, spec: str
) -> LoadedDocument:
    packs = index.visible_packs(pack_id)
    kind, _, key = head.partition(":")
    if kind == "chapter":
        found = [
            d
            for d in index.documents_of("chapter", packs)
            if str(getattr(d.model, "campaign", "")).rsplit(":", 1)[-1] == campaign
            and getattr(d.model, "number", None) == chapter
        ]
    elif kind == "card" and key.isdigit():
        found = [
            d
            for d in index.documents_of("mission-card", packs)
            if str(getattr(d.model, "campaign", "")).rsplit(":", 1)[-1] == campaign
            and getattr(d.model, "number", None) == int(key)
        ]
    elif kind in COMPONENT_KINDS and key:
        found = [
            d
            for d in index.documents_of(kind, packs)
            if getattr(d.model, "id", None) == key.rsplit(":", 1)[-1]
        ]
    else:
        raise RulesError(
            f"--knob {spec!r}: start with boss:ID, enemy:ID, npc-enemy:ID, chapter or card:N"
            " (or use boss-hp:ID[:PHASE], random-tiles)"
        )
    if not found:
        raise RulesError(f"--knob {spec!r}: no {kind} {key or chapter} in this campaign")
    return found[0]


def _replaced(value: Any, path: tuple[str | int, ...], new: Any) -> Any:
    if not path:
        return new
    step, rest = path[0], path[1:]
    if isinstance(step, int):
        items = list(value)
        items[step] = _replaced(items[step], rest, new)
        return tuple(items) if isinstance(value, tuple) else items
    return value.model_copy(update={step: _replaced(getattr(value, step), rest, new)})


def with_value(index: ContentIndex, knob: Knob, value: int) -> ContentIndex:
    """A copy of the index in which the knob is ``value`` at every hunter count."""
    document = knob.document
    assert document.model is not None
    new = Scaling(value) if isinstance(knob.current, Scaling) else value
    patched = dataclasses.replace(document, model=_replaced(document.model, knob.path, new))
    return index.with_document(document, patched)
