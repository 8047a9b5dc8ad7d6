"""Generic rendering of any model value as Markdown, guided by the model's fields.

Used for every document that has no specific renderer, and for the parts specific renderers do not
lay out themselves. Field titles come from field names, explanations from the field docstrings
(pydantic copies them into ``FieldInfo.description`` and the JSON Schema), references become links.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from toolkit.core.expressions import Scaling
from toolkit.core.model import Document, RefTo
from toolkit.publish import escape
from toolkit.publish.context import RenderContext
from toolkit.publish.language import localized

# Fields shown in the page header rather than among the fields.
HEADER_FIELDS = frozenset({"kind", "source", "sources", "id", "name"})
_LANGUAGE_KEYS = frozenset({"en", "pl", "de", "fr", "es", "it", "ru", "pt", "ja", "zh"})


def ref_kinds(annotation: Any, metadata: Sequence[Any] = ()) -> tuple[str, ...] | None:
    """The kinds a field refers to, found in ``RefTo`` markers anywhere in its annotation."""
    for item in metadata:
        if isinstance(item, RefTo):
            return item.kinds
    if typing.get_origin(annotation) is Annotated:
        args = typing.get_args(annotation)
        found = ref_kinds(args[0], args[1:])
        if found is not None:
            return found
    for arg in typing.get_args(annotation):
        found = ref_kinds(arg)
        if found is not None:
            return found
    return None


ACRONYMS = {"hp": "HP", "npc": "NPC", "id": "ID", "ids": "IDs", "ui": "UI", "pdf": "PDF", "svg": "SVG"}
"""Words written in capitals wherever a label is made from a key or a kind (`hp` reads "HP")."""


def words_of(name: str) -> str:
    """A key or kind as words, acronyms in capitals: `npc_enemy` → "NPC enemy"."""
    words = name.replace("_", " ").replace("-", " ").split()
    return " ".join(ACRONYMS.get(w.lower(), w) for w in words)


def field_title(name: str) -> str:
    """A field's label: `hp` → "HP", `blood_echoes` → "Blood echoes"."""
    text = words_of(name)
    return text[:1].upper() + text[1:]


def field_description(info: FieldInfo, kinds: tuple[str, ...] | None = None) -> str:
    """A field's docstring. Docstrings are our own code, so they stay Markdown (code spans and all);
    only what would break a table row or a line is changed."""
    text = " ".join((info.description or "").split()).replace("|", "\\|")
    # A bare reference field inherits the generic description of ids; say what it refers to instead.
    if kinds and (not text or text.startswith("An id, optionally qualified")):
        return f"Refers to a {' or '.join(kinds)} by id."
    return text


def is_text_mapping(value: object) -> bool:
    """A per-language text (``{en: ..., pl: ...}``)."""
    return (
        isinstance(value, Mapping)
        and bool(value)
        and all(isinstance(k, str) and k in _LANGUAGE_KEYS for k in value)
        and all(isinstance(v, str) for v in value.values())
    )


def is_empty(value: object) -> bool:
    return value is None or (isinstance(value, list | tuple | dict | set | frozenset) and not value)


def provenance(model: Document, path: str) -> str:
    """Where the number at dotted ``path`` comes from: the longest matching `sources` entry."""
    parts = path.split(".")
    for end in range(len(parts), 0, -1):
        found = model.sources.get(".".join(parts[:end]))
        if found is not None:
            return found
    return model.source


def provenance_badge(source: str) -> str:
    return f'<span class="hk-prov hk-prov-{escape.slug(source)}">{escape.inline(source)}</span>'


def has_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float | Scaling):
        return True
    if isinstance(value, BaseModel):
        return any(has_number(getattr(value, n)) for n in type(value).model_fields)
    if isinstance(value, list | tuple):
        return any(has_number(v) for v in value)
    if isinstance(value, Mapping):
        return any(has_number(v) for v in value.values())
    return False


BARE_OPTIONS = frozenset({"amount", "value", "count", "spaces"})
"""Options a verb's phrase shows without their key."""


