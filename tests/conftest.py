"""Shared test helpers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# The suite is a gate: the property tests draw the same examples on every run (a run that fails can
# be run again to the same failure). Exploring further is a choice: HYPOTHESIS_PROFILE=explore.
settings.register_profile("gate", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "gate"))

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def repo() -> Path:
    return REPO


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every test (and every command it runs) keeps huntkit's disk cache in a folder of its own,
    never in the user's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HUNTKIT_CACHE_DIR", str(tmp_path_factory.mktemp("huntkit-cache")))
        patch.delenv("HUNTKIT_NO_CACHE", raising=False)
        yield
