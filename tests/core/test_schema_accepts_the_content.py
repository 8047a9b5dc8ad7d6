"""The exported schema accepts every document of the built-in content, as huntkit does.

Editors check files against `schema/huntkit.schema.json`; a document huntkit accepts but the schema
rejects shows as an error to every author (the shorthand `end_move: oedon-chapel` of scenario steps
did, until its bare-id form was added to the schema).
"""

from __future__ import annotations

import json

from jsonschema import Draft7Validator

from toolkit.core.loader import load_file
from toolkit.core.packs import builtin_content_root, builtin_schema_root


def test_every_built_in_document_is_valid_under_the_exported_schema() -> None:
    validator = Draft7Validator(
        json.loads((builtin_schema_root() / "huntkit.schema.json").read_text("utf-8"))
    )
    rejected = []
    for path in sorted(builtin_content_root().rglob("*.yaml")):
        if path.name == "pack.yaml":
            continue
        for document in load_file(path).documents:
            if document.data is None:
                continue
            errors = list(validator.iter_errors(document.data))
            if errors:
                rejected.append(
                    (str(path.relative_to(builtin_content_root())), document.index, errors[0].message[:120])
                )
    assert rejected == []


def test_scenario_shorthand_is_valid_under_the_exported_schema() -> None:
    validator = Draft7Validator(
        json.loads((builtin_schema_root() / "huntkit.schema.json").read_text("utf-8"))
    )
    steps = [
        {"end_move": "oedon-chapel"},
        {"slain": "scourge-beast"},
        {"token_moved": {"token": "widow", "to": "central-lamp"}},
    ]
    document = {"kind": "scenario", "id": "x", "name": "X", "campaign": "c", "chapter": 1, "steps": steps}
    assert list(validator.iter_errors(document)) == []
    wrong = {**document, "steps": [{"end_move": "Not An Id"}]}
    assert list(validator.iter_errors(wrong))  # the bare form is still checked as an id
