"""Seeded mutations of one YAML document: the mistakes and attacks a pack can carry.

A mutation picks one place in the document (a value, a list, a mapping) and changes it by its
type: numbers to extremes, strings to hostile text or unknown ids, expressions and tables to their
edges, lists to empty or huge, keys dropped, renamed or added. Some act on the file instead: a
document duplicated or dropped, a key written twice (which only the YAML text can hold).
Every mutation is described in words, so a failing case says what it changed and where.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from tests.fuzz import hostile
from toolkit.core.expressions import EXPRESSION_PATTERN

Path_ = tuple[str | int, ...]

_EXPRESSION_HINT = re.compile(r"\b(?:hunters|players)\b|[*/+]|\bmin\(|\bmax\(")
_ID_LIKE = re.compile(r"^(?:[a-z0-9-]+:)?[a-z0-9]+(?:-[a-z0-9]+)+$")
_TABLE_KEY = re.compile(r"^\d+$")
_EXPRESSION = re.compile(EXPRESSION_PATTERN)
"""A player-count expression (``2 * hunters``): the gentle mutations give it an edge case."""
_PROSE = re.compile(r"\s|[A-Z]")
"""Names and text (a space or a capital): where hostile text is most likely to pass the schema."""


@dataclass(frozen=True, slots=True)
class Mutation:
    """What was changed: the operation, the document and the place in it, in words."""

    op: str
    document: int
    path: Path_
    detail: str

    def describe(self) -> str:
        where = "/".join(str(p) for p in self.path) or "(document)"
        return f"{self.op} at document {self.document} {where}: {self.detail}"


@dataclass(slots=True)
class FileMutant:
    """A file's documents after mutation, and the text-level changes still to apply."""

    documents: list[Any]
    mutations: list[Mutation]
    duplicate_keys: list[int]
    """Documents whose first top-level key is written twice when the file is dumped."""


