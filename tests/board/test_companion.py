"""The table companion (`huntkit play` for the board game): prompts, undo, save points, saves."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.cli import run
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.companion.app import play
from toolkit.games.board.companion.saves import SaveError, SaveFile, load_game, save_game
from toolkit.games.board.companion.session import Session
from toolkit.games.board.interpreter.book import book_from_index
from toolkit.games.board.interpreter.machine import MissionInterpreter, new_state
from toolkit.games.board.interpreter.state import MissionState

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"


@cache
def loaded() -> tuple[ContentIndex, Pack]:
    result = validate_paths([PALE_BELL])
    return result.index, result.packs[0]


def session(hunters: int = 2) -> Session:
    index, pack = loaded()
    book = book_from_index(index, pack.id, None)
    new = Session(MissionInterpreter(book, new_state(book, hunters)))
    new.opening()
    return new


def run_script(tmp_path: Path, text: str, *extra: str, name: str = "script.txt") -> tuple[int, str]:
    index, pack = loaded()
    script = tmp_path / name
    script.write_text(textwrap.dedent(text), encoding="utf-8")
    out = io.StringIO()
    options: dict[str, Path | None] = {"save": None, "resume": None}
    for option in extra:
        key, _, value = option.partition("=")
        options[key] = tmp_path / value
    code = play(index, pack, count=2, script=script, stdout=out, **options)
    return code, out.getvalue()


def test_the_opening_lists_the_setup_for_the_number_of_hunters() -> None:
    index, pack = loaded()
    book = book_from_index(index, pack.id, None)
    lines = Session(MissionInterpreter(book, new_state(book, 3))).opening()
    text = "\n".join(lines)
    assert "plus 3 random unused tiles" in text
    assert "Enemy slots: 1. Scourge Beast  2. Hunter Mob  3. Male Beast Patient" in text
    assert "Special rules in play: card 1, Ringing in the Dark." in text
    assert "Reveal card 2: The Bell Without a Rope" in text


@pytest.mark.parametrize(
    "line",
    [
        "fly to the moon",
        "move",
        "move nowhere-tile",
        "slay dragon",
        "slay hunter-mob many",
        "slay hunter-mob 999",
        "interact",
        "choose 3",
        'move "unclosed',
        "save",
        "back nothing",
        "undo please",
        "\x00\x01",
        "9" * 50,
    ],
)
def test_bad_input_gets_a_message_and_never_loses_the_session(line: str) -> None:
    companion = session()
    before = companion.state.to_json()
    reply = companion.handle(line)
    assert reply.lines, "a bad line must be answered"
    assert companion.state.to_json() == before
    assert not reply.quit


def test_a_mistyped_command_gets_a_did_you_mean() -> None:
    reply = session().handle("stauts")
    assert "did you mean 'status'" in reply.lines[0]


def test_undo_takes_back_the_last_report() -> None:
    companion = session()
    before = companion.state.to_json()
    companion.handle("move ransacked-house")
    assert companion.state.chapter.card(5) is not None
    assert companion.handle("undo").lines == ["Undone: back to before the last report."]
    assert companion.state.to_json() == before
    assert companion.handle("undo").lines == ["Nothing to undo."]


def test_a_named_save_point_brings_the_table_back_before_the_boss() -> None:
    companion = session()
    companion.state.campaign.insight.append(24)
    for line in ("move oedon-chapel", "slay bell-warden", "save before-boss", "slay cleric-beast"):
        companion.handle(line)
    assert companion.state.chapter.status == "won"
    reply = companion.handle("back before-boss")
    assert reply.lines[0] == "Back at save point 'before-boss'."
    assert companion.state.chapter.status == "playing"
    assert companion.state.chapter.card(4) is not None


def test_a_bare_number_answers_the_pending_choice() -> None:
    companion = session()
    companion.handle("move ransacked-house")
    companion.handle("token widow central-lamp")
    reply = companion.handle("1")
    assert any("insight card 24" in line for line in reply.lines)


def test_status_shows_track_insight_cards_in_play_and_goals() -> None:
    companion = session()
    companion.handle("move graveyard")
    text = "\n".join(companion.handle("status").lines)
    assert "Chapter 1 (playing), round 1, Hunt Track 1/16." in text
    assert "In play: card 7, Torches at the Graveyard (insight)." in text
    assert (
        "goal of card 7: slay 2 × Hunter Mob (graveyard-mob) → complete the mission (insight card 26)" in text
    )
    assert "graveyard-mob: Hunter Mob 2/2" in text


def test_why_names_the_trigger_and_its_file_and_line() -> None:
    companion = session()
    companion.handle("move graveyard")
    text = "\n".join(companion.handle("why").lines)
    assert "chapter 1 trigger “a hunter ends a move on graveyard”" in text
    assert "chapter-1.yaml:18" in text


def test_save_and_resume_carry_the_campaign_and_its_save_points(tmp_path: Path) -> None:
    code, _ = run_script(
        tmp_path,
        """
        move ransacked-house
        save at-the-widow
        token widow central-lamp
        choose 1
        quit
        """,
        "save=game.json",
    )
    assert code == 0
    saved = load_game(tmp_path / "game.json")
    assert saved.state.campaign.insight == [24]
    assert "at-the-widow" in saved.points
    code, output = run_script(tmp_path, "back at-the-widow\nstatus\n", "resume=game.json", name="two.txt")
    assert code == 0
    assert "(resumed)" in output
    assert "Back at save point 'at-the-widow'." in output
    assert load_game(tmp_path / "game.json").state.campaign.insight == []


def test_resuming_a_broken_save_is_a_usage_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "broken.json").write_text('{"format": "huntkit-board-save/1", "pack"', encoding="utf-8")
    code = run(["play", str(PALE_BELL), "--resume", str(tmp_path / "broken.json")])
    assert code == 2
    assert "is not a huntkit board-game save" in capsys.readouterr().err
    with pytest.raises(SaveError, match="no save file"):
        load_game(tmp_path / "missing.json")


def test_play_from_the_command_line_with_a_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "s.txt"
    script.write_text("move graveyard\nslay graveyard-mob 2\nquit\n", encoding="utf-8")
    code = run(["play", str(PALE_BELL), "--hunters", "2", "--script", str(script)])
    assert code == 0
    out = capsys.readouterr().out
    assert "hunt> slay graveyard-mob 2" in out
    assert "Take insight card 26: Torches Put Out." in out


CHILD = """
import os, sys, time
from pathlib import Path
from toolkit.core.files import write_text_atomic

