"""The verb vocabularies of every game, found by convention and rendered one page per verb.

A game module exposes dicts named ``*_VERBS`` (``EFFECT_VERBS``, ``TRIGGER_VERBS``, …) mapping each
verb to the model that parses it. Discovery walks the game packages for such dicts, so a new verb gets
its page without touching the site.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from pydantic import BaseModel, ValidationError

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.core.plugin import GamePlugin
from toolkit.core.registry import all_games, registry
from toolkit.publish import escape
from toolkit.publish.context import SECRET_KINDS
from toolkit.publish.markdown import doc_cell, docstring, first_sentence, yaml_block

_VERBS_NAME = re.compile(r"^([A-Z][A-Z_]*)_VERBS$")
# The plain vocabularies first, so a verb listed both there and in a narrower dict (BASIC_VERBS,
# TIMING_VERBS) is filed under the plain family.
_FAMILY_ORDER = ("EFFECT", "TRIGGER", "CONDITION")
_GROUP_TITLES = {"model": "component", "mission": "mission", "": ""}
# Engines and bots hold no vocabulary and are the slowest modules to import.
_SKIPPED_MODULE_PARTS = frozenset({"engine", "bots", "simulate"})


@dataclass(frozen=True, slots=True)
class Verb:
    """One verb of one game's vocabulary."""

    game: GamePlugin
    group: str
    """Which part of the game uses it: ``component``, ``mission``, or empty."""

    family: str
    """``effect``, ``trigger``, ``condition``, or another dict's stem (``damage modifier``)."""

    name: str
    model: type[BaseModel]

    @property
    def section(self) -> str:
        return " ".join(p for p in (self.group, self.family) if p)

    @property
    def folder(self) -> str:
        return f"vocabulary/{escape.slug(self.game.id)}/{escape.slug(self.section)}"

    @property
    def page(self) -> str:
        return f"{self.folder}/{escape.slug(self.name)}.md"


def game_modules(game: GamePlugin) -> Iterator[ModuleType]:
    """Every module of the package the game's plug-in lives in."""
    plugin_module = importlib.import_module(_plugin_module_name(game))
    package_name = plugin_module.__name__.rsplit(".", 1)[0]
    package = importlib.import_module(package_name)
    yield package
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
        if _SKIPPED_MODULE_PARTS.intersection(info.name.split(".")):
            continue
        yield importlib.import_module(info.name)


def _plugin_module_name(game: GamePlugin) -> str:
    """The module its entry point names (``toolkit.games.board.plugin``)."""
    module = registry().modules.get(game.id)
    if module is None:
        raise LookupError(f"no plug-in module for game {game.id}")
    return module


def _group(module: ModuleType, game_package: str) -> str:
    """The sub-package a module belongs to (``model``, ``mission``); empty at the game's top."""
    rest = [part for part in module.__name__[len(game_package) :].split(".") if part]
    is_package = hasattr(module, "__path__")
    first = rest[0] if rest and (is_package or len(rest) > 1) else ""
    return _GROUP_TITLES.get(first, first)


def discover_verbs() -> list[Verb]:
    """Every verb of every game, each model once."""
    verbs: list[Verb] = []
    for game in all_games().values():
        package = _plugin_module_name(game).rsplit(".", 1)[0]
        found: list[tuple[int, str, str, Mapping[Any, Any]]] = []
        for module in game_modules(game):
            for attr, value in vars(module).items():
                match = _VERBS_NAME.match(attr)
                if match and isinstance(value, Mapping):
                    stem = match.group(1)
                    rank = _FAMILY_ORDER.index(stem) if stem in _FAMILY_ORDER else 99
                    found.append((rank, _group(module, package), stem, value))
        seen: set[int] = set()
        taken: set[str] = set()
        for _, group, stem, mapping in sorted(found, key=lambda f: (f[0], f[1], f[2])):
            for name, model in mapping.items():
                if not (isinstance(model, type) and issubclass(model, BaseModel)):
                    continue
                if id(model) in seen:
                    continue
                seen.add(id(model))
                verb = Verb(game, group, stem.lower().replace("_", " "), str(name), model)
                if verb.page in taken:
                    continue
                taken.add(verb.page)
                verbs.append(verb)
    return verbs


@dataclass(slots=True)
class VerbUsage:
    """Where each verb is used in the content: one walk over every document, then look-ups."""

    by_key: dict[tuple[str, str], list[tuple[LoadedDocument, dict[str, Any]]]]
    """(game, key) → documents holding a single-key mapping with that key, and the mapping."""

    @classmethod
    def of(cls, index: ContentIndex, *, secrets: bool = True) -> VerbUsage:
        """With ``secrets=False`` mission and insight cards are not searched: they are spoilers."""
        by_key: dict[tuple[str, str], list[tuple[LoadedDocument, dict[str, Any]]]] = {}
        for pack in index.packs.values():
            for document in pack.documents:
                if document.model is None or (not secrets and document.kind in SECRET_KINDS):
                    continue
                for mapping in _single_key_mappings(document.data):
                    key = next(iter(mapping))
                    by_key.setdefault((pack.game, str(key)), []).append((document, mapping))
        return cls(by_key)

    def uses(self, verb: Verb) -> list[tuple[LoadedDocument, dict[str, Any]]]:
        """The uses of ``verb`` its model accepts (a key can name different verbs in two groups)."""
        found = []
        for document, mapping in self.by_key.get((verb.game.id, verb.name), []):
            try:
                verb.model.model_validate(mapping)
            except (ValidationError, ValueError, TypeError):
                continue
            found.append((document, mapping))
        return found


