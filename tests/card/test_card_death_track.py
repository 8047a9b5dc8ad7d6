"""The death-token track: deaths move tokens left, block spaces and push trophies."""

from __future__ import annotations

import pytest

from toolkit.core.model import Document
from toolkit.games.card.model.track import TrophyTrack
from toolkit.games.card.rules.death_track import (
    DeathTrackError,
    HunterTrack,
    TrackFullError,
    TrackSpec,
    hunter_kills_hunter,
    monster_kills_hunter,
    new_track,
    place_trophy,
)

TYPES = ["kin", "humanoid", "beast"]


@pytest.fixture
def spec(content: dict[str, dict[str, Document]]) -> TrackSpec:
    track = content["trophy-track"]["hunter-board"]
    assert isinstance(track, TrophyTrack)
    return TrackSpec.from_model(track)


def with_trophies(track: HunterTrack, count: int) -> HunterTrack:
    for _ in range(count):
        track = place_trophy(track)
    return track


def test_tokens_start_right_of_the_8_and_block_nothing(spec: TrackSpec) -> None:
    track = new_track(spec, TYPES)
    assert spec.spaces[spec.start_after] == 8
    assert track.death == {"kin": (8,), "humanoid": (8,), "beast": (8,)}
    assert track.capacity == 8


def test_a_monster_kill_moves_the_tokens_of_its_type_only(spec: TrackSpec) -> None:
    track = monster_kills_hunter(new_track(spec, TYPES), "beast")
    assert track.death == {"kin": (8,), "humanoid": (8,), "beast": (7,)}
    assert track.capacity == 7  # the 8 space is blocked


def test_a_monster_kill_moves_every_token_of_that_type(spec: TrackSpec) -> None:
    track = monster_kills_hunter(new_track(spec, TYPES, per_hunter=2), "kin")
    assert track.death["kin"] == (7, 7)


def test_repeated_deaths_block_more_spaces(spec: TrackSpec) -> None:
    track = new_track(spec, TYPES)
    for _ in range(3):
        track = monster_kills_hunter(track, "kin")
    assert track.death["kin"] == (5,)
    assert [track.is_available(i) for i in range(8)] == [True] * 5 + [False] * 3


def test_tokens_of_different_types_share_a_space(spec: TrackSpec) -> None:
    track = monster_kills_hunter(monster_kills_hunter(new_track(spec, TYPES), "kin"), "beast")
    assert track.death["kin"] == track.death["beast"] == (7,)
    assert track.capacity == 7


def test_a_hunter_kill_moves_one_token_of_the_victims_choice(spec: TrackSpec) -> None:
    track = hunter_kills_hunter(new_track(spec, TYPES), "humanoid")
    assert track.death == {"kin": (8,), "humanoid": (7,), "beast": (8,)}


def test_a_hunter_kill_choosing_a_missing_type_is_refused(spec: TrackSpec) -> None:
    with pytest.raises(DeathTrackError, match="no 'vermin' death token"):
        hunter_kills_hunter(new_track(spec, TYPES), "vermin")


def test_a_monster_of_unknown_type_cannot_move_tokens(spec: TrackSpec) -> None:
    with pytest.raises(DeathTrackError, match="type is unknown"):
        monster_kills_hunter(new_track(spec, TYPES), None)


def test_a_trophy_in_the_way_is_pushed_left(spec: TrackSpec) -> None:
    track = new_track(spec, TYPES)
    track = with_trophies(track, 7)  # spaces 1-7 full, 8 free
    track = monster_kills_hunter(track, "kin")  # token to the 8 space: nothing in the way
    assert track.trophies == frozenset(range(7))
    track = hunter_kills_hunter(track, "kin")  # token to the 7 space, where a trophy stands
    # The trophy has no free space to its left: ruling trophy-pushed-off-track.
    assert track.trophies == frozenset(range(6))
    assert track.lost_trophies == 1


def test_a_pushed_trophy_slides_into_the_nearest_free_space(spec: TrackSpec) -> None:
    track = HunterTrack(spec, frozenset({0, 1, 5, 6}), {"kin": (7,)})
    track = monster_kills_hunter(track, "kin")  # token to index 6
    assert track.trophies == frozenset({0, 1, 4, 5})
    assert track.lost_trophies == 0


def test_a_token_on_the_leftmost_space_stays(spec: TrackSpec) -> None:
    track = HunterTrack(spec, frozenset(), {"kin": (0,)})
    assert monster_kills_hunter(track, "kin").death["kin"] == (0,)
    assert monster_kills_hunter(track, "kin").capacity == 0


def test_trophies_cannot_be_placed_on_blocked_spaces(spec: TrackSpec) -> None:
    track = monster_kills_hunter(new_track(spec, TYPES), "kin")
    track = with_trophies(track, 7)
    with pytest.raises(TrackFullError):
        place_trophy(track)


def test_the_track_spec_reads_the_start_value_from_content() -> None:
    track = TrophyTrack.model_validate(
        {"id": "t", "name": "t", "spaces": [2, 4, 6], "death_tokens_start_after": 4}
    )
    spec = TrackSpec.from_model(track)
    assert spec.start_after == 1
    assert new_track(spec, ["kin"]).capacity == 2  # the 6 space starts blocked
