"""Blood Hunt content kinds: the deck, citizen kinds, districts, the set-up table and rulings.

Everything the engine needs is read from these models; nothing about the game's numbers lives in
code. A designer edits the YAML (a set size, the effect of card 7, the tokens per district) and
re-simulates.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.expressions import Scaling
from toolkit.core.model import (
    MAX_SCENARIO_STEPS,
    ContentModel,
    Document,
    Id,
    Illustrated,
    NamedDocument,
    QualifiedId,
    RefTo,
    Text,
    UniqueItems,
)
from toolkit.core.scaling_range import ScalingRange
from toolkit.games.blood_hunt.model.effects import Effect

CitizenRef = Annotated[QualifiedId, RefTo("bh-citizen")]
DistrictRef = Annotated[QualifiedId, RefTo("bh-district")]
DeckRef = Annotated[QualifiedId, RefTo("bh-deck")]


class Suit(ContentModel):
    """One suit (colour) of the deck; one suit at a time is the trump."""

    id: Id
    """How cards and rulings name this suit."""

    name: Text
    """The suit's name as shown to players."""


class CardLine(ContentModel):
    """One value of the deck, printed in some or all suits, with the effect it triggers when
    discarded."""

    value: Annotated[int, Field(ge=0, le=99)]
    """The printed value; higher beats lower when neither or both cards are trump."""

    suits: list[Id] | None = None
    """The suits this line is printed in; all suits of the deck when left out."""

    effect: Effect | None = None
    """What happens when a card of this line is discarded; no effect when left out."""


class BhDeck(Illustrated, NamedDocument):
    """The deck of cards: its suits and, value by value, which cards exist and what they do."""

    kind: Literal["bh-deck"]
    kind_name: ClassVar[str] = "bh-deck"

    suits: Annotated[list[Suit], Field(min_length=1, max_length=16)]
    """The suits, in the order they are listed in reports."""

    cards: Annotated[list[CardLine], Field(min_length=1, max_length=200)]
    """The card lines; each (suit, value) pair may appear once."""


class BhCitizen(Illustrated, NamedDocument):
    """A kind of citizen token. Every token is double-sided: the citizen on the front, a vampire on
    the back."""

    kind: Literal["bh-citizen"]
    kind_name: ClassVar[str] = "bh-citizen"

    count: Annotated[int, Field(ge=0, le=200)]
    """How many tokens of this kind go into the bag."""

    points: Annotated[int, Field(ge=0, le=100)]
    """What a collected token of this kind scores at the end, citizen side up."""

    vampire_points: Annotated[int, Field(ge=0, le=100)] = 6
    """What a collected token of this kind scores when it shows its vampire side."""


class BhDistrict(NamedDocument):
    """A district of the city: it gathers discards and citizen tokens until it closes."""

    kind: Literal["bh-district"]
    kind_name: ClassVar[str] = "bh-district"

    description: Text | None = None
    """A line of flavour for the reference."""


class DistrictSetup(ContentModel):
    """A district at the table, in card-holder slot order, with its tokens by player count."""

    district: DistrictRef
    """The district."""

    tokens: Annotated[Scaling, ScalingRange(0, what="a district's tokens", variable="players")]
    """Tokens drawn into it at set-up and at each refill: `players - 1`, or a table by count."""


class InstantWin(ContentModel):
    """A set that wins the game the moment a player has collected it."""

    citizen: CitizenRef
    """The citizen kind; only tokens showing the citizen side count."""

    count: Annotated[int, Field(ge=1, le=100)]
    """How many such tokens make the set."""


class BhSetup(NamedDocument):
    """How a game of Blood Hunt is set up and how long it lasts."""

    kind: Literal["bh-setup"]
    kind_name: ClassVar[str] = "bh-setup"

    players: Annotated[list[Annotated[int, Field(ge=2, le=8)]], Field(min_length=1), UniqueItems()]
    """The player counts this set-up supports."""

    deck: DeckRef
    """The deck played with."""

    districts: Annotated[list[DistrictSetup], Field(min_length=2, max_length=16)]
    """The districts in card-holder slot order: each player holds one card per district."""

    rounds: Annotated[int, Field(ge=1, le=20)] = 3
    """Rounds played before the final count, unless a player wins at once."""

    cards_to_close: Annotated[int, Field(ge=1, le=20)] = 4
    """Discards in front of a district that close and resolve it."""

    open_districts_to_end_round: Annotated[int, Field(ge=1, le=15)] = 1
    """The round ends as soon as only this many districts are still open."""

    instant_wins: list[InstantWin] = Field(default_factory=list)
    """Sets that win the game at once."""

    final_ties: Literal["shared", "most-vampires"] = "shared"
    """How a tie at the final count is settled: `shared` (all tied players win), or
    `most-vampires` (the tied player with most vampire tokens wins; still tied means shared)."""