def _single_key_mappings(data: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Every mapping with exactly one key (the shape of a verb) inside ``data``."""
    if depth > 40:
        return
    if isinstance(data, dict):
        if len(data) == 1:
            yield data
        for value in data.values():
            yield from _single_key_mappings(value, depth + 1)
    elif isinstance(data, list):
        for item in data:
            yield from _single_key_mappings(item, depth + 1)


def schema_body(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """The object schema itself; a recursive model's schema is a reference into its definitions."""
    if "$ref" in schema:
        found: Mapping[str, Any] = schema.get("$defs", {}).get(str(schema["$ref"]).rsplit("/", 1)[-1], {})
        return found
    return schema


def schema_rows(model: type[BaseModel]) -> list[str]:
    """Table rows of the model's properties, from its JSON Schema (descriptions = docstrings)."""
    schema = model.model_json_schema()
    body = schema_body(schema)
    required = set(body.get("required", []))
    rows: list[str] = []
    for name, prop in body.get("properties", {}).items():
        rows.append(
            f"| `{name}` | {escape.inline(describe_type(prop, schema))} | "
            f"{'yes' if name in required else 'no'} | {doc_cell(str(prop.get('description', '')))} |"
        )
    return rows


def describe_type(prop: Mapping[str, Any], root: Mapping[str, Any], depth: int = 0) -> str:
    """A short human name for a JSON Schema type."""
    if depth > 6:
        return "value"
    if "$ref" in prop:
        # A model's class name, in words: `NoOptions` reads "no options".
        name = str(prop["$ref"]).rsplit("/", 1)[-1]
        return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower()
    if "enum" in prop:
        return " | ".join(str(v) for v in prop["enum"])
    if "const" in prop:
        return repr(prop["const"])
    for key in ("anyOf", "oneOf"):
        if key in prop:
            return " or ".join(describe_type(p, root, depth + 1) for p in prop[key])
    kind = prop.get("type")
    if kind == "array":
        return f"list of {describe_type(prop.get('items', {}), root, depth + 1)}"
    if isinstance(kind, str):
        refs = prop.get("x-huntkit-ref")
        if refs:
            return f"id of {' or '.join(refs)}"
        return kind
    return "value"


def verb_markdown(verb: Verb, example: Any | None) -> str:
    """The page of one verb: what it does, its keys, and an example."""
    parts = [
        f"# `{verb.name}`",
        f"*{escape.inline(verb.section)} verb of {escape.inline(verb.game.title)}*",
        docstring(verb.model),
    ]
    rows = schema_rows(verb.model)
    if rows:
        parts.append("## Keys\n\n| Key | Type | Required | Meaning |\n|---|---|---|---|\n" + "\n".join(rows))
    parts.append("## Example")
    if example is not None:
        parts.append("As used in the built-in content:\n\n" + yaml_block(example))
    elif (minimal := minimal_example(verb)) is not None:
        parts.append(
            "The built-in content does not use this verb yet. Its smallest valid form, made from "
            "its schema (placeholder ids and values):\n\n" + yaml_block(minimal)
        )
    else:
        parts.append("The built-in content does not use this verb yet.")
    return "\n\n".join(parts) + "\n"


def verb_summary(verb: Verb) -> str:
    return first_sentence(verb.model)


_PLACEHOLDER_STRINGS = ("example", "example-id", "central-lamp", "1", "hunters", "N", "a")


def minimal_example(verb: Verb) -> Any | None:
    """The smallest ``{verb: value}`` the schema allows, if the model accepts it."""
    schema = verb.model.model_json_schema()
    properties = schema_body(schema).get("properties", {})
    if verb.name not in properties:
        return None
    candidate = {verb.name: _minimal(properties[verb.name], schema, 0)}
    try:
        verb.model.model_validate(candidate)
    except (ValidationError, ValueError, TypeError):
        return None
    return candidate


def _minimal(prop: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> Any:
    if depth > 12:
        return None
    if "$ref" in prop:
        name = str(prop["$ref"]).rsplit("/", 1)[-1]
        return _minimal(root.get("$defs", {}).get(name, {}), root, depth + 1)
    if "const" in prop:
        return prop["const"]
    if "enum" in prop:
        return prop["enum"][0]
    if "default" in prop and prop["default"] is not None:
        return prop["default"]
    for key in ("anyOf", "oneOf", "allOf"):
        options = [p for p in prop.get(key, []) if p.get("type") != "null"]
        if options:
            return _minimal(options[0], root, depth + 1)
    kind = prop.get("type")
    if kind == "object":
        required = prop.get("required", [])
        fields = prop.get("properties", {})
        return {name: _minimal(fields.get(name, {}), root, depth + 1) for name in required}
    if kind == "array":
        item = _minimal(prop.get("items", {}), root, depth + 1)
        return [item] * max(int(prop.get("minItems", 1)), 1)
    if kind == "integer" or kind == "number":
        return max(int(prop.get("minimum", 1)), 1)
    if kind == "boolean":
        return True
    if kind == "string":
        pattern = prop.get("pattern")
        for text in _PLACEHOLDER_STRINGS:
            if pattern is None or re.search(pattern, text):
                return text
        return "example"
    return None
