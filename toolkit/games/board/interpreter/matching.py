"""Does a condition hold, does a trigger match what just happened? Pure functions of the state.

A *happening* is what the interpreter is processing: a reported event (``EndMove``, ``Slain`` …) or
one of the game's own moments, written as a string tick: ``start``, ``round_end``, ``round_start``,
``reset``, ``advance`` (the track is about to move) and ``reached:N`` (the track reached space N).
"""

from __future__ import annotations

from pydantic import BaseModel

from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.events import (
    EndMove,
    EndRound,
    InteractEvent,
    Slain,
    TileRevealedEvent,
)
from toolkit.games.board.interpreter.state import CardInPlay, MissionState
from toolkit.games.board.interpreter.wording import number
from toolkit.games.board.mission import conditions as c
from toolkit.games.board.mission import triggers as t
from toolkit.games.board.mission.common import (
    BossSelector,
    EnemyTypeSelector,
    SlotPlace,
    SpacePlace,
    TagSelector,
    TilePlace,
    TokenPlace,
)
from toolkit.games.board.mission.deck import local_id

Happening = BaseModel | str
"""A reported event, or a tick of the game's own (`start`, `round_end`, `round_start`, `reset`,
`advance`, `reached:N`)."""


def place_matches(place: object, tile: str | None, space: str | None, state: MissionState) -> bool:
    """Whether a reported tile and space (None: the named location) are the place."""
    if tile is None:
        return False
    tile = local_id(tile)
    if isinstance(place, TilePlace | SlotPlace):
        return local_id(place.tile) == tile
    if isinstance(place, SpacePlace):
        wanted_tile = local_id(place.space)
        return wanted_tile == tile and (space or tile) == (place.space_id or wanted_tile)
    if isinstance(place, TokenPlace):
        token = state.chapter.tokens.get(place.token)
        if token is None or token.tile is None or local_id(token.tile) != tile:
            return False
        return token.space is None or space is None or token.space == space
    return False


def slain_keys(event: Slain, state: MissionState, book: CampaignBook) -> list[str]:
    """What a slay report counts as: `enemy:<type>` or `boss:<id>`, plus `tag:<name>` for a group."""
    target = local_id(event.slain.target)
    group = state.chapter.enemies.get(target)
    if group is not None:
        kind = "boss" if group.boss else "enemy"
        return [f"tag:{target}", f"{kind}:{group.enemy}"]
    if target in book.bosses:
        return [f"boss:{target}"]
    return [f"enemy:{target}"]


def selector_key(selector: object) -> str:
    if isinstance(selector, TagSelector):
        return f"tag:{selector.tag}"
    if isinstance(selector, BossSelector):
        return f"boss:{local_id(selector.boss)}"
    if isinstance(selector, EnemyTypeSelector):
        return f"enemy:{local_id(selector.enemy)}"
    return ""


def trigger_matches(
    trigger: BaseModel, happening: Happening, state: MissionState, book: CampaignBook
) -> bool:
    """Whether a trigger fires on this happening (state triggers are checked by :func:`state_trigger`)."""
    if isinstance(happening, EndRound):
        happening = "round_end"
    if isinstance(happening, str):
        return (
            (isinstance(trigger, t.StartOfHunt) and happening == "start")
            or (isinstance(trigger, t.RoundStart) and happening == "round_start")
            or (isinstance(trigger, t.RoundEnd) and happening == "round_end")
            or (isinstance(trigger, t.MapReset) and happening == "reset")
            or (
                isinstance(trigger, t.HuntTrackReachesTrigger)
                and happening == f"reached:{trigger.hunt_track_reaches}"
            )
        )
    if isinstance(trigger, t.EndMoveOnTrigger) and isinstance(happening, EndMove):
        return place_matches(trigger.end_move_on, happening.end_move.tile, happening.end_move.space, state)
    if isinstance(trigger, t.TileRevealed) and isinstance(happening, TileRevealedEvent):
        return local_id(trigger.tile_revealed) == local_id(happening.tile_revealed)
    if isinstance(trigger, t.EnemySlainTrigger) and isinstance(happening, Slain):
        return selector_key(trigger.enemy_slain) in slain_keys(happening, state, book)
    if isinstance(trigger, t.InteractTrigger) and isinstance(happening, InteractEvent):
        return trigger.interact == happening.interact and trigger.interact in state.chapter.tokens
    return False


