"""Turn a loaded document into its typed model, and every schema problem into a located diagnostic.

pydantic does the validating; this module's job is the author's view of its errors: one diagnostic
per problem, at the exact key or value, in words about YAML rather than Python, with a did-you-mean
wherever there is a finite set of right answers.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from toolkit.core import codes
from toolkit.core.diagnostics import Diagnostic, Location, Span
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.model import Document

_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")

_TYPE_WORDS = {
    "string_type": "a string",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "set_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "none_required": "nothing (null)",
    "scaling_type": "a number, an expression such as `2 * hunters`, or a table by count",
}

_RANGE_TYPES = {
    "greater_than",
    "greater_than_equal",
    "less_than",
    "less_than_equal",
    "multiple_of",
    "string_too_short",
    "string_too_long",
    "too_short",
    "too_long",
    "string_pattern_mismatch",
    "value_error",
    "assertion_error",
    "finite_number",
}


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A hint naming the closest choice, or ``None`` if nothing is close."""
    matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean {matches[0]!r}?" if matches else None


def describe_value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:27] + "..."
        return f"the string {shown!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def data_path(data: Any, loc: Sequence[str | int]) -> PathKey:
    """Map a pydantic error location onto the document's data, dropping union-branch labels.

    A union label can equal the key below it (`counter: {counter: name, at_least: 2}`), so a
    segment found in the data may still be a label: the reading that follows more of the
    location wins.
    """
    return _data_path(data, tuple(loc), 0)[0]


