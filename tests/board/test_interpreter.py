"""The mission interpreter: events in, explained outcomes out, state that round-trips exactly."""

from __future__ import annotations

import pickle
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from toolkit.core.pipeline import validate_paths
from toolkit.games.board.interpreter.book import CampaignBook, book_from_index
from toolkit.games.board.interpreter.exploration import explore_chapter
from toolkit.games.board.interpreter.machine import EventRejected, MissionInterpreter, new_state
from toolkit.games.board.interpreter.state import MissionState
from toolkit.games.board.mission.common import Keeps

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"
SOFT_LOCK = REPO / "tests" / "fixtures" / "codes" / "BB0601"


@cache
def book(path: Path = PALE_BELL) -> CampaignBook:
    result = validate_paths([path])
    return book_from_index(result.index, result.packs[0].id, None)


def started(chapter: int = 1, hunters: int = 2, insight: tuple[int, ...] = ()) -> MissionInterpreter:
    state = new_state(book(), hunters, chapter)
    state.campaign.insight = list(insight)
    interpreter = MissionInterpreter(book(), state)
    interpreter.begin_chapter()
    return interpreter


def test_start_of_hunt_reveals_the_first_card_and_says_which_trigger_at_which_line() -> None:
    interpreter = MissionInterpreter(book(), new_state(book(), 2))
    outcomes = interpreter.begin_chapter()
    reveal = next(o for o in outcomes if o.kind == "reveal" and o.card == 2)
    assert reveal.why is not None and reveal.why.location is not None
    assert reveal.why.location.file is not None and reveal.why.location.file.name == "chapter-1.yaml"
    assert reveal.why.location.line == 14
    assert "start of the hunt" in reveal.why.reason


def test_a_goal_met_explains_the_goal_and_the_reveal_it_makes() -> None:
    interpreter = started(insight=(24,))
    outcomes = interpreter.apply({"end_move": "oedon-chapel"})
    kinds = [o.kind for o in outcomes]
    assert kinds[:3] == ["goal-met", "step-complete", "reveal"]
    assert outcomes[2].card == 3
    assert outcomes[0].why is not None and outcomes[0].why.location is not None
    assert outcomes[0].why.location.line == 54


def test_state_with_a_pending_choice_round_trips_through_json_exactly() -> None:
    interpreter = started()
    interpreter.apply({"end_move": "ransacked-house"})
    interpreter.apply({"token_moved": {"token": "widow", "to": "central-lamp"}})
    state = interpreter.state
    assert state.chapter.pending is not None
    text = state.to_json()
    again = MissionState.from_json(text)
    assert again == state
    assert again.to_json() == text


def test_a_pending_choice_resumes_after_a_save_in_a_new_interpreter() -> None:
    interpreter = started()
    interpreter.apply({"end_move": "ransacked-house"})
    interpreter.apply({"token_moved": {"token": "widow", "to": "central-lamp"}})
    resumed = MissionInterpreter(book(), MissionState.from_json(interpreter.state.to_json()))
    resumed.apply({"choose": 2})
    assert resumed.state.chapter.card(6) is not None
    assert "widow" in resumed.state.chapter.tokens  # card 6 keeps the widow's token


def test_the_same_events_always_give_the_same_outcomes_and_state() -> None:
    events: list[dict[str, object]] = [
        {"end_move": "graveyard"},
        {"slain": {"target": "graveyard-mob", "count": 2}},
        {"end_move": "oedon-chapel"},
        {"slain": "bell-warden"},
    ]
    runs = []
    for _ in range(2):
        interpreter = started()
        texts = [o.text for event in events for o in interpreter.apply(event)]
        runs.append((texts, interpreter.state.to_json()))
    assert runs[0] == runs[1]


def test_a_rejected_event_leaves_the_state_unchanged() -> None:
    interpreter = started()
    before = interpreter.state.to_json()
    with pytest.raises(EventRejected, match="no token named 'widow'"):
        interpreter.apply({"interact": "widow"})
    with pytest.raises(EventRejected, match="not on the map"):
        interpreter.apply({"slain": "cleric-beast"})
    with pytest.raises(EventRejected, match="not an event"):
        interpreter.apply({"fly_to": "the-moon"})
    assert interpreter.state.to_json() == before


def test_a_rejected_event_hints_at_the_closest_name_even_after_the_state_moved_on() -> None:
    interpreter = started()
    with pytest.raises(EventRejected) as tile:
        interpreter.apply({"end_move": "graveyrd"})
    with pytest.raises(EventRejected) as target:
        interpreter.apply({"slain": "scourge-beest"})
    interpreter.apply({"end_move": "ransacked-house"})  # places the widow's token
    with pytest.raises(EventRejected) as token:
        interpreter.apply({"interact": "widdow"})
    interpreter.apply({"token_moved": {"token": "widow", "to": "central-lamp"}})
    assert tile.value.hint == "did you mean 'graveyard'?"
    assert target.value.hint == "did you mean 'scourge-beast'?"
    assert token.value.hint == "did you mean 'widow'?"
    again = pickle.loads(pickle.dumps(tile.value))
    assert (again.message, again.hint) == (tile.value.message, tile.value.hint)


