"""`huntkit test`: scenario tests of campaigns, failures at their line, pytest-style and JSON."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from toolkit.cli import run

REPO = Path(__file__).resolve().parents[2]
CAMPAIGNS = REPO / "content" / "campaigns"

BROKEN = """\
kind: scenario
id: wrong-card
name: A wrong expectation
campaign: the-pale-bell
chapter: 1
steps:
  - end_move: graveyard
  - expect:
      revealed: [5]
---
kind: scenario
id: unexpected-rejection
name: A step the interpreter rejects
campaign: the-pale-bell
steps:
  - interact: nobody
  - end_move: graveyard
---
kind: scenario
id: still-fine
name: A passing scenario next to broken ones
campaign: the-pale-bell
steps:
  - end_move: graveyard
  - expect: {revealed: [7]}
"""


@pytest.fixture(scope="module")
def broken_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of The Pale Bell with one file of broken scenario tests instead of its own."""
    root = tmp_path_factory.mktemp("pack") / "the-pale-bell"
    shutil.copytree(CAMPAIGNS / "the-pale-bell", root, ignore=shutil.ignore_patterns("tests", "rules"))
    (root / "tests").mkdir()
    (root / "tests" / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    return root


def test_every_scenario_of_the_built_in_campaigns_passes(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["test", str(CAMPAIGNS)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.rstrip().endswith("=")
    assert " passed " in out.splitlines()[-1]
    assert "failed" not in out


def test_a_broken_expectation_fails_at_its_line_with_expected_and_actual(
    broken_pack: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(["test", str(broken_pack)])
    out = capsys.readouterr().out
    assert code == 1
    assert "broken.yaml FF." in out
    assert "broken.yaml:9:17: expected revealed does not hold" in out
    assert "    expected: [5]\n    actual:   [1, 2, 7]" in out
    assert "broken.yaml:16:5: the step was rejected" in out
    assert "no token named 'nobody'" in out
    assert out.splitlines()[-1].strip("= ") == "2 failed, 1 passed"


def test_json_format_gives_each_failure_with_file_line_and_values(
    broken_pack: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(["test", str(broken_pack), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert data["summary"] == {"passed": 1, "failed": 2, "errors": 0, "validation_errors": 0}
    failure = data["tests"][0]["failures"][0]
    assert (failure["line"], failure["column"]) == (9, 17)
    assert failure["file"].endswith("broken.yaml")
    assert (failure["expected"], failure["actual"]) == ("[5]", "[1, 2, 7]")


def test_a_scenario_that_does_not_validate_is_an_error_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(REPO / "tests" / "fixtures" / "codes" / "BB0507" / "positive", pack)
    (pack / "test.yaml").write_text(
        textwrap.dedent(
            """\
            kind: scenario
            id: typo
            name: A typo in an event
            campaign: mini
            steps:
              - end_mvoe: graveyard
            """
        ),
        encoding="utf-8",
    )
    code = run(["test", str(pack)])
    out = capsys.readouterr().out
    assert code == 1
    assert "BB0207" in out
    assert "validation error" in out.splitlines()[-1]


def test_nothing_to_run_is_exit_1_and_bad_usage_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["test", str(REPO / "tests" / "fixtures" / "codes" / "BB0507" / "positive")]) == 1
    assert "no scenario tests found" in capsys.readouterr().out
    assert run(["test", str(REPO / "no-such-folder")]) == 2
    assert run(["test", str(CAMPAIGNS / "rulebook-examples"), "--format", "yaml"]) == 2


def test_every_scenario_and_event_model_is_documented_for_the_reference() -> None:
    from toolkit.games.board.interpreter import events
    from toolkit.games.board.scenarios import model

    models = [model.Scenario, model.Given, model.Expectations, model.Expect, model.NextChapter]
    models += [*events.EVENT_MODELS, events.MovePlace, events.SlainTarget, events.TokenMovedParams]
    for item in models:
        assert (item.__doc__ or "").strip(), f"{item.__name__} has no docstring"
        for name, field in item.model_fields.items():
            assert field.description, f"{item.__name__}.{name} has no docstring"


WRONG_CARRY = """\
kind: scenario
id: wrong-reset
name: Wrong counts of a reset
campaign: the-pale-bell
chapter: 2
given: {hunt_track: 3, round: 3}
steps:
  - end_round: true
  - expect: {resets: 2, enemy_groups: [bell-warden]}
---
kind: scenario
id: wrong-carry
name: Wrong counts of what a chapter leaves
campaign: the-pale-bell
steps:
  - expect: {rewards: 1, defeats: 1}
"""


def test_wrong_counts_of_resets_groups_rewards_and_defeats_fail_at_their_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A pack of its own that plays The Pale Bell (no copy of the campaign to validate again).
    pack = "id: mine\ngame: bloodborne-board\nname: Mine\nversion: 0.1.0\nrequires: [core, the-pale-bell]\n"
    (tmp_path / "pack.yaml").write_text(pack, encoding="utf-8")
    (tmp_path / "carry.yaml").write_text(WRONG_CARRY, encoding="utf-8")
    code = run(["test", str(tmp_path), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    found = {
        test["id"]: [(f["line"], f["column"], f["expected"], f["actual"]) for f in test["failures"]]
        for test in data["tests"]
    }
    assert found == {
        "wrong-reset": [(9, 39, "[bell-warden]", "[deaf-minions]"), (9, 22, "2", "1")],
        "wrong-carry": [(16, 23, "1", "0"), (16, 35, "1", "0")],
    }