def stall(descriptor):
    # The new save is half written when this runs: tell the parent, then wait to be killed.
    sys.stdout.write("writing\\n")
    sys.stdout.flush()
    time.sleep(120)

os.fsync = stall
write_text_atomic(Path(sys.argv[1]), "{" + "x" * 2_000_000, durable=True)
"""


def test_killing_the_process_mid_save_leaves_the_previous_save_readable(tmp_path: Path) -> None:
    index, pack = loaded()
    book = book_from_index(index, pack.id, None)
    interpreter = MissionInterpreter(book, new_state(book, 2))
    interpreter.begin_chapter()
    interpreter.apply({"end_move": "graveyard"})
    path = tmp_path / "game.json"
    save_game(path, SaveFile(pack=pack.id, state=interpreter.state))
    with subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True, cwd=REPO
    ) as child:
        try:
            assert child.stdout is not None
            assert child.stdout.readline() == "writing\n"
            leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            assert leftovers, "the child must be stopped while the new save is being written"
        finally:
            child.kill()
            child.wait()
    assert load_game(path).state == interpreter.state


def test_reports_piped_on_standard_input_are_echoed_and_played() -> None:
    index, pack = loaded()
    out = io.StringIO()
    code = play(index, pack, count=1, stdin=io.StringIO("move graveyard\nslay graveyard-mob\n"), stdout=out)
    assert code == 0
    assert "hunt> slay graveyard-mob" in out.getvalue()
    assert "Take insight card 26" in out.getvalue()


def test_an_impossible_table_size_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["play", str(PALE_BELL), "--hunters", "5"]) == 2
    assert "1 to 4 hunters" in capsys.readouterr().err
    assert run(["play", str(PALE_BELL), "--campaign", "the-pale-bel"]) == 2
    assert "no campaign 'the-pale-bel'" in capsys.readouterr().err


WORDS = ["move", "tile", "slay", "interact", "token", "dream", "end", "choose", "undo", "next", "back"]
NAMES = ["ransacked-house", "graveyard", "oedon-chapel", "central-lamp", "alleyway", "widow", "beast-ash"]
NAMES += ["graveyard-mob", "bell-warden", "cleric-beast", "scourge-beast", "courtyard-lamp", "1", "2", "3"]
COMMAND_LINES = st.builds(
    lambda word, args: " ".join([word, *args]),
    st.sampled_from(WORDS),
    st.lists(st.sampled_from(NAMES), max_size=2),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.one_of(st.text(max_size=30), COMMAND_LINES), max_size=12))
def test_any_typed_lines_get_answers_and_leave_a_valid_state(lines: list[str]) -> None:
    companion = session()
    for line in lines:
        reply = companion.handle(line)
        assert all(isinstance(text, str) for text in reply.lines)
        assert not any(text.startswith("Internal error") for text in reply.lines)
    assert MissionState.from_json(companion.state.to_json()) == companion.state


def test_bot_options_are_refused_for_the_board_companion(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["play", str(PALE_BELL), "--seed", "3"]) == 2
    assert "--seed and --bot" in capsys.readouterr().err
