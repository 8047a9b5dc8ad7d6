"""`huntkit test` runs the pack's YAML rule scenarios; a broken expectation fails at its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.blood_hunt.helpers import CONTENT
from toolkit.cli import run


def test_the_packs_rule_scenarios_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["test", str(CONTENT)]) == 0
    assert "6 passed" in capsys.readouterr().out


def test_a_wrong_expectation_fails_at_its_line_with_expected_and_actual(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "variant"
    shutil.copytree(CONTENT, pack)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("id: blood-hunt", "id: variant"))
    scenarios = pack / "tests" / "rules.yaml"
    scenarios.write_text(scenarios.read_text().replace("scores: {P1: 12}", "scores: {P1: 11}"))
    assert run(["test", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "rules.yaml:77:20: scores.P1 differs" in out
    assert "expected: 11" in out and "actual:   12" in out
