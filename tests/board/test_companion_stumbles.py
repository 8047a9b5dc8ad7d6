"""The terminal companion's stumbles found by trying it as a new user, each pinned: a slay report by
an enemy's name meets goals waiting for its group's tag, the introduction at the start, no doubled
words, completion that knows what comes next, and the hunter count asked for, never guessed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.board.test_companion import PALE_BELL, loaded, session
from toolkit.cli import run
from toolkit.games.board.companion import app
from toolkit.games.board.companion.completion import complete
from toolkit.games.board.interpreter.wording import place, the
from toolkit.games.board.mission.common import SpacePlace


def test_a_slain_enemy_named_by_its_type_meets_the_goal_waiting_for_its_tag() -> None:
    table = session(hunters=2)
    for line in ("move ransacked-house", "end", "token widow central-lamp", "2", "token widow alleyway"):
        table.handle(line)
    table.handle("move oedon-chapel")
    assert "bell-warden" in table.state.chapter.enemies
    assert table.state.chapter.enemies["bell-warden"].enemy == "hair-rope-warden"
    reply = table.handle("slay hair-rope-warden")  # what the table sees: the enemy, not the card's tag
    assert "  Goal met on card 3: slay The Hair-Rope Warden (bell-warden)." in reply.lines  # her name too
    assert 4 in table.state.chapter.revealed  # card 3's goal led on to card 4


def test_an_enemy_type_with_two_standing_groups_or_in_a_slot_is_not_guessed() -> None:
    from toolkit.games.board.interpreter.events import Slain, SlainTarget
    from toolkit.games.board.interpreter.state import EnemyGroup

    table = session()
    chapter = table.state.chapter
    chapter.enemies["north"] = EnemyGroup(enemy="hair-rope-warden")
    chapter.enemies["south"] = EnemyGroup(enemy="hair-rope-warden")
    report = Slain(slain=SlainTarget(target="hair-rope-warden"))
    assert table.group_of(report) is None
    chapter.enemies["south"].alive = 0
    assert table.group_of(report) == "north"
    chapter.enemies["mob"] = EnemyGroup(enemy="hunter-mob")  # Hunter Mob also stands in a slot
    assert table.group_of(Slain(slain=SlainTarget(target="hunter-mob"))) is None


def test_the_campaign_introduction_and_the_chapter_story_open_a_new_campaign() -> None:
    index, pack = loaded()
    from toolkit.games.board.companion.session import Session
    from toolkit.games.board.interpreter.book import book_from_index
    from toolkit.games.board.interpreter.machine import MissionInterpreter, new_state

    book = book_from_index(index, pack.id, None)
    lines = Session(MissionInterpreter(book, new_state(book, 2))).opening()
    assert lines[0] == "=== The Pale Bell ==="
    assert lines[1].startswith("For nine nights a bell has rung")
    assert lines[2] == "=== Chapter 1: The First Toll (2 hunters) ==="
    assert lines[3].startswith("The ringing starts at dusk.")
    later = Session(MissionInterpreter(book, new_state(book, 2, chapter=2))).opening()
    assert not any("For nine nights" in line for line in later)


def test_a_place_whose_id_begins_with_the_gets_no_second_the() -> None:
    assert place(SpacePlace(space="the-great-bridge")) == "the-great-bridge space"
    assert place(SpacePlace(space="oedon-chapel")) == "the oedon-chapel space"
    assert the("The Old Sexton") == "The Old Sexton" and the("theatre") == "the theatre"


def test_a_branch_on_held_insight_reads_as_a_sentence() -> None:
    table = session(hunters=2)
    for line in ("move ransacked-house", "end", "token widow central-lamp", "2", "token widow alleyway"):
        table.handle(line)
    reply = table.handle("move oedon-chapel")
    text = "\n".join(reply.lines)
    assert "if the hunters hold insight card 24" in text and "if hold" not in text


@pytest.mark.parametrize(
    ("before", "text", "expected", "absent"),
    [
        ("move ", "ch", ["church-of-the-good-chalice"], ["cleric-beast", "choose"]),
        ("", "s", ["save", "setup", "slay", "status"], ["scourge-beast"]),
        ("slay ", "", ["hunter-mob", "scourge-beast"], ["central-lamp", "status"]),
        ("tile ", "r", ["random", "ransacked-house"], []),
        ("interact ", "", [], ["graveyard"]),
        ("end ", "", [], ["end", "move"]),
    ],
)
def test_completion_offers_what_fits_after_the_words_typed(
    before: str, text: str, expected: list[str], absent: list[str]
) -> None:
    offered = complete(session(), before, text)
    assert all(word in offered for word in expected), offered
    assert not any(word in offered for word in absent), offered


def test_completion_offers_the_tokens_on_the_map_then_tiles() -> None:
    table = session()
    table.handle("move ransacked-house")
    assert complete(table, "interact ", "") == ["widow"]
    assert complete(table, "token ", "w") == ["widow"]
    assert "alleyway" in complete(table, "token widow ", "a")


def test_a_script_without_hunters_is_refused_with_what_to_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.txt"
    script.write_text("status\n", encoding="utf-8")
    save = tmp_path / "game.json"
    assert run(["play", str(PALE_BELL), "--script", str(script), "--save", str(save)]) == 2
    assert "--hunters" in capsys.readouterr().err
    assert not save.exists()


def test_the_keyboard_is_asked_for_the_hunters_until_it_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["", "five", "3"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    out = io.StringIO()
    assert app._ask_hunters(io.StringIO(), out, interactive=True) == 3
    assert "'five' is not 1, 2, 3 or 4." in out.getvalue()
    assert app._ask_hunters(io.StringIO(), out, interactive=False) is None
