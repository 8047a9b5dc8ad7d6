"""The BB04xx component checks, run through the real pipeline on their fixture packs and on core."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.core.codes import CODES
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.pipeline import ValidationResult, validate_paths
from toolkit.games.board import codes_components

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "codes"
COMPONENT_CODES = sorted(
    code.id for code in vars(codes_components).values() if getattr(code, "id", "").startswith("BB04")
)


def diagnostics_of(result: ValidationResult, code: str) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.code == code]


def where(diagnostic: Diagnostic) -> tuple[str, int | None, int | None]:
    assert diagnostic.file is not None
    return (diagnostic.file.name, diagnostic.line, diagnostic.column)


def test_every_component_code_is_registered_and_has_fixtures() -> None:
    assert [f"BB04{n:02d}" for n in range(1, 17)] == COMPONENT_CODES
    for code in COMPONENT_CODES:
        assert code in CODES
        for part in ("negative", "positive", "expect.yaml"):
            assert (FIXTURES / code / part).exists(), f"{code} lacks {part}"


@pytest.mark.parametrize("code", COMPONENT_CODES)
def test_negative_fixture_reports_the_code_at_the_expected_place(code: str) -> None:
    expected: list[dict[str, Any]] = yaml.safe_load((FIXTURES / code / "expect.yaml").read_text())[
        "diagnostics"
    ]
    result = validate_paths([FIXTURES / code / "negative"])
    found = {where(d) for d in diagnostics_of(result, code)}
    assert {(e["file"], e["line"], e["column"]) for e in expected} <= found
    assert result.exit_code() == 1


@pytest.mark.parametrize("code", COMPONENT_CODES)
def test_positive_fixture_is_clean(code: str) -> None:
    result = validate_paths([FIXTURES / code / "positive"])
    assert [d.message for d in result.diagnostics] == []
    assert result.exit_code() == 0


def test_unknown_adjacent_space_hints_the_closest_space() -> None:
    result = validate_paths([FIXTURES / "BB0401" / "negative"])
    (diagnostic,) = diagnostics_of(result, "BB0401")
    assert diagnostic.hint == "did you mean 'stalls'?"
    assert "`stall`" in diagnostic.message


def test_one_way_adjacency_points_at_the_other_space() -> None:
    result = validate_paths([FIXTURES / "BB0402" / "negative"])
    (diagnostic,) = diagnostics_of(result, "BB0402")
    assert diagnostic.hint == "add `stalls` to the `adjacent` list of space `well`"
    assert [r.location.line for r in diagnostic.related] == [6]


def test_duplicate_exit_edge_names_the_first_exit() -> None:
    result = validate_paths([FIXTURES / "BB0404" / "negative"])
    (diagnostic,) = diagnostics_of(result, "BB0404")
    assert [(r.location.line, r.location.column) for r in diagnostic.related] == [(13, 12)]


def test_extra_basic_card_in_a_pack_requiring_core_breaks_the_deck() -> None:
    result = validate_paths([FIXTURES / "BB0408" / "negative"])
    (diagnostic,) = diagnostics_of(result, "BB0408")
    assert "4 basic strength cards" in diagnostic.message


def test_builtin_core_pack_validates_without_findings() -> None:
    result = validate_paths([REPO / "content" / "core"])
    assert [f"{d.code} {d.location.describe()} {d.message}" for d in result.diagnostics] == []
    assert result.exit_code() == 0
    assert result.documents_checked >= 100


def test_shared_starting_firearm_names_the_core_hunter_who_has_it() -> None:
    result = validate_paths([FIXTURES / "BB0416" / "negative"])
    (diagnostic,) = diagnostics_of(result, "BB0416")
    assert "`saw-cleaver-hunter`" in diagnostic.message
    (related,) = diagnostic.related
    assert related.location.file is not None and related.location.file.name == "hunters.yaml"
