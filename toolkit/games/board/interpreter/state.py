"""The state of a campaign's mission flow: what the companion saves and the engine carries.

Everything here is plain data (pydantic models of strings, numbers, lists and string-keyed maps), so a
state serializes to JSON and back exactly: ``MissionState.from_json(state.to_json()) == state``.
Nothing in it refers to loaded documents; the interpreter looks cards up by number.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ChapterStatus = Literal["playing", "won", "lost", "untold"]
"""How a chapter stands: being played, hunt completed, final round over, or stopped where the source
material stops describing it."""

PathItem = str | int
"""A mapping key or list index in a card document."""


class StateModel(BaseModel):
    """Base of the state models: closed to unknown keys, validated on assignment-free construction."""

    model_config = ConfigDict(extra="forbid")


class TokenState(StateModel):
    """Named tokens a card placed on the map."""

    type: str
    """The physical token: corpse, survivor, insight or npc."""

    label: str = ""
    """What the token stands for at the table."""

    count: int = 1
    """How many tokens of this name are on the map."""

    tile: str | None = None
    """The tile it stands on, as reported or placed (None when the place is relative)."""

    space: str | None = None
    """The space of that tile, when known."""

    owner: int | None = None
    """The card that owns it (discarded with that card's step), or None for nobody."""


class EnemyGroup(StateModel):
    """Enemies (or a boss) a card spawned, under one tag."""

    enemy: str
    """The enemy type or boss id, without pack qualifier."""

    boss: bool = False
    """Whether this is a boss."""

    count: int = 1
    """How many were spawned (and respawn, if they do)."""

    alive: int = 1
    """How many are still on the map."""

    respawn: bool = False
    """Whether they respawn at each map reset while their card is in play."""

    owner: int | None = None
    """The card they belong to."""


class CardInPlay(StateModel):
    """A mission or special-rules card in play, with what only it tracks."""

    number: int
    """The card's number."""

    slain: dict[str, int] = Field(default_factory=dict)
    """Enemies slain while it is in play, by `enemy:<type>`, `boss:<id>` and `tag:<name>`."""

    carries_rules_of: list[int] = Field(default_factory=list)
    """Earlier cards whose standing rules this card keeps in force (`keeps: {rules: true}`)."""


class Modifier(StateModel):
    """A change to enemies while a card is in play (HP, attack, invulnerability), for display."""

    text: str
    """The change in words."""

    owner: int | None = None
    """The card it belongs to."""

    until: list[PathItem] | None = None
    """For a protection that ends by itself: where its `until` condition is, in card ``card``."""

    card: int | None = None
    """The card holding the `until` condition."""


class Frame(StateModel):
    """A position in one effect list of a card: where to continue after a choice."""

    path: list[PathItem]
    """The path to the effect list within the card document (`goals`, 0, `then`)."""

    next: int = 0
    """The index of the next effect to run."""


class Run(StateModel):
    """Effects of one card being carried out: a stack of effect-list positions (innermost last)."""

    card: int
    """The card whose effects these are."""

    owner: int | None = None
    """The card owning what these effects create, when not ``card`` (a rule carried by a later card)."""

    frames: list[Frame] = Field(default_factory=list)
    """Nested effect lists being run; the last is innermost."""


class PendingChoice(StateModel):
    """A choice the players must make before play can go on."""

    card: int
    """The card offering it."""

    path: list[PathItem]
    """Where the `choose` effect is in that card."""

    prompt: str
    """The question."""

    options: list[str]
    """The options' labels, in order (chosen by 1-based number or by label)."""

    runs: list[Run]
    """The effect runs to continue once chosen (outermost first)."""

    event: dict[str, object] | None = None
    """The event being processed when the choice came up, as written in a scenario."""

    phase: Literal["triggers", "rules", "goals"] = "goals"
    """How far the event's processing had got."""

    rules_fired: list[str] = Field(default_factory=list)
    """Standing rules already run for that event (`card:index`)."""

    cards_before: list[int] = Field(default_factory=list)
    """Cards that were in play before that event (only they can meet a goal by it)."""


class RewardRecord(StateModel):
    """A reward the hunters received, kept for the whole campaign."""

    chapter: int
    """The chapter it was earned in."""

    text: str
    """The reward in words (`2 Blood Echoes to each hunter`)."""

    verb: str
    """The reward effect's verb."""

    card: str | None = None
    """The named card received, for card rewards (firearms, tools, runes, consumables)."""


class ChapterState(StateModel):
    """One chapter's game: the hunt track, the round, and every mission card's progress."""

    number: int
    """The chapter being played, 1-3."""

    round: int = 1
    """The current round, from 1."""

    hunt_track: int = 1
    """The Hunt Track token's space, from 1."""

    final_round: bool = False
    """Whether the current round is the final one."""

    status: ChapterStatus = "playing"
    """How the chapter stands."""

    fired_triggers: list[int] = Field(default_factory=list)
    """Indexes of the chapter card's triggers that have fired (each fires once)."""

    revealed: list[int] = Field(default_factory=list)
    """Cards revealed so far, in order (special-rules cards included)."""

    in_play: list[CardInPlay] = Field(default_factory=list)
    """Cards in play, in the order they came in."""

    completed: list[int] = Field(default_factory=list)
    """Cards whose step was completed, in order."""

    missions_completed: list[int] = Field(default_factory=list)
    """Cards whose goal completed their mission (`complete_mission`)."""

    locked: list[int] = Field(default_factory=list)
    """Cards that may no longer be revealed."""

    discarded: list[int] = Field(default_factory=list)
    """Cards taken out of play without completing."""

    tokens: dict[str, TokenState] = Field(default_factory=dict)
    """Named tokens on the map."""

    enemies: dict[str, EnemyGroup] = Field(default_factory=dict)
    """Spawned enemy groups by tag."""

    slain_bosses: list[str] = Field(default_factory=list)
    """Bosses slain this chapter."""

    fog_gates: dict[str, int | None] = Field(default_factory=dict)
    """Tiles surrounded by fog gates, with the card owning them."""

    counters: dict[str, int] = Field(default_factory=dict)
    """Named counters."""

    counter_owners: dict[str, int | None] = Field(default_factory=dict)
    """The card owning each counter."""

    modifiers: list[Modifier] = Field(default_factory=list)
    """Changes to enemies in force."""

    tiles_revealed: list[str] = Field(default_factory=list)
    """Tiles revealed from the tile deck (besides the starting tile); unnamed ones as `random`."""

    pending: PendingChoice | None = None
    """A choice waiting for the players."""

    queue: list[dict[str, object]] = Field(default_factory=list)
    """Happenings still to process after the pending choice (ticks such as `{tick: reset}`)."""

    started: bool = False
    """Whether the chapter's setup and start-of-hunt triggers have run."""

    def card(self, number: int) -> CardInPlay | None:
        """The card in play with this number."""
        return next((c for c in self.in_play if c.number == number), None)

    def in_play_numbers(self) -> list[int]:
        return [c.number for c in self.in_play]


class CampaignState(StateModel):
    """What carries over between chapters: insight cards and rewards."""

    campaign: str
    """The campaign's id."""

    hunters: int
    """How many hunters play (1-4)."""

    insight: list[int] = Field(default_factory=list)
    """Insight cards held (each is 1 collected insight), in the order earned."""

    rewards: list[RewardRecord] = Field(default_factory=list)
    """Rewards received, in order."""

    chapters_won: list[int] = Field(default_factory=list)
    """Chapters completed in this attempt at the campaign."""

    defeats: int = 0
    """How many times the campaign was lost and restarted from chapter 1."""

    complete: bool = False
    """Whether the last chapter was won."""


class MissionState(StateModel):
    """The whole mission flow: the campaign's carried state and the current chapter."""

    format: Literal[1] = 1
    """The state format's version."""

    campaign: CampaignState
    """What carries over between chapters."""

    chapter: ChapterState
    """The chapter being played."""

    def to_json(self) -> str:
        """Serialize (stable key order, so equal states give equal text)."""
        return self.model_dump_json(indent=None)

    @classmethod
    def from_json(cls, text: str | bytes) -> MissionState:
        """Read back what :meth:`to_json` wrote; raises ``pydantic.ValidationError`` on bad data."""
        return cls.model_validate_json(text)

    def copy_deep(self) -> MissionState:
        """An independent copy (through JSON: far quicker than ``copy.deepcopy`` of models)."""
        return MissionState.model_validate_json(self.model_dump_json())
