"""Export JSON Schemas from the models: one per kind, one for pack.yaml, one for any document.

The schemas are the contract editors and other tools see (yaml-language-server, check-jsonschema).
They are generated, committed under ``schema/``, and a test fails when they drift from the models.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from toolkit import __version__
from toolkit.core.files import write_files_together
from toolkit.core.model import Document
from toolkit.core.packs import PackManifest
from toolkit.games import all_kinds

DRAFT = "http://json-schema.org/draft-07/schema#"
BASE_URI = "https://huntkit.dev/schema/"
ANY_DOCUMENT = "huntkit"


def _document_schema(model: type[Document], name: str, title: str) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template="#/definitions/{model}")
    definitions = schema.pop("$defs", None)
    result: dict[str, Any] = {
        "$schema": DRAFT,
        "$id": f"{BASE_URI}{name}.schema.json",
        "title": title,
        **schema,
    }
    if definitions:
        result["definitions"] = definitions
    return result


def any_document_schema() -> dict[str, Any]:
    """A schema that accepts any content document, dispatching on ``kind`` (draft-07 if/then)."""
    kinds = all_kinds()
    models: list[tuple[type[BaseModel], Literal["validation"]]] = [
        (model, "validation") for _, model in kinds.values()
    ]
    refs, combined = models_json_schema(models, ref_template="#/definitions/{model}")
    dispatch = []
    for kind, (_, model) in sorted(kinds.items()):
        ref = refs[(model, "validation")]["$ref"]
        dispatch.append(
            {
                "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                "then": {"$ref": ref},
            }
        )
    return {
        "$schema": DRAFT,
        "$id": f"{BASE_URI}{ANY_DOCUMENT}.schema.json",
        "title": "huntkit content document",
        "description": f"Any huntkit {__version__} content document; `kind` decides its keys.",
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": sorted(kinds), "description": "What this document is."}},
        "allOf": dispatch,
        "definitions": combined.get("$defs", {}),
    }


@dataclass(frozen=True, slots=True)
class SchemaFile:
    name: str
    content: str


def render_schemas() -> list[SchemaFile]:
    """Every schema file, rendered deterministically."""
    files = [
        SchemaFile(
            "pack.schema.json",
            _dump(_document_schema(PackManifest, "pack", "huntkit pack.yaml")),
        ),
        SchemaFile(f"{ANY_DOCUMENT}.schema.json", _dump(any_document_schema())),
    ]
    for kind, (game, model) in sorted(all_kinds().items()):
        files.append(
            SchemaFile(
                f"{kind}.schema.json",
                _dump(_document_schema(model, kind, f"{game.title}: {kind}")),
            )
        )
    return files


def _dump(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def export(folder: Path) -> list[Path]:
    """Write every schema into ``folder``, removing schema files no kind produces any more.

    Only files huntkit wrote (their ``$id`` is under :data:`BASE_URI`) are removed, so ``--out``
    may name a folder that also holds other tools' ``*.schema.json``. The files are written
    together: an export that fails (a full disk) changes none of them, one that ends changes all.
    """
    folder.mkdir(parents=True, exist_ok=True)
    wanted = render_schemas()
    names = {f.name for f in wanted}
    changed = {folder / f.name: f.content for f in wanted if _text(folder / f.name) != f.content}
    # All or none: the schemas refer to each other, and a full disk once left one of them new.
    write_files_together(changed)
    for stale in folder.glob("*.schema.json"):
        if stale.name not in names and _written_by_huntkit(stale):
            stale.unlink()
    return [folder / f.name for f in wanted]


def _text(path: Path) -> str | None:
    """The text of a schema file, or None when it is missing or unreadable (so: stale)."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _written_by_huntkit(path: Path) -> bool:
    text = _text(path)
    if text is None:
        return False
    try:
        schema = json.loads(text)
    except ValueError:
        return False
    return isinstance(schema, dict) and str(schema.get("$id", "")).startswith(BASE_URI)


def drift(folder: Path) -> list[str]:
    """Names of schema files that are missing, stale or extra in ``folder``."""
    problems: list[str] = []
    wanted = render_schemas()
    names = {f.name for f in wanted}
    for schema_file in wanted:
        path = folder / schema_file.name
        if not path.exists():
            problems.append(f"{schema_file.name}: missing")
        elif _text(path) != schema_file.content:
            problems.append(f"{schema_file.name}: differs from the models")
    for extra in sorted(folder.glob("*.schema.json")):
        if extra.name not in names and _written_by_huntkit(extra):
            problems.append(f"{extra.name}: no kind produces it any more")
    return problems
