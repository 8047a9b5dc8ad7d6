"""BB0317: a ruling's `helper` must name a rule function huntkit has (issue 15: it was never checked)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from toolkit.cli import run
from toolkit.games.card.checks.helpers import rule_functions

REPO = Path(__file__).resolve().parents[2]
NIGHTMARE = REPO / "content" / "hunters-nightmare"
RULINGS = (NIGHTMARE / "rulings.yaml").read_text(encoding="utf-8")
HELPER_LINES = [n for n, line in enumerate(RULINGS.splitlines(), start=1) if line.startswith("helper: ")]


def _validate_with(
    tmp_path: Path, rulings: str, capsys: pytest.CaptureFixture[str]
) -> list[dict[str, object]]:
    pack = tmp_path / "nightmare"
    shutil.copytree(NIGHTMARE, pack)
    (pack / "pack.yaml").write_text(
        (pack / "pack.yaml").read_text(encoding="utf-8").replace("id: hunters-nightmare", "id: my-nightmare"),
        encoding="utf-8",
    )
    (pack / "rulings.yaml").write_text(rulings, encoding="utf-8")
    run(["validate", str(pack), "--format", "json"])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["diagnostics"]
    # The pack's heal and damage verbs, which no rule module carries out, are warned (BB0620)
    # wherever they are; the rulings' helpers are what these tests look at.
    return [d for d in found if d["code"] != "BB0620"]


def test_every_built_in_helper_names_a_rule_function() -> None:
    assert len(HELPER_LINES) >= 10
    for number in HELPER_LINES:
        module, function = RULINGS.splitlines()[number - 1].split(".rules.")[1].split(":")
        assert function in rule_functions()[module], (module, function)


@pytest.mark.parametrize("number", HELPER_LINES)
@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda helper: helper + "s", "has no function"),
        (lambda helper: helper.replace(".rules.", ".rules.no_such_"), "there is no rule module"),
    ],
)
def test_a_helper_that_names_nothing_is_an_error_at_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], number: int, mutate: object, message: str
) -> None:
    lines = RULINGS.splitlines()
    helper = lines[number - 1].removeprefix("helper: ")
    lines[number - 1] = "helper: " + mutate(helper)  # type: ignore[operator]
    found = _validate_with(tmp_path, "\n".join(lines) + "\n", capsys)
    # Before: clean; the ruling's link on the reference site pointed at nothing.
    assert [(d["code"], d["line"], d["column"]) for d in found] == [("BB0317", number, 9)]
    assert message in str(found[0]["message"])
