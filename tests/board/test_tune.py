"""`huntkit tune`: the knob's value per hunter count nearest a target win rate, the evidence, a table
ready to paste that reproduces the measured rate, and plain refusals of knobs that name no number."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from toolkit.cli import run
from toolkit.commands.tune import parse_target
from toolkit.core.packs import builtin_content_root

PALE_BELL = builtin_content_root() / "campaigns" / "the-pale-bell"
CHAPTER_2_BOSS = ["--chapter", "2", "--knob", "card:12/on_reveal/3/change_hp/by"]


def _tune(capsys: pytest.CaptureFixture[str], pack: Path, *args: str) -> dict[str, object]:
    code = run(["tune", str(pack), *args, "--format", "json"])
    out = capsys.readouterr().out
    assert code == 0, out
    report: dict[str, object] = json.loads(out)
    return report


@pytest.fixture(scope="module")
def tuned(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, object], str]:
    capsys_free = tmp_path_factory.mktemp("tune") / "report.json"
    args = ["tune", str(PALE_BELL), *CHAPTER_2_BOSS, "--hunters", "2", "--games", "16", "--seed", "5"]
    assert run([*args, "--min", "-14", "--max", "6", "--format", "json", "--output", str(capsys_free)]) == 0
    text = capsys_free.read_text(encoding="utf-8")
    return json.loads(text), text


def test_the_target_parses_as_a_percentage_or_a_fraction() -> None:
    assert parse_target("50%") == parse_target("50") == parse_target("0.5") == 0.5
    with pytest.raises(ValueError, match="give a win rate"):
        parse_target("half")


def test_tune_keeps_the_value_nearest_the_target_with_its_evidence(
    tuned: tuple[dict[str, object], str],
) -> None:
    report, _ = tuned
    (count,) = report["counts"]  # type: ignore[misc]
    tried = {t["value"]: t["win_rate"] for t in count["tried"]}
    assert -14 in tried and 6 in tried  # both ends of the range were played
    assert count["value"] in tried
    assert abs(count["win_rate"] - 0.5) == min(abs(rate - 0.5) for rate in tried.values())
    low, high = count["win_rate_ci95"]
    assert count["target_in_interval"] == (low <= 0.5 <= high)
    assert report["table"] == {"2": count["value"]} and report["yaml"] == f"{{2: {count['value']}}}"
    assert re.search(r"chapter-2\.yaml:\d+:\d+$", str(report["where"]))


def test_the_same_seed_gives_the_same_answer(tuned: tuple[dict[str, object], str], tmp_path: Path) -> None:
    again = tmp_path / "again.json"
    args = ["tune", str(PALE_BELL), *CHAPTER_2_BOSS, "--hunters", "2", "--games", "16", "--seed", "5"]
    assert run([*args, "--min", "-14", "--max", "6", "--format", "json", "--output", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == tuned[1]


def test_the_pasted_table_reproduces_the_measured_win_rate(
    tuned: tuple[dict[str, object], str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, _ = tuned
    (count,) = report["counts"]  # type: ignore[misc]
    pack = tmp_path / "pale-bell"
    shutil.copytree(PALE_BELL, pack)
    chapter = pack / "chapter-2.yaml"
    text = chapter.read_text(encoding="utf-8")
    old = "change_hp: {target: {boss: blood-starved-beast}, by: {1: -2, 2: -4, 3: -6, 4: -8}}"
    assert old in text
    chapter.write_text(text.replace(old, old.replace("2: -4", f"2: {count['value']}")), encoding="utf-8")
    code = run(
        [
            "simulate",
            str(pack),
            "--chapter",
            "2",
            "--hunters",
            "2",
            "--games",
            "16",
            "--seed",
            "5",
            "--format",
            "json",
        ]
    )
    assert code == 0
    (cell,) = json.loads(capsys.readouterr().out)["cells"]
    assert cell["win_rate"] == count["win_rate"]


@pytest.mark.parametrize(
    ("knob", "message"),
    [
        ("boss:nobody/phases/1/hp", "no boss nobody in this campaign"),
        ("chapter/setup/enemies", "does not name a number"),
        ("card:12/on_reveal/9/change_hp/by", "`9` is not a position 1-"),
        ("tiles", "name a document and a path"),
    ],
)
def test_a_knob_that_names_no_number_is_refused(
    knob: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["tune", str(PALE_BELL), "--chapter", "2", "--knob", knob, "--games", "1"]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("knob", "low", "high", "message"),
    [
        ("boss-hp:cleric-beast", "0", "30", "a boss's HP must be between 1 and 1,000,000"),
        ("random-tiles", "-2", "6", "a tile count must be between 0 and 1,000,000"),
    ],
)
def test_a_range_the_field_does_not_allow_is_refused_before_any_game(
    knob: str, low: str, high: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The field's own declared range (the one validation applies, BB0211) bounds what tune tries.
    args = ["tune", str(PALE_BELL), "--chapter", "1", "--knob", knob, "--games", "1", "--hunters", "1"]
    assert run([*args, "--min", low, "--max", high]) == 2
    assert message in capsys.readouterr().err