def state_trigger(trigger: BaseModel, state: MissionState) -> bool:
    """Chapter triggers that fire on a state being reached rather than on an event."""
    if isinstance(trigger, t.HuntTrackReachesTrigger):
        return state.chapter.hunt_track >= trigger.hunt_track_reaches
    if isinstance(trigger, t.InsightCollectedTrigger):
        return len(state.campaign.insight) >= trigger.insight_collected
    return False


def uses_event(condition: BaseModel) -> bool:
    """Whether a condition can only be met by the event being processed (a move, an interaction)."""
    if isinstance(condition, c.EndMoveOn | c.Interact):
        return True
    if isinstance(condition, c.AllOf):
        return any(uses_event(item) for item in condition.all)
    if isinstance(condition, c.AnyOf):
        return any(uses_event(item) for item in condition.any)
    if isinstance(condition, c.Not):
        return uses_event(condition.not_)
    return False


def holds(
    condition: BaseModel,
    state: MissionState,
    book: CampaignBook,
    card: CardInPlay | None,
    happening: Happening | None,
) -> bool:
    """Whether the condition holds now; ``happening`` is None when the event may not count."""
    hunters = state.campaign.hunters
    chapter = state.chapter
    if isinstance(condition, c.EndMoveOn):
        return isinstance(happening, EndMove) and place_matches(
            condition.end_move_on, happening.end_move.tile, happening.end_move.space, state
        )
    if isinstance(condition, c.Interact):
        return (
            isinstance(happening, InteractEvent)
            and happening.interact == condition.interact
            and condition.interact in chapter.tokens
        )
    if isinstance(condition, c.CollectedInsight):
        return len(state.campaign.insight) >= number(condition.collected_insight, hunters)
    if isinstance(condition, c.HoldsInsight):
        return condition.holds_insight in state.campaign.insight
    if isinstance(condition, c.Slay):
        return _slain_enough(condition.slay, state, card)
    if isinstance(condition, c.Escort):
        token = chapter.tokens.get(condition.escort.token)
        return token is not None and place_matches(condition.escort.to, token.tile, token.space, state)
    if isinstance(condition, c.CounterAtLeast):
        wanted = number(condition.counter.at_least, hunters)
        return chapter.counters.get(condition.counter.counter, 0) >= wanted
    if isinstance(condition, c.HuntTrackReaches):
        return chapter.hunt_track >= condition.hunt_track_reaches
    if isinstance(condition, c.TilesRevealed):
        return len(chapter.tiles_revealed) >= tiles_needed(condition, state, book)
    if isinstance(condition, c.AllOf):
        return all(holds(item, state, book, card, happening) for item in condition.all)
    if isinstance(condition, c.AnyOf):
        return any(holds(item, state, book, card, happening) for item in condition.any)
    if isinstance(condition, c.Not):
        return not holds(condition.not_, state, book, card, happening)
    return False  # narrative conditions are never met


def _slain_enough(target: object, state: MissionState, card: CardInPlay | None) -> bool:
    if card is None:
        return False
    key = selector_key(target)
    count = getattr(target, "count", None)
    wanted = number(count, state.campaign.hunters) if count is not None else 1
    return card.slain.get(key, 0) >= max(wanted, 1)


def tiles_needed(condition: c.TilesRevealed, state: MissionState, book: CampaignBook) -> int:
    hunters = state.campaign.hunters
    if condition.tiles_revealed == "all":
        setup = book.chapter(state.chapter.number).model.setup
        return len(setup.tiles) + number(setup.random_tiles, hunters)
    return number(condition.tiles_revealed, hunters)