class _NoAliasDumper(yaml.SafeDumper):
    """Repeated values are written out, not aliased: a huge list must be huge in the text too."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_documents(documents: list[Any], duplicate_keys: Sequence[int] = ()) -> str:
    """The YAML text of the documents, one ``---`` apart, with any requested duplicate keys."""
    parts: list[str] = []
    for index, data in enumerate(documents):
        text = yaml.dump(
            data, Dumper=_NoAliasDumper, sort_keys=False, allow_unicode=True, width=100, explicit_start=True
        )
        if index in duplicate_keys and isinstance(data, dict) and data:
            first = next(iter(data))
            text += yaml.dump(
                {first: data[first]}, Dumper=_NoAliasDumper, allow_unicode=True, default_flow_style=False
            )
        parts.append(text)
    return "".join(parts)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text):,} characters)"


def _places(data: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every value of the document with its path, the document itself first."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _places(value, (*path, key))
    elif isinstance(data, list):
        for position, value in enumerate(data):
            yield from _places(value, (*path, position))


def _get(data: Any, path: Path_) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: Path_, value: Any) -> Any:
    """``data`` with the value at ``path`` replaced (the root replaced when the path is empty)."""
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


class Mutator:
    """Applies seeded mutations to the documents of one file of a game (``count`` is its variable:
    ``hunters`` or ``players``)."""

    def __init__(self, rng: random.Random, count: str, *, gentle: bool = False) -> None:
        self.rng = rng
        self.count = count
        self.gentle = gentle
        """Only text and numbers are changed (to hostile text, edge numbers and expressions): the
        mutants that pass validation most often, so the commands after it see them."""

    def mutate_file(self, documents: tuple[Any, ...], focus: int, times: int) -> FileMutant:
        """``times`` mutations, the first on document ``focus``, later ones on any document."""
        mutant = FileMutant(copy.deepcopy(list(documents)), [], [])
        for turn in range(times):
            if not mutant.documents:
                break
            index = focus if turn == 0 else self.rng.randrange(len(mutant.documents))
            index = min(index, len(mutant.documents) - 1)
            if not self.gentle and self.rng.random() < 0.12:
                self._file_level(mutant, index)
            else:
                data, mutation = self.mutate_document(mutant.documents[index], index)
                mutant.documents[index] = data
                mutant.mutations.append(mutation)
        return mutant

    def _file_level(self, mutant: FileMutant, index: int) -> None:
        op = self.rng.choice(("duplicate-document", "drop-document", "duplicate-key"))
        if op == "duplicate-document":
            mutant.documents.insert(index + 1, copy.deepcopy(mutant.documents[index]))
            detail = "the document is written twice in a row"
        elif op == "drop-document" and len(mutant.documents) > 1:
            del mutant.documents[index]
            detail = "the document is removed from the file"
        else:
            op = "duplicate-key"
            mutant.duplicate_keys.append(index)
            detail = "the document's first key is written a second time at its end"
        mutant.mutations.append(Mutation(op, index, (), detail))

    def mutate_document(self, data: Any, index: int) -> tuple[Any, Mutation]:
        """One mutation at a random place of the document; returns the new document."""
        places = list(_places(data))
        if self.gentle:
            return self._gently(data, places, index)
        leaves = [place for place in places if not isinstance(place[1], dict | list)]
        # Mostly values, sometimes a list or a mapping: a mutant should often still validate, so
        # that the commands after validation see it.
        path, value = self.rng.choice(leaves if leaves and self.rng.random() < 0.75 else places)
        if isinstance(value, bool) or value is None:
            op, new = self._other(value)
        elif isinstance(value, int | float):
            op, new = self._number()
        elif isinstance(value, str):
            op, new = self._string(value)
        elif isinstance(value, list):
            op, new = self._list(value)
        else:
            return self._mapping(data, path, value, index)
        return _set(data, path, new), Mutation(op, index, path, f"{_short(value)} -> {_short(new)}")

    def _gently(self, data: Any, places: list[tuple[Path_, Any]], index: int) -> tuple[Any, Mutation]:
        texts: list[tuple[Path_, Any]] = [
            (p, v) for p, v in places if isinstance(v, str) and (_PROSE.search(v) or _EXPRESSION.match(v))
        ]
        numbers: list[tuple[Path_, Any]] = [
            (p, v) for p, v in places if isinstance(v, int | float) and not isinstance(v, bool)
        ]
        if not texts and not numbers:
            self.gentle = False
            try:
                return self.mutate_document(data, index)
            finally:
                self.gentle = True
        scaled = [(p, v) for p, v in texts if _EXPRESSION.match(v)]
        # Player-count values are few in a document but where content most often breaks a game.
        pool = scaled if scaled and self.rng.random() < 0.3 else texts + numbers
        path, value = self.rng.choice(pool)
        if isinstance(value, str) and _EXPRESSION.match(value):
            op, new = "edge-expression", self._scaled(self.rng.choice(hostile.EXPRESSIONS))
        elif isinstance(value, str):
            op, new = "hostile-text", self.rng.choice(hostile.STRINGS)
        elif self.rng.random() < 0.6:
            op, new = "edge-number", self.rng.choice(hostile.EDGE_NUMBERS)
        else:
            op, new = self._number()
        return _set(data, path, new), Mutation(op, index, path, f"{_short(value)} -> {_short(new)}")

    def _scaled(self, template: Any) -> Any:
        if isinstance(template, str):
            return template.replace("{count}", self.count)
        if isinstance(template, dict):
            return {key: self._scaled(value) for key, value in template.items()}
        return template

    def _number(self) -> tuple[str, Any]:
        roll = self.rng.random()
        if roll < 0.35:
            return "edge-number", self.rng.choice(hostile.EDGE_NUMBERS)
        if roll < 0.6:
            return "extreme-number", self.rng.choice(hostile.NUMBERS)
        if roll < 0.85:
            return "number-to-expression", self._scaled(self.rng.choice(hostile.EXPRESSIONS))
        return "number-to-table", self._scaled(copy.deepcopy(self.rng.choice(hostile.TABLES)))

    def _string(self, value: str) -> tuple[str, Any]:
        roll = self.rng.random()
        if _EXPRESSION_HINT.search(value) and roll < 0.7:
            return "edge-expression", self._scaled(self.rng.choice(hostile.EXPRESSIONS))
        if _ID_LIKE.match(value) and roll < 0.6:
            if self.rng.random() < 0.5:
                return "unknown-reference", self.rng.choice(hostile.UNKNOWN_REFERENCES)
            return "misspelt-reference", value[:-1] if len(value) > 2 else value + "x"
        if roll < 0.8 or _PROSE.search(value):
            return "hostile-text", self.rng.choice(hostile.STRINGS)
        if roll < 0.9:
            return "hostile-suffix", value + self.rng.choice(hostile.STRINGS)[:60]
        return "string-to-number", self.rng.choice(hostile.NUMBERS)

    def _list(self, value: list[Any]) -> tuple[str, Any]:
        size = self.rng.choice(hostile.LIST_SIZES)
        if not value or size == 0:
            return "empty-list", [] if value else [self.rng.choice(hostile.STRINGS)]
        item = self.rng.choice(value)
        if size == 2:
            return "duplicate-item", [*value, copy.deepcopy(item)]
        roll = self.rng.random()
        if roll < 0.2:
            return "drop-item", [v for v in value if v is not item]
        if roll < 0.3:
            return "nest-list", [value]
        return "huge-list", [*value, *(copy.deepcopy(item) for _ in range(size - len(value)))]

    def _other(self, value: Any) -> tuple[str, Any]:
        choices: list[Any] = [not value if isinstance(value, bool) else True, 0, "yes", [], {}]
        choices.append(self.rng.choice(hostile.STRINGS))
        return "wrong-type", self.rng.choice(choices)

    def _mapping(self, data: Any, path: Path_, value: dict[str, Any], index: int) -> tuple[Any, Mutation]:
        keys = list(value)
        if keys and all(_TABLE_KEY.match(str(k)) for k in keys) and self.rng.random() < 0.6:
            table = self._scaled(copy.deepcopy(self.rng.choice(hostile.TABLES)))
            new_data = _set(data, path, table)
            return new_data, Mutation("edge-table", index, path, f"{_short(value)} -> {_short(table)}")
        op = self.rng.choice(("drop-key", "rename-key", "unknown-key", "empty-mapping", "mapping-to-list"))
        if op in ("drop-key", "rename-key") and keys:
            key = self.rng.choice(keys)
            item = value.pop(key)
            if op == "rename-key":
                renamed = self.rng.choice(
                    (f"{key}s", key.upper(), key.replace("_", "-"), f"{key}_", key[:-1])
                )
                value[renamed or "x"] = item
                return data, Mutation(op, index, (*path, key), f"the key {key!r} becomes {renamed!r}")
            return data, Mutation(op, index, (*path, key), f"the key {key!r} is removed")
        if op == "unknown-key" or not keys:
            name = self.rng.choice(("extra", "comment", "__proto__", hostile.MARKER))
            value[name] = self.rng.choice(hostile.STRINGS)
            return data, Mutation("unknown-key", index, path, f"the key {name!r} is added")
        if op == "empty-mapping":
            return _set(data, path, {}), Mutation(op, index, path, f"{_short(value)} -> {{}}")
        return _set(data, path, list(value.values())), Mutation(op, index, path, "the mapping becomes a list")