def _data_path(current: Any, loc: tuple[str | int, ...], start: int) -> tuple[PathKey, int]:
    """The data path for ``loc[start:]`` and how far into ``loc`` it reaches."""
    for i in range(start, len(loc)):
        segment = loc[i]
        if isinstance(current, dict) and isinstance(segment, str) and segment in current:
            below, reach = _data_path(current[segment], loc, i + 1)
            taken = ((segment, *below), max(reach, i + 1))
            skipped = _data_path(current, loc, i + 1)
            return skipped if (skipped[1], len(skipped[0])) > (taken[1], len(taken[0])) else taken
        if isinstance(current, list) and isinstance(segment, int) and segment < len(current):
            below, reach = _data_path(current[segment], loc, i + 1)
            return (segment, *below), max(reach, i + 1)
        # Otherwise a union label (skip it) or a missing/extra key (the last segment).
    return (), start


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _union_members(tp: Any) -> list[Any]:
    tp = _unwrap(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        members: list[Any] = []
        for arg in typing.get_args(tp):
            members.extend(_union_members(arg))
        return members
    return [tp]


def model_at(root: type[BaseModel], loc: Sequence[str | int]) -> type[BaseModel] | None:
    """The model class that sits at ``loc`` (a pydantic error location), if one can be found."""
    current: Any = root
    for segment in loc:
        current = _step(current, segment)
        if current is None:
            return None
    members = [m for m in _union_members(current) if _is_model(m)]
    return members[0] if len(members) == 1 else None


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _step(tp: Any, segment: str | int) -> Any:
    members = _union_members(tp)
    if len(members) > 1:
        for member in members:
            if _is_model(member) and (member.__name__ == segment or segment in member.model_fields):
                # A tagged union: the segment is the tag; stay on the member.
                return (
                    member
                    if member.__name__ == segment or _single_field(member)
                    else (_step(member, segment))
                )
        for member in members:
            stepped = _step(member, segment)
            if stepped is not None:
                return stepped
        return None
    tp = members[0]
    if _is_model(tp):
        field = tp.model_fields.get(str(segment))
        return field.annotation if field is not None else None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (list, tuple, set, frozenset, Sequence) and isinstance(segment, int):
        return args[0] if args else None
    if origin is dict and args:
        return args[1]
    return None


def _single_field(model: type[BaseModel]) -> bool:
    return len(model.model_fields) == 1


@dataclass(frozen=True, slots=True)
class _Context:
    document: LoadedDocument
    model: type[Document]
    text_lines: Sequence[str] | None


def validate_model(
    document: LoadedDocument, model: type[Document], text_lines: Sequence[str] | None = None
) -> tuple[Document | None, list[Diagnostic]]:
    """Validate ``document.data`` as ``model``; return the model or the located diagnostics."""
    try:
        return model.model_validate(document.data), []
    except ValidationError as error:
        context = _Context(document, model, text_lines)
        return None, _diagnostics_from(error, context)
    except (RecursionError, MemoryError):  # pragma: no cover - the loader bounds depth and size
        return None, [codes.INTERNAL_ERROR.at(document.locate(), "the document is too complex to validate")]


def _diagnostics_from(error: ValidationError, context: _Context) -> list[Diagnostic]:
    diagnostics: list[Diagnostic] = []
    type_errors: dict[PathKey, list[ErrorDetails]] = {}
    seen: set[tuple[str, PathKey, str]] = set()
    keyed: list[tuple[Diagnostic, PathKey, str]] = []
    for item in error.errors(include_url=False):
        loc = tuple(item["loc"])
        path = data_path(context.document.data, loc)
        kind = item["type"]
        if kind in _TYPE_WORDS or kind in ("union_tag_not_found",):
            type_errors.setdefault(path, []).append(item)
            continue
        diagnostic = _diagnostic_for(item, loc, path, context)
        key = (diagnostic.code, path, diagnostic.message)
        if key not in seen:
            seen.add(key)
            diagnostics.append(diagnostic)
            if kind in ("extra_forbidden", "missing"):
                parent = data_path(context.document.data, loc[:-1])
                keyed.append((diagnostic, parent, str(loc[-1])))
    diagnostics = _merge_renamed_keys(diagnostics, keyed)
    for path, items in type_errors.items():
        # Union branches each report their own type error; an author needs one.
        if any(d.location == context.document.locate(path) for d in diagnostics):
            continue
        diagnostics.append(_type_diagnostic(path, items, context))
    return diagnostics


_SUGGESTION = re.compile(r"^did you mean '(.+)'\?$")


def _merge_renamed_keys(
    diagnostics: list[Diagnostic], keyed: list[tuple[Diagnostic, PathKey, str]]
) -> list[Diagnostic]:
    """A misspelt key is one problem, not two: drop "missing X" when an unknown key beside it
    already says "did you mean X?"."""
    suggested: set[tuple[PathKey, str]] = set()
    for diagnostic, parent, _ in keyed:
        match = _SUGGESTION.match(diagnostic.hint or "") if diagnostic.code == codes.UNKNOWN_KEY.id else None
        if match:
            suggested.add((parent, match.group(1)))
    redundant = {
        id(diagnostic)
        for diagnostic, parent, key in keyed
        if diagnostic.code == codes.MISSING_KEY.id and (parent, key) in suggested
    }
    return [d for d in diagnostics if id(d) not in redundant]


def _type_diagnostic(path: PathKey, items: list[ErrorDetails], context: _Context) -> Diagnostic:
    wanted: list[str] = []
    for item in items:
        if item["type"] == "union_tag_not_found":
            word = "a mapping with one key naming the verb"
        else:
            word = _TYPE_WORDS[item["type"]]
        if word not in wanted:
            wanted.append(word)
    value = _value_at(context.document.data, path)
    expected = " or ".join(wanted)
    return codes.WRONG_TYPE.at(
        context.document.locate(path),
        f"{_where(path)}expected {expected}, found {describe_value(value)}",
        hint=_type_hint(wanted, value),
    )


def _type_hint(wanted: list[str], value: Any) -> str | None:
    if "a whole number" in wanted and isinstance(value, str) and value.strip().isdigit():
        return "remove the quotes around the number"
    if "a string" in wanted and isinstance(value, bool):
        return "quote it if you meant the word"
    if "a list" in wanted and not isinstance(value, list):
        return "write it as a list: [value] or one '- value' per line"
    return None


def _value_at(data: Any, path: PathKey) -> Any:
    current = data
    for segment in path:
        try:
            current = current[segment]
        except (KeyError, IndexError, TypeError):
            return None
    return current


def _where(path: PathKey) -> str:
    if not path:
        return ""
    return f"{format_path(path)}: "


def format_path(path: PathKey) -> str:
    """``("sides", "a", "attacks", 0)`` → ``sides.a.attacks[0]``."""
    out = ""
    for segment in path:
        out += f"[{segment}]" if isinstance(segment, int) else (f".{segment}" if out else segment)
    return out


def _diagnostic_for(item: ErrorDetails, loc: tuple[Any, ...], path: PathKey, context: _Context) -> Diagnostic:
    kind = item["type"]
    ctx = item.get("ctx") or {}
    document = context.document
    if kind == "extra_forbidden":
        key = str(loc[-1])
        path = data_path(document.data, loc[:-1])
        key_path = (*path, key)
        parent = model_at(context.model, loc[:-1])
        allowed = (
            sorted(field.alias or name for name, field in parent.model_fields.items())
            if parent is not None
            else []
        )
        hint = did_you_mean(key, allowed)
        if hint is None and allowed:
            hint = "allowed here: " + ", ".join(allowed)
        where = f" in {format_path(path)}" if path else ""
        return codes.UNKNOWN_KEY.at(
            document.locate(key_path, key=True), f"unknown key {key!r}{where}", hint=hint
        )
    if kind == "missing":
        key = str(loc[-1])
        where = f"{format_path(path)} " if path else "the document "
        return codes.MISSING_KEY.at(
            document.locate(path, key=True),
            f"{where}needs the key {key!r}",
            hint=_field_hint(context.model, loc),
        )
    if kind in ("literal_error", "enum"):
        choices = _QUOTED.findall(str(ctx.get("expected", "")))
        value = _value_at(document.data, path)
        hint = did_you_mean(str(value), choices) if isinstance(value, str) else None
        if hint is None and choices:
            hint = "use one of: " + ", ".join(choices)
        return codes.UNKNOWN_VALUE.at(
            document.locate(path),
            f"{_where(path)}{describe_value(value)} is not allowed here",
            hint=hint,
        )
    if kind == "union_tag_invalid":
        tag = str(ctx.get("tag", ""))
        expected = _QUOTED.findall(str(ctx.get("expected_tags", "")))
        hint = did_you_mean(tag, expected)
        if hint is None and expected:
            hint = "known verbs: " + ", ".join(expected)
        return codes.UNKNOWN_VERB.at(
            document.locate((*path, tag), key=True),
            f"unknown verb {tag!r}" + (f" in {format_path(path)}" if path else ""),
            hint=hint,
        )
    if kind == "bad_expression":
        row_path = _row_path(document, path, ctx.get("row"))
        return codes.BAD_EXPRESSION.at(
            _offset_location(document, row_path, int(ctx.get("offset", 0)), context.text_lines),
            f"{_where(row_path)}{ctx.get('message', item['msg'])}",
            hint="write a number, an expression such as `2 * hunters`, or a table by count",
        )
    if kind == "scaling_range":
        row_path = _row_path(document, path, ctx.get("row"))
        return codes.SCALING_OUT_OF_RANGE.at(
            document.locate(row_path),
            f"{_where(row_path)}{ctx.get('message', item['msg'])}",
            hint="change the expression or the table so every player count gives an allowed value "
            "(`max(1, hunters - 1)` stays at 1 or more; quote it inside `{...}`)",
        )
    if kind in _RANGE_TYPES:
        message = item["msg"]
        if kind == "string_pattern_mismatch":
            message = _pattern_message(str(ctx.get("pattern", "")), _value_at(document.data, path))
        elif message.startswith("Value error, "):
            message = message[len("Value error, ") :]
        return codes.OUT_OF_RANGE.at(document.locate(path), f"{_where(path)}{_lower(message)}")
    return codes.OUT_OF_RANGE.at(document.locate(path), f"{_where(path)}{_lower(item['msg'])}")


def _row_path(document: LoadedDocument, path: PathKey, row: object) -> PathKey:
    """The path of a table's row when the problem is one row's value (`{1: 0, ...}` → its `0`)."""
    table = _value_at(document.data, path)
    return (*path, row) if isinstance(row, str) and isinstance(table, dict) and row in table else path


def _lower(message: str) -> str:
    return message[:1].lower() + message[1:]


def _pattern_message(pattern: str, value: Any) -> str:
    shown = describe_value(value)
    if "[a-z0-9]+(?:-[a-z0-9]+)*" in pattern:
        return f"{shown} is not a kebab-case id (lowercase letters, digits and single hyphens)"
    return f"{shown} does not match the pattern {pattern}"


def _field_hint(model: type[Document], loc: tuple[Any, ...]) -> str | None:
    parent = model_at(model, loc[:-1])
    if parent is None:
        return None
    field = parent.model_fields.get(str(loc[-1]))
    if field is None or not field.description:
        return None
    return f"{loc[-1]}: {field.description.splitlines()[0]}"


def _offset_location(
    document: LoadedDocument, path: PathKey, offset: int, text_lines: Sequence[str] | None
) -> Location:
    base = document.locate(path)
    span = base.span
    if span is None or text_lines is None or offset == 0:
        return base
    if span.end_line is not None and span.end_line != span.line:
        return base
    line_text = text_lines[span.line - 1] if span.line - 1 < len(text_lines) else ""
    quote = 1 if line_text[span.column - 1 : span.column] in ("'", '"') else 0
    return Location(base.file, Span(span.line, span.column + quote + offset))
