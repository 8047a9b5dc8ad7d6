"""The BB08xx fixture folders: each negative pack yields its code where expect.yaml says, each
positive pack validates clean."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from toolkit.core.codes import CODES as CATALOGUE
from toolkit.core.diagnostics import Severity
from toolkit.core.pipeline import validate_paths
from toolkit.games.card import codes as _card_codes  # noqa: F401  (registers the BB08xx codes)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "codes"
CODES = sorted(p.name for p in FIXTURES.glob("BB08*"))


def test_every_card_code_has_a_fixture() -> None:
    from toolkit.core.codes import CODES as CATALOGUE
    from toolkit.games.card import codes  # noqa: F401  (registers the BB08xx codes)

    assert sorted(code for code in CATALOGUE if code.startswith("BB08")) == CODES


@pytest.mark.parametrize("code", CODES)
def test_negative_fixture_yields_its_code_at_the_expected_place(code: str) -> None:
    folder = FIXTURES / code / "negative"
    expected = yaml.safe_load((FIXTURES / code / "expect.yaml").read_text(encoding="utf-8"))
    result = validate_paths([folder])
    found = {
        (d.code, d.file.resolve().relative_to(folder.resolve()).as_posix(), d.line, d.column)
        for d in result.diagnostics
        if d.file is not None
    }
    for want in expected["diagnostics"]:
        assert (want["code"], want["file"], want["line"], want["column"]) in found
    # An error fails validation; a warning fails it only under --strict.
    assert result.exit_code(strict=CATALOGUE[code].severity is Severity.WARNING) == 1
    assert result.exit_code() == (1 if CATALOGUE[code].severity is Severity.ERROR else 0)


@pytest.mark.parametrize("code", CODES)
def test_positive_fixture_is_clean(code: str) -> None:
    result = validate_paths([FIXTURES / code / "positive"])
    # A heal or a damage verb, which no rule module carries out, is warned not simulated (BB0620).
    assert [d.code for d in result.diagnostics if d.code != "BB0620"] == []
    assert result.exit_code() == 0
