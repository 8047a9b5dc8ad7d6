"""Shared fixtures: the built-in Blood Hunt rules, compiled once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.blood_hunt.helpers import load_builtin_rules
from toolkit.games.blood_hunt.rules import Rules

CONTENT = Path(__file__).resolve().parents[2] / "content" / "blood-hunt"


@pytest.fixture(scope="session")
def rules() -> Rules:
    return load_builtin_rules()