def test_a_rejected_choice_leaves_the_state_exactly_unchanged() -> None:
    interpreter = started()
    interpreter.apply({"end_move": "ransacked-house"})
    interpreter.apply({"token_moved": {"token": "widow", "to": "central-lamp"}})
    before = interpreter.state.model_copy(deep=True)
    with pytest.raises(EventRejected, match="no option 9"):
        interpreter.apply({"choose": 9})
    with pytest.raises(EventRejected, match="first answer the choice"):
        interpreter.apply({"end_round": True})
    assert interpreter.state == before
    assert interpreter.state.to_json() == before.to_json()


def test_a_choice_resuming_a_saved_event_that_no_longer_parses_is_rolled_back() -> None:
    interpreter = started()
    interpreter.apply({"end_move": "ransacked-house"})
    interpreter.apply({"token_moved": {"token": "widow", "to": "central-lamp"}})
    pending = interpreter.state.chapter.pending
    assert pending is not None and pending.event is not None
    pending.event = {"event": {"fly_to": "the-moon"}}  # a save edited by hand
    before = interpreter.state.to_json()
    with pytest.raises(EventRejected, match="not an event"):
        interpreter.apply({"choose": 2})
    assert interpreter.state.to_json() == before


def test_exploration_lists_the_ends_of_a_chapter_and_finds_no_soft_lock() -> None:
    result = explore_chapter(book(), 2, hunters=2, insight=(24,))
    assert not result.bound_hit
    assert not result.soft_locks
    assert any(end.startswith("won") for end in result.ends)
    assert (24, 28, 29) in result.end_insight


def test_exploration_finds_the_choice_that_soft_locks_a_chapter() -> None:
    locked = book(SOFT_LOCK / "negative")
    result = explore_chapter(locked, 1, hunters=2)
    assert result.soft_locks
    lock = result.soft_locks[0]
    assert lock.path.events == ("end move on oedon-chapel", "choose 1")
    assert lock.in_play == (3,)
    assert lock.stuck == 3
    assert not explore_chapter(book(SOFT_LOCK / "positive"), 1).soft_locks


def test_exploration_reports_when_it_hits_its_bound() -> None:
    result = explore_chapter(book(), 1, hunters=2, bound=20)
    assert result.bound_hit
    assert result.states == 20
    assert result.unexpanded > 0
    assert result.soft_locks == []  # only states whose every continuation was explored are judged


EVENTS: list[dict[str, object]] = [
    {"end_move": tile}
    for tile in (
        "ransacked-house",
        "graveyard",
        "oedon-chapel",
        "alleyway",
        "tomb-of-oedon",
        "grand-cathedral",
    )
]
EVENTS += [{"end_move": "barred-window"}, {"end_move": "iosefkas-clinic"}, {"end_move": "occupied-house"}]
EVENTS += [{"slain": name} for name in ("graveyard-mob", "bell-warden", "cleric-beast", "scourge-beast")]
EVENTS += [
    {"slain": name} for name in ("chalice-thief", "blood-starved-beast", "vicar-amelia", "clinic-beasts")
]
EVENTS += [
    {"interact": name} for name in ("beast-ash", "old-sexton", "cracked-clapper", "bell-rope", "cold-ash")
]
EVENTS += [{"token_moved": {"token": "widow", "to": "central-lamp"}}, {"tile_revealed": "courtyard-lamp"}]
EVENTS += [{"end_round": True}, {"dream": True}, {"choose": 1}, {"choose": 2}]


@settings(max_examples=40, deadline=None)
@given(
    chapter=st.sampled_from([1, 2, 3]),
    hunters=st.integers(1, 4),
    events=st.lists(st.sampled_from(EVENTS), max_size=25),
)
def test_any_sequence_of_reports_is_applied_or_rejected_and_the_state_round_trips(
    chapter: int, hunters: int, events: list[dict[str, object]]
) -> None:
    interpreter = started(chapter, hunters)
    for event in events:
        if interpreter.is_over():
            break
        try:
            outcomes = interpreter.apply(event)
        except EventRejected:
            continue
        assert all(o.why is not None for o in outcomes if o.kind in ("reveal", "goal-met", "insight"))
    assert MissionState.from_json(interpreter.state.to_json()) == interpreter.state


def test_a_listener_hears_each_table_effect_and_each_card_leaving_play() -> None:
    heard: list[str] = []

    class Recorder:
        def on_effect(self, owner: int | None, effect: BaseModel) -> None:
            heard.append(f"{owner}:{getattr(type(effect), 'verb', '?')}")

        def on_card_ended(self, number: int, keeps: Keeps | None) -> None:
            heard.append(f"ended:{number}:{'keeps' if keeps else '-'}")

    interpreter = MissionInterpreter(book(), new_state(book(), 2), listener=Recorder())
    interpreter.begin_chapter()
    interpreter.apply({"end_move": "ransacked-house"})
    interpreter.apply({"token_moved": {"token": "widow", "to": "central-lamp"}})
    interpreter.apply({"choose": 2})
    interpreter.apply({"token_moved": {"token": "widow", "to": "alleyway"}})
    assert heard == [
        "5:place_token",
        "ended:5:keeps",
        "ended:6:-",
        "None:blood_echoes",
    ]
