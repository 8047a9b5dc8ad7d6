"""`rule-scenario` documents: the engine's rules pinned in YAML, run by `huntkit test`.

The rule situations themselves live in content (`content/core/rules/`, The Pale Bell's
`rules/missions.yaml`, and `tests/fixtures/rule-scenarios/` for the two that need made-up
components); these tests run them and pin what the runner reports when a scenario is wrong.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from toolkit.cli import run

REPO = Path(__file__).resolve().parents[2]
CORE = REPO / "content" / "core"
CASES = REPO / "tests" / "fixtures" / "rule-scenarios"

GOOD = """\
kind: rule-scenario
id: same-speed
name: Attacks of the same speed strike together
rule: combat
table:
  hunters:
    - hunter: threaded-cane-hunter
      hand: [basic-strength, basic-vitality]
  enemies:
    - {enemy: scourge-beast, side: a, at: central-lamp}
  enemy_actions: [basic]
steps:
  - attack: {card: basic-strength, slot: 1}
  - choose: strike
  - expect:
      hunters:
        threaded-cane-hunter: {hp: 4}
      enemies:
        scourge-beast: {damage: 2}
"""


def _pack(tmp_path: Path, scenario: str) -> Path:
    pack = tmp_path / "mine"
    pack.mkdir(parents=True)
    (pack / "pack.yaml").write_text(
        "id: mine\ngame: bloodborne-board\nname: Mine\nversion: 0.1.0\nrequires: [core]\n", encoding="utf-8"
    )
    (pack / "rules.yaml").write_text(scenario, encoding="utf-8")
    return pack


def _test(pack: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = run(["test", str(pack), "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def _failures(data: dict[str, Any]) -> list[dict[str, Any]]:
    tests = data["tests"]
    assert isinstance(tests, list)
    return [failure for test in tests for failure in test["failures"]]


def test_every_rule_scenario_of_the_core_pack_passes(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["test", str(CORE)])
    out = capsys.readouterr().out
    assert code == 0, out
    for area in ("combat", "turn", "items", "map", "dream"):
        assert f"content/core/rules/{area}.yaml ." in out
    passed = int(out.splitlines()[-1].strip("= ").split()[0])
    assert passed >= 47


def test_the_rule_scenarios_with_made_up_components_pass(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _test(CASES, capsys)
    assert code == 0, data
    status = {test["id"]: test["status"] for test in data["tests"]}
    for name in ("map-a-blocking-tile-goes-back", "turn-a-newcomer-spawned-in-range-activates"):
        assert status[name] == "passed"
    assert status["missions-shield-until-two-fall"] == "passed"


def test_the_correct_scenario_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _test(_pack(tmp_path, GOOD), capsys)
    assert code == 0, data
    assert data["summary"] == {"passed": 1, "failed": 0, "errors": 0, "validation_errors": 0}


def test_a_wrong_expectation_fails_at_its_line_with_expected_and_actual(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _pack(tmp_path, GOOD.replace("{hp: 4}", "{hp: 5}"))
    code = run(["test", str(pack)])
    out = capsys.readouterr().out
    assert code == 1
    assert "rules.yaml:17:36: threaded-cane-hunter's hp does not hold" in out
    assert "    expected: 5\n    actual:   4" in out
    assert out.splitlines()[-1].strip("= ") == "1 failed"


def test_every_wrong_key_of_one_expect_is_reported_at_its_own_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = GOOD.replace("{hp: 4}", "{hp: 5}").replace("{damage: 2}", "{damage: 1}")
    code, data = _test(_pack(tmp_path, wrong), capsys)
    assert code == 1
    found = [(f["line"], f["column"], f["expected"], f["actual"]) for f in _failures(data)]
    assert found == [(17, 36, "5", "4"), (19, 33, "1", "2")]


def test_a_heuristic_pick_that_differs_fails_at_its_line_with_the_bot_s_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = GOOD + "  - expect: {asks: action, heuristic_picks: fly away}\n"
    code, data = _test(_pack(tmp_path, asked), capsys)
    assert code == 1
    (failure,) = _failures(data)
    assert (failure["line"], failure["column"]) == (20, 45)
    assert failure["message"] == "the heuristic bot picks another option"
    assert failure["expected"] == "fly away"
    # The bot's own answer: the wounded beast, with the card left in hand.
    assert failure["actual"] == "attack basic-vitality in slot 2 (Rising Strike) vs scourge-beast#1"


def test_a_mistyped_enemy_is_a_located_diagnostic_never_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = _test(
        _pack(tmp_path, GOOD.replace("enemy: scourge-beast,", "enemy: scourge-baest,")), capsys
    )
    assert code == 1
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    assert [(d["code"], d["line"], d["column"]) for d in diagnostics] == [("BB0305", 10, 15)]
    assert "scourge-beast" in (_failures(data)[0]["message"] or "")
    assert (_failures(data)[0]["line"], _failures(data)[0]["column"]) == (10, 15)


def test_a_mistyped_hunter_is_a_located_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mistyped = GOOD.replace("- hunter: threaded-cane-hunter", "- hunter: threaded-cane-huntr")
    code, data = _test(_pack(tmp_path, mistyped), capsys)
    assert code == 1
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    assert ("BB0305", 7, 15) in [(d["code"], d["line"], d["column"]) for d in diagnostics]


def test_an_action_the_engine_does_not_offer_fails_at_the_step_with_the_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    full = GOOD.replace(
        "      hand: [basic-strength, basic-vitality]",
        "      hand: [basic-strength, basic-vitality]\n      slots: [basic-skill, null, null]",
    )
    code, data = _test(_pack(tmp_path, full), capsys)
    assert code == 1
    failure = _failures(data)[0]
    assert (failure["line"], failure["column"]) == (14, 13)
    assert failure["message"] == "not among the options the engine offers (action)"
    assert str(failure["expected"]).startswith("attack basic-strength in slot 1 (")
    assert "attack basic-strength in slot 2 (Rising Strike) vs scourge-beast#1" in str(failure["actual"])


def test_a_path_through_spaces_that_are_not_joined_fails_at_that_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = textwrap.dedent(
        """\
        kind: rule-scenario
        id: jump
        name: West to east in one step
        rule: turn
        table:
          hunters:
            - {hunter: threaded-cane-hunter, at: central-lamp/west, hand: [basic-vitality, basic-skill]}
        steps:
          - move: {card: basic-vitality, path: [central-lamp/east]}
        """
    )
    code, data = _test(_pack(tmp_path, scenario), capsys)
    assert code == 1
    failure = _failures(data)[0]
    assert (failure["line"], failure["column"]) == (9, 41)
    assert failure["expected"] == "step central-lamp/east"
    assert failure["actual"] == "offered: step central-lamp/central-lamp, stop"


def test_a_draw_nobody_named_fails_naming_the_deck_and_its_outcomes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unnamed = GOOD.replace("  enemy_actions: [basic]\n", "")
    code, data = _test(_pack(tmp_path, unnamed), capsys)
    assert code == 1
    failure = _failures(data)[0]
    # The expectation is checked while the flip waits, and says so.
    assert (failure["line"], failure["column"]) == (16, 36)
    assert "the engine is waiting on a draw from the enemy-action" in str(failure["message"])
    # An action step cannot be taken past a draw nobody named.
    stuck = unnamed.replace("  - expect:\n", "  - end_turn: true\n  - expect:\n")
    code, data = _test(_pack(tmp_path / "stuck", stuck), capsys)
    failure = _failures(data)[0]
    assert (failure["line"], failure["column"]) == (14, 15)
    assert "draws from the enemy-action first" in str(failure["message"])
    assert failure["actual"] == "a draw of one of ability, basic, special"


def test_a_named_draw_that_the_deck_cannot_give_fails_at_the_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = GOOD.replace("  enemy_actions: [basic]\n", "  enemy_action_discard: [basic, basic, basic]\n")
    named = named.replace("  - choose: strike\n", "  - choose: strike\n  - draws: [basic]\n")
    code, data = _test(_pack(tmp_path, named), capsys)
    assert code == 1
    failure = _failures(data)[0]
    assert (failure["line"], failure["column"]) == (15, 13)
    assert failure["message"] == "`basic` cannot be drawn from the enemy-action here"


def test_a_table_that_cannot_be_set_is_a_located_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crowded = GOOD.replace(
        "      hand: [basic-strength, basic-vitality]",
        "      hand: [basic-strength, basic-vitality]\n      slots: [null, null]",
    )
    code, data = _test(_pack(tmp_path, crowded), capsys)
    assert code == 1
    failure = _failures(data)[0]
    assert (failure["line"], failure["column"]) == (9, 14)
    assert failure["message"] == "the table cannot be set: form a of `threaded-cane` has 3 slots, not 2"


def test_every_rule_scenario_model_and_field_is_documented_for_the_reference() -> None:
    from toolkit.games.board.scenarios import rule_model

    models: list[type[BaseModel]] = [
        rule_model.RuleScenario,
        rule_model.Table,
        rule_model.HunterAtTable,
        rule_model.EnemyAtTable,
        rule_model.TileAtTable,
        rule_model.SlotCard,
        rule_model.TokenAtTable,
        rule_model.FogGates,
        rule_model.SpawnedGroup,
        rule_model.RuleExpectations,
        rule_model.HunterExpect,
        rule_model.EnemyExpect,
        rule_model.Offered,
        rule_model.PlacedEnemy,
        rule_model.MoveParams,
        rule_model.ExploreStep,
        rule_model.SlotParams,
        rule_model.AttackParams,
        rule_model.CardParams,
        *rule_model.STEP_MODELS,
    ]
    for item in models:
        assert (item.__doc__ or "").strip(), f"{item.__name__} has no docstring"
        for name, field in item.model_fields.items():
            assert field.description, f"{item.__name__}.{name} has no docstring"


@pytest.mark.parametrize(
    ("enemies", "where", "message"),
    [
        (
            "    - {enemy: hunter-mob, at: central-lamp, label: mob}\n"
            "    - {enemy: hunter-mob, at: central-lamp, label: mob}\n",
            (11, 52),
            "the table cannot be set: two enemies are labelled `mob`",
        ),
        (
            "    - {enemy: hunter-mob, at: central-lamp, slot: 1}\n"
            "    - {enemy: scourge-beast, at: central-lamp, slot: 1}\n",
            (11, 54),
            "the table cannot be set: slot 1 already holds `hunter-mob` for another enemy of the table",
        ),
    ],
)
def test_an_inconsistent_table_fails_at_the_key_to_edit(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    enemies: str,
    where: tuple[int, int],
    message: str,
) -> None:
    scenario = GOOD.replace("    - {enemy: scourge-beast, side: a, at: central-lamp}\n", enemies)
    code, data = _test(_pack(tmp_path, scenario), capsys)
    assert code == 1
    failure = _failures(data)[0]
    assert (failure["line"], failure["column"]) == where
    assert failure["message"] == message


def test_a_join_the_engine_made_alone_must_match_the_written_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = textwrap.dedent(
        """\
        kind: rule-scenario
        id: into-the-nook
        name: Exploring into a one-exit tile
        rule: actions
        table:
          hunters:
            - {hunter: threaded-cane-hunter, at: central-lamp/east, hand: [basic-vitality, basic-skill]}
          tile_deck: [nook]
        steps:
          - move: {card: basic-vitality, path: [{explore: E, join: S}]}
        ---
        kind: tile
        id: nook
        name: Nook
        source: house
        spaces:
          - id: nook
        exits:
          - {edge: W, space: nook}
        """
    )
    code, data = _test(_pack(tmp_path, scenario), capsys)
    assert code == 1
    failure = _failures(data)[0]
    assert (failure["line"], failure["column"]) == (10, 60)
    assert failure["message"] == "tile `nook` joined by its only exit W, not S"
    assert failure["actual"] == "the engine did not ask"
    fixed = scenario.replace("join: S}", "join: W}")
    code, data = _test(_pack(tmp_path / "fixed", fixed), capsys)
    assert code == 0, data
