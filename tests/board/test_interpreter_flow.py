"""Edge cases of the interpreter's flow, on small campaigns written for each case."""

from __future__ import annotations

import textwrap
from pathlib import Path

from toolkit.core.pipeline import validate_paths
from toolkit.games.board.interpreter import MissionInterpreter, MissionState, book_from_index, new_state

CAMPAIGN = """\
kind: campaign
id: mini
name: Mini
introduction: A campaign written for one test.
---
kind: chapter
campaign: mini
number: 2
title: Two
setup: {enemies: [scourge-beast, hunter-mob, church-servant], tiles: [graveyard], random_tiles: 2}
triggers:
  - when: {start_of_hunt: true}
    reveal: 20
---
kind: mission-card
campaign: mini
chapter: 2
number: 20
type: hunt
title: Twenty
goals:
  - goal: {end_move_on: graveyard}
    then: [complete_hunt: true]
---
kind: chapter
campaign: mini
number: 3
title: Three
setup: {enemies: [scourge-beast, hunter-mob, church-servant], tiles: [graveyard], random_tiles: 2}
triggers:
  - when: {start_of_hunt: true}
    reveal: 30
---
kind: mission-card
campaign: mini
chapter: 3
number: 30
type: hunt
title: Thirty
goals:
  - goal: {end_move_on: graveyard}
    then: [complete_hunt: true]
"""

PACK = "id: mini\ngame: bloodborne-board\nname: Mini\nversion: 0.1.0\nrequires: [core]\n"


def interpreter_for(tmp_path: Path, chapter_one: str) -> MissionInterpreter:
    (tmp_path / "pack.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "campaign.yaml").write_text(CAMPAIGN, encoding="utf-8")
    (tmp_path / "chapter-1.yaml").write_text(chapter_one, encoding="utf-8")
    result = validate_paths([tmp_path])
    assert not result.error_count, [d.message for d in result.diagnostics]
    book = book_from_index(result.index, "mini", "mini")
    interpreter = MissionInterpreter(book, new_state(book, 2))
    interpreter.begin_chapter()
    return interpreter


HEADER = """\
kind: chapter
campaign: mini
number: 1
title: One
setup: {enemies: [scourge-beast, hunter-mob, church-servant], tiles: [graveyard, alleyway], random_tiles: 2}
"""


def test_a_choice_on_reveal_pauses_and_the_event_s_other_triggers_fire_after_it(tmp_path: Path) -> None:
    interpreter = interpreter_for(
        tmp_path,
        HEADER
        + textwrap.dedent(
            """\
        triggers:
          - when: {end_move_on: graveyard}
            reveal: 1
          - when: {end_move_on: graveyard}
            reveal: 2
        ---
        kind: mission-card
        campaign: mini
        chapter: 1
        number: 1
        type: hunt
        title: Asks
        on_reveal:
          - choose:
              prompt: Which way?
              options:
                - {label: Left, then: [set_counter: {counter: way, value: 3}]}
                - {label: Right, then: [set_counter: {counter: way, value: 2}]}
        goals:
          - goal: {counter: {counter: way, at_least: 2}}
            then: [complete_hunt: true]
        ---
        kind: mission-card
        campaign: mini
        chapter: 1
        number: 2
        type: insight
        title: Waits
        goals:
          - goal: {end_move_on: alleyway}
            then: [complete_mission: {}]
        """
        ),
    )
    interpreter.apply({"end_move": "graveyard"})
    assert interpreter.state.chapter.pending is not None
    assert interpreter.state.chapter.revealed == [1]
    saved = MissionState.from_json(interpreter.state.to_json())
    interpreter.state = saved
    outcomes = interpreter.apply({"choose": "Left"})
    assert [o.text for o in outcomes][:2] == ["Chosen: Left.", "Counter way: 3."]
    assert interpreter.state.chapter.revealed == [1, 2]
    assert interpreter.state.chapter.status == "won"


def test_a_card_that_keeps_the_rules_of_the_last_step_carries_them_on(tmp_path: Path) -> None:
    interpreter = interpreter_for(
        tmp_path,
        HEADER
        + textwrap.dedent(
            """\
        triggers:
          - when: {start_of_hunt: true}
            reveal: 1
        ---
        kind: mission-card
        campaign: mini
        chapter: 1
        number: 1
        type: hunt
        title: Counts
        on_reveal: [set_counter: {counter: kills, value: 0}]
        rules:
          - when: {enemy_slain: {enemy: hunter-mob}}
            do: [add_counter: {counter: kills}]
        goals:
          - goal: {end_move_on: graveyard}
            then: [reveal: 2]
        ---
        kind: mission-card
        campaign: mini
        chapter: 1
        number: 2
        type: hunt
        title: Still counts
        keeps: {rules: true, counters: [kills]}
        goals:
          - goal: {counter: {counter: kills, at_least: 2}}
            then: [complete_hunt: true]
        """
        ),
    )
    interpreter.apply({"slain": "hunter-mob"})
    interpreter.apply({"end_move": "graveyard"})
    assert interpreter.state.chapter.counters == {"kills": 1}
    interpreter.apply({"slain": "hunter-mob"})
    assert interpreter.state.chapter.status == "won"


def test_a_hunt_track_trigger_fires_when_a_dream_moves_the_track(tmp_path: Path) -> None:
    interpreter = interpreter_for(
        tmp_path,
        HEADER
        + textwrap.dedent(
            """\
        triggers:
          - when: {start_of_hunt: true}
            reveal: 1
          - when: {hunt_track_reaches: 3}
            reveal: 2
        ---
        kind: mission-card
        campaign: mini
        chapter: 1
        number: 1
        type: hunt
        title: Hunt
        goals:
          - goal: {end_move_on: graveyard}
            then: [complete_hunt: true]
        ---
        kind: mission-card
        campaign: mini
        chapter: 1
        number: 2
        type: insight
        title: Late rules
        on_reveal: [change_hp: {target: {enemy: hunter-mob}, by: 1}]
        goals:
          - goal: {end_move_on: alleyway}
            then: [complete_mission: {}]
        """
        ),
    )
    interpreter.apply({"dream": True})
    assert 2 not in interpreter.state.chapter.revealed
    outcomes = interpreter.apply({"dream": True})
    assert interpreter.state.chapter.hunt_track == 3
    assert [o.card for o in outcomes if o.kind == "reveal"] == [2]
    assert interpreter.state.chapter.modifiers[0].text.startswith("hunter-mob HP +1")
