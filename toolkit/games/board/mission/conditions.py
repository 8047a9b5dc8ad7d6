"""Conditions: what a mission card's goal asks of the hunters, and what a branch tests.

A condition is written as a single-key mapping: `{end_move_on: central-lamp}`,
`{collected_insight: 2}`, `{all: [..]}`. Goals are checked whenever the game state changes; a goal is
met the moment its condition holds.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, Tag

from toolkit.core.expressions import Scaling
from toolkit.core.model import ContentModel, Text
from toolkit.games.board.mission.common import (
    HUNT_TRACK_SPACES,
    BossSelector,
    CardNumber,
    CounterName,
    EnemyTypeSelector,
    Place,
    TagSelector,
    TokenName,
    selector_discriminator,
    tagged,
    verb_discriminator,
)
from toolkit.games.board.scaling import CounterTarget, InsightNeeded, SlayCount, TilesWanted


class EndMoveOn(ContentModel):
    """A hunter ends a move on the place (a tile id, or `{space: tile-id}` for its named location)."""

    verb: ClassVar[str] = "end_move_on"
    end_move_on: Place
    """Where a hunter must end a move."""


class CollectedInsight(ContentModel):
    """The hunters hold at least this many insight cards (collected insight; not insight tokens).

    Insight cards are kept for the whole campaign, so cards from earlier chapters count.
    """

    verb: ClassVar[str] = "collected_insight"
    collected_insight: InsightNeeded
    """The least number of insight cards held; may scale with hunters."""


class HoldsInsight(ContentModel):
    """The hunters hold this insight card (earned in this or an earlier chapter of the campaign)."""

    verb: ClassVar[str] = "holds_insight"
    holds_insight: CardNumber
    """The insight card's number."""


class SlayEnemies(EnemyTypeSelector):
    """Enemies of a type, and how many."""

    count: SlayCount = Scaling(1)
    """How many must be slain while this card is in play; may scale with hunters."""


class SlayBoss(BossSelector):
    """A boss (slain when its last phase ends)."""


class SlayTagged(TagSelector):
    """Enemies a spawn effect tagged, and how many."""

    count: SlayCount = Scaling(1)
    """How many must be slain while this card is in play; may scale with hunters."""


SlayTarget = Annotated[
    Annotated[SlayEnemies, Tag("enemy")]
    | Annotated[SlayBoss, Tag("boss")]
    | Annotated[SlayTagged, Tag("tag")],
    selector_discriminator(),
]
"""Which enemies to slay: `{enemy: type, count: n}`, `{boss: id}` or `{tag: name, count: n}`."""


class Slay(ContentModel):
    """Slay enemies while this card is in play: `{slay: {enemy: hunter-mob}}`,
    `{slay: {boss: cleric-beast}}`, `{slay: {tag: chapel-beasts, count: 2}}`."""

    verb: ClassVar[str] = "slay"
    slay: SlayTarget
    """The enemies and how many."""


class Interact(ContentModel):
    """A hunter uses the Interact action on the space of a named token."""

    verb: ClassVar[str] = "interact"
    interact: TokenName
    """The token's name, as given by its `place_token` effect."""


class EscortParams(ContentModel):
    """Which token to bring where."""

    token: TokenName
    """The escorted token (a survivor or NPC placed by a card)."""

    to: Place
    """Where it must arrive."""


class Escort(ContentModel):
    """Bring a named token (moved along by a hunter, see `move_token`) to a place."""

    verb: ClassVar[str] = "escort"
    escort: EscortParams
    """The token and its destination."""


class CounterParams(ContentModel):
    """A counter and the value it must reach."""

    counter: CounterName
    """The counter's name, as set by `set_counter` or `add_counter`."""

    at_least: CounterTarget
    """The value the counter must reach or pass."""


class CounterAtLeast(ContentModel):
    """A named counter has reached a value."""

    verb: ClassVar[str] = "counter"
    counter: CounterParams
    """The counter and its target."""


class HuntTrackReaches(ContentModel):
    """The Hunt Track token is on this space or further."""

    verb: ClassVar[str] = "hunt_track_reaches"
    hunt_track_reaches: Annotated[int, Field(ge=1, le=HUNT_TRACK_SPACES)]
    """The Hunt Track space, 1-16."""


class TilesRevealed(ContentModel):
    """Tiles have been revealed: `all` (the tile deck is empty) or at least a number of them."""

    verb: ClassVar[str] = "tiles_revealed"
    tiles_revealed: Literal["all"] | TilesWanted
    """`all`, or how many tiles besides the starting tile."""


class AllOf(ContentModel):
    """Every listed condition holds at the same time."""

    verb: ClassVar[str] = "all"
    all: Annotated[list[Condition], Field(min_length=2)]
    """Two or more conditions."""


class AnyOf(ContentModel):
    """At least one listed condition holds."""

    verb: ClassVar[str] = "any"
    any: Annotated[list[Condition], Field(min_length=2)]
    """Two or more conditions."""


class Not(ContentModel):
    """The condition does not hold (for branches; a goal of `not` alone is met at once)."""

    verb: ClassVar[str] = "not"
    not_: Condition = Field(alias="not")
    """The negated condition."""


class NarrativeCondition(ContentModel):
    """A condition in prose that the language cannot express; the interpreter never meets it.

    Each one is reported as a `not-simulated` warning (BB0210).
    """

    verb: ClassVar[str] = "narrative"
    narrative: Text
    """The condition, in words."""


CONDITION_MODELS: tuple[type[ContentModel], ...] = (
    EndMoveOn,
    CollectedInsight,
    HoldsInsight,
    Slay,
    Interact,
    Escort,
    CounterAtLeast,
    HuntTrackReaches,
    TilesRevealed,
    AllOf,
    AnyOf,
    Not,
    NarrativeCondition,
)

CONDITION_VERBS: dict[str, type[ContentModel]] = {m.verb: m for m in CONDITION_MODELS}  # type: ignore[attr-defined]
"""Every condition verb and its model, for the reference site."""

Condition = Annotated[
    Annotated[EndMoveOn, tagged(EndMoveOn)]
    | Annotated[CollectedInsight, tagged(CollectedInsight)]
    | Annotated[HoldsInsight, tagged(HoldsInsight)]
    | Annotated[Slay, tagged(Slay)]
    | Annotated[Interact, tagged(Interact)]
    | Annotated[Escort, tagged(Escort)]
    | Annotated[CounterAtLeast, tagged(CounterAtLeast)]
    | Annotated[HuntTrackReaches, tagged(HuntTrackReaches)]
    | Annotated[TilesRevealed, tagged(TilesRevealed)]
    | Annotated[AllOf, tagged(AllOf)]
    | Annotated[AnyOf, tagged(AnyOf)]
    | Annotated[Not, tagged(Not)]
    | Annotated[NarrativeCondition, tagged(NarrativeCondition)],
    verb_discriminator(),
]
"""A state of the game, written as a single-key mapping naming the condition verb."""

for _model in (AllOf, AnyOf, Not):
    _model.model_rebuild()
