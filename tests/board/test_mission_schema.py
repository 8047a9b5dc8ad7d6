"""The exported JSON Schemas of the campaign kinds accept the built-in campaigns and reject bad verbs,
so editors using yaml-language-server see the same language the validator does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from toolkit.core.loader import load_file

REPO = Path(__file__).resolve().parents[2]
KINDS = ("campaign", "chapter", "mission-card", "insight-card")
FOLDERS = (
    REPO / "content" / "campaigns" / "the-pale-bell",
    REPO / "content" / "campaigns" / "rulebook-examples",
    REPO / "tests" / "fixtures" / "mission-verbs",
)


@pytest.fixture(scope="module")
def validators() -> dict[str, jsonschema.Draft7Validator]:
    found = {}
    for kind in KINDS:
        schema = json.loads((REPO / "schema" / f"{kind}.schema.json").read_text(encoding="utf-8"))
        jsonschema.Draft7Validator.check_schema(schema)
        found[kind] = jsonschema.Draft7Validator(schema)
    return found


def _documents() -> list[tuple[str, Any]]:
    found = []
    for folder in FOLDERS:
        for path in sorted(folder.glob("*.yaml")):
            for document in load_file(path).documents:
                if isinstance(document.data, dict) and document.data.get("kind") in KINDS:
                    found.append((f"{path.parent.name}/{path.name}#{document.index}", document.data))
    return found


DOCUMENTS = _documents()


@pytest.mark.parametrize(("name", "data"), DOCUMENTS, ids=[n for n, _ in DOCUMENTS])
def test_built_in_campaign_documents_match_the_exported_schema(
    validators: dict[str, jsonschema.Draft7Validator], name: str, data: Any
) -> None:
    errors = [e.message for e in validators[data["kind"]].iter_errors(data)]
    assert not errors, name


def _card(effect: Any) -> dict[str, Any]:
    return {
        "kind": "mission-card",
        "campaign": "mini",
        "chapter": 1,
        "number": 1,
        "type": "hunt",
        "title": "t",
        "goals": [{"goal": {"end_move_on": "graveyard"}, "then": [effect]}],
    }


@pytest.mark.parametrize(
    "effect",
    [
        {"reveel": 2},
        {"reveal": 2, "complete_hunt": True},
        {"spawn": {"enemy": "x", "at": {"tile": "y", "enemy_slot": 4}}},
    ],
    ids=["unknown-verb", "two-verbs", "bad-slot"],
)
def test_the_schema_rejects_what_the_validator_rejects(
    validators: dict[str, jsonschema.Draft7Validator], effect: Any
) -> None:
    assert list(validators["mission-card"].iter_errors(_card(effect)))


def test_the_schema_accepts_a_bare_tile_id_as_a_place(
    validators: dict[str, jsonschema.Draft7Validator],
) -> None:
    card = _card({"spawn": {"enemy": "scourge-beast", "at": "graveyard"}})
    assert not list(validators["mission-card"].iter_errors(card))
