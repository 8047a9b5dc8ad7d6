"""Events the players (or the rules engine) report to the mission interpreter.

Each event is a single-key mapping naming its verb, like the mission language:
``{end_move: oedon-chapel}``, ``{slain: hunter-mob}``, ``{choose: 2}``, ``{end_round: true}``.
Scenario tests write them this way, and the companion's prompt commands turn into them.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, BeforeValidator, Field

from toolkit.core.model import ContentModel, Id, QualifiedId
from toolkit.games.board.mission.common import MAX_CHOICE_OPTIONS, AlsoAnId, tagged, verb_discriminator


def _tile_form(value: Any) -> Any:
    return {"tile": value} if isinstance(value, str) else value


def _target_form(value: Any) -> Any:
    return {"target": value} if isinstance(value, str) else value


class MovePlace(ContentModel):
    """Where a hunter ended a move: a tile, and the space on it."""

    tile: QualifiedId
    """The tile."""

    space: Id | None = None
    """The space on that tile; omit for its named location (the space sharing the tile's id)."""


class EndMove(ContentModel):
    """A hunter ends a move (or a teleport) on a tile: `end_move: oedon-chapel`,
    `end_move: {tile: oedon-chapel, space: pews}`."""

    verb: ClassVar[str] = "end_move"
    end_move: Annotated[MovePlace, BeforeValidator(_tile_form), AlsoAnId("tile")]
    """The tile, or the tile and space."""


class TileRevealedEvent(ContentModel):
    """A tile is drawn from the tile deck and put on the map: `tile_revealed: graveyard`
    (`random` for an unnamed tile)."""

    verb: ClassVar[str] = "tile_revealed"
    tile_revealed: QualifiedId
    """The tile's id, or `random`."""


class SlainTarget(ContentModel):
    """Which enemy was slain, and how many."""

    target: QualifiedId
    """An enemy type, a boss (when its last phase ends), or the tag a card gave to a group."""

    count: Annotated[int, Field(ge=1, le=20)] = 1
    """How many of them."""


class Slain(ContentModel):
    """A hunter slays an enemy: `slain: hunter-mob`, `slain: cleric-beast` (a boss),
    `slain: chapel-beasts` (a tagged group), `slain: {target: hunter-mob, count: 2}`."""

    verb: ClassVar[str] = "slain"
    slain: Annotated[SlainTarget, BeforeValidator(_target_form), AlsoAnId()]
    """The enemy and how many."""


class InteractEvent(ContentModel):
    """A hunter uses the Interact action on the space of a named token: `interact: red-brooch`."""

    verb: ClassVar[str] = "interact"
    interact: Id
    """The token's name."""


class TokenMovedParams(ContentModel):
    """A token and where it now stands."""

    token: Id
    """The token's name."""

    to: Annotated[MovePlace, BeforeValidator(_tile_form), AlsoAnId("tile")]
    """The tile (and space) it moved to."""


class TokenMoved(ContentModel):
    """A named token moved (an escorted survivor, a fleeing NPC): `token_moved: {token: x, to: tile}`."""

    verb: ClassVar[str] = "token_moved"
    token_moved: TokenMovedParams
    """The token and its new place."""


class EndRound(ContentModel):
    """The round ends; the next one starts and the Hunt Track advances (`end_round: true`)."""

    verb: ClassVar[str] = "end_round"
    end_round: Literal[True]
    """Write `end_round: true`."""


class Dream(ContentModel):
    """A hunter goes to the Hunter's Dream (slain or by choice); the Hunt Track advances
    (`dream: true`)."""

    verb: ClassVar[str] = "dream"
    dream: Literal[True]
    """Write `dream: true`."""


class ChooseEvent(ContentModel):
    """The players answer the pending choice: by option number (from 1) or by its label."""

    verb: ClassVar[str] = "choose"
    choose: Annotated[int, Field(ge=1, le=MAX_CHOICE_OPTIONS)] | str
    """The option's number or label."""


EVENT_MODELS: tuple[type[ContentModel], ...] = (
    EndMove,
    TileRevealedEvent,
    Slain,
    InteractEvent,
    TokenMoved,
    EndRound,
    Dream,
    ChooseEvent,
)

EVENT_VERBS: dict[str, type[ContentModel]] = {m.verb: m for m in EVENT_MODELS}  # type: ignore[attr-defined]
"""Every event verb and its model."""

Event = Annotated[
    Annotated[EndMove, tagged(EndMove)]
    | Annotated[TileRevealedEvent, tagged(TileRevealedEvent)]
    | Annotated[Slain, tagged(Slain)]
    | Annotated[InteractEvent, tagged(InteractEvent)]
    | Annotated[TokenMoved, tagged(TokenMoved)]
    | Annotated[EndRound, tagged(EndRound)]
    | Annotated[Dream, tagged(Dream)]
    | Annotated[ChooseEvent, tagged(ChooseEvent)],
    verb_discriminator(),
]
"""Something that happened at the table, as a single-key mapping naming the event verb."""


def event_verb(event: BaseModel) -> str:
    verb: str = getattr(type(event), "verb")  # noqa: B009 - every event model sets it
    return verb


def event_data(event: BaseModel) -> dict[str, Any]:
    """The event as written (`{end_move: {tile: x, space: null}}`), for saving and messages."""
    data: dict[str, Any] = event.model_dump(mode="json", exclude_none=True)
    return data


def describe_event(event: BaseModel) -> str:
    """A short phrase: `end move on oedon-chapel`, `slain hunter-mob`."""
    if isinstance(event, EndMove):
        place = event.end_move
        return f"end move on {place.tile}" + (f" ({place.space})" if place.space else "")
    if isinstance(event, TileRevealedEvent):
        return f"tile revealed: {event.tile_revealed}"
    if isinstance(event, Slain):
        count = f" ×{event.slain.count}" if event.slain.count > 1 else ""
        return f"slain {event.slain.target}{count}"
    if isinstance(event, InteractEvent):
        return f"interact with {event.interact}"
    if isinstance(event, TokenMoved):
        return f"{event.token_moved.token} moved to {event.token_moved.to.tile}"
    if isinstance(event, EndRound):
        return "end of round"
    if isinstance(event, Dream):
        return "a hunter goes to the Hunter's Dream"
    if isinstance(event, ChooseEvent):
        return f"choose {event.choose}"
    return event_verb(event)
