"""The pruned search finds what the full walk finds: the same instances, paths and order.

`find_instances` skips fields whose annotations cannot lead to a sought class; the not-simulated
report and warnings rely on it. These tests hold it to `walk` on every document of the built-in
content and of the fixtures that write not-simulated verbs, for every class found there sought on
its own and for each game's declarations, and on hand-made models where the annotations do not
tell (a subclass given for its base, a model in an `Any` field).
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, Field

from tests.conftest import FIXTURES
from toolkit.core.document import PathKey
from toolkit.core.model_search import direct_models, find_instances
from toolkit.core.pipeline import validate_paths
from toolkit.core.registry import all_games
from toolkit.core.vocabulary import Declared, walk

FOLDERS = [
    FIXTURES / "codes" / code / side for code in ("BB0210", "BB0518") for side in ("negative", "positive")
]
"""Fixtures that write narrative and untold verbs (the built-in content writes none)."""


@pytest.fixture(scope="module")
def models() -> list[BaseModel]:
    result = validate_paths(None, quick=True)
    extra = validate_paths(FOLDERS, quick=True)
    return [
        document.model
        for index in (result.index, extra.index)
        for pack in index.packs.values()
        for document in pack.documents
        if isinstance(document.model, BaseModel)
    ]


def _walked(model: BaseModel, sought: tuple[type[BaseModel], ...]) -> list[tuple[BaseModel, PathKey]]:
    return [(nested, path) for nested, path in walk(model) if isinstance(nested, sought)]


def _same(found: list[tuple[BaseModel, PathKey]], expected: list[tuple[BaseModel, PathKey]]) -> bool:
    return [(id(m), p) for m, p in found] == [(id(m), p) for m, p in expected]


def test_every_class_sought_alone_is_found_where_the_walk_finds_it(models: list[BaseModel]) -> None:
    walks = [list(walk(model)) for model in models]
    classes = sorted({type(nested) for nodes in walks for nested, _ in nodes}, key=lambda c: c.__qualname__)
    assert len(classes) > 100  # the content reaches most of every game's models
    for cls in classes:
        for model, nodes in zip(models, walks, strict=True):
            expected = [(nested, path) for nested, path in nodes if isinstance(nested, cls)]
            assert _same(find_instances(model, (cls,)), expected), (cls.__qualname__, type(model).__name__)


def test_every_game_s_declarations_are_found_where_the_walk_finds_them(models: list[BaseModel]) -> None:
    found = 0
    for game in all_games().values():
        sought = Declared.of(tuple(game.vocabularies)).models
        for model in models:
            expected = _walked(model, sought)
            found += len(expected)
            assert _same(find_instances(model, sought), expected)
    assert found > 0  # the fixtures write narrative and untold verbs


class Leaf(BaseModel):
    text: str = ""


class Wanted(Leaf):
    """A subclass of a class no field of :class:`Holder` seeks by name."""

    level: int = 0


class Holder(BaseModel):
    name: str = ""
    leaf: Leaf = Field(default_factory=Leaf)
    anything: Any = None
    by_key: dict[str, list[Leaf]] = Field(default_factory=dict)
    pair: tuple[Leaf, ...] = ()
    renamed: Leaf | None = Field(default=None, alias="written-name")


def test_a_subclass_given_for_its_base_and_a_model_in_an_any_field_are_found() -> None:
    holder = Holder.model_validate(
        {
            "leaf": Wanted(level=1),
            "anything": {"deep": [Wanted(level=2)]},
            "by_key": {"a": [Leaf(), Wanted(level=3)]},
            "pair": (Wanted(level=4),),
            "written-name": Wanted(level=5),
        }
    )
    found = find_instances(holder, (Wanted,))
    assert [(m.level, p) for m, p in found] == [  # type: ignore[attr-defined]
        (1, ("leaf",)),
        (2, ("anything", "deep", 0)),
        (3, ("by_key", "a", 1)),
        (4, ("pair", 0)),
        (5, ("written-name",)),
    ]
    assert _same(found, _walked(holder, (Wanted,)))


def test_annotations_that_cannot_hold_a_model_are_told_apart_from_those_that_might() -> None:
    assert direct_models(list[str]) == frozenset()
    assert direct_models(dict[str, Leaf | None]) == frozenset({Leaf})
    assert direct_models(Any) is None
    assert direct_models(object) is None
