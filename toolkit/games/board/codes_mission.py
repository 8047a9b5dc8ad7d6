"""Diagnostic codes of board-game campaigns and mission graphs (BB05xx).

Each code has a fixture folder under ``tests/fixtures/codes/<CODE>/`` with a broken campaign that
yields it and the fixed one that does not.
"""

from __future__ import annotations

from toolkit.core.codes import register
from toolkit.core.diagnostics import Severity

E = Severity.ERROR
W = Severity.WARNING
I = Severity.INFO  # noqa: E741 - mirrors E and W

UNKNOWN_CARD = register(
    "BB0501", "unknown-card", E, "A reveal, completion or test names a card the campaign lacks."
)
DUPLICATE_CARD = register(
    "BB0502", "duplicate-card", E, "Two cards (or chapters) of one campaign share a number."
)
ORPHAN_CARD = register("BB0503", "orphan-card", E, "Nothing in its chapter ever reveals this card.")
UNREACHABLE_CARD = register(
    "BB0504", "unreachable-card", E, "This card is revealed only by cards that never come into play."
)
REVEAL_LOOP = register(
    "BB0505", "reveal-loop", E, "Cards reveal each other in a loop that no goal ever leaves."
)
DEAD_END = register(
    "BB0506", "dead-end", E, "A goal neither reveals a card, completes its mission, nor ends the hunt."
)
HUNT_NOT_COMPLETABLE = register(
    "BB0507", "hunt-not-completable", E, "No path from the chapter's start reaches `complete_hunt`."
)
INSIGHT_SHORTFALL = register(
    "BB0508",
    "insight-shortfall",
    E,
    "A goal needs more collected insight than the campaign's missions can earn by then.",
)
INSIGHT_TOO_LATE = register(
    "BB0509",
    "insight-too-late",
    E,
    "A goal needs insight that can only be earned after the card that needs it.",
)
TILE_NOT_IN_CHAPTER = register(
    "BB0510", "tile-not-in-chapter", E, "A trigger, goal or effect names a tile the chapter never uses."
)
ENEMY_NOT_IN_CHAPTER = register(
    "BB0511",
    "enemy-not-in-chapter",
    E,
    "A trigger, goal or effect names an enemy, boss or tag the chapter never brings in.",
)
TOKEN_NEVER_PLACED = register(
    "BB0512", "token-never-placed", E, "A trigger, goal or effect names a token no card places."
)
FOG_GATES_NEVER_REMOVED = register(
    "BB0513", "fog-gates-never-removed", E, "Fog gates go up on a tile and nothing ever removes them."
)
CROSS_CHAPTER_REVEAL = register(
    "BB0514", "cross-chapter-reveal", E, "A card reveals a hunt or insight card of another chapter."
)
HUNT_TRACK_TOO_SHORT = register(
    "BB0515",
    "hunt-track-too-short",
    W,
    "The shortest winning path needs more rounds than the Hunt Track allows.",
)
MISSING_CHAPTER = register(
    "BB0516", "missing-chapter", E, "A campaign lacks one of its three chapters, or a chapter its campaign."
)
WRONG_CARD_TYPE = register("BB0517", "wrong-card-type", E, "A card is used in a way its type does not allow.")
PARTIAL_CHAPTER = register(
    "BB0518", "partial-chapter", I, "The chapter stops where its source stops describing it (`untold`)."
)
INSIGHT_NEVER_EARNED = register(
    "BB0519", "insight-never-earned", W, "No mission ever earns this insight card."
)
COUNTER_NEVER_SET = register(
    "BB0520", "counter-never-set", E, "A goal or rule tests a counter no effect of the chapter sets."
)
UNKNOWN_SPACE = register(
    "BB0521", "unknown-space", E, "A place names a space, named location or spawn point its tile lacks."
)
KEEPS_NOTHING = register(
    "BB0522",
    "keeps-nothing",
    W,
    "A card keeps a token, tag, fog gate or counter the card before it never created.",
)
TOO_FEW_ENEMIES = register(
    "BB0523",
    "too-few-enemies",
    E,
    "A goal asks to slay more tagged enemies than the chapter ever spawns with that tag.",
)
TOO_MANY_TILES = register(
    "BB0524",
    "too-many-tiles",
    W,
    "A chapter's named and random tiles together need more tiles than its packs provide.",
)
ENEMY_TYPE_NOT_IN_SETUP = register(
    "BB0525",
    "enemy-type-not-in-setup",
    W,
    "A card spawns a regular enemy type that is not one of its chapter's three enemies.",
)
MINIATURES_EXCEEDED = register(
    "BB0526",
    "miniatures-exceeded",
    W,
    "One spawn asks for more miniatures of an enemy than the box holds at some hunter count.",
)
TOKENS_EXCEEDED = register(
    "BB0527",
    "tokens-exceeded",
    E,
    "A card places more tokens of a kind than the box holds at some hunter count.",
)
REVEALED_AGAIN = register(
    "BB0528",
    "revealed-again",
    E,
    "A card put in play at the start of the hunt is revealed a second time by a trigger or a goal.",
)
HUNT_TRACK_OVERRUN = register(
    "BB0529",
    "hunt-track-overrun",
    E,
    "An advance or a once-a-round counter needs more Hunt Track than the track has.",
)
FOREIGN_SPECIAL_RULES = register(
    "BB0530",
    "foreign-special-rules",
    E,
    "A chapter's setup names a special-rules card of another chapter.",
)
KEEP_FORGOTTEN = register(
    "BB0531",
    "keep-forgotten",
    E,
    "A card uses a token, tag or counter of the card before it without keeping it.",
)
OPTIONAL_INSIGHT_NEEDED = register(
    "BB0532",
    "optional-insight-needed",
    E,
    "A hunt card needs an insight card that an earlier chapter earns only on an optional path.",
)
HP_CHANGE_BELOW_ONE = register(
    "BB0533",
    "hp-change-below-one",
    W,
    "A `change_hp` leaves its target with less than 1 HP at some hunter count (the game keeps 1).",
)
