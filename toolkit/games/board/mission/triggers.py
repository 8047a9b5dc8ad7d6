"""Triggers: the events that reveal a chapter's mission cards and fire a card's standing rules.

A trigger is written as a single-key mapping under `when:`, e.g. `when: {end_move_on: oedon-chapel}`.
A chapter trigger fires once: the card it reveals enters play the first time the event happens.
A standing rule's trigger fires each time the event happens while its card is in play.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import ContentModel, Text
from toolkit.games.board.mission.common import (
    HUNT_TRACK_SPACES,
    EnemySelector,
    Place,
    TileRef,
    TokenName,
    tagged,
    verb_discriminator,
)


class StartOfHunt(ContentModel):
    """When the chapter begins, before the first round (`start_of_hunt: true`).

    The usual trigger of a chapter's first hunt mission card.
    """

    verb: ClassVar[str] = "start_of_hunt"
    start_of_hunt: Literal[True]
    """Write `start_of_hunt: true`."""


class EndMoveOnTrigger(ContentModel):
    """When a hunter ends a move on the place (a teleport counts as a move onto its space).

    `end_move_on: oedon-chapel` means anywhere on that tile; `end_move_on: {space: oedon-chapel}`
    means its named-location space only.
    """

    verb: ClassVar[str] = "end_move_on"
    end_move_on: Place
    """The tile or space a hunter must end a move on."""


class TileRevealed(ContentModel):
    """When the tile is drawn from the tile deck and placed on the map."""

    verb: ClassVar[str] = "tile_revealed"
    tile_revealed: TileRef
    """The tile whose reveal fires the trigger."""


class EnemySlainTrigger(ContentModel):
    """When a hunter slays an enemy the selector matches (for a boss: when its last phase ends)."""

    verb: ClassVar[str] = "enemy_slain"
    enemy_slain: EnemySelector
    """Which enemies: `{enemy: scourge-beast}`, `{boss: cleric-beast}` or `{tag: chapel-beasts}`."""


class InteractTrigger(ContentModel):
    """When a hunter uses the Interact action on the space of a named token a card placed."""

    verb: ClassVar[str] = "interact"
    interact: TokenName
    """The token's name, as given by its `place_token` effect."""


class HuntTrackReachesTrigger(ContentModel):
    """When the Hunt Track token reaches the space (1 is the starting space)."""

    verb: ClassVar[str] = "hunt_track_reaches"
    hunt_track_reaches: Annotated[int, Field(ge=1, le=HUNT_TRACK_SPACES)]
    """The Hunt Track space, 1-16."""


class RoundStart(ContentModel):
    """At the start of each round, after the Hunt Track advances (`round_start: true`)."""

    verb: ClassVar[str] = "round_start"
    round_start: Literal[True]
    """Write `round_start: true`."""


class RoundEnd(ContentModel):
    """At the end of each round, after the last enemy activation (`round_end: true`)."""

    verb: ClassVar[str] = "round_end"
    round_end: Literal[True]
    """Write `round_end: true`."""


class MapReset(ContentModel):
    """When the Hunt Track reaches a Reset space and the map resets (`reset: true`)."""

    verb: ClassVar[str] = "reset"
    reset: Literal[True]
    """Write `reset: true`."""


class InsightCollectedTrigger(ContentModel):
    """When the hunters' collected insight (insight cards held) reaches the number."""

    verb: ClassVar[str] = "insight_collected"
    insight_collected: Annotated[int, Field(ge=1, le=99)]
    """How many insight cards the hunters must hold."""


class UntoldTrigger(ContentModel):
    """A trigger the source material does not state; it never fires.

    Only for encoding published material as far as it is described (the `rulebook-examples` pack).
    The graph checks treat the card as brought into play from the chapter's start.
    """

    verb: ClassVar[str] = "untold"
    untold: Text
    """What the source leaves out, in a few words."""


class NarrativeTrigger(ContentModel):
    """A trigger in prose that the language cannot express; the interpreter ignores it.

    Each one is reported as a `not-simulated` warning (BB0210).
    """

    verb: ClassVar[str] = "narrative"
    narrative: Text
    """The trigger, in words."""


TRIGGER_MODELS: tuple[type[ContentModel], ...] = (
    StartOfHunt,
    EndMoveOnTrigger,
    TileRevealed,
    EnemySlainTrigger,
    InteractTrigger,
    HuntTrackReachesTrigger,
    RoundStart,
    RoundEnd,
    MapReset,
    InsightCollectedTrigger,
    UntoldTrigger,
    NarrativeTrigger,
)

TRIGGER_VERBS: dict[str, type[ContentModel]] = {m.verb: m for m in TRIGGER_MODELS}  # type: ignore[attr-defined]
"""Every trigger verb and its model, for the reference site."""

Trigger = Annotated[
    Annotated[StartOfHunt, tagged(StartOfHunt)]
    | Annotated[EndMoveOnTrigger, tagged(EndMoveOnTrigger)]
    | Annotated[TileRevealed, tagged(TileRevealed)]
    | Annotated[EnemySlainTrigger, tagged(EnemySlainTrigger)]
    | Annotated[InteractTrigger, tagged(InteractTrigger)]
    | Annotated[HuntTrackReachesTrigger, tagged(HuntTrackReachesTrigger)]
    | Annotated[RoundStart, tagged(RoundStart)]
    | Annotated[RoundEnd, tagged(RoundEnd)]
    | Annotated[MapReset, tagged(MapReset)]
    | Annotated[InsightCollectedTrigger, tagged(InsightCollectedTrigger)]
    | Annotated[UntoldTrigger, tagged(UntoldTrigger)]
    | Annotated[NarrativeTrigger, tagged(NarrativeTrigger)],
    verb_discriminator(),
]
"""An event, written as a single-key mapping naming the trigger verb."""
