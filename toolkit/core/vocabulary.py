"""Nothing is silently ignored: a game's content vocabulary, the fields its rules do not play, and
the static reading that proves every other field is read by the code that plays it.

A game declares each vocabulary (its models, the modules that play them, and one explicit list of
fields that are *not simulated*, each with a reason). The coverage test of every game asks
:func:`unread_fields` and :func:`stale_declarations`, which read the playing modules' source:

- a field counts as read when the source loads an attribute of that name (`effect.block`) or gives
  it to `getattr` as a constant string, anywhere in the playing modules;
- a verb counts as played when the source names its class (`isinstance(effect, fx.Block)`) or
  compares its key (`verb == "cycle_card"`).

It is a static check, like the card-script linter it follows (a class's declared parameters against
the parameters its code reads): it fails the moment a field is added and no playing code reads it,
whatever content the playouts happen to exercise. Its limit is that it matches names, not types: a
new field named like an attribute the code already reads for something else (`count`, `type`)
passes unseen. The declared list is checked both ways: a field declared not simulated that the code
does read is stale and fails too.

Content that writes a declared field gets a warning (BB0620) from :func:`not_simulated_uses`, at the
field, and the simulator reports the same uses.
"""

from __future__ import annotations

import ast
import importlib
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel

from toolkit.core.codes import FIELD_NOT_SIMULATED
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model_search import find_instances

DESCRIBED = frozenset(
    {
        "kind",
        "id",
        "name",
        "title",
        "flavor",
        "story",
        "label",
        "text",
        "notes",
        "description",
        "source",
        "sources",
        "prompt",
        "summary",
        "introduction",
        "question",
        "decision",
        "reason",
        "topic",
        "art",
    }
)
"""Field names that are prose, identity, provenance or presentation: the reference shows them and
the rules by design never read them (a card's name, its flavour, where a number comes from, the art
its face shows)."""


@dataclass(frozen=True, slots=True)
class NotSimulated:
    """A field the rules of a game do not play, and why."""

    model: type[BaseModel]
    field: str
    """The field, or `*` for a whole verb the rules never carry out."""
    reason: str
    """In a few words, for the warning and the simulate report."""
    code: str = "BB0620"
    """The warning content that uses it gets; a gap another code already reports (narrative
    text, BB0210) names that code, and validation does not warn twice."""

    @property
    def key(self) -> str:
        return self.model.__name__ if self.field == "*" else f"{self.model.__name__}.{self.field}"


@dataclass(frozen=True, slots=True)
class ReadByName:
    """A field (or, with `*`, a verb) the playing code reads through a name it holds only at run
    time (`getattr(side, action)` with the flipped enemy action), which no static reading sees."""

    model: type[BaseModel]
    field: str
    how: str
    """Where and how it is read."""

    @property
    def key(self) -> str:
        return self.model.__name__ if self.field == "*" else f"{self.model.__name__}.{self.field}"


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """One content vocabulary of a game and the code that plays it."""

    name: str
    """What it is (`board effects and abilities`, `mission verbs` …)."""
    models: tuple[type[BaseModel], ...]
    """The vocabulary's models; models nested in their fields are included."""
    readers: tuple[str, ...]
    """Dotted names of the modules or packages that play it (engine, interpreter, rule modules)."""
    verbs: tuple[type[BaseModel], ...] = ()
    """Verb classes the playing code must name (its dispatch), unless declared not simulated."""
    not_simulated: tuple[NotSimulated, ...] = ()
    """The one explicit list of what the rules do not play."""
    read_by_name: tuple[ReadByName, ...] = ()
    """Fields and verbs read through run-time names, each saying where."""
    described: frozenset[str] = field(default=DESCRIBED)
    """Field names (`name`) or fields (`Tile.named_location`) that are prose, provenance or a
    constraint validation checks, never read by the rules by design."""

    def all_models(self) -> list[type[BaseModel]]:
        """The vocabulary's models and every model nested in their fields, in a stable order."""
        found: dict[str, type[BaseModel]] = {}
        for model in self.models:
            _collect(model, found)
        return [found[name] for name in sorted(found)]

    def covers(self, model: type[BaseModel], name: str) -> bool:
        """Whether a declaration (not simulated, read by name, or described) covers the field of
        ``model`` or of one of its bases (`*`: the verb)."""
        if name in self.described or any(
            f"{base.__name__}.{name}" in self.described for base in model.__mro__
        ):
            return True
        bases = set(model.__mro__)
        if any(entry.model in bases and entry.field == "*" for entry in self.not_simulated):
            return True  # a verb the rules never carry out: none of its fields is read either
        entries: list[NotSimulated | ReadByName] = [*self.not_simulated, *self.read_by_name]
        return any(entry.model in bases and entry.field == name for entry in entries)


