"""Diagnostic codes of the board game's component rules (BB04xx).

Schema validation already rejects unknown keys and values; these codes cover what a schema cannot
say: spaces that must agree with each other, decks that must add up, tables that must be complete.
"""

from __future__ import annotations

from toolkit.core.codes import register
from toolkit.core.diagnostics import Severity

E = Severity.ERROR

TILE_UNKNOWN_ADJACENT_SPACE = register(
    "BB0401", "unknown-adjacent-space", E, "A space lists an adjacent space its tile does not have."
)
TILE_ONE_WAY_ADJACENCY = register(
    "BB0402",
    "one-way-adjacency",
    E,
    "A space lists a neighbour that does not list it back; adjacency goes both ways.",
)
TILE_EXIT_UNKNOWN_SPACE = register(
    "BB0403", "exit-unknown-space", E, "An exit opens from a space its tile does not have."
)
TILE_DUPLICATE_EXIT_EDGE = register(
    "BB0404", "duplicate-exit-edge", E, "A tile has two exits on the same edge."
)
TILE_NO_EXIT = register("BB0405", "tile-without-exit", E, "A tile has no exit, so it can never join the map.")
TILE_DUPLICATE_SPACE = register("BB0406", "duplicate-space", E, "Two spaces of one tile share an id.")
TILE_NAMED_LOCATION_SPACE = register(
    "BB0407",
    "named-location-space",
    E,
    "A tile with a named location has no space with the tile's id marked `named-location`.",
)
BASIC_DECK_COMPOSITION = register(
    "BB0408",
    "basic-deck-composition",
    E,
    "The basic stat cards do not make the starting deck of 12: 3 of each stat.",
)
BOSS_HP_HUNTER_COUNTS = register(
    "BB0409",
    "boss-hp-hunter-counts",
    E,
    "A boss phase's HP table does not give a value for every hunter count from 1 to 4.",
)
BOSS_EMPTY_ACTION_DECK = register(
    "BB0410", "boss-empty-action-deck", E, "A boss phase has no action cards to flip."
)
ENEMY_ACTION_DECK_TOTAL = register(
    "BB0411",
    "enemy-action-deck-total",
    E,
    "The enemy action deck's cards do not add up to its size, or it lacks an action type.",
)
HUNT_TRACK_RESET_OUT_OF_RANGE = register(
    "BB0412",
    "reset-off-track",
    E,
    "A hunt track reset space is not on the track (below 1 or beyond its length).",
)
WEAPON_FORM_WITHOUT_ATTACKS = register(
    "BB0413", "form-without-attacks", E, "A trick weapon form has no attack slots."
)
NPC_MISSING_SIDE = register(
    "BB0414",
    "npc-missing-side",
    E,
    "An NPC enemy lacks the card side for 1-2 hunters or for 3-4 hunters.",
)
TILE_DISCONNECTED_SPACE = register(
    "BB0415",
    "disconnected-space",
    E,
    "A space cannot be reached from the tile's other spaces through adjacency.",
)
STARTING_FIREARM_SHARED = register(
    "BB0416",
    "starting-firearm-shared",
    E,
    "Two hunters start with the same firearm, which only one hunter may ever use.",
)
