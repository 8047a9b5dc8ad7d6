"""A typo in any key of any built-in content file is reported at that key, with a did-you-mean."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.core.loader import load_bytes
from toolkit.core.packs import builtin_content_root
from toolkit.core.registry import all_kinds
from toolkit.core.validation import model_at, validate_model

Key = tuple[str, int, int, int, tuple[str | int, ...], frozenset[str]]


@cache
def _model_keys() -> tuple[Key, ...]:
    """(file, document index, line, column, path) of every key that names a model field."""
    found: list[Key] = []
    for path in sorted(builtin_content_root().rglob("*.yaml")):
        if path.name == "pack.yaml" or "tests" in path.parts:
            continue
        for document in load_bytes(path.read_bytes(), path).documents:
            kind = document.kind
            if kind not in all_kinds():
                continue
            model = all_kinds()[kind][1]
            for key_path, span in document.source_map.keys.items():
                parent = model_at(model, key_path[:-1]) if key_path[:-1] else model
                if parent is None or not isinstance(key_path[-1], str):
                    continue
                names = {f.alias or n for n, f in parent.model_fields.items()}
                if key_path[-1] in names and key_path[-1] != "kind":
                    found.append(
                        (str(path), document.index, span.line, span.column, key_path, frozenset(names))
                    )
    return tuple(found)


def test_there_are_many_keys_to_try() -> None:
    assert len(_model_keys()) > 500


@settings(max_examples=250, deadline=None)
@given(st.data())
def test_a_misspelt_key_is_reported_at_its_position_with_the_right_suggestion(
    data: st.DataObject,
) -> None:
    file, index, line, column, key_path, names = data.draw(st.sampled_from(_model_keys()))
    key = str(key_path[-1])
    position = data.draw(st.integers(0, len(key) - 1))
    typo = key[:position] + key[position + 1 :] if len(key) > 3 else key + "s"
    if typo in names:  # the typo spelt another real key (`sources` -> `source`)
        typo = key + "x"
    lines = Path(file).read_text(encoding="utf-8").split("\n")
    text = lines[line - 1]
    assert text[column - 1 : column - 1 + len(key)] == key
    lines[line - 1] = text[: column - 1] + typo + text[column - 1 + len(key) :]
    loaded = load_bytes("\n".join(lines).encode(), Path(file))
    document = next(d for d in loaded.documents if d.index == index)
    kind = document.kind
    assert kind is not None
    _, problems = validate_model(document, all_kinds()[kind][1])
    at_key = [p for p in problems if (p.line, p.column) == (line, column)]
    assert at_key, (typo, [(p.code, p.line, p.column, p.message) for p in problems])
    assert at_key[0].code == "BB0201"
    assert f"did you mean {key!r}?" == at_key[0].hint, at_key[0]
