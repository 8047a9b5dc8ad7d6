"""Shared fixtures: the built-in Blood Hunt rules, validated and compiled once per session."""

from __future__ import annotations

import pytest

from tests.blood_hunt.helpers import load_rules
from toolkit.games.blood_hunt.engine.rules import Rules


@pytest.fixture(scope="session")
def rules() -> Rules:
    return load_rules()
