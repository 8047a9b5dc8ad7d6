"""The campaign kinds: campaign, chapter, mission card and insight card.

A campaign is one pack's story in three chapters. Its mission and insight cards are numbered like the
physical deck and referred to by number within the campaign; their document key is
``<campaign>#<number>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from toolkit.core.model import (
    ContentModel,
    Document,
    Illustrated,
    NamedDocument,
    QualifiedId,
    RefTo,
    Text,
    UniqueItems,
    text_in,
)
from toolkit.games.board.mission.common import CardNumber, Keeps, TileRef
from toolkit.games.board.mission.conditions import Condition
from toolkit.games.board.mission.effects import REWARD_VERBS, Effect
from toolkit.games.board.mission.triggers import Trigger
from toolkit.games.board.scaling import TileCount

CampaignRef = Annotated[QualifiedId, RefTo("campaign")]
"""A campaign by id."""

ChapterNumber = Annotated[int, Field(ge=1, le=3)]
"""A chapter of a campaign: 1, 2 or 3."""

MissionType = Literal["hunt", "insight", "special-rules"]
"""A mission card's type: a step of the chapter's hunt mission, of an insight mission, or a
special-rules card whose standing rules apply while it is in play."""


class Campaign(NamedDocument):
    """A campaign: an introduction and three chapters played in order as three separate games."""

    kind: Literal["campaign"]
    """Always `campaign`."""
    kind_name: ClassVar[str] = "campaign"

    introduction: Text
    """The introduction card, read once at the start of the campaign."""

    description: Text | None = None
    """A line for the reference site's campaign list."""


class ChapterSetup(ContentModel):
    """What the chapter card's setup side lists."""

    special_rules: Annotated[list[CardNumber], UniqueItems()] = Field(default_factory=list)
    """Special-rules cards put in play before the first round."""

    enemies: Annotated[
        list[Annotated[QualifiedId, RefTo("enemy")]], Field(min_length=3, max_length=3), UniqueItems()
    ]
    """The three enemies, in the order of their slots 1-3 (the game shuffles them into the slots)."""

    mission_enemies: Annotated[list[Annotated[QualifiedId, RefTo("enemy")]], UniqueItems()] = Field(
        default_factory=list
    )
    """Regular enemy types the chapter's missions bring in besides the three (the rulebook lets a
    mission spawn a new type; it activates after the slot enemies). Set out their cards and
    miniatures too; a spawn of an unlisted type is a warning (BB0525)."""

    tiles: Annotated[list[TileRef], UniqueItems()] = Field(default_factory=list)
    """Named tiles shuffled into the tile deck, besides the starting tile."""

    random_tiles: TileCount
    """How many random unused tiles join the tile deck; usually `2 * hunters`."""

    starting_tile: TileRef = "central-lamp"
    """Where the hunters start; the Central Lamp in every published chapter."""


class ChapterTrigger(ContentModel):
    """A line of the chapter card's missions side: when an event happens, reveal a mission card."""

    when: Trigger
    """The event; it fires once."""

    reveal: CardNumber
    """The mission card it reveals."""


class Chapter(Document):
    """A chapter card: one game of the campaign, with its setup and the triggers of its missions."""

    reports_own_duplicates: ClassVar[bool] = True  # BB0502 names the campaign and number

    kind: Literal["chapter"]
    """Always `chapter`."""
    kind_name: ClassVar[str] = "chapter"

    campaign: CampaignRef
    """The campaign this chapter belongs to."""

    number: ChapterNumber
    """Its place in the campaign, 1-3."""

    title: Text
    """The chapter's title."""

    story: Text | None = None
    """The chapter card's flavour text."""

    setup: ChapterSetup
    """The setup side of the card."""

    triggers: Annotated[list[ChapterTrigger], Field(min_length=1)]
    """The missions side: which events reveal which cards."""

    notes: Text | None = None
    """Designer's notes shown on the chapter's reference page (balance, measured win rates …)."""

    def document_key(self) -> str:
        return f"{self.campaign}#{self.number}"

    def display_name(self) -> str:
        return f"Chapter {self.number}"


class Rule(ContentModel):
    """A standing rule of a mission card: each time the event happens while the card is in play,
    run the effects ("each time a Scourge Beast is slain, place a corpse token on its space")."""

    when: Trigger
    """The event."""

    do: Annotated[list[Effect], Field(min_length=1)]
    """What happens each time."""

    only_if: Condition | None = None
    """An extra test made when the event happens."""


