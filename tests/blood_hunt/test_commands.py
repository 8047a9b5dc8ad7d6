"""`huntkit simulate` and `huntkit play` on the Blood Hunt pack: reports, determinism, refusals."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.blood_hunt.helpers import CONTENT
from toolkit.cli import run
from toolkit.commands.simulate import parse_counts

SMALL = ["--games", "4", "--seed", "3", "--bot", "random,heuristic"]


def _simulate(tmp_path: Path, name: str, *extra: str) -> str:
    out = tmp_path / name
    args = ["simulate", str(CONTENT), "--players", "2,4", *SMALL, "--format", "json"]
    assert run([*args, "--output", str(out), *extra]) == 0
    return out.read_text(encoding="utf-8")


def test_simulate_reports_win_rates_with_intervals_endings_and_effects(tmp_path: Path) -> None:
    report = json.loads(_simulate(tmp_path, "a.json"))
    two = report["by_players"]["2"]
    assert two["games"] == 4 and set(two["win_rate_by_seat"]) == {"P1", "P2"}
    assert set(two["win_rate_by_bot"]) == {"random", "heuristic"}
    assert set(two["win_rate_by_turn_order"]) == {"1st", "2nd"}
    seat = two["win_rate_by_seat"]["P1"]
    assert seat["ci95"][0] <= seat["rate"] <= seat["ci95"][1]
    assert sum(e["games"] for e in two["ends"].values()) == 4
    assert two["effects_per_game"] and two["problems"] == []
    assert set(report["by_players"]) == {"2", "4"}
    assert report["not_simulated"] == []


def test_simulate_gives_byte_identical_json_for_the_same_seed_with_any_workers(
    tmp_path: Path,
) -> None:
    first = _simulate(tmp_path, "a.json")
    assert _simulate(tmp_path, "b.json") == first
    assert _simulate(tmp_path, "c.json", "--workers", "2") == first


def test_simulate_text_names_seats_and_instant_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["simulate", str(CONTENT), "--players", "3", "--games", "2", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "3 players · 2 games" in out and "P3:" in out and "instant wins:" in out
    # The vocabulary declares nothing not simulated, and the report says so.
    assert "not simulated: nothing (every field and verb is played)" in out


def test_simulate_refuses_content_that_does_not_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "broken"
    shutil.copytree(CONTENT, pack)
    (pack / "pack.yaml").write_text((pack / "pack.yaml").read_text().replace("id: blood-hunt", "id: broken"))
    citizens = pack / "citizens.yaml"
    citizens.write_text(citizens.read_text().replace("count: 6", "count: six", 1))
    assert run(["simulate", str(pack), "--games", "1"]) == 1
    captured = capsys.readouterr()
    assert "citizens.yaml:7:8" in captured.err and "fix them before simulating" in captured.err


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--players", "5"], "supports 2, 3, 4 players"),
        (["--bot", "oracle"], "unknown bot 'oracle'"),
        (["--players", "4..2"], "runs backwards"),
    ],
)
def test_simulate_usage_errors_exit_2(
    option: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["simulate", str(CONTENT), "--games", "1", *option]) == 2
    assert message in capsys.readouterr().err


def test_player_counts_parse_as_ranges_and_lists() -> None:
    assert parse_counts("2..4") == [2, 3, 4]
    assert parse_counts("2,4") == [2, 4]
    assert parse_counts("3") == [3]


def test_play_against_bots_from_a_script_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "answers.txt"
    script.write_text("1\n" * 400)
    args = ["play", str(CONTENT), "--players", "3", "--seed", "4", "--bot", "random"]
    assert run([*args, "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert "you are P1" in out and "Game over by" in out


def test_play_saves_and_resumes_the_same_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    first = tmp_path / "first.txt"
    first.write_text("1\n1\n1\nq\n")
    args = ["play", str(CONTENT), "--players", "2", "--seed", "8", "--bot", "random"]
    assert run([*args, "--script", str(first), "--save", str(save)]) == 0
    saved = json.loads(save.read_text())
    assert saved["seed"] == 8 and saved["actions"]
    rest = tmp_path / "rest.txt"
    rest.write_text("1\n" * 400)
    capsys.readouterr()
    assert run(["play", str(CONTENT), "--resume", str(save), "--script", str(rest)]) == 0
    assert "Game over by" in capsys.readouterr().out