class BhRuling(Document):
    """A decision where the rulebook is silent or ambiguous: question, decision and why."""

    kind: Literal["bh-ruling"]
    kind_name: ClassVar[str] = "bh-ruling"

    id: Id
    """How other documents and the reference name this ruling."""

    question: Text
    """What the rulebook leaves open."""

    decision: Text
    """What huntkit's engine does."""

    reason: Text
    """Why this decision."""


PlayerName = Annotated[str, Field(pattern=r"^P[1-8]$")]
"""A seat: `P1` is the first seat, clockwise from there."""


class BhTable(ContentModel):
    """The table a scenario starts from, at one player's keep-or-discard decision. Cards are
    named `suit value` (`crimson 7`), tokens by citizen id (`lord`, `vampire lord`). Cards not
    named fill the remaining open slots, lowest first; tokens not named stay in the bag."""

    drawn: str
    """The card the player to act has just drawn."""

    trump: Id
    """The trump suit."""

    first_player: PlayerName = "P1"
    """Who holds the first-player token."""

    turn: PlayerName = "P1"
    """Whose turn it is."""

    round: Annotated[int, Field(ge=1, le=20)] = 1
    """The round being played."""

    closed: list[DistrictRef] = Field(default_factory=list)
    """Districts already closed this round."""

    holders: dict[PlayerName, dict[Id, str]] = Field(default_factory=dict)
    """Cards in holders, by player and district id."""

    revealed: dict[PlayerName, list[Id]] = Field(default_factory=dict)
    """Districts whose card is face up, by player."""

    discards: dict[Id, list[str]] = Field(default_factory=dict)
    """Cards discarded in front of open districts."""

    tokens: dict[Id, list[str]] = Field(default_factory=dict)
    """Tokens lying in districts."""

    collected: dict[PlayerName, list[str]] = Field(default_factory=dict)
    """Tokens already collected, by player."""


class BhExpect(ContentModel):
    """What must hold after the steps so far; only the keys given are compared."""

    winners: list[PlayerName] | None = None
    """The winners, once the game is over (empty while it goes on)."""

    end: str | None = None
    """How the game ended: `score`, or `set:<citizen>` for an instant win."""

    round: int | None = None
    """The round being played."""

    trump: Id | None = None
    """The trump suit."""

    first_player: PlayerName | None = None
    """Who holds the first-player token."""

    to_act: str | None = None
    """Who acts next: a player, `chance` or `nobody` (the game is over)."""

    open: dict[Id, bool] | None = None
    """Whether each named district is open."""

    holders: dict[PlayerName, dict[Id, str | None]] | None = None
    """Cards in named slots (`null`: empty)."""

    revealed: dict[PlayerName, list[Id]] | None = None
    """Exactly the districts whose card is face up, by player."""

    tokens: dict[Id, list[str]] | None = None
    """Exactly the tokens lying in each named district (any order)."""

    collected: dict[PlayerName, dict[str, int]] | None = None
    """Exactly the tokens each named player has collected, by token name."""

    scores: dict[PlayerName, int] | None = None
    """Each named player's score."""

    legal: list[str] | None = None
    """Exactly the legal actions, by name, in order."""


class BhStep(ContentModel):
    """One step: exactly one of `do`, `deal`, `bag` or `expect`."""

    do: str | None = None
    """Play the legal action of this name (as `huntkit play` lists it)."""

    deal: str | None = None
    """Resolve the pending card draw with this card."""

    bag: str | None = None
    """Resolve the pending bag draw with a token of this citizen kind."""

    expect: BhExpect | None = None
    """Check the state."""


class BhScenario(NamedDocument):
    """A scenario test run by `huntkit test`: a table, steps, and expectations."""

    kind: Literal["bh-scenario"]
    kind_name: ClassVar[str] = "bh-scenario"

    players: Annotated[int, Field(ge=2, le=8)]
    """How many play."""

    table: BhTable
    """Where the scenario starts."""

    steps: Annotated[list[BhStep], Field(min_length=1, max_length=MAX_SCENARIO_STEPS)]
    """What happens, in order, and what must hold."""


BLOOD_HUNT_KINDS: dict[str, type[Document]] = {
    model.kind_name: model for model in (BhDeck, BhCitizen, BhDistrict, BhSetup, BhRuling, BhScenario)
}
"""Every Blood Hunt content kind by its ``kind`` value."""