class ValueRenderer:
    """Renders values of one document; knows the document for provenance and reference links."""

    def __init__(self, ctx: RenderContext, document: Document, pack_id: str) -> None:
        self.ctx = ctx
        self.document = document
        self.pack_id = pack_id

    def scalar(self, value: object, kinds: tuple[str, ...] | None, path: str) -> str:
        """One value on one line of Markdown."""
        if isinstance(value, BaseModel) and (found := self.verb(value)) is not None:
            label, options = found
            return f"{label} {self.options_inline(options, path)}".rstrip()
        if isinstance(value, str) and kinds:
            return self.ctx.link_reference(kinds, value, self.pack_id)
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, enum.Enum):
            return escape.inline(str(value.value))
        if is_text_mapping(value):
            assert isinstance(value, Mapping)
            return escape.inline_with_code(localized(dict(value)))
        if isinstance(value, int | float | Scaling):
            rendered = escape.inline(str(value))
            source = provenance(self.document, path)
            if source != self.document.source:
                rendered += " " + provenance_badge(source)
            return rendered
        if isinstance(value, str):
            return escape.inline_with_code(value)
        return escape.inline(str(value))

    def verb(self, value: BaseModel) -> tuple[str, object] | None:
        """For a verb model (one field, a page in the vocabulary): its linked name and its value."""
        page = self.ctx.verb_pages.get(type(value))
        names = list(type(value).model_fields)
        if page is None or len(names) != 1:
            return None
        return self.ctx.link(page, escape.inline(words_of(names[0]))), getattr(value, names[0])

    def is_inline(self, value: object) -> bool:
        if isinstance(value, BaseModel) and (found := self.verb(value)) is not None:
            options = found[1]
            if isinstance(options, BaseModel):
                return all(
                    self.is_inline(getattr(options, n)) and not isinstance(getattr(options, n), BaseModel)
                    for n in type(options).model_fields
                )
            return self.is_inline(options) and not isinstance(options, list | tuple)
        if isinstance(value, BaseModel) or (isinstance(value, Mapping) and not is_text_mapping(value)):
            return False
        if isinstance(value, list | tuple):
            return all(not isinstance(v, BaseModel | Mapping | list | tuple) for v in value)
        return True

    def inline(self, value: object, kinds: tuple[str, ...] | None, path: str) -> str:
        if isinstance(value, list | tuple):
            return ", ".join(self.scalar(v, kinds, f"{path}.{i}") for i, v in enumerate(value)) or "—"
        return self.scalar(value, kinds, path)

    def options_inline(self, options: object, path: str) -> str:
        """A verb's options on one line: ``1`` or ``amount 1, target self``."""
        if isinstance(options, BaseModel):
            parts = []
            for name, info in type(options).model_fields.items():
                item = getattr(options, name)
                if is_empty(item):
                    continue
                kinds = ref_kinds(info.annotation, info.metadata)
                rendered = self.inline(item, kinds, f"{path}.{name}")
                if kinds is None and isinstance(item, str) and not isinstance(item, enum.Enum):
                    # A keyword value (`enemies-on-space`) reads as words.
                    rendered = escape.inline(item.replace("-", " ").replace("_", " "))
                # The amount of an effect needs no label: "heal 2", not "heal amount 2".
                parts.append(rendered if name in BARE_OPTIONS else f"{words_of(name)} {rendered}")
            return ", ".join(parts)
        if options is True:
            return ""
        return self.inline(options, None, path)

    def lines(self, value: object, kinds: tuple[str, ...] | None, path: str, depth: int) -> list[str]:
        """Bullet-list lines for a structured value, indented for nesting at ``depth``."""
        pad = "    " * depth
        if isinstance(value, BaseModel) and (found := self.verb(value)) is not None:
            label, options = found
            return [f"{pad}- {label}:", *self.lines(options, None, path, depth + 1)]
        if isinstance(value, BaseModel):
            return self.model_lines(value, path, depth)
        if isinstance(value, Mapping) and not is_text_mapping(value):
            out: list[str] = []
            for key, item in value.items():
                label = f"**{escape.inline(str(key))}**"
                out.extend(self.item(label, item, kinds, f"{path}.{key}", depth))
            return out
        if isinstance(value, list | tuple):
            out = []
            for i, item in enumerate(value):
                if self.is_inline(item):
                    out.append(f"{pad}- {self.inline(item, kinds, f'{path}.{i}')}")
                elif isinstance(item, BaseModel) and self.verb(item) is not None:
                    # A verb is its own bullet (`- spawn:` with its options below it).
                    out.extend(self.lines(item, kinds, f"{path}.{i}", depth))
                else:
                    out.append(f"{pad}- *{i + 1}.*")
                    out.extend(self.lines(item, kinds, f"{path}.{i}", depth + 1))
            return out
        return [f"{pad}- {self.scalar(value, kinds, path)}"]

    def item(
        self, label: str, value: object, kinds: tuple[str, ...] | None, path: str, depth: int
    ) -> list[str]:
        pad = "    " * depth
        if self.is_inline(value):
            return [f"{pad}- {label}: {self.inline(value, kinds, path)}"]
        return [f"{pad}- {label}:", *self.lines(value, kinds, path, depth + 1)]

    def model_lines(self, model: BaseModel, path: str, depth: int) -> list[str]:
        out: list[str] = []
        for name, info in type(model).model_fields.items():
            value = getattr(model, name)
            if is_empty(value):
                continue
            kinds = ref_kinds(info.annotation, info.metadata)
            sub = f"{path}.{name}" if path else name
            out.extend(self.item(f"**{field_title(name)}**", value, kinds, sub, depth))
        return out

    def table_of(self, value: object, path: str) -> str | None:
        """A list of flat models (every field fits on a line) as a table, one row per item."""
        if not isinstance(value, list | tuple) or not value:
            return None
        if not all(isinstance(item, BaseModel) and self.verb(item) is None for item in value):
            return None
        columns: list[str] = []
        for item in value:
            assert isinstance(item, BaseModel)
            for name in type(item).model_fields:
                field_value = getattr(item, name)
                if isinstance(field_value, BaseModel) and self.verb(field_value) is None:
                    return None
                if not self.is_inline(field_value):
                    return None
                if not is_empty(field_value) and name not in columns:
                    columns.append(name)
        rows = ["| " + " | ".join(field_title(c) for c in columns) + " |", "|" + "---|" * len(columns)]
        for i, item in enumerate(value):
            cells = []
            for name in columns:
                info = type(item).model_fields.get(name)
                cell_value = getattr(item, name, None)
                kinds = ref_kinds(info.annotation, info.metadata) if info else None
                cells.append(
                    "" if is_empty(cell_value) else self.inline(cell_value, kinds, f"{path}.{i}.{name}")
                )
            rows.append("| " + " | ".join(cells) + " |")
        return "\n".join(rows)

    def fields(self, model: BaseModel, skip: frozenset[str] = HEADER_FIELDS) -> str:
        """A table of the simple fields, then a section per structured field."""
        rows: list[str] = []
        sections: list[str] = []
        for name, info in type(model).model_fields.items():
            value = getattr(model, name)
            if name in skip or is_empty(value):
                continue
            kinds = ref_kinds(info.annotation, info.metadata)
            if self.is_inline(value):
                rendered = self.inline(value, kinds, name)
                rows.append(f"| {field_title(name)} | {rendered} | {field_description(info, kinds)} |")
            else:
                body = self.table_of(value, name) or "\n".join(self.lines(value, kinds, name, 0))
                note = field_description(info, kinds)
                sections.append(f"### {field_title(name)}\n\n" + (f"*{note}*\n\n" if note else "") + body)
        parts: list[str] = []
        if rows:
            say = self.ctx.words
            header = f"| {say('Field')} | {say('Value')} | {say('Meaning')} |"
            parts.append(header + "\n|---|---|---|\n" + "\n".join(rows))
        parts.extend(sections)
        return "\n\n".join(parts)
