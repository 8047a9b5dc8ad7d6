"""``min`` and ``max`` of a single value: refused where it is written, not a crash in ``simulate``.

Found by the fuzzing harness (an early version of its mutations, seed 1): ``amount: min(hunters)``
validated, then every game that dealt the damage ended in "internal error: TypeError: 'int' object
is not iterable" (Python's ``min`` of one integer).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toolkit.core.expressions import ExpressionError, Scaling
from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import validate_paths


@pytest.mark.parametrize("text", ["min(hunters)", "max(3)", "2 * max(min(hunters), 1)"])
def test_min_or_max_of_one_value_does_not_parse(text: str) -> None:
    with pytest.raises(ExpressionError, match=r"needs at least two values"):
        Scaling.parse(text)


@pytest.mark.parametrize(("text", "value"), [("min(hunters, 2)", 2), ("max(hunters, 1, 5)", 5)])
def test_min_and_max_of_several_values_still_evaluate(text: str, value: int) -> None:
    assert Scaling.parse(text).evaluate(hunters=3) == value


def _consumables_with(tmp_path: Path, amount: str) -> tuple[Path, Path]:
    pack = tmp_path / "pale-bell"
    shutil.copytree(builtin_content_root() / "campaigns" / "the-pale-bell", pack)
    source = (builtin_content_root() / "core" / "consumables.yaml").read_text(encoding="utf-8")
    line = "  - deal_damage: {amount: 2, target: opponent}"
    assert source.count(line) == 1
    target = pack / "consumables.yaml"
    target.write_text(
        source.replace(line, line.replace("amount: 2", f'amount: "{amount}"')), encoding="utf-8"
    )
    return pack, target


def test_a_one_value_min_in_a_consumable_is_reported_at_its_value(tmp_path: Path) -> None:
    pack, target = _consumables_with(tmp_path, "min(hunters)")
    result = validate_paths([pack])
    found = [(d.location.file, d.location.span) for d in result.diagnostics if d.code == "BB0206"]
    assert len(found) == 1, [d.message for d in result.diagnostics]
    path, span = found[0]
    assert path == target
    # The span of the value `"min(hunters)"` after `amount: `, as for every bad expression.
    assert span is not None and (span.line, span.column, span.end_column) == (37, 27, 41)


def test_a_two_value_min_in_a_consumable_stays_clean(tmp_path: Path) -> None:
    pack, _ = _consumables_with(tmp_path, "min(hunters, 2)")
    assert validate_paths([pack]).error_count == 0