class NarrativeRule(ContentModel):
    """A standing rule in prose that the language cannot express; the interpreter ignores it.

    Each one is reported as a `not-simulated` warning (BB0210).
    """

    narrative: Text
    """The rule, in words."""


def _rule_form(value: Any) -> str:
    """A rule with a `narrative` key is prose; anything else is a trigger and its effects."""
    if isinstance(value, NarrativeRule) or (isinstance(value, Mapping) and "narrative" in value):
        return "narrative"
    return "rule"


StandingRule = Annotated[
    Annotated[Rule, Tag("rule")] | Annotated[NarrativeRule, Tag("narrative")],
    Discriminator(_rule_form),
]
"""A standing rule: `{when: ..., do: [...]}`, or `{narrative: ...}` for one in prose."""


class Goal(ContentModel):
    """A goal printed in red at the bottom of a card, and what meeting it does."""

    goal: Condition
    """What the hunters must achieve."""

    then: Annotated[list[Effect], Field(min_length=1)]
    """What happens when they do; on every path it must `reveal` the next card, `complete_mission`
    or `complete_hunt`."""


class MissionCard(Illustrated, Document):
    """A mission card: one step of a hunt or insight mission, or a special-rules card."""

    reports_own_duplicates: ClassVar[bool] = True  # BB0502 names the campaign and number

    kind: Literal["mission-card"]
    """Always `mission-card`."""
    kind_name: ClassVar[str] = "mission-card"

    campaign: CampaignRef
    """The campaign whose deck holds this card."""

    chapter: ChapterNumber
    """The chapter this card is played in."""

    number: CardNumber
    """The number printed on the card; unique among the campaign's mission cards."""

    type: MissionType
    """`hunt`, `insight` or `special-rules`."""

    title: Text
    """The mission's name, as printed on the card."""

    story: Text | None = None
    """The story text, read aloud when the card is revealed."""

    keeps: Keeps | None = None
    """What this card keeps from the card whose goal revealed it."""

    on_reveal: list[Effect] = Field(default_factory=list)
    """Effects applied when the card is revealed, in order."""

    rules: list[StandingRule] = Field(default_factory=list)
    """Standing rules in force while the card is in play."""

    goals: list[Goal] = Field(default_factory=list)
    """The card's goals; meeting any one runs its effects and ends this card's step. Special-rules
    cards have none."""

    @model_validator(mode="after")
    def _goals_fit_type(self) -> MissionCard:
        if self.type == "special-rules" and self.goals:
            raise ValueError("a special-rules card has no goals; make it a hunt or insight card")
        if self.type != "special-rules" and not self.goals:
            raise ValueError(f"a {self.type} card needs at least one goal")
        return self

    def document_key(self) -> str:
        return f"{self.campaign}#{self.number}"

    def display_name(self) -> str:
        return f"{self.number}. {text_in(self.title)}"


class InsightCard(Illustrated, Document):
    """An insight card: earned by completing a mission, kept for the whole campaign; each one is
    1 collected insight, and most grant rewards."""

    reports_own_duplicates: ClassVar[bool] = True  # BB0502 names the campaign and number

    kind: Literal["insight-card"]
    """Always `insight-card`."""
    kind_name: ClassVar[str] = "insight-card"

    campaign: CampaignRef
    """The campaign whose deck holds this card."""

    number: CardNumber
    """The number printed on the card; unique among the campaign's insight cards."""

    title: Text
    """The card's title."""

    story: Text | None = None
    """What the hunters learned."""

    rewards: list[Effect] = Field(default_factory=list)
    """Rewards granted when it is earned: `blood_echoes`, `draw_consumables`, `upgrades`,
    `gain_consumable`, `gain_reward` or `gain_firearm`."""

    @model_validator(mode="after")
    def _rewards_only(self) -> InsightCard:
        for effect in self.rewards:
            verb = getattr(type(effect), "verb", "")
            if verb not in REWARD_VERBS:
                raise ValueError(f"`{verb}` is not a reward; use {', '.join(sorted(REWARD_VERBS))}")
        return self

    def document_key(self) -> str:
        return f"{self.campaign}#{self.number}"

    def display_name(self) -> str:
        return f"Insight {self.number}. {text_in(self.title)}"
