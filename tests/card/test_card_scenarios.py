"""`huntkit test` on card packs: the `card-scenario` kind, its table and runner."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.card.conftest import PACK, ROOT
from toolkit.core.pipeline import validate_paths
from toolkit.core.scenario import run_tests

PACK_YAML = """id: house-tests
game: bloodborne-card
name: House tests
version: 0.1.0
requires: [hunters-nightmare]
"""


def _pack(tmp: Path, scenarios: str) -> Path:
    folder = tmp / "house-tests"
    folder.mkdir()
    (folder / "pack.yaml").write_text(PACK_YAML, encoding="utf-8")
    (folder / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    return folder


def test_huntkit_test_passes_on_the_built_in_card_pack() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "toolkit", "test", str(PACK)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "14 passed" in completed.stdout


def test_a_wrong_expectation_fails_at_its_line_with_expected_and_actual(tmp_path: Path) -> None:
    copy = tmp_path / "hunters-nightmare"
    shutil.copytree(PACK, copy)
    rules = copy / "tests" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace("expect: {dealt: 4, received: {bo: 4}}", "expect: {dealt: 5, received: {bo: 4}}")
    )
    run = run_tests([copy])
    [failed] = [r for r in run.results if r.status == "failed"]
    assert failed.id == "damage-modifiers-in-the-booklet-s-order"
    [failure] = failed.failures
    line = next(
        i for i, row in enumerate(rules.read_text().splitlines(), 1) if "dealt: 5, received: {bo: 4}" in row
    )
    assert (failure.location.line, failure.location.column) == (line, 21)
    assert (failure.expected, failure.actual) == ("5", "4")
    assert run.exit_code() == 1


def test_a_scenario_of_a_pack_that_requires_the_expansion_plays_its_own_cards(tmp_path: Path) -> None:
    folder = _pack(
        tmp_path,
        """kind: rune
id: brand-sigil
name: Brand Sigil (house)
effects:
  - when_using_melee_weapon:
      - double_damage: {on: dealt, against: monsters}
---
kind: card-scenario
id: brand-sigil-doubles-melee
name: The Brand Sigil's doubling and the Drowned Seer's halving cancel out
table:
  hunters: {ann: {rune: brand-sigil}}
  monster: drowned-seer
steps:
  - play: {ann: pilgrims-hatchet}
  - hit: {hunter: ann}
  - expect: {dealt: 3, monster_echoes: 3}
""",
    )
    run = run_tests([folder])
    assert [r.status for r in run.results] == ["passed"], [f.message for r in run.results for f in r.failures]


def test_a_play_naming_no_upgrade_is_an_unknown_reference_at_the_value(tmp_path: Path) -> None:
    folder = _pack(
        tmp_path,
        """kind: card-scenario
id: typo
name: A typo in a played card
table:
  hunters: {ann: {}}
steps:
  - play: {ann: pilgrim-hatchet}
  - expect: {dealt: 0}
""",
    )
    result = validate_paths([folder])
    [unknown] = [d for d in result.diagnostics if d.code == "BB0305"]
    assert (unknown.line, unknown.column) == (7, 17)
    assert unknown.hint is not None and "pilgrims-hatchet" in unknown.hint


def test_a_step_naming_a_hunter_not_at_the_table_fails_at_the_step(tmp_path: Path) -> None:
    folder = _pack(
        tmp_path,
        """kind: card-scenario
id: stranger
name: A hit by a hunter who is not seated
table:
  hunters: {ann: {}}
  monster: gutter-hound
steps:
  - hit: {hunter: zed, damage: 2}
  - expect: {monster_echoes: 2}
""",
    )
    run = run_tests([folder])
    [result] = run.results
    [failure] = result.failures
    assert failure.location.line == 8 and "no hunter `zed`" in failure.actual
