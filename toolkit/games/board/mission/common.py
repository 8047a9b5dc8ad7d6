"""Shared pieces of the mission language: references, places, enemy selectors and verb unions.

Every verb of the language (trigger, condition, effect) is written as a mapping with a single key, the
verb's name: ``{reveal: 5}``, ``{end_move_on: oedon-chapel}``. Each verb is its own model with one
field named after the verb, and the verbs of one family form a pydantic union whose discriminator is
that single key, so an unknown verb is reported as an unknown union tag (BB0207) with did-you-mean.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Discriminator, Field, GetJsonSchemaHandler, Tag
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from toolkit.core.model import QUALIFIED_ID_PATTERN, ContentModel, Id, QualifiedId, RefTo, Text

CardNumber = Annotated[int, Field(ge=1, le=999, json_schema_extra={"x-huntkit-card": True})]
"""A card's number within its campaign, as printed on the physical card."""

TileRef = Annotated[QualifiedId, RefTo("tile")]
"""A tile by id (``oedon-chapel``); its named-location space shares the id."""

EnemyRef = Annotated[QualifiedId, RefTo("enemy", "npc-enemy")]
"""A regular or NPC enemy type by id."""

BossRef = Annotated[QualifiedId, RefTo("boss")]
"""A boss by id."""

TokenName = Id
"""The name a mission card gives to tokens it places, so goals and rules can refer to them."""

TagName = Id
"""A name a spawn effect gives to the enemies it brings in, so goals and rules can refer to them."""

CounterName = Id
"""The name of a counter a mission card keeps (kills, rounds, gathered items)."""

HUNT_TRACK_SPACES = 16
"""Spaces on the Hunt Track (secondary source); the final one starts the final round."""

MAX_CHOICE_OPTIONS = 20
"""Options of one choice: a card offers two or three; the table answers by number up to this."""

EnemySlot = Annotated[int, Field(ge=1, le=3)]
"""One of the three Enemy card slots of the Hunt board."""


def verb_of(value: Any) -> str | None:
    """The verb a single-key mapping names: its (first) key, even when unknown.

    Returning the raw key for unknown verbs makes pydantic report ``union_tag_invalid`` naming it,
    which the pipeline turns into BB0207 with did-you-mean. A mapping with two verb keys yields the
    first; the model then rejects the second as an unknown key, at its own line.
    """
    if isinstance(value, Mapping):
        for key in value:
            return str(key)
        return None
    if isinstance(value, ContentModel):
        verb = getattr(type(value), "verb", None)
        return verb if isinstance(verb, str) else None
    return None


def verb_discriminator() -> Discriminator:
    """The discriminator shared by the trigger, condition and effect unions."""
    return Discriminator(verb_of)


def tagged(model: type[ContentModel]) -> Tag:
    """The union tag of a verb model: its verb (``Annotated[Reveal, tagged(Reveal)]``)."""
    verb: str = getattr(model, "verb")  # noqa: B009 - every verb model sets the class variable
    return Tag(verb)


# --- places ------------------------------------------------------------------------------------


class TilePlace(ContentModel):
    """A whole tile. In a trigger or goal: any space of it. Where something is placed or spawned:
    the tile's named-location space, or for a tile without one, the space the game picks (cruelly,
    as the rules ask when a choice is left to the game)."""

    tile: TileRef
    """The tile, named by its id (a tile with a named location is named after it)."""


class SpacePlace(ContentModel):
    """One space: a tile's named-location space, or another space of it by its space id."""

    space: TileRef
    """The tile whose space is meant; alone, its named-location space."""

    space_id: Id | None = None
    """Another space of that tile, by the id the tile model gives it; omit for the named location."""


class SlotPlace(ContentModel):
    """The spawn point of an enemy slot (1, 2 or 3) on a tile."""

    tile: TileRef
    """The tile whose spawn point is meant."""

    enemy_slot: EnemySlot
    """Which Enemy slot's spawn point on that tile."""


class TokenPlace(ContentModel):
    """The space holding a named token that a mission card placed."""

    token: TokenName
    """The token's name, as given by the `place_token` effect that placed it."""


class EventPlace(ContentModel):
    """The space where the event that fired a standing rule happened (where an enemy was slain)."""

    event_space: Literal[True]
    """Write `event_space: true`. Only meaningful inside a standing rule's effects."""


def _place_form(value: Any) -> Any:
    """A bare id means the whole tile: `end_move_on: oedon-chapel`."""
    return {"tile": value} if isinstance(value, str) else value


class _AlsoATileId:
    """Adds the bare tile-id form to a place's JSON Schema (the validator accepts it)."""

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        tile_id = {"type": "string", "pattern": QUALIFIED_ID_PATTERN, "x-huntkit-ref": ["tile"]}
        return {"anyOf": [tile_id, handler(schema)]}


