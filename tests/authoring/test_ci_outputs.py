"""The CI recipe's outputs for a real broken file: GitHub annotations and SARIF (golden files).

Set HUNTKIT_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from toolkit import __version__
from toolkit.cli import run

GOLDEN = Path(__file__).parent / "golden"
TYPO = ("enemies: [scourge-beast, hunter-mob,", "enemies: [scourge-beast, hunter-mbo,")


@pytest.fixture
def broken_campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh campaign whose first chapter misspells an enemy; the working folder is its parent."""
    monkeypatch.chdir(tmp_path)
    assert run(["new", "campaign", "my-hunt"]) == 0
    chapter = tmp_path / "my-hunt" / "chapter-1.yaml"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(*TYPO), encoding="utf-8")
    return tmp_path / "my-hunt"


def _normalise(text: str, folder: Path) -> str:
    return text.replace(str(folder.resolve()), "<tmp>").replace(f'"{__version__}"', '"<version>"')


def _check_golden(name: str, actual: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("HUNTKIT_UPDATE_GOLDEN"):
        golden.write_text(actual, encoding="utf-8")
    assert actual == golden.read_text(encoding="utf-8")


def _validate(fmt: str, broken_campaign: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert run(["validate", "my-hunt", "--format", fmt]) == 1
    return _normalise(capsys.readouterr().out, broken_campaign.parent)


def test_github_format_annotates_the_misspelt_enemy_on_its_line_and_column(
    broken_campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = _validate("github", broken_campaign, capsys)
    assert output.startswith(
        "::error file=my-hunt/chapter-1.yaml,line=10,col=28,endLine=10,endColumn=38,title=BB0305::"
    )
    _check_golden("broken-campaign.github.txt", output)


def test_sarif_format_is_valid_sarif_with_the_rule_and_region(
    broken_campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = _validate("sarif", broken_campaign, capsys)
    sarif = json.loads(output)
    first = sarif["runs"][0]["results"][0]
    assert first["ruleId"] == "BB0305"
    assert first["locations"][0]["physicalLocation"]["region"]["startLine"] == 10
    _check_golden("broken-campaign.sarif.json", output)
