"""Conditions and triggers made into functions once, for a number of hunters.

``matching.holds`` walks a condition's model at every test: which kind of condition it is, the
scaling numbers worked out for the hunter count, the places' ids made local. A card's goals are
tested at every goal pass, so the walk is done once here instead: each condition becomes a
*test*, a function of the state, the card in play and the happening (with its kind, from
``lookup.kind_of``) that gives exactly what ``holds`` gives; each event trigger a *match*, that
gives what ``trigger_matches`` gives on a happening of the kind it is filed under. The
interpreter keeps them in its tables (``lookup``); ``holds`` stays the reference they are tested
against.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.events import EndMove, InteractEvent
from toolkit.games.board.interpreter.matching import Happening, selector_key, slain_keys
from toolkit.games.board.interpreter.state import CardInPlay, MissionState
from toolkit.games.board.interpreter.wording import number
from toolkit.games.board.mission import conditions as c
from toolkit.games.board.mission import triggers as t
from toolkit.games.board.mission.common import SlotPlace, SpacePlace, TilePlace, TokenPlace
from toolkit.games.board.mission.deck import local_id

Kind = str | type[BaseModel]
"""What sorts happenings: a tick's name (`round_start`, `reached:4`) or an event model class
(``lookup.kind_of``)."""

Test = Callable[[MissionState, CardInPlay | None, Happening | None, Kind | None], bool]
"""Whether a condition holds: of the state, the card in play, the happening (None when the event
may not count) and its kind."""

Match = Callable[[Happening, MissionState], bool]
"""Whether an event trigger matches a happening of the kind it is filed under (so the tests and
matches below take the happening as the event of that kind, unchecked)."""

PlaceTest = Callable[[str | None, str | None, MissionState], bool]
"""Whether a reported tile and space are a place (``matching.place_matches``)."""


def _local(tile: str) -> str:
    return local_id(tile) if ":" in tile else tile  # an id without a pack is its own local id


def place_test(place: object) -> PlaceTest:
    """``matching.place_matches`` for one place."""
    if isinstance(place, TilePlace | SlotPlace):
        wanted = local_id(place.tile)

        def on_tile(tile: str | None, space: str | None, state: MissionState) -> bool:
            return tile is not None and _local(tile) == wanted

        return on_tile
    if isinstance(place, SpacePlace):
        wanted_tile = local_id(place.space)
        wanted_space = place.space_id or wanted_tile

        def on_space(tile: str | None, space: str | None, state: MissionState) -> bool:
            if tile is None:
                return False
            tile = _local(tile)
            return tile == wanted_tile and (space or tile) == wanted_space

        return on_space
    if isinstance(place, TokenPlace):
        name = place.token

        def at_token(tile: str | None, space: str | None, state: MissionState) -> bool:
            if tile is None:
                return False
            token = state.chapter.tokens.get(name)
            if token is None or token.tile is None or _local(token.tile) != _local(tile):
                return False
            return token.space is None or space is None or token.space == space

        return at_token
    return _nowhere


def _nowhere(tile: str | None, space: str | None, state: MissionState) -> bool:
    return False


def _never(
    state: MissionState, card: CardInPlay | None, happening: Happening | None, kind: Kind | None
) -> bool:
    return False


def condition_test(condition: BaseModel, book: CampaignBook, hunters: int) -> Test:
    """``matching.holds`` for one condition and this many hunters."""
    if isinstance(condition, c.EndMoveOn):
        at = place_test(condition.end_move_on)

        def end_move_on(state: MissionState, card: CardInPlay | None, h: Any, kind: Kind | None) -> bool:
            if kind is not EndMove:
                return False
            return at(h.end_move.tile, h.end_move.space, state)

        return end_move_on
    if isinstance(condition, c.Interact):
        name = condition.interact

        def interact(state: MissionState, card: CardInPlay | None, h: Any, kind: Kind | None) -> bool:
            if kind is not InteractEvent:
                return False
            return h.interact == name and name in state.chapter.tokens

        return interact
    if isinstance(condition, c.CollectedInsight):
        insight = number(condition.collected_insight, hunters)
        return lambda state, card, h, kind: len(state.campaign.insight) >= insight
    if isinstance(condition, c.HoldsInsight):
        held = condition.holds_insight
        return lambda state, card, h, kind: held in state.campaign.insight
    if isinstance(condition, c.Slay):
        target = condition.slay
        key = selector_key(target)
        count = getattr(target, "count", None)
        slain = max(number(count, hunters) if count is not None else 1, 1)
        return lambda state, card, h, kind: card is not None and card.slain.get(key, 0) >= slain
    if isinstance(condition, c.Escort):
        token_name = condition.escort.token
        to = place_test(condition.escort.to)

        def escort(
            state: MissionState, card: CardInPlay | None, h: Happening | None, kind: Kind | None
        ) -> bool:
            token = state.chapter.tokens.get(token_name)
            return token is not None and to(token.tile, token.space, state)

        return escort
    if isinstance(condition, c.CounterAtLeast):
        counter = condition.counter.counter
        value = number(condition.counter.at_least, hunters)
        return lambda state, card, h, kind: state.chapter.counters.get(counter, 0) >= value
    if isinstance(condition, c.HuntTrackReaches):
        space = condition.hunt_track_reaches
        return lambda state, card, h, kind: state.chapter.hunt_track >= space
    if isinstance(condition, c.TilesRevealed):
        return _tiles_test(condition, book, hunters)
    if isinstance(condition, c.AllOf):
        every = tuple(condition_test(item, book, hunters) for item in condition.all)

        def all_of(
            state: MissionState, card: CardInPlay | None, h: Happening | None, kind: Kind | None
        ) -> bool:
            for test in every:  # noqa: SIM110 - a loop, not a generator's call per test
                if not test(state, card, h, kind):
                    return False
            return True

        return all_of
    if isinstance(condition, c.AnyOf):
        some = tuple(condition_test(item, book, hunters) for item in condition.any)

        def any_of(
            state: MissionState, card: CardInPlay | None, h: Happening | None, kind: Kind | None
        ) -> bool:
            for test in some:  # noqa: SIM110 - a loop, not a generator's call per test
                if test(state, card, h, kind):
                    return True
            return False

        return any_of
    if isinstance(condition, c.Not):
        inner = condition_test(condition.not_, book, hunters)
        return lambda state, card, h, kind: not inner(state, card, h, kind)
    return _never  # narrative conditions are never met


def _tiles_test(condition: c.TilesRevealed, book: CampaignBook, hunters: int) -> Test:
    if condition.tiles_revealed != "all":
        wanted = number(condition.tiles_revealed, hunters)
        return lambda state, card, h, kind: len(state.chapter.tiles_revealed) >= wanted
    needed: dict[int, int] = {}  # by chapter: the tiles of its setup, worked out on first use

    def all_tiles(
        state: MissionState, card: CardInPlay | None, h: Happening | None, kind: Kind | None
    ) -> bool:
        chapter = state.chapter.number
        if chapter not in needed:
            setup = book.chapter(chapter).model.setup
            needed[chapter] = len(setup.tiles) + number(setup.random_tiles, hunters)
        return len(state.chapter.tiles_revealed) >= needed[chapter]

    return all_tiles


def trigger_match(trigger: BaseModel, book: CampaignBook) -> Match | None:
    """``matching.trigger_matches`` for one trigger on happenings of its kind
    (``lookup.trigger_kind``); None when every happening of that kind matches (the ticks)."""
    if isinstance(trigger, t.EndMoveOnTrigger):
        at = place_test(trigger.end_move_on)

        def end_move_on(h: Any, state: MissionState) -> bool:
            return at(h.end_move.tile, h.end_move.space, state)

        return end_move_on
    if isinstance(trigger, t.TileRevealed):
        tile = local_id(trigger.tile_revealed)

        def tile_revealed(h: Any, state: MissionState) -> bool:
            return _local(h.tile_revealed) == tile

        return tile_revealed
    if isinstance(trigger, t.EnemySlainTrigger):
        key = selector_key(trigger.enemy_slain)

        def slain(h: Any, state: MissionState) -> bool:
            return key in slain_keys(h, state, book)

        return slain
    if isinstance(trigger, t.InteractTrigger):
        name = trigger.interact

        def interact(h: Any, state: MissionState) -> bool:
            return h.interact == name and name in state.chapter.tokens

        return interact
    return None