class AlsoAnId:
    """Adds the bare-id form to an object's JSON Schema, for a field whose validator turns a string
    into the object (`end_move: oedon-chapel` for `{tile: oedon-chapel}`): without it the exported
    schema, and so every editor, rejects what huntkit accepts."""

    def __init__(self, *refs: str) -> None:
        self.refs = refs

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        bare: dict[str, Any] = {"type": "string", "pattern": QUALIFIED_ID_PATTERN}
        if self.refs:
            bare["x-huntkit-ref"] = list(self.refs)
        return {"anyOf": [bare, handler(schema)]}


def _place_tag(value: Any) -> str | None:
    """Which form of place a mapping is, judged by its keys."""
    if isinstance(value, ContentModel):
        return type(value).__name__
    if not isinstance(value, Mapping):
        return None
    if "enemy_slot" in value:
        return "SlotPlace"
    for key, form in (
        ("space", "SpacePlace"),
        ("tile", "TilePlace"),
        ("token", "TokenPlace"),
        ("event_space", "EventPlace"),
    ):
        if key in value:
            return form
    return None


Place = Annotated[
    Annotated[TilePlace, Tag("TilePlace")]
    | Annotated[SpacePlace, Tag("SpacePlace")]
    | Annotated[SlotPlace, Tag("SlotPlace")]
    | Annotated[TokenPlace, Tag("TokenPlace")]
    | Annotated[EventPlace, Tag("EventPlace")],
    Discriminator(
        _place_tag,
        custom_error_type="place_form",
        custom_error_message=(
            "a place is a tile id, or a mapping with `tile`, `space`, `tile` + `enemy_slot`, "
            "`token` or `event_space`"
        ),
    ),
    BeforeValidator(_place_form),
    _AlsoATileId(),
]
"""Where something happens or goes: a tile id, or `{space: tile}`, `{space: tile, space_id: s}`,
`{tile: t, enemy_slot: 1}`, `{token: name}` or `{event_space: true}`."""


# --- enemies -------------------------------------------------------------------------------------


class EnemyTypeSelector(ContentModel):
    """Every enemy of one type, regular or NPC: `{enemy: scourge-beast}`."""

    enemy: EnemyRef
    """The enemy type."""


class BossSelector(ContentModel):
    """One boss: `{boss: cleric-beast}`."""

    boss: BossRef
    """The boss."""


class TagSelector(ContentModel):
    """The enemies a `spawn` or `spawn_boss` effect of this chapter tagged: `{tag: chapel-beasts}`."""

    tag: TagName
    """The tag given by the spawn effect."""


def selector_tag(value: Any) -> str | None:
    """Which selector a mapping is: the first of `enemy`, `boss`, `tag` among its keys."""
    if isinstance(value, ContentModel):
        for key in ("enemy", "boss", "tag"):
            if key in type(value).model_fields:
                return key
        return None
    if isinstance(value, Mapping):
        for key in ("enemy", "boss", "tag"):
            if key in value:
                return key
        return next(iter(value), None) if value else None
    return None


def selector_discriminator() -> Discriminator:
    """Picks an enemy selector by its key; anything else is reported as a wrong form."""
    return Discriminator(
        selector_tag,
        custom_error_type="enemy_selector_form",
        custom_error_message="name the enemies with `enemy: <type>`, `boss: <boss>` or `tag: <tag>`",
    )


EnemySelector = Annotated[
    Annotated[EnemyTypeSelector, Tag("enemy")]
    | Annotated[BossSelector, Tag("boss")]
    | Annotated[TagSelector, Tag("tag")],
    selector_discriminator(),
]
"""Which enemies a goal, rule or effect means: `{enemy: type}`, `{boss: id}` or `{tag: name}`."""


class Keeps(ContentModel):
    """What a card keeps from the card whose completed goal revealed it.

    Without this, the tokens, spawned enemies, fog gates, counters and standing rules a card created are
    discarded when its step completes (rulebook, "Reading a Mission Card").
    """

    tokens: list[TokenName] = Field(default_factory=list)
    """Named tokens that stay on the map."""

    enemies: list[TagName] = Field(default_factory=list)
    """Tagged enemies that stay on the map (and keep respawning if they did)."""

    fog_gates: list[TileRef] = Field(default_factory=list)
    """Tiles whose fog gates stay up."""

    counters: list[CounterName] = Field(default_factory=list)
    """Counters whose values carry over."""

    rules: bool = False
    """Whether the previous card's standing rules stay in force."""


TokenType = Literal["corpse", "survivor", "insight", "npc"]
"""The physical token used: a Corpse, Survivor, Insight (named) or NPC token."""

RewardRecipient = Literal["each-hunter", "one-hunter", "acting-hunter"]
"""Who receives a reward: every hunter, one hunter the players choose, or the hunter who met the goal."""

NarrativeText = Text
"""A rule in prose that the interpreter cannot run (reported as `not-simulated`)."""
