"""The `scenario` kind: a campaign unit test, run by `huntkit test`.

A scenario names a campaign, a chapter and the number of hunters, may give a starting state, and
lists steps: events reported as at the table (the interpreter's event verbs) and `expect` steps that
check the state at that point. Example::

    kind: scenario
    id: widow-takes-the-lantern
    name: Escorting the widow and taking her lantern earns insight card 24
    campaign: the-pale-bell
    chapter: 1
    hunters: 2
    steps:
      - end_move: ransacked-house
      - expect: {revealed: [5], tokens: [widow]}
      - token_moved: {token: widow, to: central-lamp}
      - choose: Take the lantern
      - expect: {missions_completed: [5], holds_insight: [24], insight: 1}
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import MAX_SCENARIO_STEPS, ContentModel, Id, NamedDocument, Text
from toolkit.games.board.interpreter.events import (
    ChooseEvent,
    Dream,
    EndMove,
    EndRound,
    InteractEvent,
    Slain,
    TileRevealedEvent,
    TokenMoved,
)
from toolkit.games.board.mission.common import (
    CardNumber,
    CounterName,
    TileRef,
    TokenName,
    tagged,
    verb_discriminator,
)
from toolkit.games.board.mission.documents import CampaignRef, ChapterNumber
from toolkit.games.board.scenarios.rule_model import RuleArea

ChapterStatusName = Literal["playing", "won", "lost", "untold"]


class Given(ContentModel):
    """The state before the chapter begins (what earlier chapters would have left)."""

    insight: list[CardNumber] = Field(default_factory=list)
    """Insight cards already held, from this campaign's earlier chapters."""

    hunt_track: Annotated[int, Field(ge=1, le=40)] | None = None
    """The Hunt Track space to start on (1 if omitted)."""

    round: Annotated[int, Field(ge=1, le=99)] | None = None
    """The round to start in (1 if omitted)."""

    counters: dict[CounterName, int] = Field(default_factory=dict)
    """Counters and their starting values."""

    reveal: list[CardNumber] = Field(default_factory=list)
    """Cards of the chapter put in play after it begins, as if revealed (to test a card on its own)."""


class Expectations(ContentModel):
    """What must be true at this point. Only the keys written are checked."""

    revealed: list[CardNumber] | None = None
    """Cards that must have been revealed by now (others may have been too)."""

    not_revealed: list[CardNumber] | None = None
    """Cards that must not have been revealed."""

    in_play: list[CardNumber] | None = None
    """Exactly the cards in play, in any order."""

    completed: list[CardNumber] | None = None
    """Cards whose step must be complete (others may be too)."""

    missions_completed: list[CardNumber] | None = None
    """Cards whose mission must be complete (`complete_mission`)."""

    insight: Annotated[int, Field(ge=0, le=99)] | None = None
    """Exactly this much collected insight (insight cards held)."""

    holds_insight: list[CardNumber] | None = None
    """Insight cards that must be held."""

    hunt: ChapterStatusName | None = None
    """How the chapter stands: `playing`, `won`, `lost` or `untold`."""

    hunt_track: Annotated[int, Field(ge=1, le=40)] | None = None
    """The Hunt Track space."""

    round: Annotated[int, Field(ge=1, le=99)] | None = None
    """The round."""

    final_round: bool | None = None
    """Whether the final round has begun."""

    chapter: ChapterNumber | None = None
    """The chapter being played (after `next_chapter`)."""

    counters: dict[CounterName, int] | None = None
    """Counters and their values (only those named)."""

    enemy_groups: list[Id] | None = None
    """Exactly the enemy groups mission cards spawned that are on the map now, by tag, in any order."""

    resets: Annotated[int, Field(ge=0, le=99)] | None = None
    """How many times the map reset during the previous step."""

    rewards: Annotated[int, Field(ge=0, le=99)] | None = None
    """Exactly this many rewards received in this attempt at the campaign (they carry over to the
    next chapter, and are lost with the campaign)."""

    defeats: Annotated[int, Field(ge=0, le=99)] | None = None
    """How many times the campaign was lost and restarted from chapter 1."""

    tokens: list[TokenName] | None = None
    """Exactly the named tokens on the map, in any order."""

    fog_gates: list[TileRef] | None = None
    """Exactly the tiles surrounded by fog gates, in any order."""

    choice: str | None = None
    """A choice must be pending whose prompt contains this text; `none` for no pending choice."""

    says: str | None = None
    """Some outcome of the previous step must contain this text (case-insensitive)."""

    rejected: str | None = None
    """The previous step must have been rejected with a message containing this text."""


class Expect(ContentModel):
    """Check the state: `expect: {revealed: [5], insight: 1}`."""

    verb: ClassVar[str] = "expect"
    expect: Expectations
    """What must hold now."""


class NextChapter(ContentModel):
    """After the chapter ends, go on: to the next chapter if won, to chapter 1 if lost
    (`next_chapter: true`)."""

    verb: ClassVar[str] = "next_chapter"
    next_chapter: Literal[True]
    """Write `next_chapter: true`."""


Step = Annotated[
    Annotated[EndMove, tagged(EndMove)]
    | Annotated[TileRevealedEvent, tagged(TileRevealedEvent)]
    | Annotated[Slain, tagged(Slain)]
    | Annotated[InteractEvent, tagged(InteractEvent)]
    | Annotated[TokenMoved, tagged(TokenMoved)]
    | Annotated[EndRound, tagged(EndRound)]
    | Annotated[Dream, tagged(Dream)]
    | Annotated[ChooseEvent, tagged(ChooseEvent)]
    | Annotated[Expect, tagged(Expect)]
    | Annotated[NextChapter, tagged(NextChapter)],
    verb_discriminator(),
]
"""A step: an event as reported at the table, `expect`, or `next_chapter`."""


class Scenario(NamedDocument):
    """A scenario test of a campaign: a starting state, reported events, and expectations."""

    kind: Literal["scenario"]
    """Always `scenario`."""
    kind_name: ClassVar[str] = "scenario"

    campaign: CampaignRef
    """The campaign played."""

    chapter: ChapterNumber = 1
    """The chapter the scenario starts in."""

    hunters: Annotated[int, Field(ge=1, le=4)] = 2
    """How many hunters play."""

    description: Text | None = None
    """What the scenario pins, in a sentence."""

    rule: RuleArea | None = None
    """The rule of the missions' flow it pins, named by its page of the reference's board-game
    rules (`hunt-track`, `campaign`, …): that page then shows the scenario as a worked example."""

    given: Given | None = None
    """The state before the chapter begins."""

    steps: Annotated[list[Step], Field(min_length=1, max_length=MAX_SCENARIO_STEPS)]
    """Events, `expect` checks and `next_chapter`, in order."""


SCENARIO_KINDS = {Scenario.kind_name: Scenario}
"""The kinds this package adds to the board game."""
