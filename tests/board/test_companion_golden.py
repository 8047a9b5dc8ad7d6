"""Golden test: a scripted `huntkit play` session plays The Pale Bell from chapter 1 to the end,
saving and resuming between chapters; the transcript must match line by line.

Regenerate after an intended change with
``HUNTKIT_UPDATE_GOLDEN=1 pytest tests/board/test_companion_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.cli import run

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden" / "pale-bell"
PACK = Path("content") / "campaigns" / "the-pale-bell"


def play_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    save = tmp_path / "pale-bell.json"
    transcript: list[str] = []
    for number in (1, 2, 3):
        script = GOLDEN / f"chapter-{number}.txt"
        args = ["play", str(PACK), "--script", str(script)]
        args += ["--hunters", "2", "--save", str(save)] if number == 1 else ["--resume", str(save)]
        how = "--hunters 2 --save SAVE" if number == 1 else "--resume SAVE"
        transcript.append(f"### huntkit play {PACK} --script {script.name} {how}")
        code = run(args)
        transcript.extend(capsys.readouterr().out.splitlines())
        transcript.append(f"### exit {code}")
    return transcript


def test_a_scripted_campaign_with_saves_between_chapters_matches_the_golden_transcript(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)  # explanations name files relative to the working folder
    actual = play_session(tmp_path, capsys)
    golden = GOLDEN / "transcript.txt"
    if os.environ.get("HUNTKIT_UPDATE_GOLDEN"):
        golden.write_text("\n".join(actual) + "\n", encoding="utf-8")
    expected = golden.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), 1):
        if want != got:
            pytest.fail(f"transcript line {number} differs\n  expected: {want!r}\n  actual:   {got!r}")
    assert len(actual) == len(expected), f"transcript has {len(actual)} lines, golden has {len(expected)}"
    assert actual[-1] == "### exit 0"
    assert any("The campaign is won. Well hunted." in line for line in actual)