def _collect(model: type[BaseModel], found: dict[str, type[BaseModel]]) -> None:
    key = f"{model.__module__}.{model.__qualname__}"
    if key in found:
        return
    found[key] = model
    for info in model.model_fields.values():
        for nested in _models_in(info.annotation):
            _collect(nested, found)


def _models_in(annotation: object) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    origin = typing.get_origin(annotation)
    if origin is None and not isinstance(annotation, types.UnionType):
        return
    for argument in typing.get_args(annotation):
        yield from _models_in(argument)


def _trees(readers: tuple[str, ...]) -> list[ast.AST]:
    """The syntax trees a vocabulary's readers name: a module or package (`pkg.engine`), or one
    class or function of a module (`pkg.model.effects:TimedEffect`) whose methods the rules call."""
    trees: list[ast.AST] = []
    for reader in readers:
        dotted, _, qualname = reader.partition(":")
        module = importlib.import_module(dotted)
        origin = Path(str(module.__file__))
        paths = sorted(origin.parent.rglob("*.py")) if origin.name == "__init__.py" else [origin]
        for path in paths:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            trees.append(_find(tree, qualname, reader) if qualname else tree)
    return trees


def _find(tree: ast.AST, qualname: str, reader: str) -> ast.AST:
    node = tree
    for part in qualname.split("."):
        found = next(
            (
                child
                for child in ast.iter_child_nodes(node)
                if isinstance(child, ast.ClassDef | ast.FunctionDef) and child.name == part
            ),
            None,
        )
        if found is None:
            raise LookupError(f"reader `{reader}`: no `{part}` there")
        node = found
    return node


@dataclass(frozen=True, slots=True)
class Reads:
    """What the playing modules' source reads."""

    attributes: frozenset[str]
    """Attribute names loaded (`effect.block`) and constant names given to `getattr`/`hasattr`."""
    names: frozenset[str]
    """Names used or imported, attribute names (`fx.Block`) and strings compared (`verb ==
    "cycle_card"`): where verbs are named."""


@lru_cache(maxsize=32)
def reads_of(readers: tuple[str, ...]) -> Reads:
    """Parse the reader modules' source once and gather what it reads."""
    attributes: set[str] = set()
    names: set[str] = set()
    for tree in _trees(readers):
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                attributes.add(node.attr)
            elif isinstance(node, ast.Name):
                names.add(node.id)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.rsplit(".", 1)[-1])
            elif isinstance(node, ast.Compare):
                # A dispatch on the verb's key: `if verb == "take_first_player":`.
                for part in ast.walk(node):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        names.add(part.value)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                attributes.add(node.args[1].value)
    return Reads(frozenset(attributes), frozenset(names | attributes))


def unread_fields(vocabulary: Vocabulary) -> list[str]:
    """`Model.field` for every field no playing code reads and no declaration covers, and
    `Model` for every verb the playing code never names."""
    reads = reads_of(vocabulary.readers)
    missing: list[str] = []
    for model in vocabulary.all_models():
        for name, info in model.model_fields.items():
            if vocabulary.covers(model, name) or _no_choice(info.annotation):
                continue
            if name not in reads.attributes:
                missing.append(f"{model.__name__}.{name}")
    for verb in vocabulary.verbs:
        if not (_verb_names(verb) & reads.names) and not vocabulary.covers(verb, "*"):
            missing.append(verb.__name__)
    return missing


def _verb_names(verb: type[BaseModel]) -> set[str]:
    """How code may name a verb: its class, or its YAML key compared as a string."""
    names = {verb.__name__}
    key = getattr(verb, "verb", "")
    if isinstance(key, str) and key:
        names.add(key)
    elif len(verb.model_fields) == 1:
        names.update(verb.model_fields)
    return names


