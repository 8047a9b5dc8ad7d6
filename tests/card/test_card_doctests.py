"""The runnable examples in the rule modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "toolkit.games.card.rules.damage",
    "toolkit.games.card.rules.death_track",
    "toolkit.games.card.rules.echoes",
    "toolkit.games.card.rules.killing_blow",
    "toolkit.games.card.rules.modifiers",
    "toolkit.games.card.rules.ordering",
    "toolkit.games.card.rules.runes",
    "toolkit.games.card.rules.triggers",
    "toolkit.games.card.rules.weapons",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


def test_every_rule_module_is_doctested() -> None:
    import pkgutil

    import toolkit.games.card.rules as rules

    found = {f"{rules.__name__}.{m.name}" for m in pkgutil.iter_modules(rules.__path__)}
    assert found == set(MODULES)
