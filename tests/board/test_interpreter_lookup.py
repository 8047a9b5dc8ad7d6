"""The interpreter's lookup tables only leave out what could never react to a happening."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter

from toolkit.core.pipeline import validate_paths
from toolkit.games.board.interpreter.book import CampaignBook, book_from_index
from toolkit.games.board.interpreter.compiled import condition_test, trigger_match
from toolkit.games.board.interpreter.lookup import (
    COUNTERS,
    INSIGHT,
    SLAIN,
    TILES,
    TOKENS,
    TRACK,
    card_lookup,
    chapter_lookup,
    condition_kinds,
    event_name,
    event_names,
    kind_of,
    reads,
    trigger_kind,
)
from toolkit.games.board.interpreter.machine import new_state, parse_event
from toolkit.games.board.interpreter.matching import Happening, holds, trigger_matches, uses_event
from toolkit.games.board.interpreter.state import CardInPlay, EnemyGroup, MissionState, TokenState
from toolkit.games.board.mission.conditions import Condition
from toolkit.games.board.mission.triggers import Trigger

PALE_BELL = Path(__file__).resolve().parents[2] / "content" / "campaigns" / "the-pale-bell"

TRIGGERS: list[dict[str, Any]] = [
    {"start_of_hunt": True},
    {"round_start": True},
    {"round_end": True},
    {"reset": True},
    {"hunt_track_reaches": 4},
    {"insight_collected": 1},
    {"end_move_on": "graveyard"},
    {"end_move_on": {"space": "graveyard", "space_id": "graveyard"}},
    {"end_move_on": {"token": "widow"}},
    {"tile_revealed": "graveyard"},
    {"enemy_slain": {"enemy": "scourge-beast"}},
    {"enemy_slain": {"tag": "mob"}},
    {"enemy_slain": {"boss": "cleric-beast"}},
    {"interact": "widow"},
    {"narrative": "when the bell tolls"},
]

CONDITIONS: list[dict[str, Any]] = [
    {"end_move_on": "graveyard"},
    {"end_move_on": {"token": "widow"}},
    {"interact": "widow"},
    {"collected_insight": 1},
    {"holds_insight": 24},
    {"slay": {"enemy": "scourge-beast"}},
    {"escort": {"token": "widow", "to": "graveyard"}},
    {"counter": {"counter": "bells", "at_least": 1}},
    {"hunt_track_reaches": 2},
    {"tiles_revealed": 1},
    {"all": [{"end_move_on": "graveyard"}, {"slay": {"enemy": "scourge-beast"}}]},
    {"all": [{"end_move_on": "graveyard"}, {"interact": "widow"}]},
    {"any": [{"end_move_on": "graveyard"}, {"interact": "widow"}]},
    {"any": [{"end_move_on": "graveyard"}, {"hunt_track_reaches": 2}]},
    {"not": {"end_move_on": "graveyard"}},
    {"not": {"interact": "widow"}},
    {"narrative": "the hunters feel watched"},
]

HAPPENINGS: list[Happening] = [
    "start",
    "round_start",
    "reset",
    "advance",
    "reached:4",
    "reached:5",
    *(
        parse_event(event)
        for event in (
            {"end_round": True},
            {"dream": True},
            {"end_move": "graveyard"},
            {"end_move": "alleyway"},
            {"tile_revealed": "graveyard"},
            {"slain": "scourge-beast"},
            {"slain": "mob"},
            {"slain": "cleric-beast"},
            {"interact": "widow"},
            {"token_moved": {"token": "widow", "to": "graveyard"}},
        )
    ),
]


@cache
def book() -> CampaignBook:
    result = validate_paths([PALE_BELL])
    return book_from_index(result.index, result.packs[0].id, None)


def state() -> MissionState:
    """A state where every trigger and condition above can hold."""
    mission = new_state(book(), 2)
    chapter = mission.chapter
    chapter.hunt_track = 4
    chapter.tokens["widow"] = TokenState(type="survivor", tile="graveyard")
    chapter.enemies["mob"] = EnemyGroup(enemy="hunter-mob", count=2, alive=2)
    chapter.enemies["cleric-beast"] = EnemyGroup(enemy="cleric-beast", boss=True)
    chapter.counters["bells"] = 1
    chapter.tiles_revealed.append("graveyard")
    mission.campaign.insight.append(24)
    return mission


def card() -> CardInPlay:
    return CardInPlay(number=1, slain={"enemy:scourge-beast": 1})


def model(adapter: TypeAdapter[Any], data: dict[str, Any]) -> BaseModel:
    value: BaseModel = adapter.validate_python(data)
    return value


@pytest.mark.parametrize("data", TRIGGERS, ids=lambda data: next(iter(data)))
def test_a_trigger_matches_only_happenings_of_the_kind_it_is_filed_under(data: dict[str, Any]) -> None:
    trigger = model(TypeAdapter(Trigger), data)
    matched = [h for h in HAPPENINGS if trigger_matches(trigger, h, state(), book())]
    assert all(kind_of(h) == trigger_kind(trigger) for h in matched)
    if trigger_kind(trigger) is not None and not isinstance(trigger_kind(trigger), str):
        assert matched  # the table is tested on a happening the trigger really matches


@pytest.mark.parametrize("data", CONDITIONS, ids=lambda data: str(data)[:40])
def test_a_goal_filed_under_event_kinds_holds_on_no_other_happening(data: dict[str, Any]) -> None:
    condition = model(TypeAdapter(Condition), data)
    kinds = condition_kinds(condition)
    held = [h for h in [*HAPPENINGS, None] if holds(condition, state(), book(), card(), h)]
    if kinds is not None:
        assert held or not kinds  # `all` of two different events never holds
        assert all(h is not None and kind_of(h) in kinds for h in held)


def _without(part: int) -> tuple[MissionState, CardInPlay]:
    """The state and card above with one part of what conditions read changed."""
    mission, in_play = state(), card()
    chapter = mission.chapter
    if part == TRACK:
        chapter.hunt_track = 1
    elif part == INSIGHT:
        mission.campaign.insight.clear()
    elif part == SLAIN:
        in_play.slain.clear()
    elif part == TOKENS:
        chapter.tokens["widow"].tile = "alleyway"
    elif part == COUNTERS:
        chapter.counters.clear()
    elif part == TILES:
        chapter.tiles_revealed.clear()
    return mission, in_play


PARTS = (TRACK, INSIGHT, SLAIN, TOKENS, COUNTERS, TILES)


def test_a_condition_holds_the_same_whatever_changes_outside_what_it_reads() -> None:
    moved: set[int] = set()  # the parts whose change made some condition hold or not
    for data in CONDITIONS:
        condition = model(TypeAdapter(Condition), data)
        read = reads(condition)
        for happening in [*HAPPENINGS, None]:
            held = holds(condition, state(), book(), card(), happening)
            for part in PARTS:
                changed, in_play = _without(part)
                now = holds(condition, changed, book(), in_play, happening)
                if now != held:
                    moved.add(part)
                    assert part & read, (data, part, happening)
    assert moved == set(PARTS)  # each change above matters to some condition: none is idle


@pytest.mark.parametrize("data", CONDITIONS, ids=lambda data: str(data)[:40])
def test_a_goal_reading_the_event_holds_only_on_the_events_it_names(data: dict[str, Any]) -> None:
    condition = model(TypeAdapter(Condition), data)
    if not uses_event(condition):
        return
    names = event_names(condition)
    held = [h for h in [*HAPPENINGS, None] if holds(condition, state(), book(), card(), h)]
    if names is None:
        return
    for happening in held:
        assert happening is not None and kind_of(happening) in names
        named = names[kind_of(happening)]
        assert named is None or event_name(happening) in named
    assert held or not names or "all" in data  # tested on an event it really holds on


def test_the_tables_keep_each_card_s_rules_and_goals_in_the_card_s_order() -> None:
    for entry in book().deck.cards:
        lookup = card_lookup(book(), entry.model.number)
        for rules in lookup.rules.values():
            positions = [position for position, _ in rules]
            assert positions == sorted(positions)
        assert [goal.position for goal in lookup.goals] == list(range(len(entry.model.goals)))
    for number in book().deck.chapter_numbers():
        chapter = chapter_lookup(book(), number)
        for kind_positions in chapter.triggers.values():
            assert list(kind_positions) == sorted(kind_positions)


@pytest.mark.parametrize("data", CONDITIONS, ids=lambda data: str(data)[:40])
def test_a_condition_made_into_a_test_holds_as_the_condition_does(data: dict[str, Any]) -> None:
    condition = model(TypeAdapter(Condition), data)
    test = condition_test(condition, book(), 2)
    for part in (0, *PARTS):
        mission, in_play = _without(part)
        for happening in [*HAPPENINGS, None]:
            kind = None if happening is None else kind_of(happening)
            for card_in_play in (in_play, None):
                expected = holds(condition, mission, book(), card_in_play, happening)
                assert test(mission, card_in_play, happening, kind) == expected, (part, happening)


@pytest.mark.parametrize("data", TRIGGERS, ids=lambda data: next(iter(data)))
def test_a_trigger_made_into_a_match_matches_as_the_trigger_does(data: dict[str, Any]) -> None:
    trigger = model(TypeAdapter(Trigger), data)
    kind = trigger_kind(trigger)
    match = trigger_match(trigger, book())
    for part in (0, *PARTS):
        mission = _without(part)[0]
        for happening in HAPPENINGS:
            if kind_of(happening) == kind:
                expected = trigger_matches(trigger, happening, mission, book())
                assert (match is None or match(happening, mission)) == expected, (part, happening)
