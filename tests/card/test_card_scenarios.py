"""`huntkit test` on card packs: the `card-scenario` kind, its table and runner."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

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


NAMES = ["ann", "bo", "cy", "zed"]
CARDS = ["pilgrims-hatchet", "gatling-gun", "logarius-wheel", "vial-of-warding", "melee", "transform"]
FIGHTERS = ["gutter-hound", "drowned-seer", "marsh-kinfolk", "weeping-warden", "lorann-silver-beast"]
TOKENS = ["kin", "beast", "fiend"]

names = st.sampled_from(NAMES)
steps = st.one_of(
    st.builds(lambda plays: {"play": plays}, st.dictionaries(names, st.sampled_from(CARDS), min_size=1)),
    st.builds(
        lambda hunter, damage, target: {"hit": {"hunter": hunter, "damage": damage, "target": target}},
        names,
        st.none() | st.integers(0, 12),
        st.none() | names,
    ),
    st.builds(lambda hit: {"monster_attacks": {"hunters": hit}}, st.lists(names, min_size=1, max_size=3)),
    st.builds(
        lambda hunter, by, token: {"kill": {"hunter": hunter, "by": by, "token": token}},
        names,
        st.sampled_from(["monster", *NAMES]),
        st.none() | st.sampled_from(TOKENS),
    ),
    st.builds(lambda hunter: {"trophy": hunter}, names),
    st.builds(lambda fighter: {"next_monster": fighter}, st.sampled_from(FIGHTERS)),
    st.builds(lambda choices: {"transform": choices}, st.dictionaries(names, st.booleans(), max_size=2)),
    st.builds(lambda hunter: {"expect": {"received": {hunter: 0}, "killing_blow": "none"}}, names),
)
tables = st.fixed_dictionaries(
    {
        "hunters": st.dictionaries(
            st.sampled_from(NAMES[:3]),
            st.fixed_dictionaries(
                {},
                optional={
                    "rune": st.sampled_from(["beast-rune", "hunter-rune", "ember-sigil", "quiet-sigil"]),
                    "trophies": st.integers(0, 9),
                    "death_tokens": st.dictionaries(st.sampled_from(TOKENS), st.integers(1, 10), max_size=2),
                },
            ),
            min_size=1,
        ),
    },
    optional={
        "monster": st.sampled_from(FIGHTERS),
        "main_boss": st.sampled_from(["ashen-matron", "weeping-warden"]),
    },
)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
)
@given(tables, st.lists(steps, min_size=1, max_size=8))
def test_any_scenario_ends_as_a_result_never_a_crash(
    table: dict[str, Any], scenario_steps: list[Any]
) -> None:
    scenario = {
        "kind": "card-scenario",
        "id": "random",
        "name": "Random",
        "table": table,
        "steps": scenario_steps,
    }
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "house-tests"
        root.mkdir()
        (root / "pack.yaml").write_text(PACK_YAML, encoding="utf-8")
        (root / "scenarios.yaml").write_text(yaml.safe_dump(scenario, sort_keys=False), encoding="utf-8")
        run = run_tests([root])
    for result in run.results:
        assert result.error is None, result.error
        for failure in result.failures:
            assert failure.location.line is not None, failure
