"""Every diagnostic code has a negative fixture that yields it and a positive one that does not.

Fixture folders live in ``tests/fixtures/codes/<CODE>/``: ``negative/`` and ``positive/`` are packs
(or folders of lone files), ``expect.yaml`` lists the diagnostics the negative case must produce —
code, file (relative to ``negative/``), line and column — and may override loader ``limits`` or the
``paths`` to validate.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.core.codes import CODES
from toolkit.core.loader import Limits
from toolkit.core.packs import PACK_FILE
from toolkit.core.pipeline import ValidationResult, validate_paths
from toolkit.core.registry import all_games

CODES_ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "codes"
CASES = sorted(p for p in CODES_ROOT.iterdir() if p.is_dir()) if CODES_ROOT.is_dir() else []
# Codes that cannot be produced by any content on purpose. This list should stay this short.
UNFIXTURABLE = {"BB0999"}


def _expectations(case: Path) -> dict[str, Any]:
    data = yaml.safe_load((case / "expect.yaml").read_text(encoding="utf-8")) or {}
    assert isinstance(data, dict)
    return data


def _run(case: Path, side: str) -> ValidationResult:
    expect = _expectations(case)
    folder = case / side
    limits = Limits(**expect.get("limits", {}))
    if "paths" in expect:
        paths = [folder / p for p in expect["paths"]]
    elif any(folder.rglob(PACK_FILE)):
        paths = [folder]
    else:
        paths = sorted(folder.glob("*.y*ml"))
    return validate_paths(paths, limits=limits)


def _relative(path: Path | None, folder: Path) -> str | None:
    if path is None:
        return None
    try:
        return path.relative_to(folder.resolve()).as_posix()
    except ValueError:
        return str(path)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_negative_fixture_yields_its_code_at_the_expected_place(case: Path) -> None:
    result = _run(case, "negative")
    found = [(d.code, _relative(d.file, case / "negative"), d.line, d.column) for d in result.diagnostics]
    assert any(code == case.name for code, *_ in found), f"{case.name} not reported; got {found}"
    for expected in _expectations(case).get("diagnostics", []):
        matches = [
            f
            for f in found
            if f[0] == expected["code"]
            and ("file" not in expected or f[1] == expected["file"])
            and ("line" not in expected or f[2] == expected["line"])
            and ("column" not in expected or f[3] == expected["column"])
        ]
        assert matches, f"expected {expected}, got {found}"
    if _expectations(case).get("exact"):
        assert len(found) == len(_expectations(case)["diagnostics"]), found


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_positive_fixture_is_clean(case: Path) -> None:
    result = _run(case, "positive")
    problems = [(d.code, str(d.file), d.line, d.column, d.message) for d in result.diagnostics]
    assert case.name not in {d.code for d in result.diagnostics}, problems
    assert result.exit_code(strict=False) == 0, problems


def test_every_registered_code_has_fixtures() -> None:
    all_games()  # importing the games registers their codes
    missing = [
        code
        for code in sorted(CODES)
        if code not in UNFIXTURABLE
        and not ((CODES_ROOT / code / "negative").is_dir() and (CODES_ROOT / code / "positive").is_dir())
    ]
    assert not missing, f"codes without fixture folders: {missing}"
