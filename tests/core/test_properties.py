"""Property tests: no input makes huntkit crash, and schema and models agree on what is valid."""

from __future__ import annotations

import copy
import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from toolkit.core.codes import INTERNAL_ERROR
from toolkit.core.loader import load_bytes
from toolkit.core.packs import builtin_content_root, builtin_schema_root
from toolkit.core.pipeline import validate_paths
from toolkit.games import all_kinds

PACK = 'id: fuzz\ngame: bloodborne-board\nname: Fuzz\nversion: "1.0"\nrequires: [core]\n'

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_raise_and_every_problem_is_located(raw: bytes) -> None:
    result = load_bytes(raw, Path("fuzz.yaml"))
    for diagnostic in result.diagnostics:
        assert diagnostic.location.file == Path("fuzz.yaml")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab: -[]{}&*!|>'\"#\n\t?,%@`0.~")), max_size=120))
def test_arbitrary_yaml_like_text_never_raises(text: str) -> None:
    result = load_bytes(text.encode(), Path("fuzz.yaml"))
    for diagnostic in result.diagnostics:
        assert diagnostic.line is not None and diagnostic.line >= 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    kind=st.sampled_from(sorted(all_kinds())),
    body=st.dictionaries(st.text(max_size=12), json_values, max_size=6),
)
def test_arbitrary_documents_of_every_kind_never_crash_the_pipeline(kind: str, body: dict[str, Any]) -> None:
    document = {**body, "kind": kind}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "pack.yaml").write_text(PACK)
        (root / "doc.yaml").write_text(yaml.safe_dump(document, allow_unicode=True))
        result = validate_paths([root])
    assert not [d for d in result.diagnostics if d.code == INTERNAL_ERROR.id]


# --- the exported schema and the models agree -----------------------------------------------


@cache
def _schema_validator() -> jsonschema.Draft7Validator:
    schema = json.loads((builtin_schema_root() / "huntkit.schema.json").read_text())
    return jsonschema.Draft7Validator(schema)


@cache
def _real_documents() -> tuple[tuple[str, str], ...]:
    """Every built-in document as JSON text (hashable, so it can be cached and sampled)."""
    found = []
    for path in sorted(builtin_content_root().rglob("*.yaml")):
        if path.name == "pack.yaml" or "tests" in path.parts:
            continue
        for document in load_bytes(path.read_bytes(), path).documents:
            if isinstance(document.data, dict) and document.data.get("kind") in all_kinds():
                found.append((str(document.data["kind"]), json.dumps(document.data)))
    return tuple(found)


# Cross-field rules (a model validator raising ValueError) go beyond what a draft-07 schema can say;
# they are reported as BB0205 at load time. Every other model error must match a schema error.
_BEYOND_SCHEMA = {"value_error", "assertion_error"}


def _model_verdict(data: dict[str, Any]) -> tuple[bool, bool]:
    """(accepted outright, accepted as far as a schema can tell)."""
    _, model = all_kinds()[data["kind"]]
    try:
        model.model_validate(data)
    except ValidationError as error:
        return False, all(
            item["type"] in _BEYOND_SCHEMA
            # an expression's grammar is checked on load; the schema only checks its tokens
            or (item["type"] == "bad_expression" and isinstance(item["input"], str))
            for item in error.errors()
        )
    return True, True


def _model_accepts(data: dict[str, Any]) -> bool:
    return _model_verdict(data)[0]


def _schema_accepts(data: dict[str, Any]) -> bool:
    return _schema_validator().is_valid(data)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_paths(item, (*prefix, index)))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def test_every_built_in_document_is_accepted_by_both_the_schema_and_its_model() -> None:
    documents = _real_documents()
    assert len(documents) > 50
    for _, text in documents:
        data = json.loads(text)
        assert _schema_accepts(data), data
        assert _model_accepts(data), data


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_schema_and_model_agree_on_mutated_documents(data: st.DataObject) -> None:
    kind, text = data.draw(st.sampled_from(_real_documents()))
    document = json.loads(text)
    paths = [p for p in _paths(document) if p and p[0] != "kind"]
    mutation = data.draw(st.sampled_from(["add-key", "drop", "retype", "replace"]))
    target = data.draw(st.sampled_from(paths)) if paths else None
    mutated = copy.deepcopy(document)
    if mutation == "add-key":
        containers = [p for p in _paths(mutated) if isinstance(_get(mutated, p), dict)]
        where = data.draw(st.sampled_from(containers))
        _get(mutated, where)[data.draw(st.sampled_from(["colour", "hpp", "x_extra"]))] = 1
    elif target is not None and mutation == "drop":
        parent = _get(mutated, target[:-1])
        if isinstance(parent, dict):
            del parent[target[-1]]
        else:
            parent.pop(target[-1])
    elif target is not None and mutation == "retype":
        _set(mutated, target, data.draw(st.sampled_from([None, True, "x", -5, 3.5, [], {}])))
    elif target is not None:
        _set(mutated, target, data.draw(json_values))
    outright, schema_level = _model_verdict(mutated)
    schema = _schema_accepts(mutated)
    # What the schema accepts, the models accept (up to cross-field rules the schema cannot state);
    # what the models accept, the schema accepts.
    assert not schema or schema_level, ("schema accepts, model rejects", kind, mutation, target, mutated)
    assert not outright or schema, ("model accepts, schema rejects", kind, mutation, target, mutated)


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


@pytest.mark.parametrize(
    ("amount", "accepted"),
    [(1.0, True), (2.0, True), (0.0, False), (3.5, False), ("2 * hunters", True), ("hunters - 1", None)],
)
def test_a_whole_float_is_a_scaling_number_for_the_schema_and_the_model(amount: Any, accepted: bool) -> None:
    # Found by the property test above: JSON Schema counts 1.0 as an integer, the model did not.
    reward = {
        "kind": "reward",
        "id": "beast-roar",
        "name": "Beast Roar",
        "source": "house",
        "type": "hunter-tool",
        "timing": "hunter-turn",
        "effects": [{"deal_damage": {"amount": amount, "target": "enemies-on-space"}}],
    }
    # 0.0 is a whole number but no damage at all (amounts are 1 or more). An expression's value at
    # each count is the model's to check (None: the schema accepts it, the model rejects it).
    assert _schema_accepts(reward) is (accepted is not False)
    assert _model_accepts(reward) is bool(accepted)