def _no_choice(annotation: object) -> bool:
    """Whether a field's value leaves nothing to read: an empty option model (`stagger: {}`) or a
    single constant (`complete_hunt: true`); the verb itself is the content."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return not annotation.model_fields
    return typing.get_origin(annotation) is typing.Literal and len(typing.get_args(annotation)) == 1


def stale_declarations(vocabulary: Vocabulary) -> list[str]:
    """Declarations that no longer hold: a field the model lacks, or one declared not simulated
    (or read by name) that the playing code reads as written after all."""
    reads = reads_of(vocabulary.readers)
    stale: list[str] = []
    # A gap another code reports (narrative text) may well be named by the code that reports it.
    warned = [entry for entry in vocabulary.not_simulated if entry.code == FIELD_NOT_SIMULATED.id]
    entries: list[NotSimulated | ReadByName] = [*warned, *vocabulary.read_by_name]
    for entry in entries:
        if entry.field == "*":
            if entry.model.__name__ in reads.names:
                stale.append(entry.key)
        elif entry.field not in entry.model.model_fields or entry.field in reads.attributes:
            stale.append(entry.key)
    return stale


def walk(model: BaseModel, path: PathKey = ()) -> Iterator[tuple[BaseModel, PathKey]]:
    """``model`` and every model nested in it, each with its path in the author's keys."""
    yield model, path
    for name, info in type(model).model_fields.items():
        yield from _walk_value(getattr(model, name), (*path, info.alias or name))


def _walk_value(value: object, path: PathKey) -> Iterator[tuple[BaseModel, PathKey]]:
    if isinstance(value, BaseModel):
        yield from walk(value, path)
    elif isinstance(value, list | tuple):
        for position, item in enumerate(value):
            yield from _walk_value(item, (*path, position))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk_value(item, (*path, str(key)))


@dataclass(frozen=True, slots=True)
class Use:
    """Content that writes a not-simulated field (or verb)."""

    entry: NotSimulated
    path: PathKey
    """Where, in the document: the field's key (or the verb's)."""


def not_simulated_uses(
    model: BaseModel, vocabularies: tuple[Vocabulary, ...], code: str | None = None
) -> Iterator[Use]:
    """Every place a document writes a field (or uses a verb) declared not simulated (only those
    warned by ``code``, when given)."""
    return _uses(model, Declared.of(vocabularies, code))


@dataclass(frozen=True, slots=True)
class Declared:
    """The declarations a search looks for, and the models they name."""

    entries: tuple[NotSimulated, ...]
    models: tuple[type[BaseModel], ...]

    @classmethod
    def of(cls, vocabularies: tuple[Vocabulary, ...], code: str | None = None) -> Declared:
        """What ``vocabularies`` declare not simulated, warned by ``code`` (all, for ``None``)."""
        entries = tuple(
            entry
            for vocabulary in vocabularies
            for entry in vocabulary.not_simulated
            if code is None or entry.code == code
        )
        return cls(entries, tuple(dict.fromkeys(entry.model for entry in entries)))


def _uses(model: BaseModel, declared: Declared) -> Iterator[Use]:
    if not declared.entries:
        return
    # Only the models the entries name matter: the search skips fields that cannot hold one.
    for nested, path in find_instances(model, declared.models):
        bases = set(type(nested).__mro__)
        for entry in (e for e in declared.entries if e.model in bases):
            if entry.field == "*":
                verb = str(getattr(type(nested), "verb", "") or next(iter(type(nested).model_fields), ""))
                yield Use(entry, (*path, verb) if verb else path)
                continue
            if entry.field in nested.model_fields_set:
                info = type(nested).model_fields[entry.field]
                yield Use(entry, (*path, info.alias or entry.field))


def not_simulated_check(
    vocabularies: tuple[Vocabulary, ...],
) -> Callable[[ContentIndex, Pack], Iterator[Diagnostic]]:
    """The check a game adds to its own: a BB0620 warning at each field or verb of the pack's
    documents that its rules do not play (gaps another code reports are left to that code)."""

    def check(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
        del index
        declared = Declared.of(vocabularies, FIELD_NOT_SIMULATED.id)
        for document in pack.documents:
            if document.model is None:
                continue
            for use in _uses(document.model, declared):
                yield FIELD_NOT_SIMULATED.at(
                    document.locate(use.path, key=True),
                    f"`{use.entry.key}` is not simulated: {use.entry.reason}",
                    hint="the game's rules play as if it were not written (the reference still "
                    "shows it); express it with a verb they play, or keep it as a reminder",
                )

    return check


def uses_in(documents: Iterable[LoadedDocument], vocabularies: tuple[Vocabulary, ...]) -> list[str]:
    """`Model.field (file:line): reason` for every not-simulated use in ``documents`` (for reports)."""
    lines: list[str] = []
    declared = Declared.of(vocabularies)
    for document in documents:
        if document.model is None:
            continue
        for use in _uses(document.model, declared):
            where = document.locate(use.path, key=True)
            lines.append(f"{use.entry.key} ({where.file}:{where.line}): {use.entry.reason}")
    return lines
