"""Shared fixtures: the built-in Hunter's Nightmare pack, validated once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.core.model import Document
from toolkit.core.pipeline import ValidationResult, validate_paths

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "content" / "hunters-nightmare"


@pytest.fixture(scope="session")
def validated() -> ValidationResult:
    return validate_paths([PACK])


@pytest.fixture(scope="session")
def content(validated: ValidationResult) -> dict[str, dict[str, Document]]:
    """The pack's models by kind, then by id."""
    by_kind: dict[str, dict[str, Document]] = {}
    pack = next(p for p in validated.packs if p.id == "hunters-nightmare")
    for document in pack.documents:
        assert document.model is not None, document.path
        key = document.model.document_key()
        assert key is not None
        by_kind.setdefault(document.model.kind, {})[key] = document.model
    return by_kind
